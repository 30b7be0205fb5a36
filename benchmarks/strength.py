"""Strength ladder: Hard vs greedy, Hard vs Normal and Normal vs Easy, game by game.

    python benchmarks/strength.py                                   # every game, every pair
    python benchmarks/strength.py --game majesty --pair normal,easy --games 200 --jobs 1
    python benchmarks/strength.py --game monarch --seed S --ai-seed A   # replay a run
    python benchmarks/strength.py --combine run1.json run2.json     # runs on other seeds, added

Each row is a 2-player, seat-swapped ``tabletop tournament`` (every deal played once in each
seating), with the levels' shipped settings, CPU caps included.  The deal and AI seeds are
drawn fresh unless given and printed first, so an interrupted run can be replayed.  A row
reports the first agent's win share (shared wins as fractions) with Wilson's 95 % interval,
the goal (>= 60 % and the interval's lower end above 50 %), and per level the CPU seconds of
its decisions (median / p95 / max; decisions with one legal move left out) against the
level's cap (Normal 0.5 s, Hard 2 s).  Each run writes a record to ``--out`` (default
``benchmarks/runs/``): ``strength-<UTC time>.json`` and a markdown table beside it, both
rewritten after each row, so a run stopped part way keeps the rows it finished.
Inputs it cannot measure (unknown game or agent, a pair that is not two agents, an odd or
too small number of games, no jobs, a game that has no 2-player table) are refused, exit 2.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import registry
from tabletop.ai.base import make_agent
from tabletop.ai.tournament import quantile, run_matches, schedule, wilson

GOAL = 0.60  # win share of the first agent; its interval's lower end must also pass 50 %
PAIRS = ("hard,greedy", "hard,normal", "normal,easy")
#: the most CPU seconds a level may take on one decision
CAPS = {"normal": 0.5, "hard": 2.0}
PLAYERS = 2
RUNS = Path(__file__).resolve().parent / "runs"


class Refused(ValueError):
    """An input the benchmark cannot measure."""


def measure(gid: str, pair: list[str], games: int, seed: int, ai_seed: int, jobs: int) -> dict:
    """One row: the tournament of ``pair`` in ``gid`` and its figures."""
    game = registry.get(gid)
    specs = schedule(game, PLAYERS, games, pair, seed, {}, ai_seed)
    records, wall = run_matches(specs, jobs)
    n = 0
    wins = 0.0
    for r in records:
        for seat, label in enumerate(r.labels):
            if label == pair[0]:
                n += 1
                wins += 1.0 / len(r.winners) if seat in r.winners else 0.0
    cpu = {}
    for label in pair:
        times = [t for r in records for t in r.cpu.get(label, [])]
        cpu[label] = cpu_figures(times)
    return {
        "game": gid,
        "ai": list(pair),
        "seed": seed,
        "ai_seed": ai_seed,
        "n": n,
        "wins": wins,
        "cpu": cpu,
        "unfinished": sum(1 for r in records if r.error),
        "wall_seconds": wall,
    }


def cpu_figures(times: Sequence[float]) -> dict[str, float | int]:
    """Median, 95th percentile and maximum of decision CPU times, and how many."""
    xs = list(times)
    return {
        "decisions": len(xs),
        "median": quantile(xs, 0.5),
        "p95": quantile(xs, 0.95),
        "max": max(xs) if xs else 0.0,
    }


def verdict(row: dict[str, Any]) -> tuple[float, float, float, bool]:
    """(win share, lower, upper, goal met) of a row."""
    rate = row["wins"] / row["n"] if row["n"] else 0.0
    lo, hi = wilson(row["wins"], row["n"])
    return rate, lo, hi, rate >= GOAL and lo > 0.5


def within_caps(row: dict[str, Any]) -> bool:
    """Whether every capped level's slowest decision kept to its cap."""
    cpu = _cpu(row)
    return all(cpu[k]["max"] <= CAPS[k] for k in cpu if k in CAPS)


def _cpu(row: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A row's CPU figures per level (an older run kept the first agent's median / p95 only)."""
    if "cpu" in row:
        return row["cpu"]
    return {row["ai"][0]: {"median": row["cpu_median"], "p95": row["cpu_p95"], "max": None}}


def _seeds(row: dict[str, Any]) -> list[tuple[int, int]]:
    return [tuple(s) for s in row.get("seeds") or [(row["seed"], row["ai_seed"])]]


def combine(runs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of the same game and pair (other seeds) added into one (CPU: the worst run's)."""
    rows: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}
    for run in runs:
        key = (run["game"], tuple(run["ai"]))
        cpu = _cpu(run)
        row = rows.get(key)
        if row is None:
            rows[key] = {**run, "cpu": cpu, "seeds": _seeds(run)}
            continue
        row["n"] += run["n"]
        row["wins"] += run["wins"]
        row["unfinished"] += run["unfinished"]
        row["seeds"] += _seeds(run)
        for level, figures in cpu.items():
            mine = row["cpu"].setdefault(level, dict(figures))
            for k in ("median", "p95", "max"):
                if figures.get(k) is not None and (mine.get(k) or 0.0) < figures[k]:
                    mine[k] = figures[k]
    return list(rows.values())


def _seconds(x: float | None) -> str:
    return "—" if x is None else f"{x:.3f}"


def _cpu_text(row: dict[str, Any]) -> str:
    return "; ".join(
        f"{k} {_seconds(f['median'])} / {_seconds(f['p95'])} / {_seconds(f.get('max'))}"
        for k, f in _cpu(row).items()
        if f.get("decisions", 1)
    )


def _seed_text(row: dict[str, Any]) -> str:
    return ", ".join(f"--seed {s} --ai-seed {a}" for s, a in _seeds(row))


def line(row: dict[str, Any]) -> str:
    """One row as a line of text."""
    rate, lo, hi, ok = verdict(row)
    return (
        f"{row['game']:<13} {' vs '.join(row['ai']):<16} {rate:6.1%} ({lo:.1%}–{hi:.1%}) "
        f"of {row['n']}  {'meets' if ok else 'misses'} the goal; CPU s median / p95 / max: "
        f"{_cpu_text(row)}{'' if within_caps(row) else ' OVER A CAP'}"
        + (f"; {row['unfinished']} unfinished" if row["unfinished"] else "")
        + f"  [{_seed_text(row)}]"
    )


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a markdown table."""
    out = [
        "| game | pair (2 players) | win % of the first (Wilson 95 %) | n | goal | "
        "CPU s a decision, median / p95 / max | seeds |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        rate, lo, hi, ok = verdict(row)
        cap = "" if within_caps(row) else " (over a cap)"
        out.append(
            f"| {row['game']} | {' vs '.join(row['ai'])} | {rate:.1%} ({lo:.1%}–{hi:.1%}) | "
            f"{row['n']} | {'met' if ok else 'missed'} | {_cpu_text(row)}{cap} | "
            f"`{_seed_text(row)}` |"
        )
    return "\n".join(out)


def record_path(out: Path) -> Path:
    """A new ``strength-<UTC time>.json`` in ``out`` (made if missing), claimed at once.

    The file is created here (exclusively, holding no rows yet), so two runs started in the
    same second get two names: the first row is written minutes later, and a name that was
    only checked for would be taken by both, the later run overwriting the earlier's record.
    """
    out.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    k = 1
    while True:
        path = out / (f"strength-{stamp}.json" if k == 1 else f"strength-{stamp}-{k}.json")
        try:
            with path.open("x") as f:
                f.write('{"rows": []}\n')
        except FileExistsError:
            k += 1
            continue
        return path


def write_record(rows: list[dict[str, Any]], argv: Sequence[str], path: Path) -> Path:
    """The run's record at ``path`` (JSON) and the same name ``.md`` (the table)."""
    record = {
        "tool": "benchmarks/strength.py",
        "argv": list(argv),
        "players": PLAYERS,
        "goal": {"win_share": GOAL, "wilson_lower_above": 0.5},
        "caps": CAPS,
        "rows": [
            {**row, "win_share": verdict(row)[0], "wilson95": list(verdict(row)[1:3])}
            for row in rows
        ],
    }
    path.write_text(json.dumps(record, indent=1) + "\n")
    path.with_suffix(".md").write_text(table(rows) + "\n")
    return path


def _read(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text())
    return data["rows"] if isinstance(data, dict) else data


def check(games: list[str], pairs: list[list[str]], n: int, jobs: int) -> None:
    """Raise :class:`Refused` for anything this benchmark cannot measure."""
    known = registry.games()
    unknown = [g for g in games if g not in known]
    if unknown:
        raise Refused(f"unknown game {', '.join(unknown)}")
    if n < PLAYERS or n % PLAYERS:
        raise Refused(f"--games must be a positive multiple of {PLAYERS} (seats are swapped)")
    if jobs < 1:
        raise Refused("--jobs must be at least 1")
    for pair in pairs:
        if len(pair) != 2 or not all(pair):
            raise Refused(f"a pair is two agents, as hard,greedy: {','.join(pair)!r}")
        if pair[0] == pair[1]:
            raise Refused(f"a pair of the same agent measures nothing: {','.join(pair)!r}")
    for gid in games:
        info = known[gid].info
        if not info.min_players <= PLAYERS <= info.max_players:
            raise Refused(f"{gid} has no {PLAYERS}-player table")
        for pair in pairs:
            for kind in pair:
                try:
                    make_agent(kind, known[gid])
                except ValueError as e:
                    raise Refused(str(e)) from e


def main(argv: Sequence[str] | None = None) -> int:
    """Measure (or combine), print, and write the record."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", action="append", help="a registered game id (repeatable)")
    ap.add_argument("--pair", action="append", help=f"two agents A,B (repeatable; {PAIRS})")
    ap.add_argument("--games", type=int, default=200, help="games a row (seats swapped)")
    ap.add_argument("--seed", type=int, help="the first deal's seed (default: drawn, printed)")
    ap.add_argument("--ai-seed", type=int, help="the agents' seed (default: drawn, printed)")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing in parallel")
    ap.add_argument("--out", type=Path, default=RUNS, help="where the record is written")
    ap.add_argument("--no-record", action="store_true", help="print only")
    ap.add_argument("--combine", nargs="+", type=Path, help="add up rows of saved records")
    args = ap.parse_args(args_list)
    if args.combine:
        runs = []
        for path in args.combine:
            try:
                runs += _read(path)
            except (OSError, ValueError, KeyError) as e:  # a run still being written is empty
                print(f"benchmarks/strength.py: cannot read {path}: {e}", file=sys.stderr)
                return 2
        rows = combine(runs)
        print("\n".join(line(r) for r in rows))
        print(table(rows))
        return 0
    games = args.game or list(registry.games())
    pairs = [[k.strip() for k in p.split(",")] for p in (args.pair or PAIRS)]
    try:
        check(games, pairs, args.games, args.jobs)
    except Refused as e:
        print(f"benchmarks/strength.py: {e}", file=sys.stderr)
        return 2
    seed = secrets.randbelow(10**9) if args.seed is None else args.seed
    ai_seed = secrets.randbits(63) if args.ai_seed is None else args.ai_seed
    print(f"seeds: --seed {seed} --ai-seed {ai_seed}", flush=True)
    path = None if args.no_record else record_path(args.out)
    rows = []
    for gid in games:
        for pair in pairs:
            rows.append(measure(gid, pair, args.games, seed, ai_seed, args.jobs))
            print(line(rows[-1]), flush=True)
            if path is not None:  # rewritten after each row: a stopped run keeps its rows
                write_record(rows, args_list, path)
    met = sum(verdict(r)[3] for r in rows)
    print(f"strength: {met} of {len(rows)} rows meet the goal")
    if path is not None:
        print(f"record: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
