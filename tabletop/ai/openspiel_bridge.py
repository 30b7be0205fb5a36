"""Every registered game as an OpenSpiel Python game (needs the ``openspiel`` extra).

* The deal is one explicit chance node choosing the seed among :data:`DEALS`; later
  chance (draws, reshuffles) happens inside our ``apply`` from the state's own generator.
* Actions become stable integer codes: a hash of :attr:`Action.key` into
  :data:`ACTION_SPACE`, collisions inside one state resolved by probing in key order.
* Information-state and observation strings are the seat's view as canonical JSON.
* ``resample_from_infostate`` calls our ``determinize`` on the seat's view.
* :class:`TruncatedRolloutEvaluator` lets OpenSpiel's searches judge a position the way our
  own search does at its cut-off: random moves for a few steps, then the game's evaluation hook.
* Simultaneous decisions are presented one seat after the other (views keep the other
  seats' secret choices hidden), so the games are SEQUENTIAL in OpenSpiel's terms.

Games are registered as ``tabletop_<id>`` with a ``players`` parameter.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tabletop import registry
from tabletop.ai.hooks import default_evaluate, hooks_for
from tabletop.engine import Action, Game, Rng
from tabletop.engine.frozen import canonical
from tabletop.engine.play import next_seat

ACTION_SPACE = 1 << 18
DEALS = 1 << 10


#: ``Action -> (key, code)``: an action's key costs a ``json.dumps`` and rollouts meet the
#: same actions again and again (cleared when it grows past the limit)
_KEY_CODES: dict[Action, tuple[str, int]] = {}
_CACHE_LIMIT = 1 << 16


def action_code(action: Action) -> int:
    """The stable integer code of an action (before collision probing)."""
    return _key_code(action)[1]


def _key_code(action: Action) -> tuple[str, int]:
    found = _KEY_CODES.get(action)
    if found is None:
        if len(_KEY_CODES) >= _CACHE_LIMIT:
            _KEY_CODES.clear()
        key = action.key
        digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
        found = _KEY_CODES[action] = (key, int.from_bytes(digest, "big") % ACTION_SPACE)
    return found


def code_actions(legal: list[Action]) -> dict[int, Action]:
    """Codes for a state's legal actions; a collision moves the later key to the next free code."""
    keyed = [_key_code(a) for a in legal]
    out = {code: a for (_, code), a in zip(keyed, legal, strict=True)}
    if len(out) == len(legal):
        return out  # no collision: probing would move nothing, whatever the order
    out = {}
    for (_, code), a in sorted(zip(keyed, legal, strict=True), key=lambda p: p[0][0]):
        while code in out:
            code = (code + 1) % ACTION_SPACE
        out[code] = a
    return out


def _short_name(game: Game) -> str:
    return f"tabletop_{game.info.id}"


def _game_type(game: Game) -> Any:
    info = game.info
    return pyspiel.GameType(
        short_name=_short_name(game),
        long_name=f"Tabletop {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": info.min_players},
    )


class TabletopGame(pyspiel.Game):
    """One of our games, seen by OpenSpiel."""

    tabletop: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", self.tabletop.info.min_players))
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_SPACE,
            max_chance_outcomes=DEALS,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=hooks_for(self.tabletop).max_game_length,
        )
        super().__init__(_game_type(self.tabletop), info, {"players": players})
        self.players = players

    def new_initial_state(self) -> TabletopState:
        """The state before the deal (a chance node)."""
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """Observer giving the seat's view as a string."""
        return ViewObserver(self)


class TabletopState(pyspiel.State):
    """A state of one of our games, with OpenSpiel's interface."""

    def __init__(self, game: TabletopGame, inner: Any = None) -> None:
        super().__init__(game)
        self._os_game = game
        self._game = game.tabletop
        self._players = game.players
        self.inner = inner
        self._codes: tuple[int, dict[int, Action]] | None = None
        self._player: int | None = None  # cached until the next action

    # --- whose turn and what may be done ------------------------------------------
    def current_player(self) -> int:
        """Chance before the deal, the first seat in ``to_act``, or terminal."""
        if self._player is None:
            if self.inner is None:
                self._player = pyspiel.PlayerId.CHANCE
            elif self._game.is_over(self.inner):
                self._player = pyspiel.PlayerId.TERMINAL
            else:
                self._player = next_seat(self._game, self.inner)  # the one rule of play.py
        return self._player

    def _code_map(self, player: int) -> dict[int, Action]:
        if self._codes is None or self._codes[0] != player:
            self._codes = (player, code_actions(self._game.legal_actions(self.inner, player)))
        return self._codes[1]

    def _legal_actions(self, player: int) -> list[int]:
        """Sorted action codes."""
        return sorted(self._code_map(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: one of :data:`DEALS` seeds, uniformly."""
        p = 1.0 / DEALS
        return [(i, p) for i in range(DEALS)]

    def _apply_action(self, action: int) -> None:
        """Deal (chance) or apply the coded action of the current seat."""
        if self.inner is None:
            self.inner = self._game.new_game(self._players, int(action))
        else:
            seat = self.current_player()
            self._game.apply(self.inner, seat, self._code_map(seat)[action])
        self._codes = None
        self._player = None

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's log text (or the deal's seed)."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        codes = self._code_map(player)
        a = codes.get(action)
        if a is None:
            return f"action {action}"
        text = str(a)
        if sum(1 for b in codes.values() if str(b) == text) > 1:
            return f"{text} {a.key}"  # two actions share their words: add what tells them apart
        return text

    # --- end and results ------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True once our game is over."""
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        """Share of the win (winners split 1), zero before the end."""
        if not self.is_terminal():
            return [0.0] * self._players
        winners = self._game.outcome(self.inner).winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self._players)]

    def values(self) -> list[float]:
        """Returns at the end; before it, our game's own evaluation of the position."""
        if self.is_terminal():
            return self.returns()
        if self.inner is None:
            return [1.0 / self._players] * self._players
        evaluate = hooks_for(self._game).evaluate or default_evaluate
        return [float(v) for v in evaluate(self._game, self.inner)]

    # --- information ----------------------------------------------------------------
    def view_string(self, player: int) -> str:
        """The seat's view as canonical JSON (``""`` before the deal)."""
        if self.inner is None:
            return ""
        return canonical(self._game.view(self.inner, player))

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's view (its information) as a string."""
        return self.view_string(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        """Same as the information state: views already summarise what a seat knows."""
        return self.information_state_string(player)

    def resample_from_infostate(self, player: int, sampler: Any) -> TabletopState:
        """A state the seat cannot tell from this one, from our ``determinize``."""
        if self.inner is None:
            return self.clone()
        seed = int(sampler() * (1 << 53)) if callable(sampler) else 0
        view = self._game.view(self.inner, player)
        return TabletopState(self._os_game, self._game.determinize(view, player, Rng(seed)))

    def clone(self) -> TabletopState:
        """An independent copy."""
        return TabletopState(
            self._os_game, None if self.inner is None else self._game.copy(self.inner)
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> TabletopState:
        return self.clone()

    def __str__(self) -> str:
        if self.inner is None:
            return "(before the deal)"
        return json.dumps(self._game.state_to_json(self.inner), sort_keys=True)


class TruncatedRolloutEvaluator(mcts.Evaluator):
    """OpenSpiel evaluator: uniformly random moves for at most ``cutoff`` steps, then
    :meth:`TabletopState.values` (the game's evaluation hook, or the returns at the end).

    OpenSpiel's ``RandomRolloutEvaluator`` plays to the end, which in long games (a random
    Aristocracy game runs ~2,300 steps) leaves time for almost no simulations; this one
    judges positions with the same evaluation our search uses at its cut-off.
    """

    def __init__(self, cutoff: int, random_state: np.random.RandomState | None = None) -> None:
        self.cutoff = cutoff
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: TabletopState) -> np.ndarray:
        """The value vector (one entry per seat) after a short random rollout."""
        working = state.clone()
        for _ in range(self.cutoff):
            if working.is_terminal():
                break
            if working.is_chance_node():
                actions, probs = zip(*working.chance_outcomes(), strict=True)
                working.apply_action(int(self._random_state.choice(actions, p=probs)))
            else:
                working.apply_action(int(self._random_state.choice(working.legal_actions())))
        return np.array(working.values())

    def prior(self, state: TabletopState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes at a chance node)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class ViewObserver:
    """OpenSpiel observer: strings are views; there is no tensor."""

    def __init__(self, game: TabletopGame) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TabletopState, player: int) -> None:
        """Nothing to fill: no tensor."""

    def string_from(self, state: TabletopState, player: int) -> str:
        """The seat's view as JSON."""
        return state.view_string(player)


@cache
def register(game: Game) -> str:
    """Register ``game`` with OpenSpiel (once); returns its short name."""
    name = "OpenSpiel_" + "".join(ch if ch.isalnum() else "_" for ch in game.info.id)
    cls = type(name, (TabletopGame,), {"tabletop": game, "__module__": __name__})
    globals()[name] = cls  # so that pickle finds the class by name
    pyspiel.register_game(_game_type(game), cls)
    return _short_name(game)


def register_all() -> list[str]:
    """Register every game of the registry; returns the short names."""
    return [register(g) for g in registry.games().values()]


def load(game: Game, players: int) -> Any:
    """The OpenSpiel game for ``game`` at ``players`` seats."""
    return pyspiel.load_game(register(game), {"players": players})
