"""benchmarks/engine_versus.py: it compares two checkouts and refuses what it cannot run."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_loader import load_benchmark

versus = load_benchmark("engine_versus")
ROOT = Path(__file__).resolve().parent.parent


def test_a_tree_against_itself_prints_both_sides_and_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert versus.main([str(ROOT), "--game", "majesty", "--games", "1", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "base:" in out and "this:" in out and "actions per CPU second" in out
    assert "ratio this/base within a round: median" in out


def test_a_folder_without_the_project_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="holds no tabletop package"):
        versus.main([str(tmp_path)])


def test_a_game_the_base_cannot_load_is_refused_not_skipped() -> None:
    with pytest.raises(SystemExit, match="the playouts failed"):
        versus.main([str(ROOT), "--game", "no_such_game", "--games", "1", "--rounds", "1"])


def test_the_mid_game_costs_are_measured_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(ROOT), "--game", "majesty", "--games", "1", "--rounds", "1", "--costs"]
    assert versus.main(argv) == 0
    out = capsys.readouterr().out
    for name in ("copy", "json", "legal_actions", "view", "determinize"):
        line = next(x for x in out.splitlines() if x.startswith(name + " "))
        assert "median" in line and "lowest" in line
