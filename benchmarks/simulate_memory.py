"""Resident memory over a long ``tabletop simulate``: does a session's memory stay flat?

    python benchmarks/simulate_memory.py [--game your_majesty] [--players 4] [--games 1000]
                                         [--tree PATH ...]

Plays ``--games`` random games in one process, as ``tabletop simulate`` does
(:func:`tabletop.tools.sim.simulate`), and prints the process's resident set size (VmRSS, Linux)
after games 10 (the floor: data loaded, caches warm), 100, 500 and 1,000, the growth over the
floor, the slope over the run's second half (a least-squares line through the size read every
50 games, in KiB per 100 games: about 0 when nothing per game is kept) and the CPU seconds.  With ``--tree`` each named checkout (and this one)
runs the same games in a process of its own, one after the other, so two commits can be
compared in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
MARKS = (10, 100, 500, 1000)


def rss_kib() -> int:
    """This process's resident set size in KiB (0 where /proc is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def measure(game_id: str, players: int, games: int) -> dict[str, int | float]:
    """RSS in KiB at each mark of :data:`MARKS` (up to ``games``) and the CPU seconds."""
    from tabletop import registry
    from tabletop.tools.sim import simulate

    marks = [m for m in MARKS if m <= games]
    out: dict[str, int | float] = {}
    every: list[tuple[int, int]] = []

    def progress(done: int) -> None:
        if done in marks:
            out[str(done)] = rss_kib()
        if done % 50 == 0 and done >= games // 2:
            every.append((done, rss_kib()))

    t0 = time.process_time()
    simulate(registry.get(game_id), players, games, seed=1, progress=progress, ai_seed=1)
    out["cpu_s"] = time.process_time() - t0
    out["slope"] = slope(every) * 100
    return out


def slope(points: list[tuple[int, int]]) -> float:
    """The least-squares slope of ``(x, y)`` points (0 for fewer than two)."""
    if len(points) < 2:
        return 0.0
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx


def main(argv: list[str] | None = None) -> int:
    """Print the figures (one line per tree)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="your_majesty")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--tree", type=Path, action="append", default=[], help="another checkout")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.game, args.players, args.games)))
        return 0
    print(f"command: python {' '.join(sys.argv)}")
    for tree in [*args.tree, HERE]:
        cmd = [sys.executable, __file__, "--worker", "--game", args.game]
        cmd += ["--players", str(args.players), "--games", str(args.games)]
        env = dict(os.environ, PYTHONPATH=str(tree))
        done = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True)
        if done.returncode:
            print(f"{tree}: failed\n{done.stderr}", file=sys.stderr)
            return 1
        r = json.loads(done.stdout)
        floor = r["10"]
        at = ", ".join(
            f"{m}: {r[str(m)] / 1024:.1f} MiB (+{(r[str(m)] - floor) / 1024:.1f})"
            for m in MARKS[1:]
            if str(m) in r
        )
        half = f"slope over games {args.games // 2}-{args.games}: {r['slope']:+.1f} KiB/100 games"
        print(
            f"{tree}: after 10 games {floor / 1024:.1f} MiB; {at}; {half}; CPU {r['cpu_s']:.1f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
