"""``tabletop tournament``: seat-rotated AI matches with win rates and timings."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from pathlib import Path

from tabletop import registry
from tabletop.ai.tournament import (
    format_report,
    records_to_json,
    run_matches,
    schedule,
    summarize,
)
from tabletop.tools.progress import ProgressBar

NAME = "tournament"
HELP = "play AI against AI, seats rotated, and report win rates, scores and decision times"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Game, players, number of games, agents, processes, options, output."""
    parser.add_argument("game", help="game id (see `tabletop list`)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument("--games", type=int, default=20, help="matches to play")
    parser.add_argument(
        "--ai",
        default="hard,random",
        help="comma-separated agents, one per seat (the last fills the rest): "
        "random, easy, normal, hard, greedy, mcts:N[:CUTOFF[:r]]",
    )
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument(
        "--ai-seed",
        type=int,
        default=None,
        help="seeds the agents, independently of the deals (default: drawn afresh and printed; "
        "give it again to replay the same tournament)",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--balance", action="store_true", help="first-seat advantage, length, card figures"
    )
    parser.add_argument(
        "--chart",
        type=Path,
        metavar="PNG",
        help="with --balance: where to write the chart of first-seat edge and score spread "
        "(default: balance-GAME-Np.png in the current folder; never over an existing file)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--records", action="store_true", help="with --json: every match too")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _chart_path(args: argparse.Namespace, game_id: str) -> Path | None:
    """Where the balance chart goes: ``--chart`` if that file does not exist yet (else None),
    or the first free ``balance-GAME-Np[-k].png`` in the current folder."""
    if args.chart is not None:
        return None if os.path.lexists(args.chart) else args.chart
    base = f"balance-{game_id}-{args.players}p"
    path, k = Path(f"{base}.png"), 1
    while os.path.lexists(path):
        k += 1
        path = Path(f"{base}-{k}.png")
    return path


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the report."""
    try:
        game = registry.get(args.game)
    except KeyError as e:
        print(f"tabletop tournament: {e.args[0]}", file=sys.stderr)
        return 2
    info = game.info
    if not info.min_players <= args.players <= info.max_players:
        print(
            f"tabletop tournament: {info.name} takes {info.min_players}–{info.max_players} players",
            file=sys.stderr,
        )
        return 2
    try:
        options = info.resolve_options(dict(o.split("=", 1) for o in args.option))
    except ValueError as e:
        print(f"tabletop tournament: {e}", file=sys.stderr)
        return 2
    kinds = [k.strip() for k in args.ai.split(",") if k.strip()]
    from tabletop.ai import make_agent

    try:
        for k in set(kinds):
            make_agent(k, game)
    except ValueError as e:
        print(f"tabletop tournament: {e}", file=sys.stderr)
        return 2
    chart = _chart_path(args, info.id) if args.balance else None
    if args.balance and chart is None:
        print(
            f"tabletop tournament: {args.chart} exists; name another file for the chart "
            "(nothing is overwritten)",
            file=sys.stderr,
        )
        return 2
    jobs = max(1, min(args.jobs, os.cpu_count() or 1, args.games))
    ai_seed = secrets.randbits(63) if args.ai_seed is None else args.ai_seed
    specs = schedule(game, args.players, args.games, kinds, args.seed, options, ai_seed)
    show = not args.quiet and sys.stderr.isatty()  # never "\r" bars into a file or pipe
    bar = ProgressBar(len(specs), sys.stderr) if show else None
    records, wall = run_matches(
        specs, jobs, (lambda done, _n, _t: bar.update(done)) if bar else None
    )
    if bar:
        bar.close(len(records))
    summary = summarize(records, wall, args.players, args.balance)
    summary["game"] = info.id
    summary["ai"] = kinds
    summary["jobs"] = jobs
    summary["seed"] = args.seed
    summary["ai_seed"] = ai_seed
    if chart is not None:
        try:
            from tabletop.ui.balance_chart import write

            write(records, args.players, chart, f"{info.name}: {' vs '.join(kinds)}")
            summary["chart"] = str(chart)
        except (OSError, ImportError) as e:
            print(f"tabletop tournament: the chart could not be written: {e}", file=sys.stderr)
    if args.json:
        if args.records:
            summary["records"] = records_to_json(records)
        print(json.dumps(summary, indent=2))
    else:
        print(format_report(summary, f"{info.name}: {' vs '.join(kinds)}"))
        print(f"seeds: --seed {args.seed} --ai-seed {ai_seed}")
        if "chart" in summary:
            print(f"chart: {summary['chart']}")
    return 0
