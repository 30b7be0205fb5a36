"""High Card declared on the rules kit: the data, the zone table, the move table, the set-up,
the flow, the view's own parts, the rebuild from a view and the outcome.  Everything else of
the game protocol (legal actions, apply, views, determinize, copy, JSON) comes from the kit.
It declares no AI hooks: the search falls back on its generic defaults.

A small game may keep a role in the file of another (``tests/test_game_packages.py`` says
which): High Card's set-up and outcome are this class's own methods (no ``setup.py``, no
``scoring.py``), its flow lives in ``moves.py`` (no ``flow.py``), and it has no ``ai.py``."""

from __future__ import annotations

from typing import Any

from high_card import view
from high_card.data import GAME_ID, data, uids
from high_card.moves import MOVES
from high_card.moves import advance as pass_turn
from high_card.state import HAND, PLAY, HighCardState
from tabletop.engine import Outcome, Rng
from tabletop.engine.data import GameData
from tabletop.engine.decisions import turn
from tabletop.engine.kit import RulesGame


class HighCardGame(RulesGame):
    """High Card, for 2–4 players (see ``game.yaml``)."""

    id = GAME_ID
    zones = view.ZONES
    moves = MOVES
    state_type = HighCardState

    @property
    def data(self) -> GameData:
        """The data folder (a shipped game reads ``data/<id>/`` and needs no such property)."""
        return data()

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> HighCardState:
        """Shuffle the deck, deal each seat its hand; seat 1 begins."""
        rng = Rng(seed)
        deck = list(range(len(uids())))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
        return HighCardState(players, rng, deck, hands, [], [0] * players, [turn(PLAY, 0)])

    advance = staticmethod(pass_turn)  # the flow, kept in moves.py

    def describe(self, state: HighCardState, seat: int | None) -> dict[str, Any]:
        """The prompt, the seats' scores and the public facts (see :mod:`.view`)."""
        return view.describe(state, seat)

    from_view = view.rebuild  # a state from a seat's view (declared in view.py)

    def is_over(self, state: HighCardState) -> bool:
        """True once every hand is empty."""
        return state.over

    def outcome(self, state: HighCardState) -> Outcome:
        """The points; the most points win (all of them on a tie)."""
        best = max(state.scores)
        winners = [p for p, n in enumerate(state.scores) if n == best] if state.over else []
        return Outcome(list(state.scores), winners)
