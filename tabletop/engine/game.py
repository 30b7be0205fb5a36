"""The game protocol every game implements, and its metadata.

A game is one object (a subclass of :class:`Game`).  It never keeps per-match data on
itself: everything lives in the state, a plain dataclass that holds the RNG too, so a game
is reproducible from ``(players, seed, options)`` and the list of applied actions.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.engine.actions import DRAG, Action, Gesture
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.plain import fast_copy, from_plain, to_plain
from tabletop.engine.rng import Rng

PERFECT = "perfect"  # everything public except the order of face-down decks (chance)
IMPERFECT = "imperfect"  # private hands or secret commits
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game (a variant or a setting)."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    kind: str = "choice"  # choice | bool | int | text
    help: str = ""

    def check(self, value: Any) -> Any:
        """The value, converted and validated; raises ``ValueError`` with a reason."""
        if self.kind == "bool":
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise ValueError(f"option {self.key}: expected true or false, got {value!r}")
            return bool(value)
        if self.kind == "int":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise ValueError(
                    f"option {self.key}: expected a whole number, got {value!r}"
                ) from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ValueError(f"option {self.key}: expected one of {allowed}, got {value!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """Metadata shown in menus and by ``tabletop list``."""

    id: str
    name: str
    min_players: int
    max_players: int
    information: str = PERFECT
    simultaneous: bool = False
    options: tuple[OptionSpec, ...] = ()
    designer: str = ""
    summary: str = ""

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, every value checked; unknown keys are refused."""
        given = dict(given or {})
        specs = {o.key: o for o in self.options}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.id} (known: {known})")
        return {k: s.check(given[k]) if k in given else s.default for k, s in specs.items()}


@dataclass
class Outcome:
    """Final result: points per seat, a named breakdown per seat, and the winners."""

    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]] = field(default_factory=list)


class Game(ABC):
    """The protocol.  Subclasses implement the abstract methods; ``apply`` is shared."""

    info: ClassVar[GameInfo]
    state_type: ClassVar[type]

    # --- setup -------------------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A fresh state for ``players`` seats, seeded, with options resolved."""

    def check_players(self, players: int) -> None:
        """Raise ``ValueError`` unless ``players`` is within the game's range (one message)."""
        info = self.info
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not info.min_players <= players <= info.max_players
        ):
            raise ValueError(
                f"{info.name} is for {info.min_players} to {info.max_players} players, "
                f"not {players}"
            )

    # --- whose decision ------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        """The seats that must decide now (several = simultaneous); empty when over."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty if it is not its decision)."""

    # --- applying ------------------------------------------------------------------
    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; raise :class:`IllegalAction` and leave state untouched."""
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction(self.not_your_turn(state, seat))
        legal = self.legal_actions(state, seat)
        for candidate in legal:
            if candidate == action:
                return self._apply(state, seat, candidate)
        raise IllegalAction(self.why_illegal(state, seat, action))

    @abstractmethod
    def _apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Apply a checked legal action, mutating ``state``; return the events."""

    def play(self, state: Any, seat: int, action: Action) -> None:
        """Apply ``action`` like :meth:`apply` (refused the same way) but return no events:
        playouts and searches, where nobody reads the log. A game may skip building them."""
        self.apply(state, seat, action)

    def _play(self, state: Any, seat: int, action: Action) -> None:
        """Apply a checked legal action like :meth:`_apply`, returning no events."""
        self._apply(state, seat, action)

    def not_your_turn(self, state: Any, seat: int) -> str:
        """The reason given when ``seat`` acts out of turn."""
        who = ", ".join(f"seat {s + 1}" for s in self.to_act(state))
        return f"It is not your decision now (waiting for {who})."

    def why_illegal(self, state: Any, seat: int, action: Action) -> str:
        """Explain, in words, why ``action`` is not legal (games override for detail)."""
        return f"{action} is not allowed now."

    def explain_gesture(self, state: Any, seat: int, gesture: Gesture) -> str:
        """Why a gesture at the table matches no legal action (games override for detail).

        The table calls this for a card dropped where it may not go, so the refusal comes
        from the rules; the default knows only whether the card could move at all.
        """
        if self.is_over(state):
            return "The game is over."
        if seat not in self.to_act(state):
            return self.not_your_turn(state, seat)
        moves = [
            a
            for a in self.legal_actions(state, seat)
            if a.gesture.kind == DRAG and a.gesture.card == gesture.card
        ]
        if not moves:
            from tabletop.engine.stuck import why_stuck

            return why_stuck(self, state, seat, gesture)
        return "That card cannot go there."

    # --- information -----------------------------------------------------------------
    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None`` = a spectator), as plain JSON data.

        Shape shared by all games (the table draws it generically)::

            {"game": id, "viewer": seat, "to_act": [...], "over": bool, "prompt": str,
             "seats": [{"seat": i, "name": str, "score": int, "resources": {...},
                        "score_note": str (optional: what a running score counts, e.g.
                        "on the table"; none once the game is over and it is the total)}],
             "zones": {zone_id: {"cards": [card...], "label": str}},
             "public": {...game specific...}}

        A card is ``{"uid": str|None, "card": definition id|None, "back": str,
        "face_up": bool, "tokens": {...}, "as": str|None}``; a hidden card has
        ``card = uid = None``.
        """

    @abstractmethod
    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> Any:
        """A full state consistent with ``view`` (hidden parts sampled with ``rng``)."""

    # --- rules text ------------------------------------------------------------------
    def rules_figures(self, options: dict[str, Any]) -> dict[str, Any]:
        """The figures the rules text names that depend on the (resolved) options, by the
        ``{name}`` placeholders of ``game.yaml``'s texts (none by default)."""
        return {}

    def rules_text(self, text: str, options: dict[str, Any] | None = None) -> str:
        """A rules text of the game's data with its ``{name}`` placeholders filled in for
        ``options`` (the defaults where none are given); unknown names are left as written."""
        if "{" not in text:
            return text
        figures = self.rules_figures(self.info.resolve_options(dict(options or {})))
        return _PLACEHOLDER.sub(lambda m: str(figures.get(m.group(1), m.group(0))), text)

    # --- AI --------------------------------------------------------------------------
    def heuristic_agent(self, kind: str) -> Any:
        """The game's own agent named ``kind`` (``"greedy"``: its heuristic), else ``None``."""
        return None

    def ai_hooks(self) -> Any:
        """The search's hooks: an ``AIHooks`` (``tabletop.ai.hooks``) or a plain dict of its
        fields, so a game need not import the AI; ``None`` for the generic defaults."""
        return None

    # --- end -------------------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome:
        """Scores (current, final when over), breakdown and winners."""

    def scores(self, state: Any) -> list[int]:
        """Points per seat."""
        return self.outcome(state).scores

    def winners(self, state: Any) -> list[int]:
        """Winning seats (several = shared victory); empty while the game runs."""
        return self.outcome(state).winners if self.is_over(state) else []

    def summary_stats(self, state: Any) -> dict[str, int | float | str]:
        """Figures about a finished game for ``simulate``'s summary (none by default).

        Numbers are averaged over the games of a run (``{"years": 7}``); strings are
        counted (``{"end": "glory"}`` gives how often each ending happened).
        """
        return {}

    # --- copying and JSON ---------------------------------------------------------------
    def copy(self, state: Any) -> Any:
        """An independent deep copy of ``state``."""
        return fast_copy(state)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON data."""
        return to_plain(state)

    def state_from_json(self, data: dict[str, Any]) -> Any:
        """Rebuild a state from :meth:`state_to_json` output."""
        return from_plain(self.state_type, data)

    def action_from_json(self, state: Any, seat: int, data: dict[str, Any]) -> Action:
        """Decode an action and attach its gesture and text from the legal actions."""
        action = Action.from_json(data)
        for candidate in self.legal_actions(state, seat):
            if candidate == action:
                return candidate
        return action

    def replay(
        self, players: int, seed: int, options: dict[str, Any] | None, moves: list[tuple[int, Any]]
    ) -> Any:
        """Rebuild a state from setup and a list of ``(seat, action or action JSON)``."""
        state = self.new_game(players, seed, options)
        for seat, move in moves:
            action = move if isinstance(move, Action) else Action.from_json(move)
            self.apply(state, seat, action)
        return state


def state_digest(game: Game, state: Any) -> str:
    """A canonical string of a state, for comparing two states."""
    return json.dumps(game.state_to_json(state), sort_keys=True, separators=(",", ":"))
