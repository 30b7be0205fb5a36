"""Aristocracy, declared on the rules kit: zones, moves, flow, scoring, AI."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.engine import Outcome
from tabletop.engine.kit import RulesGame
from tabletop.games.aristocracy import flow, rebuild, view
from tabletop.games.aristocracy.data import GAME_ID
from tabletop.games.aristocracy.moves import MOVES
from tabletop.games.aristocracy.scoring import outcome, summary_stats
from tabletop.games.aristocracy.setup import new_state, rules_figures
from tabletop.games.aristocracy.state import State


class Aristocracy(RulesGame):
    """Felix Leeb's Aristocracy (2018) for 2–5 players: bid, trade and build matching estates."""

    id = GAME_ID
    zones = view.ZONES
    moves = MOVES
    ai = ".ai"  # its agent and the search's hooks
    state_type = State

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Shuffle, deal 7 (by default) cards and 3 coins each, choose the herald."""
        return new_state(players, seed, options)

    def rules_figures(self, options: dict[str, Any]) -> dict[str, Any]:
        """Hand size, building sizes and decks as the rules text names them."""
        return rules_figures(options)

    advance = staticmethod(flow.advance)  # reveals, the end of a Build, the next stall's turn

    describe = staticmethod(view.describe)  # prompt, seats and the public facts

    from_view = rebuild.rebuild  # a state from a seat's view (declared in rebuild.py)

    def views(self, state: State, seats: Iterable[int | None]) -> list[Any]:
        """The views of several seats."""
        return [self.view(state, q) for q in seats]

    def is_over(self, state: State) -> bool:
        """True once Glory was claimed or the safety cap reached."""
        return state.over

    def outcome(self, state: State) -> Outcome:
        """Points of complete buildings; a single winner after the tiebreakers."""
        return outcome(state)

    def summary_stats(self, state: State) -> dict[str, int | float | str]:
        """Years, the ending (``glory`` / ``safety cap``), buildings, what decided the winner."""
        return summary_stats(state)
