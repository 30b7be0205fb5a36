"""benchmarks/majesty_bare.py's floor plays the very games the engine plays."""

from __future__ import annotations

import pytest
from bench_loader import load_benchmark

from tabletop import registry


@pytest.mark.parametrize("sides", ["A", "B"])
def test_the_bare_loop_scores_every_deal_as_the_engine_does(sides: str) -> None:
    bench = load_benchmark("majesty_bare")
    game = registry.get("majesty")
    for players in (2, 3, 4):
        bench.check(game, players, range(1000, 1012), sides)  # raises on the first difference
    # and the check does tell games apart: another deal scores differently
    assert bench.bare_game(2, 1000, sides * 8) != bench.engine_game(game, 2, 1001, True, sides)


def test_the_split_benchmark_plays_the_engine_games_without_the_kit() -> None:
    # benchmarks/majesty_split.py's figures mean something only if its loops play one game
    split = load_benchmark("majesty_split")
    game = registry.get("majesty")
    for players in (2, 4):
        for seed in range(1000, 1006):
            engine = split.engine_game(game, players, seed, True)
            assert split.rules_game(game, players, seed, True) == engine
            assert split.rules_game(game, players, seed, False) == engine
