"""The rules kit: a game declared as zones, moves and a decision stack.

A :class:`RulesGame` implements the whole :class:`~tabletop.engine.game.Game` protocol
from what a game declares:

* ``id`` — its package name, which is also its data folder (``data/<id>/``); its ``data``
  is loaded once, on first use, and ``info`` comes from it.
* ``zones`` — a :class:`~tabletop.engine.zones.Zones` table: views and the redaction of
  card moves derive from it, and ``determinize`` deals the cards a seat cannot see.
* ``moves`` — a :class:`~tabletop.engine.moves.Moves` table offered by the decision step
  on top of ``state.stack`` (a list of :class:`~tabletop.engine.decisions.Frame`).

and a few functions: ``setup`` (a new state), ``advance`` (what follows an applied move:
the end of a turn, of a round, of the game), ``describe`` (the parts of a view the zones
cannot derive: prompt, seats, public figures) and ``outcome``; and declarations for the rest:
``from_view`` (a state from a view with its hidden cards dealt, :mod:`.rebuild`), ``ai`` (the
module of its agent and search hooks), and on its state class the fields' copy and JSON
(:mod:`.fields`).

A game declared with its package (``class MyGame(RulesGame, package=__package__)``) writes
none of what the package layout already says: the kit reads each declaration from the role
module that holds it (:mod:`.declaration`), the id from the package's name, ``state_type`` from
``state.FIELDS`` and ``ai`` from the presence of ``ai.py``; what ``game.py`` itself writes
wins.  ``setup``, ``describe`` and ``outcome`` are required: a class that ends up without
one is refused when it is created.

Legal actions are cached on the state until the next ``apply``: an action taken from the
legal list is applied without generating the list again.  A game that sets
``cache_views`` keeps its views there too (they are read-only, so sharing them is safe).
Edit a state only through ``apply`` (or call :meth:`RulesGame.touch` after editing it by
hand, as tests do).
"""

from __future__ import annotations

from importlib import import_module
from types import MappingProxyType
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.decisions import PROMPT, TURN, Frame
from tabletop.engine.declaration import DERIVED, REQUIRED, derive
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import LOG, QUIET, Event
from tabletop.engine.frozen import freeze
from tabletop.engine.game import Game, GameInfo, Outcome
from tabletop.engine.moves import Moves
from tabletop.engine.rebuild import FromView
from tabletop.engine.rng import Rng
from tabletop.engine.zones import Zones

# A state carries two caches as plain attributes, ``_legal`` ((seat, legal actions)) and
# ``_views`` ({viewer: view}), both None until asked and again after the next apply: the
# state's class holds both as None (``fields.declare`` puts them there), so a state never
# asked reads None without raising.  They are written as attributes, never through the
# state's ``__dict__``: asking CPython for an instance's ``__dict__`` turns its attributes
# from inline values into a dictionary, which makes every later attribute access of the
# rules slower (a tenth of a Your Majesty play-out).
_ONE_SEAT = (TURN, PROMPT)  # frames waiting for their first seat alone


class RulesGame(Game):
    """A game built on the kit (see the module's docstring)."""

    id: ClassVar[str]
    zones: ClassVar[Zones]
    moves: ClassVar[Moves]
    # True: a state's views are kept on it until its next apply, like its legal actions
    # (views are read-only, so every caller may share one)
    cache_views: ClassVar[bool] = False
    # how a state is rebuilt from a seat's view (``rebuild`` and ``determinize``)
    from_view: ClassVar[FromView | None] = None
    # the module of the game's AI, relative to its package (``".ai"``; imported on first
    # use): ``hooks()`` gives the search's hooks, the class named by ``heuristic`` is the
    # game's own agent for ``heuristic_kinds``
    ai: ClassVar[str] = ""
    heuristic: ClassVar[str] = "GreedyAgent"
    heuristic_kinds: ClassVar[tuple[str, ...]] = ("greedy",)
    _ai_package: ClassVar[str] = ""

    # --- data and metadata ------------------------------------------------------------------
    @property
    def data(self) -> Any:
        """The game's validated ``data/<id>/``, loaded once per process."""
        from tabletop.engine.data import shipped_data

        return shipped_data(self.id)

    @property
    def info(self) -> GameInfo:  # type: ignore[override]
        """Name, player range, options: from ``data/<id>/game.yaml``."""
        cached = getattr(self, "_info", None)  # (an attribute, never through ``__dict__``)
        if cached is None:
            g = self.data.game
            if g.id != self.id:
                raise ValueError(f"data/{self.id}/game.yaml: id is {g.id!r}, expected {self.id!r}")
            cached = self._info = GameInfo(
                id=g.id,
                name=g.name,
                min_players=g.min_players,
                max_players=g.max_players,
                information=g.information,
                simultaneous=g.simultaneous,
                options=g.options,
                designer=g.designer,
                summary=g.summary,
            )
        return cached

    # --- what the game declares ---------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict[str, Any]) -> Any:
        """A fresh state (players checked, options resolved): required, written in
        ``game.py`` or derived from ``setup.new_state``."""
        raise NotImplementedError(f"{self.id} declares no setup")

    # ``advance``, ``advance_quiet`` and ``describe`` take their arguments by position only:
    # the kit calls them so, and installs a plain function of the rules under its own
    # parameter names (``flow.advance`` as a static method, see ``DERIVED``)
    def advance(self, state: Any, seat: int, events: list[Event], /) -> None:
        """What follows an applied move (end of a turn or round, the end of the game)."""

    def advance_quiet(self, state: Any, seat: int, action: Action, /) -> None:
        """What follows a quiet apply of ``action`` (see :meth:`play`): ``advance`` with the
        QUIET events, unless the game declares its own because its ``advance`` reads them."""
        self.advance(state, seat, QUIET)

    def describe(self, state: Any, seat: int | None, /) -> dict[str, Any]:
        """The view's parts that the zones cannot derive: ``prompt``, ``seats``, ``public``
        (required: written in ``game.py`` or derived from ``view.describe``)."""
        raise NotImplementedError(f"{self.id} declares no describe")

    def is_over(self, state: Any) -> bool:
        """True once the state says so (``state.over``, a plain attribute: asked several
        times a move, so a plain method, which CPython calls faster than an ``attrgetter``
        kept on the class)."""
        return state.over

    def outcome(self, state: Any) -> Outcome:
        """Scores, breakdown and winners: required, written in ``game.py`` or derived from
        ``scoring.outcome``."""
        raise NotImplementedError(f"{self.id} declares no outcome")

    def rebuild(self, view: Any, seat: int, rng: Rng) -> Any:
        """A full state consistent with ``view``: the declared :attr:`from_view` (see
        :mod:`tabletop.engine.rebuild`)."""
        if self.from_view is None:
            raise NotImplementedError(f"{self.id} declares no from_view")
        return self.from_view(view, seat, rng)

    # --- the AI it declares ---------------------------------------------------------------
    def heuristic_agent(self, kind: str) -> Any:
        """The game's own agent (its :attr:`heuristic` class) for one of
        :attr:`heuristic_kinds`; ``None`` for other kinds or a game with no :attr:`ai`."""
        if not self.ai or kind not in self.heuristic_kinds:
            return None
        return getattr(self._ai(), self.heuristic)()

    def ai_hooks(self) -> Any:
        """The search's hooks: ``hooks()`` of the game's :attr:`ai` module (``None``: the
        generic defaults)."""
        return self._ai().hooks() if self.ai else None

    def _ai(self) -> Any:
        return import_module(self.ai, self._ai_package)

    def __init_subclass__(cls, package: str | None = None, **kwargs: Any) -> None:
        """Fill the declaration from ``package``'s role modules (see the module's docstring).

        A relative :attr:`ai` is read from the package of the class that declares it (a
        subclass made elsewhere, in a test say, keeps its parent's).  Done once, at class
        creation: the hot paths call the very functions a hand-written class would hold."""
        super().__init_subclass__(**kwargs)
        if package:
            derive(cls, package)
        elif "ai" in vars(cls):
            cls._ai_package = cls.__module__.rpartition(".")[0]
        missing = [name for name in REQUIRED if getattr(cls, name) is getattr(RulesGame, name)]
        if missing:
            where = ", ".join(f"{DERIVED[n][0]}.{DERIVED[n][1]}" for n in missing)
            raise TypeError(
                f"{cls.__qualname__} declares no {', '.join(missing)}: write it in the class "
                f"or, declared with package=__package__, in its role module ({where})"
            )

    # --- the protocol -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A fresh, seeded game; the player count and options are checked first."""
        self.check_players(players)
        return self.setup(players, seed, self.info.resolve_options(options))

    def stack(self, state: Any) -> list[Frame]:
        """The decision stack of ``state``."""
        return state.stack

    def to_act(self, state: Any) -> list[int]:
        """The seats the top decision waits for (nobody once the game is over)."""
        stack = state.stack
        if not stack or self.is_over(state):
            return []
        top = stack[-1]
        if top.kind in _ONE_SEAT:
            seats = top.seats
            return [seats[0]] if seats else []
        return top.acting()

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """The actions of the moves the top decision offers ``seat`` (cached until apply)."""
        cached = state._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        stack = state.stack
        if not stack or self.is_over(state):
            return []
        top = stack[-1]
        if top.kind in _ONE_SEAT:  # (``waits_for`` written out for the common frames)
            seats = top.seats
            if not seats or seats[0] != seat:
                return []
        elif not top.waits_for(seat):
            return []
        # (``Moves.legal`` written out for a step listed by one function)
        moves = self.moves
        single = moves.single.get(top.step)
        if single is None:
            acts = moves.legal(state, seat, top.step)
        else:
            found = single(state, seat)
            acts = found if type(found) is list else list(found)
        state._legal = (seat, acts)
        return acts

    def touch(self, state: Any) -> None:
        """Forget the cached legal actions and views (after editing a state by hand)."""
        state._legal = state._views = None

    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; refuse with the reason and leave ``state`` untouched.

        An action object taken from the legal list of this very state (cached until the
        state changes) is known legal: it is applied without any further check.
        """
        cached = state._legal
        if cached is not None and cached[0] == seat:
            for a in cached[1]:
                if a is action:  # the list just handed out: no search, no comparison
                    return self._apply(state, seat, a)
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction(self.not_your_turn(state, seat))
        for a in self.legal_actions(state, seat):
            if a == action:
                return self._apply(state, seat, a)
        raise IllegalAction(self.why_illegal(state, seat, action))

    def _apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Apply a legal action: its move, then the flow; mark a reveal."""
        state._legal = state._views = None
        move = self.moves.by_name[action.name]
        events: list[Event] = []
        move.apply(state, seat, action, events)
        self.advance(state, seat, events)
        if move.reveals and not any(e.reveal for e in events):
            events.append(Event(LOG, "", {"seat": seat}, reveal=True))
        return events

    def play(self, state: Any, seat: int, action: Action) -> None:
        """Apply ``action`` building no events (see :data:`~tabletop.engine.events.QUIET`):
        an action from this state's legal list goes straight to its move; any other is
        checked and refused exactly as :meth:`apply` does."""
        cached = state._legal
        if cached is not None and cached[0] == seat:
            for a in cached[1]:
                if a is action:  # (``_play`` written out: the play-outs' every step)
                    state._legal = state._views = None
                    self.moves.apply_of[a.name](state, seat, a, QUIET)
                    self.advance_quiet(state, seat, a)
                    return
        self.apply(state, seat, action)

    def _play(self, state: Any, seat: int, action: Action) -> None:
        """Apply a legal action building no events."""
        state._legal = state._views = None
        self.moves.apply_of[action.name](state, seat, action, QUIET)
        self.advance_quiet(state, seat, action)

    def why_illegal(self, state: Any, seat: int, action: Action) -> str:
        """The refusal of the move that ``action`` names."""
        return self.moves.refusal(state, seat, action)

    def revealed(self, events: list[Event]) -> bool:
        """Whether applying the move that gave ``events`` showed hidden information."""
        return any(e.reveal for e in events)

    def view(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may see, read-only (see :meth:`Game.view` for the shape)."""
        if self.cache_views:
            views = state._views
            if views is None:
                views = state._views = {}
            else:
                found = views.get(seat)
                if found is not None:
                    return found
            views[seat] = found = self._view(state, seat)
            return found
        return self._view(state, seat)

    def seen_to_act(self, state: Any, seat: int | None) -> tuple[int, ...]:
        """Who must decide now, as ``seat``'s view tells it (all of ``to_act`` unless the game
        keeps some of it secret: Mayflower names nobody while a reaction window is open)."""
        return tuple(self.to_act(state))

    def _view(self, state: Any, seat: int | None) -> Any:
        """The view of ``seat``, built from the zones and :meth:`describe`."""
        rest = self.describe(state, seat)
        out = {
            "game": self.id,
            "viewer": seat,
            "to_act": self.seen_to_act(state, seat),
            "over": self.is_over(state),
            "prompt": rest.pop("prompt", ""),
            "seats": freeze(rest.pop("seats", [])),
            "zones": self.zones.view(state, state.players, seat),
            "public": freeze(rest.pop("public", {})),
        }
        for k, v in rest.items():
            out[k] = freeze(v)
        return MappingProxyType(out)

    def determinize(self, view: Any, seat: int, rng: Rng) -> Any:
        """A full state consistent with ``view``, hidden cards dealt at random."""
        return self.rebuild(view, seat, rng)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON data: derived from its fields (:mod:`.fields`)."""
        fields = getattr(self.state_type, "FIELDS", None)
        return fields.to_json(state) if fields is not None else super().state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> Any:
        """A state from :meth:`state_to_json` output: derived from its fields."""
        fields = getattr(self.state_type, "FIELDS", None)
        return fields.from_json(data) if fields is not None else super().state_from_json(data)

    def copy(self, state: Any) -> Any:
        """An independent copy: derived from its fields."""
        fields = getattr(self.state_type, "FIELDS", None)
        return fields.copy(state) if fields is not None else super().copy(state)
