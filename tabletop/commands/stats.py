"""``tabletop stats``: the statistics of the finished games the app has recorded."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

NAME = "stats"
HELP = "print games, wins, average and best score per player and game, by AI level faced"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, --all, --file."""
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--all", action="store_true", help="list AI seats too")
    parser.add_argument(
        "--file", type=Path, help="a record database (default: the app's, in the data folder)"
    )


def _game_name(game_id: str) -> str:
    from tabletop import registry

    try:
        return registry.get(game_id).info.name
    except KeyError:
        return game_id


def run(args: argparse.Namespace) -> int:
    """Print one table per game."""
    from tabletop.controller.history.records import Records, RecordsError, not_a_record
    from tabletop.controller.history.stats import format_table, player_stats

    if args.file is not None:
        if not args.file.exists():
            print(f"tabletop stats: no record database at {args.file}", file=sys.stderr)
            return 2
        why = not_a_record(args.file)
        if why:
            print(f"tabletop stats: {args.file} was left as it is: {why}.", file=sys.stderr)
            return 2
    try:
        with Records(args.file) as records:
            if records.note:
                print(f"tabletop stats: {records.note}", file=sys.stderr)
            stats = player_stats(records, include_ai=args.all)
            total = len(records.recent(1 << 30, args.game)) if args.game else records.count()
    except (RecordsError, sqlite3.Error, OSError) as e:
        print(f"tabletop stats: the record could not be read: {e}", file=sys.stderr)
        return 2
    if args.game:
        stats = [s for s in stats if s.game == args.game]
    print(format_table(stats, _game_name))
    if total:
        print(f"\n{total} finished game{'s' * (total != 1)} recorded.")
    return 0
