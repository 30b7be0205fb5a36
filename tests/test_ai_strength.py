"""The search is worth its cost: a small seeded search beats random play in every game."""

from __future__ import annotations

import pytest

from tabletop import registry
from tabletop.ai.tournament import run_matches, schedule, summarize
from tabletop.engine import Game


@pytest.mark.parametrize("game", list(registry.games().values()), ids=lambda g: g.info.id)
def test_search_beats_random(game: Game) -> None:
    # mcts:N has no time cap, so this match is reproducible; 3 deals, both seatings
    specs = schedule(game, 2, 6, ["mcts:30", "random"], seed=11)
    records, wall = run_matches(specs, jobs=1)
    summary = summarize(records, wall, 2)
    assert summary["unfinished"] == 0
    assert summary["agents"]["mcts:30"]["win_rate"] >= 5 / 6, summary["agents"]
