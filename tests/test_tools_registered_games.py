"""The tools on the real, registered games (whatever is in the registry)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.cli import main

GAMES = sorted(registry.games())


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_and_replay_every_registered_game(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = registry.get(game_id)
    players = game.info.min_players
    try:  # heuristic seats end games sooner than random ones: cheaper tests
        make_agent("greedy", game)
        ai = "greedy"
    except ValueError:
        ai = "random"
    log = tmp_path / f"{game_id}.jsonl"
    argv = ["simulate", game_id, "-p", str(players), "-s", "3", "--ai", ai, "--log", str(log)]
    assert main([*argv, "--json", "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1 and len(summary["seats"]) == players
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(1)
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 game replayed, 0 mismatched"
    too_many = game.info.max_players + 1
    assert main(["simulate", game_id, "-p", str(too_many)]) == 2
    assert capsys.readouterr().err == (
        f"tabletop simulate: {game.info.name} is for {players} to {game.info.max_players} "
        f"players, not {too_many}\n"
    )


def test_majesty_twenty_games_log_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "majesty.jsonl"
    argv = ["simulate", "majesty", "--players", "4", "--games", "20", "--seed", "7"]
    assert main([*argv, "--log", str(log), "--progress"]) == 0
    out, err = capsys.readouterr()
    assert "20/20 games" in err
    table = out.splitlines()
    assert table[0].startswith("majesty: 4 players, 20 games (seeds 7–26)")
    wins = [float(line.split()[2]) for line in table[2:6]]
    assert sum(wins) == pytest.approx(
        20, abs=0.03
    )  # four shares printed to 2 decimals (ties split)
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    finals = [r for r in records if r.get("final")]
    assert [f["seed"] for f in finals] == list(range(7, 27))
    assert all(len(f["scores"]) == 4 and f["winners"] for f in finals)
    assert main(["replay", str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 21 and all(": OK, " in x for x in lines[:20])
