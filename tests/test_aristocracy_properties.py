"""Aristocracy property games: seeded epsilon-greedy games for 2–5 players, checked each step.

At every step of every game: the view of every seat holds only cards that seat may know
(and tells the truth about them), all 101 cards are accounted for, no coins are negative.
Every 40th step: JSON round-trip, and a shuffle of the seat's unknown cards leaves its view
unchanged.  Every game: it ends without the safety cap; some games are replayed.

The number of games is bounded by the test-time budget; ``benchmarks/aristocracy.py``
runs the same checks over as many games as asked (2,000 by default).
"""

from __future__ import annotations

import pytest
from aristocracy_props import play

GAMES = {2: 5, 3: 3, 4: 3, 5: 2}
OPTIONS = [None, {"length": "shorter"}, {"length": "longer"}, {"hand_size": "6"}]


@pytest.mark.parametrize("players", sorted(GAMES))
def test_property_games(players: int) -> None:
    capped = 0
    steps = 0
    for i in range(GAMES[players]):
        seed = 1000 * players + i
        st = play(seed, players, OPTIONS[i % len(OPTIONS)], replay=i % 3 == 0)
        capped += st.capped
        steps += st.steps
        assert st.views_checked >= st.steps * players
    assert capped == 0, f"{capped} game(s) hit the safety cap"
    assert steps > 100 * GAMES[players]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_prefixes(players: int) -> None:
    """Uniformly random moves reach rare paths (downgrades, re-visits); same checks."""
    for i in range(2):
        st = play(
            7000 + 10 * players + i, players, OPTIONS[i], eps=1.0, replay=True, stop_after=300
        )
        assert st.steps == 300
