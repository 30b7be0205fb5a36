"""The search is worth its cost: a small seeded search beats random play in every game."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import registry
from tabletop.ai.tournament import run_matches, schedule, summarize

# per game: the search (":p": game rollouts with the heuristic prior, no anchor, so the
# search itself decides), the number of matches (seats rotated) and the options.  Searches
# are iteration-bounded (no time cap), so every match is reproducible.  Aristocracy plays
# its shorter variant: against a random player a full game runs to ~1000 decisions.
CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "majesty": ("mcts:24:4", 4, {}),
    "your-majesty": ("mcts:6:4:p", 4, {}),
    "aristocracy": ("mcts:6:4:p", 2, {"length": "shorter"}),
}


def test_every_game_is_covered() -> None:
    assert set(CASES) == set(registry.games())


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_search_beats_random(game_id: str) -> None:
    game = registry.get(game_id)
    kind, games, options = CASES[game_id]
    specs = schedule(game, 2, games, [kind, "random"], seed=11, options=options)
    records, wall = run_matches(specs, jobs=1)
    summary = summarize(records, wall, 2)
    assert summary["unfinished"] == 0
    assert summary["agents"][kind]["win_rate"] == 1.0, summary["agents"]
