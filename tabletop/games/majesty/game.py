"""Majesty: For the Realm, declared on the rules kit: zones, moves, flow, scoring, AI hooks."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Outcome
from tabletop.engine.kit import RulesGame
from tabletop.games.majesty import flow, view
from tabletop.games.majesty.data import GAME_ID
from tabletop.games.majesty.moves import MOVES
from tabletop.games.majesty.scoring import winners_of
from tabletop.games.majesty.setup import new_state
from tabletop.games.majesty.state import BREAKDOWN_FINAL, BREAKDOWN_PLAY, MajestyState


class MajestyGame(RulesGame):
    """Majesty: For the Realm (Marc André, 2017) for 2–4 players."""

    id = GAME_ID
    zones = view.ZONES
    moves = MOVES
    ai = ".ai"  # its agent and the search's hooks
    state_type = MajestyState

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> MajestyState:
        """Shuffled deck, display of six, worker cards dealt, sides chosen."""
        return new_state(players, seed, options)

    advance = staticmethod(flow.advance)  # the turn ends once no prompt is open

    def describe(self, state: MajestyState, seat: int | None) -> dict[str, Any]:
        """Prompt, seats and the public facts (see :mod:`.view`)."""
        return view.describe(state, seat)

    from_view = view.rebuild  # a state from a seat's view (declared in view.py)

    def is_over(self, state: MajestyState) -> bool:
        """True after final scoring (asked several times a move: a plain method, which
        CPython 3.11 calls faster than an ``attrgetter`` kept on the class)."""
        return state.over

    def outcome(self, state: MajestyState) -> Outcome:
        """Scores, the named breakdown (play reasons + final steps) and the winners."""
        keys = BREAKDOWN_PLAY + BREAKDOWN_FINAL
        breakdown = [{k: g.get(k, 0) for k in keys} for g in state.gains]
        winners = winners_of(state.scores) if state.over else []
        return Outcome(list(state.scores), winners, breakdown)
