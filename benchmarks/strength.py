"""Strength: Hard against the blunder-free heuristic in every game, with the goal of the AI
issue (win rate >= 60 % and Wilson's lower bound above 50 %, 2 players, seats swapped).

    python benchmarks/strength.py                       # every game, 200 games each
    python benchmarks/strength.py --game majesty --games 40 --jobs 2
    python benchmarks/strength.py --json > run1.json     # figures for tracking
    python benchmarks/strength.py --combine run1.json run2.json   # runs with other seeds, added

Each game is a seat-rotated ``tabletop tournament`` (same deals for both seatings); the
decision times are CPU seconds, so a loaded machine slows the run but not the search.
The last line reads ``strength: K of N games meet the goal``.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import registry
from tabletop.ai.tournament import run_matches, schedule, summarize, wilson

GOAL = 0.60  # win rate of the first agent; its interval's lower end must also pass 50 %


def measure(gid: str, games: int, ai: list[str], seed: int, ai_seed: int, jobs: int) -> dict:
    """One game's tournament: wins (shared wins count as fractions), n and decision CPU."""
    game = registry.get(gid)
    specs = schedule(game, 2, games, ai, seed, {}, ai_seed)
    records, wall = run_matches(specs, jobs)
    summary = summarize(records, wall, 2)
    first = _label(summary, ai[0])
    agent = summary["agents"][first]
    return {
        "game": gid,
        "ai": ai,
        "seed": seed,
        "ai_seed": ai_seed,
        "n": agent["seats_played"],
        "wins": agent["win_rate"] * agent["seats_played"],
        "cpu_median": agent["cpu_median"],
        "cpu_p95": agent["cpu_p95"],
        "unfinished": summary["unfinished"],
        "wall_seconds": wall,
    }


def _label(summary: dict[str, Any], kind: str) -> str:
    """The summary's label of the agent ``kind`` (the first of its kind)."""
    found = sorted(k for k in summary["agents"] if k.split("#")[0] == kind)
    if not found:
        raise KeyError(f"no agent {kind!r} in {sorted(summary['agents'])}")
    return found[0]


def combine(runs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Runs of the same game and agents (other seeds) added into one row per game."""
    rows: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}
    for run in runs:
        key = (run["game"], tuple(run["ai"]))
        row = rows.setdefault(key, {**run, "n": 0, "wins": 0.0, "seeds": [], "unfinished": 0})
        row["n"] += run["n"]
        row["wins"] += run["wins"]
        row["unfinished"] += run["unfinished"]
        row["seeds"] += run.get("seeds") or [(run["seed"], run["ai_seed"])]
        row["cpu_median"] = max(row["cpu_median"], run["cpu_median"])
        row["cpu_p95"] = max(row["cpu_p95"], run["cpu_p95"])
    return list(rows.values())


def verdict(row: dict[str, Any]) -> tuple[float, float, float, bool]:
    """(win rate, lower, upper, goal met) of a row."""
    rate = row["wins"] / row["n"] if row["n"] else 0.0
    lo, hi = wilson(row["wins"], row["n"])
    return rate, lo, hi, rate >= GOAL and lo > 0.5


def report(rows: Sequence[dict[str, Any]]) -> str:
    """One line a game, then ``strength: K of N games meet the goal``."""
    lines = []
    met = 0
    for row in rows:
        rate, lo, hi, ok = verdict(row)
        met += ok
        seeds = row.get("seeds") or [(row["seed"], row["ai_seed"])]
        lines.append(
            f"{row['game']:<13} {' vs '.join(row['ai'])}: {rate:6.1%} ({lo:.1%}–{hi:.1%}) "
            f"of {row['n']} games, CPU per decision {row['cpu_median']:.3f} / "
            f"{row['cpu_p95']:.3f} s (median / p95)  {'meets' if ok else 'misses'} the goal"
            f"  [seeds {', '.join(f'--seed {s} --ai-seed {a}' for s, a in seeds)}]"
        )
    lines.append(f"strength: {met} of {len(rows)} games meet the goal")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure (or combine) and print (or ``--json``)."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", action="append", help="a registered game id (repeatable)")
    ap.add_argument("--games", type=int, default=200, help="games per game (seats rotated)")
    ap.add_argument("--ai", default="hard,greedy", help="the two agents, first is judged")
    ap.add_argument("--seed", type=int, default=1000, help="the first deal's seed")
    ap.add_argument("--ai-seed", type=int, help="the agents' seed (default: drawn, printed)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the runs as JSON")
    ap.add_argument("--combine", nargs="+", type=Path, help="add up runs saved with --json")
    args = ap.parse_args(argv)
    if args.combine:
        runs = []
        for path in args.combine:
            try:
                runs += json.loads(path.read_text())
            except (OSError, ValueError) as e:  # a run still being written is empty
                print(f"benchmarks/strength.py: cannot read {path}: {e}", file=sys.stderr)
                return 2
        print(report(combine(runs)))
        return 0
    known = registry.games()
    ids = args.game or list(known)
    unknown = [g for g in ids if g not in known]
    if unknown:
        print(f"benchmarks/strength.py: unknown game {', '.join(unknown)}", file=sys.stderr)
        return 2
    ai = [k.strip() for k in args.ai.split(",")]
    if len(ai) != 2:
        print("benchmarks/strength.py: --ai takes two agents", file=sys.stderr)
        return 2
    ai_seed = secrets.randbits(63) if args.ai_seed is None else args.ai_seed
    runs = []
    for gid in ids:
        runs.append(measure(gid, args.games, ai, args.seed, ai_seed, args.jobs))
        if not args.json:
            print(report(runs[-1:]).splitlines()[0], flush=True)
    print(json.dumps(runs, indent=1) if args.json else report(runs).splitlines()[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
