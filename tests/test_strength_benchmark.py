"""benchmarks/strength.py: a seeded slice runs, the goal is judged on the interval, and runs
with other seeds add up."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from bench_loader import load_benchmark


def _load() -> ModuleType:
    return load_benchmark("strength")


def test_a_seeded_slice_reports_each_game_and_the_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bench = _load()
    argv = ["--game", "majesty", "--games", "4", "--ai", "greedy,random", "--ai-seed", "5"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("majesty") and "of 4 games" in out[0]
    assert "--seed 1000 --ai-seed 5" in out[0]
    assert re.fullmatch(r"strength: [01] of 1 games meet the goal", out[-1])
    assert bench.main([*argv, "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert runs[0]["n"] == 4 and 0 <= runs[0]["wins"] <= 4
    first = tmp_path / "a.json"
    first.write_text(json.dumps(runs))
    second = tmp_path / "b.json"
    second.write_text(json.dumps([{**runs[0], "seed": 2000, "wins": 4.0}]))
    assert bench.main(["--combine", str(first), str(second)]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert "of 8 games" in line and "--seed 1000" in line and "--seed 2000" in line


def test_the_goal_needs_the_lower_bound_above_half() -> None:
    bench = _load()
    row = {"game": "g", "ai": ["hard", "greedy"], "seed": 1, "ai_seed": 2}
    assert bench.verdict({**row, "n": 200, "wins": 130.0})[3]  # 65 %, bound 58 %
    assert not bench.verdict({**row, "n": 10, "wins": 7.0})[3]  # 70 %, bound 40 %
    assert not bench.verdict({**row, "n": 200, "wins": 110.0})[3]  # 55 %


def test_an_unknown_game_is_an_error() -> None:
    assert _load().main(["--game", "chess"]) == 2


def test_a_run_still_being_written_is_refused_with_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "running.json"
    empty.write_text("")
    assert _load().main(["--combine", str(empty)]) == 2
    assert "running.json" in capsys.readouterr().err
