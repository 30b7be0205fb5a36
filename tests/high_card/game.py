"""High Card on the rules kit.  Declared with its package (``package=__package__``), it
writes none of what the layout says: the kit takes the id from the package's name, the zone
table, ``describe`` and the rebuild from ``view.py`` (``ZONES``, ``describe``, ``rebuild``),
the move table from ``moves.py`` (``MOVES``), the state class from ``state.py``'s ``FIELDS``,
and ``is_over`` reads ``state.over``.  Everything else of the game protocol (legal actions,
apply, views, determinize, copy, JSON) comes from the kit too.

A small game may keep a role in the file of another (``tests/test_game_packages.py`` says
which): High Card's set-up and outcome are this class's own methods (no ``setup.py``, no
``scoring.py``), its flow lives in ``moves.py`` (no ``flow.py``), and it has no ``ai.py``
(the search falls back on its generic defaults)."""

from __future__ import annotations

from typing import Any

from high_card.data import data, uids
from high_card.moves import advance as pass_turn
from high_card.state import HAND, PLAY, HighCardState
from tabletop.engine import Outcome, Rng
from tabletop.engine.data import GameData
from tabletop.engine.decisions import turn
from tabletop.engine.kit import RulesGame


class HighCardGame(RulesGame, package=__package__):
    """High Card, for 2–4 players (see ``game.yaml``)."""

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

    def outcome(self, state: HighCardState) -> Outcome:
        """The points; the most points win (all of them on a tie)."""
        best = max(state.scores)
        winners = [p for p, n in enumerate(state.scores) if n == best] if state.over else []
        return Outcome(list(state.scores), winners)
