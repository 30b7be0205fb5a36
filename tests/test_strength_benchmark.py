"""benchmarks/strength.py: a seeded slice of the ladder (2 games a pair in one game) writes a
record of the right shape, the goal is judged on the interval, runs with other seeds add up,
and inputs it cannot measure are refused."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from bench_loader import load_benchmark


def _load() -> ModuleType:
    return load_benchmark("strength")


@pytest.fixture
def short_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal and Hard search 20 iterations a decision (their CPU caps stay): what is checked
    is what the benchmark writes, not how strong the levels are, and at their full budgets
    the slice cost over 30 CPU-s."""
    from tabletop.ai import levels

    full = levels.level_config

    def short(kind: str, game: object) -> object:
        config = full(kind, game)
        return None if config is None else replace(config, iterations=min(config.iterations, 20))

    monkeypatch.setattr(levels, "level_config", short)


def test_a_seeded_slice_of_every_pair_writes_its_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, short_searches: None
) -> None:
    bench = _load()
    argv = ["--game", "majesty", "--games", "2", "--seed", "7", "--ai-seed", "5"]
    assert bench.main([*argv, "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "seeds: --seed 7 --ai-seed 5"
    assert [ln.split()[1:4] for ln in out[1:4]] == [
        ["hard", "vs", "greedy"],
        ["hard", "vs", "normal"],
        ["normal", "vs", "easy"],
    ]
    assert out[4].startswith("strength: ") and out[4].endswith("of 3 rows meet the goal")
    (record,) = tmp_path.glob("strength-*.json")
    assert out[5] == f"record: {record}"
    data = json.loads(record.read_text())
    assert data["players"] == 2 and data["caps"] == {"normal": 0.5, "hard": 2.0}
    assert [r["ai"] for r in data["rows"]] == [
        ["hard", "greedy"],
        ["hard", "normal"],
        ["normal", "easy"],
    ]
    for row in data["rows"]:
        assert row["game"] == "majesty" and row["n"] == 2 and 0 <= row["wins"] <= 2
        assert (row["seed"], row["ai_seed"]) == (7, 5)
        lo, hi = row["wilson95"]
        assert 0.0 <= lo <= row["win_share"] <= hi <= 1.0
        for level in row["ai"]:
            cpu = row["cpu"][level]
            assert cpu["decisions"] > 0
            assert 0.0 < cpu["median"] <= cpu["p95"] <= cpu["max"]
    table = record.with_suffix(".md").read_text().splitlines()
    assert table[0].startswith("| game | pair") and len(table) == 2 + 3
    assert "`--seed 7 --ai-seed 5`" in table[2]


def test_without_seeds_fresh_ones_are_drawn_and_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = _load()
    argv = ["--game", "majesty", "--pair", "greedy,random", "--games", "2", "--no-record"]
    assert bench.main(argv) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert bench.main(argv) == 0
    second = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("seeds: --seed ") and " --ai-seed " in first
    assert first != second


def test_the_goal_needs_the_lower_bound_above_half() -> None:
    bench = _load()
    row = {"game": "g", "ai": ["hard", "greedy"], "seed": 1, "ai_seed": 2}
    assert bench.verdict({**row, "n": 200, "wins": 130.0})[3]  # 65 %, bound 58 %
    assert not bench.verdict({**row, "n": 10, "wins": 7.0})[3]  # 70 %, bound 40 %
    assert not bench.verdict({**row, "n": 200, "wins": 110.0})[3]  # 55 %


def test_a_slow_decision_is_flagged_over_its_cap() -> None:
    bench = _load()
    fast = {"decisions": 9, "median": 0.1, "p95": 0.2, "max": 0.45}
    row = {"ai": ["normal", "easy"], "cpu": {"normal": fast, "easy": {**fast, "max": 9.0}}}
    assert bench.within_caps(row)  # Easy has no cap
    assert not bench.within_caps({**row, "cpu": {"normal": {**fast, "max": 0.55}}})


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "chess"],
        ["--game", "majesty", "--games", "3"],
        ["--game", "majesty", "--games", "0"],
        ["--game", "majesty", "--jobs", "0"],
        ["--game", "majesty", "--pair", "hard"],
        ["--game", "majesty", "--pair", "hard,hard"],
        ["--game", "majesty", "--pair", "hard,wizard"],
    ],
)
def test_inputs_it_cannot_measure_are_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert _load().main([*argv, "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("benchmarks/strength.py: ")
    assert not list(tmp_path.iterdir())


def test_runs_on_other_seeds_add_up(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bench = _load()
    cpu = {"hard": {"decisions": 5, "median": 0.2, "p95": 0.3, "max": 0.4}}
    row = {"game": "majesty", "ai": ["hard", "greedy"], "seed": 1, "ai_seed": 2}
    first = tmp_path / "a.json"
    first.write_text(
        json.dumps({"rows": [{**row, "n": 4, "wins": 3.0, "unfinished": 0, "cpu": cpu}]})
    )
    old = tmp_path / "old.json"  # the older list format, first agent's median / p95 only
    old.write_text(
        json.dumps(
            [
                {
                    **row,
                    "seed": 9,
                    "n": 6,
                    "wins": 1.0,
                    "unfinished": 0,
                    "cpu_median": 0.5,
                    "cpu_p95": 0.6,
                }
            ]
        )
    )
    assert bench.main(["--combine", str(first), str(old)]) == 0
    text = capsys.readouterr().out
    assert "40.0 %" not in text and "of 10" in text and "--seed 1 " in text and "--seed 9 " in text
    (combined,) = bench.combine(bench._read(first) + bench._read(old))
    assert combined["wins"] == 4.0 and combined["cpu"]["hard"]["median"] == 0.5


def test_a_run_still_being_written_is_refused_with_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "running.json"
    empty.write_text("")
    assert _load().main(["--combine", str(empty)]) == 2
    assert "running.json" in capsys.readouterr().err


def test_a_run_stopped_part_way_keeps_the_rows_it_finished(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bench = _load()
    cpu = {"decisions": 3, "median": 0.1, "p95": 0.2, "max": 0.3}
    calls: list[list[str]] = []

    def fake(gid: str, pair: list[str], games: int, seed: int, ai_seed: int, jobs: int) -> dict:
        calls.append(pair)
        if len(calls) == 2:
            raise KeyboardInterrupt  # stopped during the second row
        row = {"game": gid, "ai": pair, "seed": seed, "ai_seed": ai_seed, "n": games}
        return {**row, "wins": 1.0, "cpu": {k: cpu for k in pair}, "unfinished": 0}

    monkeypatch.setattr(bench, "measure", fake)
    with pytest.raises(KeyboardInterrupt):
        bench.main(["--game", "majesty", "--games", "2", "--seed", "1", "--out", str(tmp_path)])
    (record,) = tmp_path.glob("strength-*.json")
    rows = json.loads(record.read_text())["rows"]
    assert [r["ai"] for r in rows] == [["hard", "greedy"]]
    assert len(record.with_suffix(".md").read_text().splitlines()) == 3


def test_runs_started_in_the_same_second_get_records_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs started together (as two ladder chains were) must not share a record file:
    the name is claimed when the run starts, long before its first row is written."""
    bench = _load()
    moment = bench.time.gmtime(0)
    monkeypatch.setattr(bench.time, "gmtime", lambda *a: moment)
    first = bench.record_path(tmp_path)
    second = bench.record_path(tmp_path)
    assert first != second
    assert first.exists() and second.exists()
    assert json.loads(first.read_text()) == {"rows": []}
