"""Where a paired-search Hard leaves its heuristic's move, and whether that pays: judged per decision.

    python benchmarks/switch_gain.py --game your_majesty --seeds 70000 70008 --every 4 \\
        --variant shipped --variant worlds60:iterations=60 --judge 300 --out switches.json

Positions: every ``--every``-th decision with a choice of seeded two-player games the
heuristic plays for every seat (as ``tests/decision_kinds.py``).  In each, Hard's paired
search (the level's settings, with the variant's changes, no CPU cap so it is
reproducible; the searching thread's CPU seconds are recorded) is asked for its move.  A
*switch* is a pick other than the ranking's first move (the move the search keeps unless
a rival clears the bar).  Each switch is judged by ``tests/move_judge.py``'s ``keyed_gain``
(both moves played to the end by the heuristic in ``--judge`` dealt worlds, common random
numbers): the gain of the pick over the kept move, in the seat's value.  A variant's score
is the mean judged gain over *all* positions (0 where it keeps the heuristic's move); it is
compared with the first variant position by position (paired), with the standard error of
that difference.

Bars are also tried on each variant's own play-outs without searching again
(``--bar NAME=Z`` or ``NAME=Z:rival`` for the Bonferroni bar of ``tabletop.ai.paired.bar``):
only the test changes, so the difference is exactly what the bar does.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import registry
from tabletop.ai import paired
from tabletop.ai.levels import level_config
from tabletop.ai.paired import PairedSearch
from tabletop.ai.tournament import quantile
from tabletop.engine import Action, Game, Rng

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from decision_kinds import heuristic_positions
from move_judge import keyed_gain


def positions(game: Game, seeds: range, every: int, players: int) -> list[dict[str, Any]]:
    """The sampled positions: state copy, seat, the searched moves, and a key."""
    return [
        {
            "key": f"{pos.seed}/{pos.choices}",
            "state": game.copy(pos.state),
            "seat": pos.seat,
            "legal": pos.searched,
            "rng": pos.seed * 1000 + pos.choices,
        }
        for pos in heuristic_positions(game, players, seeds, every)
    ]


class _Recorder:
    """Wraps :func:`tabletop.ai.paired.pick` to keep the last search's paired sums."""

    def __init__(self) -> None:
        self.original = paired.pick
        self.last: tuple[list[float], list[float], list[int]] = ([], [], [])

    def __call__(self, diff: list[float], square: list[float], count: list[int], cfg: Any) -> int:
        self.last = (list(diff), list(square), list(count))
        return self.original(diff, square, count, cfg)


def search(game: Game, pos: dict[str, Any], cfg: Any, rec: _Recorder) -> dict[str, Any]:
    """One uncapped search at ``pos``: the order compared, the pick, the sums, CPU seconds."""
    state, seat, legal = pos["state"], pos["seat"], pos["legal"]
    view = game.view(state, seat)
    start = time.thread_time()
    result = PairedSearch(replace(cfg, time_limit=None)).search(
        game, view, seat, legal, Rng(pos["rng"])
    )
    cpu = time.thread_time() - start
    by_key = {a.key: a for a in legal}
    compared = [by_key[k] for k in result.visits]
    _, first = paired.ordered(game, view, seat, legal, cfg, Rng(0))
    diff, square, count = rec.last
    return {
        "order": compared,
        "first": first,
        "pick": compared.index(result.action),
        "diff": diff[: len(compared)],
        "square": square[: len(compared)],
        "count": count[: len(compared)],
        "cpu": cpu,
    }


def parse_variant(text: str, base: Any) -> tuple[str, Any]:
    """``NAME[:field=value,...]`` → (name, the level's settings with those fields)."""
    name, _, rest = text.partition(":")
    changes: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        field, _, value = part.partition("=")
        old = getattr(base, field)
        changes[field] = (
            value == "1"
            if isinstance(old, bool)
            else type(old)(value)
            if old is not None
            else float(value)
        )
    return name, replace(base, **changes)


def summary(gains: list[float]) -> tuple[float, float]:
    """Mean and standard error."""
    n = len(gains)
    mean = sum(gains) / n
    var = sum((g - mean) ** 2 for g in gains) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="your_majesty")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seeds", type=int, nargs=2, default=[70000, 70008], metavar=("FROM", "TO"))
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--variant", action="append", default=[], help="NAME[:field=value,...]")
    ap.add_argument("--bar", action="append", default=[], help="NAME=Z or NAME=Z:rival")
    ap.add_argument("--judge", type=int, default=300, help="worlds the judge plays per switch")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--combine", type=Path, nargs="+", help="print the table of --out files")
    args = ap.parse_args(argv)
    if args.combine:
        combine(args.combine)
        return 0
    game = registry.get(args.game)
    base = level_config("hard", game)
    assert base is not None
    variants = [parse_variant(v, base) for v in (args.variant or ["shipped"])]
    found = positions(game, range(*args.seeds), args.every, args.players)
    print(f"{len(found)} positions, seeds {args.seeds[0]}-{args.seeds[1] - 1}", flush=True)
    rec = _Recorder()
    paired.pick = rec  # type: ignore[assignment]
    picks: dict[str, list[dict[str, Any]]] = {}
    for name, cfg in variants:
        picks[name] = [search(game, pos, cfg, rec) for pos in found]
        print(f"searched: {name}", flush=True)
    paired.pick = rec.original  # type: ignore[assignment]
    first_name = variants[0][0]
    for spec in args.bar:  # other bars on each variant's own play-outs
        bar_name, _, z_text = spec.partition("=")
        z, _, mode = z_text.partition(":")
        for name, cfg in variants:
            cfg = replace(cfg, anchor=float(z), anchor_per_rival=mode == "rival")
            picks[f"{name}+{bar_name}"] = [
                {**r, "pick": paired.pick(r["diff"], r["square"], r["count"], cfg)}
                for r in picks[name]
            ]
    judged: dict[tuple[str, str], tuple[float, float]] = {}
    rows: dict[str, list[float]] = {}
    for name, found_picks in picks.items():
        gains = []
        for pos, r in zip(found, found_picks, strict=True):
            move: Action = r["order"][r["pick"]]
            kept: Action = r["order"][0]
            if r["pick"] == 0:
                gains.append(0.0)
                continue
            key = (pos["key"], move.key)
            if key not in judged:
                judged[key] = keyed_gain(game, pos["state"], pos["seat"], move, kept, args.judge)
            gains.append(judged[key][0])
        rows[name] = gains
        print(f"judged: {name} ({len(judged)} switches so far)", flush=True)
    ref = rows[first_name]
    errors = sorted(se for _, se in judged.values())
    if errors:
        print(
            f"judge's standard error per switch: median {quantile(errors, 0.5):.4f}, max {errors[-1]:.4f}"
        )
    print(
        f"{'variant':<14} switches  widened  mean gain (s.e.)    of switches (s.e., n)"
        f"   vs {first_name} (s.e.)   cpu med / p95 / max"
    )
    report = {}
    for name, gains in rows.items():
        ps = picks[name]
        sw = [g for g, r in zip(gains, ps, strict=True) if r["pick"] != 0]
        wide = sum(1 for r in ps if r["pick"] >= r["first"])
        mean, se = summary(gains)
        smean, sse = summary(sw) if sw else (0.0, 0.0)
        dmean, dse = summary([g - f for g, f in zip(gains, ref, strict=True)])
        cpu = sorted(r["cpu"] for r in ps)
        cpus = (quantile(cpu, 0.5), quantile(cpu, 0.95), cpu[-1])
        print(
            f"{name:<14} {len(sw):>3}/{len(gains):<4} {wide:>5}   {mean:+.4f} ({se:.4f})"
            f"     {smean:+.4f} ({sse:.4f}, {len(sw)})    {dmean:+.4f} ({dse:.4f})"
            f"     {cpus[0]:.2f} / {cpus[1]:.2f} / {cpus[2]:.2f}"
        )
        report[name] = {"gains": gains, "cpu": cpu, "switches": len(sw), "widened": wide}
    if args.out:
        detail = [
            {
                "key": pos["key"],
                "judged": {m: list(v) for (k, m), v in judged.items() if k == pos["key"]},
                "picks": {
                    name: {
                        "move": r["order"][r["pick"]].key,
                        "kept": r["order"][0].key,
                        "rank": r["pick"],
                        "first": r["first"],
                        "compared": len(r["order"]),
                        "z": _z(r),
                        "sums": [r["diff"], r["square"], r["count"]],
                    }
                    for name, ps in picks.items()
                    for r in [ps[i]]
                },
            }
            for i, pos in enumerate(found)
        ]
        args.out.write_text(
            json.dumps(
                {
                    "args": vars(args) | {"out": str(args.out)},
                    "summary": report,
                    "positions": detail,
                }
            )
        )
    return 0


def _z(r: dict[str, Any]) -> float:
    """How many standard errors the pick beat the kept move by (0 for the kept move)."""
    i = r["pick"]
    n = r["count"][i]
    if i == 0 or n < 2:
        return 0.0
    mean = r["diff"][i] / n
    var = max(r["square"][i] / n - mean * mean, 1e-6)
    return mean / math.sqrt(var / n)


def combine(paths: list[Path]) -> None:
    """The table over several ``--out`` files (same variants), with the switches split by
    kind: a widened move (ranked below the starting candidates) or not, and by move name."""
    runs = [json.loads(p.read_text()) for p in paths]
    names = list(runs[0]["summary"])
    gains = {n: [g for r in runs for g in r["summary"][n]["gains"]] for n in names}
    cpu = {n: sorted(c for r in runs for c in r["summary"][n]["cpu"]) for n in names}
    found = [pos for r in runs for pos in r["positions"]]
    ref = gains[names[0]]
    print(f"{len(found)} positions from {', '.join(str(p) for p in paths)}")
    for n in names:
        sw = [(g, pos["picks"][n]) for g, pos in zip(gains[n], found, strict=True)]
        sw = [(g, p) for g, p in sw if p["rank"] != 0]
        mean, se = summary(gains[n])
        dmean, dse = summary([g - f for g, f in zip(gains[n], ref, strict=True)])
        smean, sse = summary([g for g, _ in sw]) if sw else (0.0, 0.0)
        c = cpu[n]
        print(
            f"{n:<16} switches {len(sw):>3}/{len(found)}  all {mean:+.4f} ({se:.4f})"
            f"  switches {smean:+.4f} ({sse:.4f})  vs {names[0]} {dmean:+.4f} ({dse:.4f})"
            f"  cpu {quantile(c, 0.5):.2f} / {quantile(c, 0.95):.2f} / {c[-1]:.2f}"
        )
        groups: dict[str, list[float]] = {}
        for g, p in sw:
            kind = "widened" if p["rank"] >= p["first"] else "top"
            groups.setdefault(kind, []).append(g)
            groups.setdefault(json.loads(p["move"]).get("name", "?"), []).append(g)
        for kind, gs in sorted(groups.items(), key=lambda x: -len(x[1])):
            m, s = summary(gs)
            print(f"    {kind:<22} n {len(gs):>3}  mean {m:+.4f} ({s:.4f})")


if __name__ == "__main__":
    sys.exit(main())
