"""benchmarks/engine.py runs in quick mode and prints its figures."""

from __future__ import annotations

import json
import re
from types import ModuleType

import pytest
from bench_loader import load_benchmark
from toy_game import TOY


def _load() -> ModuleType:
    return load_benchmark("engine")


def test_quick_benchmark_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    assert bench.main(["--quick", "--game", "toy_game:TOY", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert [p["players"] for p in figures["playouts"]] == [2, 4]
    for p in figures["playouts"]:
        assert p["games"] >= 1 and p["games_per_s"] > 0
        assert p["actions_per_game"] == 16  # the toy game always lasts 16 plays
    # the size reported is that of the mid-game state, measured here on its own
    state, step = bench.mid_game_state(TOY, 4)
    size = len(json.dumps(TOY.state_to_json(state)))
    assert size > 100 and step == 8
    assert figures["state"] == {"players": 4, "step": 8, "json_bytes": size}
    assert figures["copy_us"] > 0 and figures["json_round_trip_us"] > 0
    table = bench.report(figures).splitlines()
    assert table[0] == "engine benchmark: toy (random playouts, one core, cpu time)"
    assert re.fullmatch(r"\s+2\s+\d+\s+16\.0\s+[\d.]+\s+\d+", table[2])
    assert re.fullmatch(r"game\.copy\(state\)\s+[\d.]+ µs  \(mean of \d+\)", table[5])
    assert re.fullmatch(r"JSON round trip\s+[\d.]+ µs  \(mean of \d+\)", table[6])
    names = [line.split()[0] for line in table[7:11]]
    assert names == ["legal_actions()", "legal_actions_cached()", "view()", "determinize()"]
    assert all(v > 0 for v in figures["other_us"].values())
    assert table[11].startswith("µs an action by tenth of a game (4 players): ")
    assert len(figures["step_us_by_tenth"]) == 10
    assert all(t > 0 for t in figures["step_us_by_tenth"])


def test_the_generated_legal_list_is_listed_afresh_each_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kit game hands back the list it keeps on the state; the benchmark's 'generated'
    figure must pay for the listing on every call."""
    from tabletop import registry

    bench = _load()
    game = registry.get("majesty")
    state, _ = bench.mid_game_state(game, 2)
    seat = game.to_act(state)[0]
    step = state.stack[-1].step
    listed = []
    gen = game.moves.single[step]
    monkeypatch.setitem(game.moves.single, step, lambda s, p: listed.append(p) or gen(s, p))
    call = bench.legal_generated(game, state, seat)
    for _ in range(3):
        assert call()
    assert len(listed) == 3


def test_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert _load().main(["--quick", "--game", "no-such-game"]) == 2
    assert capsys.readouterr().err.startswith("benchmarks/engine.py: ")
