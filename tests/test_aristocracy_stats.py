"""Aristocracy's figures for ``tabletop simulate``: years, ending, buildings, tiebreaks."""

from __future__ import annotations

import pytest
from aristocracy_helpers import blank, build, pulls

from tabletop.cli import main
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import JACK, KING, MAX_YEARS
from tabletop.games.aristocracy.flow import end_phase
from tabletop.tools.sim import simulate


def _farms(s, ranks: str) -> None:
    for p, r in enumerate(ranks):
        build(s, p, *(r + x for x in "shdc"))


def test_capped_game_reports_25_years_and_the_safety_cap() -> None:
    s = blank(3)
    _farms(s, "23")  # seat 2 builds nothing
    build(s, 2, "9s", "9h", "9d", "2c")  # an incomplete farm
    s.year, s.royal = MAX_YEARS, JACK
    end_phase(s, [])
    stats = GAME.summary_stats(s)
    assert s.capped and s.year == MAX_YEARS + 1
    assert stats["years"] == MAX_YEARS and stats["phases"] == 3 * MAX_YEARS
    assert stats["end"] == "safety cap"
    assert stats["buildings per seat"] == 1.0
    assert stats["complete buildings per seat"] == pytest.approx(2 / 3)
    assert "Glory claimer's win rate" not in stats  # only for games ended by Glory


def test_glory_game_counts_years_begun_and_phases_played() -> None:
    s = blank(2)
    for r in "98":
        build(s, 0, *(r + x for x in "shdcsh"))
    build(s, 1, *("7" + x for x in "shdcsh"))
    s.year, s.royal, s.over, s.ended_by = 4, KING, True, 0
    stats = GAME.summary_stats(s)
    assert stats["years"] == 4 and stats["phases"] == 10
    assert stats["end"] == "glory"
    assert stats["complete châteaux per seat"] == 1.5
    assert stats["winner's points"] == 6
    assert stats["decided by"] == "points"
    assert stats["Glory claimer's win rate"] == 1
    s.ended_by = 1  # had seat 1 claimed it, the claimer would have lost
    assert GAME.summary_stats(s)["Glory claimer's win rate"] == 0


@pytest.mark.parametrize(
    ("coins", "hands", "herald", "reason"),
    [
        ([1, 4, 2], [[], [], []], 0, "coins"),
        ([4, 4, 2], [["ks"], ["9s", "2h"], []], 0, "hand weight"),
        ([4, 4, 4], [["ks"], ["kh"], ["kd"]], 2, "herald order"),
    ],
)
def test_decided_by_names_the_tiebreaker_that_separated_the_top_two(
    coins: list[int], hands: list[list[str]], herald: int, reason: str
) -> None:
    s = blank(3, herald=herald)
    _farms(s, "234")
    s.coins = coins
    s.hands = [pulls(s, *h) for h in hands]
    s.over = True
    assert GAME.summary_stats(s)["decided by"] == reason


def test_simulate_reports_random_games_at_the_cap_and_greedy_games_by_glory() -> None:
    rnd = simulate(GAME, 2, 1, seed=3, ai=["random"]).game_stats()
    assert rnd["end"] == {"safety cap": 1} and rnd["years"] == MAX_YEARS
    greedy = simulate(GAME, 3, 3, seed=3, ai=["greedy"]).game_stats()
    assert greedy["end"] == {"glory": 3}
    assert 1 <= greedy["years"] < MAX_YEARS
    assert greedy["complete châteaux per seat"] > 0
    assert greedy["winner's points"] >= 6  # the claimer has a château and 3 more points


def test_cli_simulate_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "aristocracy", "-p", "4", "-n", "2", "--ai", "greedy", "--no-progress"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("mean years: ") for line in lines)
    assert "end: glory 2 (100.0%)" in lines
    assert any(line.startswith("decided by: ") for line in lines)
