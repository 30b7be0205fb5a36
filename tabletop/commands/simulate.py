"""``tabletop simulate GAME``: headless games between AI seats, with statistics and a log."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from contextlib import ExitStack
from typing import Any

from tabletop import registry
from tabletop.engine import DataError
from tabletop.safe_read import not_a_file_to_write
from tabletop.tools.progress import ProgressBar
from tabletop.tools.sim import SimulationError, parse_options, simulate

NAME = "simulate"
HELP = "play headless games between AI seats and print statistics"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME, --players, --games, --seed, --option, --ai, --log, --json, --progress."""
    parser.add_argument("game", help="the game id (see `tabletop list`)")
    parser.add_argument("--players", "-p", type=int, required=True, help="number of seats")
    parser.add_argument("--games", "-n", type=int, default=1, help="games to play (default 1)")
    parser.add_argument("--seed", "-s", type=int, default=0, help="game i uses seed SEED+i")
    parser.add_argument(
        "--ai-seed",
        type=int,
        default=None,
        help="seeds the agents' generators, independently of the deals (default: drawn afresh "
        "and printed; give it again to replay the same games)",
    )
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable)",
    )
    parser.add_argument(
        "--ai",
        default="random",
        metavar="KIND[,KIND...]",
        help="agent kind per seat, cycled (random, greedy, or a game's levels)",
    )
    parser.add_argument("--log", metavar="FILE", help="write every action as JSON lines here")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )


def _fail(message: str) -> int:
    print(f"tabletop simulate: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run the games; exit 2 (one line, no traceback) for a bad set-up."""
    try:
        game = registry.get(args.game)
    except KeyError as e:
        return _fail(str(e.args[0]))
    except DataError as e:  # a game loads its card data when imported
        first = str(e).splitlines()[0]
        return _fail(f"a game's card data is invalid ({first}); see `tabletop validate`")
    if args.games < 1:
        return _fail(f"--games must be at least 1, not {args.games}")
    try:
        options = parse_options(game, args.option)
    except ValueError as e:
        return _fail(str(e))
    # a fixed default would be public: with it and the public deal seeds an agent could find
    # its game from its own generator and deal the hidden cards again
    ai_seed = secrets.randbits(63) if args.ai_seed is None else args.ai_seed
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = ProgressBar(args.games, sys.stderr) if show else None
    why = not_a_file_to_write(args.log) if args.log else ""
    if why:
        return _fail(f"cannot write the log {args.log}: it {why}")
    try:
        return _simulate(args, game, options, bar, ai_seed)
    except OSError as e:  # a full disk, a removed folder: one line, never a traceback
        return _fail(f"cannot write the log {args.log}: {e.strerror or e}")


def _simulate(
    args: argparse.Namespace, game: Any, options: dict[str, Any], bar: Any, ai_seed: int
) -> int:
    with ExitStack() as stack:
        log = None
        if args.log:
            try:
                log = stack.enter_context(open(args.log, "w", encoding="utf-8"))
            except OSError as e:
                return _fail(f"cannot write the log {args.log}: {e.strerror}")
        try:
            summary = simulate(
                game,
                args.players,
                args.games,
                args.seed,
                options,
                args.ai.split(","),
                log=log,
                progress=bar.update if bar else None,
                ai_seed=ai_seed,
            )
        except ValueError as e:
            return _fail(str(e))
        except SimulationError as e:
            if bar:
                sys.stderr.write("\n")
            print(f"tabletop simulate: {e}", file=sys.stderr)
            return 1
    if bar:
        bar.close(summary.games)
    if args.json:
        print(json.dumps({**summary.to_json(), "ai_seed": ai_seed}, indent=2))
    else:
        print(summary.table())
        print(f"seeds: --seed {args.seed} --ai-seed {ai_seed}")
    return 0
