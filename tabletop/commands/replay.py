"""``tabletop replay FILE``: replay a simulation log and check every view and the scores."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tabletop import registry
from tabletop.engine import DataError
from tabletop.safe_read import MB, FileProblem, text_lines
from tabletop.tools.sim import LogError, replay_log

MAX_LOG_BYTES = 256 * MB  # a thousand logged games of the longest game fit well under it
MAX_LINE_BYTES = 8 * MB

NAME = "replay"
HELP = "replay a `tabletop simulate --log` file and check that it reproduces exactly"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """FILE."""
    parser.add_argument("file", type=Path, help="a log written by `tabletop simulate --log`")


def run(args: argparse.Namespace) -> int:
    """One verdict line per game; 1 on any mismatch, 2 for an unreadable log."""
    try:
        verdicts = replay_log(text_lines(args.file, MAX_LOG_BYTES, MAX_LINE_BYTES), registry.get)
    except FileProblem as e:
        print(f"tabletop replay: cannot read {args.file}: it {e.problem}", file=sys.stderr)
        return 2
    except LogError as e:
        print(f"tabletop replay: {args.file}: {e}", file=sys.stderr)
        return 2
    except KeyError as e:
        print(f"tabletop replay: {e.args[0]}", file=sys.stderr)
        return 2
    except DataError as e:  # a game loads its card data when imported
        first = str(e).splitlines()[0]
        print(f"tabletop replay: a game's card data is invalid ({first})", file=sys.stderr)
        return 2
    for v in verdicts:
        print(v.line())
    bad = sum(not v.ok for v in verdicts)
    n = len(verdicts)
    print(f"{n} game{'s' * (n != 1)} replayed, {bad} mismatched")
    return 1 if bad else 0
