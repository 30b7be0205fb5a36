"""One game's broken data leaves the other games listed, playable and simulated."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tabletop import registry
from tabletop.engine import resources

# Runs in a fresh interpreter (the registry and the data are loaded once per process):
# the data folder is a copy whose Majesty cards.yaml has a bad count.
SCRIPT = """
import sys
from pathlib import Path
from tabletop.engine import resources
resources.data_dir = lambda: Path(sys.argv[1])
from tabletop import registry
from tabletop.cli import main
from tabletop.controller.match import Match, SeatConfig
games = registry.games()
print("GAMES", sorted(games))
print("BROKEN", sorted(registry.broken()))
for gid, game in games.items():
    match = Match(game, [SeatConfig("ai", f"P{i}", "easy") for i in range(game.info.min_players)], seed=1)
    seat = match.to_act()[0]
    match.apply(seat, match.legal(seat)[0])
    print("PLAYED", gid)
sys.exit(main(sys.argv[2:]))
"""


def _run(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_HOME=str(data.parent / "home"))
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, str(data), *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_a_bad_count_in_one_game_leaves_the_others_listed_playable_and_simulated(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    shutil.copytree(resources.data_dir(), data)
    cards = data / "majesty" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "count: 7," in text
    cards.write_text(text.replace("count: 7,", "count: four,", 1), encoding="utf-8")

    listed = _run(data, "list")
    assert listed.returncode == 0, listed.stderr
    assert "Traceback" not in listed.stdout + listed.stderr
    others = sorted(set(registry.games()) - {"majesty"})  # the registry's, not a list here
    assert others and f"GAMES {others}" in listed.stdout
    assert "BROKEN ['majesty']" in listed.stdout
    assert all(f"PLAYED {gid}" in listed.stdout for gid in others)
    broken_line = [ln for ln in listed.stdout.splitlines() if ln.startswith("majesty ")]
    assert broken_line and "cannot be played" in broken_line[0] and "count" in broken_line[0]

    sim = _run(data, "simulate", others[0], "-p", "2", "--ai", "greedy", "--no-progress")
    assert sim.returncode == 0, sim.stderr
    bad = _run(data, "simulate", "majesty", "-p", "2", "--no-progress")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert "cannot be played" in bad.stderr


def test_the_shipped_data_lists_every_game(tmp_path: Path) -> None:
    listed = _run(resources.data_dir(), "list")
    assert listed.returncode == 0, listed.stderr
    assert "BROKEN []" in listed.stdout
    assert f"GAMES {sorted(registry.games())}" in listed.stdout
