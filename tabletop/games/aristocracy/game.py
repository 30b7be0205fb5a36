"""The Aristocracy game object: the engine protocol wired to the rules modules."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from tabletop.engine import IMPERFECT, Action, Event, Game, GameInfo, IllegalAction, Outcome, Rng
from tabletop.games.aristocracy import commits, flow, turn
from tabletop.games.aristocracy.cards import data
from tabletop.games.aristocracy.scoring import outcome
from tabletop.games.aristocracy.state import (
    ACTIONS,
    State,
    clone,
    to_act_of,
)
from tabletop.games.aristocracy.stats import summary_stats
from tabletop.games.aristocracy.view import view, views


@cache
def _info() -> GameInfo:
    g = data().game
    return GameInfo(
        id=g.id,
        name=g.name,
        min_players=g.min_players,
        max_players=g.max_players,
        information=g.information or IMPERFECT,
        simultaneous=g.simultaneous,
        options=g.options,
        designer=g.designer,
        summary=g.summary,
    )


class Aristocracy(Game):
    """Felix Leeb's Aristocracy: bid, trade and build matching estates."""

    info = _info()
    state_type = State

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """Shuffle, deal 7 (by default) cards and 3 coins each, choose the herald."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise ValueError(f"Aristocracy is for 2–5 players, not {players}")
        return flow.new_state(players, seed, self.info.resolve_options(options))

    def to_act(self, state: State) -> list[int]:
        """Seats that must decide now (several during secret commits)."""
        return to_act_of(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now."""
        if state.over:
            return []
        if state.step == ACTIONS:
            return turn.legal(state, seat)
        return commits.legal(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """As :meth:`Game.apply`, comparing only with legal actions of the same name."""
        if state.over:
            raise IllegalAction("The game is over.")
        if seat not in to_act_of(state):
            raise IllegalAction(self.not_your_turn(state, seat))
        if state.step == ACTIONS:
            legal = turn.legal(state, seat, only=action.name)
        else:
            legal = commits.legal(state, seat)
        for candidate in legal:
            if candidate == action:
                return self._apply(state, seat, candidate)
        raise IllegalAction(self.why_illegal(state, seat, action))

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        state.moves += 1
        if state.step == ACTIONS:
            return turn.apply(state, seat, action)
        return commits.apply(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        """A reason in words."""
        if state.step != ACTIONS and action.name in ("trade", "store", "sell", "pass", "favor"):
            return "Actions are only taken by the active player after the stalls are revealed."
        if state.step == ACTIONS and state.sub:
            return f"First finish the {state.sub} step of your action."
        return f"{action.name.replace('_', ' ')} is not allowed now."

    def copy(self, state: State) -> State:
        """An independent copy (field by field, faster than the generic pickle copy)."""
        return clone(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Only what ``seat`` may know."""
        return view(state, seat)

    def views(self, state: State, seats: Iterable[int | None]) -> list[dict[str, Any]]:
        """The views of several seats at once (what they share is built once)."""
        return views(state, seats)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        """A full state consistent with ``view``; unseen cards sampled with ``rng``."""
        from tabletop.games.aristocracy.determinize import determinize

        return determinize(view, seat, rng)

    def is_over(self, state: State) -> bool:
        """True once Glory was claimed or the safety cap reached."""
        return state.over

    def outcome(self, state: State) -> Outcome:
        """Points of complete buildings; a single winner after the tiebreakers."""
        return outcome(state)

    def summary_stats(self, state: State) -> dict[str, int | float | str]:
        """Years, the ending (``glory`` / ``safety cap``), buildings, what decided the winner."""
        return summary_stats(state)

    def heuristic_agent(self, kind: str) -> Any:
        """The heuristic agent for ``greedy``; ``None`` for other kinds."""
        if kind == "greedy":
            from tabletop.games.aristocracy.agent import GreedyAgent

            return GreedyAgent()
        return None


GAME = Aristocracy()
