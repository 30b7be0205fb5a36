"""The search is worth its cost: a small seeded search beats random play in every game."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.ai.agents import HeuristicAgent
from tabletop.ai.levels import level_config
from tabletop.ai.tournament import run_matches, schedule, summarize

# the search (":p": game rollouts with the heuristic prior, no anchor, so the search itself
# decides), the number of matches (seats rotated) and the options: every registered game
# gets DEFAULT unless it is tuned below.  Searches are iteration-bounded (no time cap), so
# every match is reproducible.  Aristocracy plays its shorter variant: against a random
# player a full game runs to ~1000 decisions.
DEFAULT: tuple[str, int, dict[str, Any]] = ("mcts:24:4", 4, {})
TUNED: dict[str, tuple[str, int, dict[str, Any]]] = {
    "your_majesty": ("mcts:6:4:p", 4, {}),
    "aristocracy": ("mcts:6:4:p", 2, {"length": "shorter"}),
    "mayflower": ("mcts:24", 4, {}),
}


def test_every_tuned_game_is_registered() -> None:
    assert set(TUNED) <= set(registry.games())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_search_beats_random(game_id: str) -> None:
    game = registry.get(game_id)
    kind, games, options = TUNED.get(game_id, DEFAULT)
    specs = schedule(game, 2, games, [kind, "random"], seed=11, options=options)
    records, wall = run_matches(specs, jobs=1)
    summary = summarize(records, wall, 2)
    assert summary["unfinished"] == 0
    assert summary["agents"][kind]["win_rate"] == 1.0, summary["agents"]


def _lower_bound(game_id: str, kinds: list[str], games: int) -> float:
    """The lower end of the first agent's Wilson 95 % interval in a seeded 2-player match."""
    specs = schedule(registry.get(game_id), 2, games, kinds, seed=5)
    records, wall = run_matches(specs, jobs=1)
    summary = summarize(records, wall, 2)
    assert summary["unfinished"] == 0
    return summary["agents"][kinds[0]]["ci95"][0]


@pytest.mark.slow
def test_your_majesty_blunder_rates_make_a_clear_ladder() -> None:
    # Your Majesty's levels are spaced by blunder rates on its heuristic (the search seldom
    # overrules it): no blunders > Normal's rate > Easy's > Random, each clearly
    game = registry.get("your_majesty")
    normal = level_config("normal", game)
    easy = make_agent("easy", game)
    assert normal is not None and isinstance(easy, HeuristicAgent)
    assert level_config("hard", game).noise == 0 < normal.noise < easy.noise
    ladder = ["greedy", f"noisy:{normal.noise}", f"noisy:{easy.noise}", "random"]
    for better, worse in pairwise(ladder):
        assert _lower_bound("your_majesty", [better, worse], 120) > 0.5, (better, worse)
