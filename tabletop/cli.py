"""The ``tabletop`` command: the app with no arguments, tools as sub-commands.

Each sub-command is a module in :mod:`tabletop.commands` with ``NAME``, ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int``; new commands need no edit here.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import tabletop


def _commands() -> dict[str, object]:
    import tabletop.commands

    found = {}
    for mod in pkgutil.iter_modules(tabletop.commands.__path__):
        module = importlib.import_module(f"tabletop.commands.{mod.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            found[module.NAME] = module
    return dict(sorted(found.items()))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every discovered sub-command."""
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="A card table for court-themed card games. Run without a command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {tabletop.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in _commands().items():
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)  # type: ignore[attr-defined]
        module.add_arguments(p)  # type: ignore[attr-defined]
        p.set_defaults(_run=module.run)  # type: ignore[attr-defined]
    return parser


def _app() -> int:
    try:
        from tabletop.ui.app import main as run_app
    except ImportError as e:  # pygame is missing
        print(f"tabletop: the table app could not start: {e}", file=sys.stderr)
        return 1
    return int(run_app() or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script and of ``python -m tabletop``."""
    if getattr(sys, "frozen", False):  # a frozen bundle started as the AI worker runs it here
        import multiprocessing

        multiprocessing.freeze_support()
    if not (sys.argv[1:] if argv is None else argv):
        return _app()  # the window at once: no sub-command (nor what it imports) is loaded
    args = build_parser().parse_args(argv)
    if args.command is None:
        return _app()
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
