"""benchmarks/render.py: every registered game, an unknown id is an error, ``ratio R`` last."""

from __future__ import annotations

import json
import re
from types import ModuleType

import pytest
from bench_loader import load_benchmark

from tabletop import registry


def _load() -> ModuleType:
    return load_benchmark("render")


def test_unknown_game_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert _load().main(["--game", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("benchmarks/render.py: unknown game no-such-game")
    assert all(gid in err for gid in registry.games())


def test_every_game_at_its_most_players(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    args = ["--rounds", "2", "--frames", "2", "--size", "640x360", "--json"]
    assert bench.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    games = registry.games()
    assert [c["game"] for c in out["cases"]] == list(games)
    for case in out["cases"]:
        assert case["players"] == games[case["game"]].info.max_players
        assert case["size"] == "640x360" and case["sprites"] > 0
        idle = case["scenes"]["idle"]
        assert 0 < idle["blits"] <= case["sprites"]
        for part in ("table", "floor"):
            assert set(idle[part]) == {"work_ms", "frame_to_frame_ms"}
            assert set(idle[part]["work_ms"]) == {"median", "p95"}
    assert out["ratio"] == max(
        s["ratio"]["median"]
        for c in out["cases"]
        for name, s in c["scenes"].items()
        if name in ("idle", "dragging")
    )
    assert out["whole_ratio"] == max(c["scenes"]["whole"]["ratio"]["median"] for c in out["cases"])
    lines = bench.report(out).splitlines()
    assert re.fullmatch(r"ratio \d+\.\d\d", lines[-1])
    assert re.match(r"whole ratio \d+\.\d\d ", lines[-2])


def test_the_floor_leaves_out_covered_cards() -> None:
    bench = _load()
    app = bench.table_app((640, 360))
    game = next(iter(registry.games().values()))
    match = bench.busiest_match(game, game.info.max_players)
    sc = bench.TableScene(app, match, worker=bench.NullWorker())
    shown = bench.shown_cards(sc)
    rects = [sp.rect for sp in sc.sprites]
    hidden = sum(any(above.contains(r) for above in rects[i + 1 :]) for i, r in enumerate(rects))
    assert len(shown) == len(rects) - hidden
