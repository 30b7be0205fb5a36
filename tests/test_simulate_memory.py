"""A long simulate keeps nothing per game: its memory stays flat however many games it plays."""

from __future__ import annotations

import gc

import pytest

from tabletop import registry
from tabletop.games.majesty.state import MajestyState
from tabletop.tools.sim import GameResult, Summary, simulate


def _alive(kind: type) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is kind)


def test_a_run_keeps_no_state_and_only_its_first_results() -> None:
    before = _alive(GameResult), _alive(MajestyState)
    summary = simulate(registry.get("majesty"), 3, 24, seed=5, keep=4)
    assert summary.games == 24 and len(summary.results) == 4
    assert [r.index for r in summary.results] == [0, 1, 2, 3]
    assert _alive(GameResult) - before[0] == 4  # the kept ones, no other
    assert _alive(MajestyState) == before[1]  # every game's state was let go


def test_the_totals_give_the_figures_of_every_game() -> None:
    game = registry.get("majesty")
    some = simulate(game, 2, 12, seed=9, keep=3)
    every = simulate(game, 2, 12, seed=9, keep=None)
    assert len(every.results) == 12
    assert some.wins() == every.wins() == pytest.approx(_wins(every.results, 2))
    assert some.to_json() | {"seconds": 0, "games_per_second": 0} == every.to_json() | {
        "seconds": 0,
        "games_per_second": 0,
    }
    means = [sum(r.scores[s] for r in every.results) / 12 for s in range(2)]
    assert [m for m, _ in some.score_stats()] == pytest.approx(means)
    assert some.mean_length() == sum(r.length for r in every.results) / 12


def _wins(results: list[GameResult], players: int) -> list[float]:
    w = [0.0] * players
    for r in results:
        for s in r.winners:
            w[s] += 1 / len(r.winners)
    return w


def test_a_summary_made_from_results_counts_them() -> None:
    r = GameResult(0, 0, [3, 1], [0], [], 7, {"end": "glory"})
    s = Summary("toy", 2, 0, {}, ["random"] * 2, results=[r])
    assert s.games == 1 and s.game_stats() == {"end": {"glory": 1}} and s.mean_length() == 7
