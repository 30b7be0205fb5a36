"""`tabletop tournament --balance` writes a PNG chart of first-seat edge and score spread."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.ai.tournament import MatchRecord
from tabletop.cli import main
from tabletop.ui.balance_chart import figures, ordinal, write


def rec(first: int, scores: list[int], winners: list[int]) -> MatchRecord:
    return MatchRecord(1, ["a", "b", "c"], scores, winners, first, 10)


def test_positions_are_counted_from_the_first_player() -> None:
    records = [rec(0, [9, 1, 1], [0]), rec(2, [1, 1, 9], [2]), rec(1, [5, 5, 0], [0, 1])]
    pos = figures(records, 3)
    assert [p.games for p in pos] == [3, 3, 3]
    assert pos[0].wins == 2.5  # the first player won twice and shared once
    assert pos[0].scores == [9.0, 9.0, 5.0]
    assert pos[2].wins == 0.5 and pos[1].wins == 0
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "21st",
    ]


def test_unfinished_matches_are_left_out() -> None:
    broken = rec(0, [3, 2, 1], [])
    broken.error = "stopped"
    assert [p.games for p in figures([broken], 3)] == [0, 0, 0]


def test_the_chart_is_a_png(tmp_path: Path) -> None:
    path = write([rec(0, [9, 1, 1], [0]), rec(1, [2, 8, 1], [1])], 3, tmp_path / "c.png", "T")
    img = pygame.image.load(str(path))
    assert img.get_size() == (960, 540)


def test_the_command_writes_it(tmp_path: Path, capsys) -> None:
    chart = tmp_path / "out" / "balance.png"
    code = main(
        ["tournament", "majesty", "--games", "2", "--ai", "random", "--balance", "--quiet",
         "--chart", str(chart)]
    )  # fmt: skip
    assert code == 0
    assert chart.is_file() and chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"chart: {chart}" in capsys.readouterr().out


def test_no_chart_is_overwritten(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    taken = tmp_path / "mine.png"
    taken.write_bytes(b"keep me")
    args = ["tournament", "majesty", "--games", "2", "--ai", "random", "--balance", "--quiet"]
    assert main([*args, "--chart", str(taken)]) == 2
    assert taken.read_bytes() == b"keep me" and "exists" in capsys.readouterr().err
    assert main(args) == 0 and main(args) == 0  # the second run picks a new name
    assert (tmp_path / "balance-majesty-2p.png").is_file()
    assert (tmp_path / "balance-majesty-2p-2.png").is_file()
