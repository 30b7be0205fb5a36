"""``tabletop validate [DIR]``: check the card data of every game (or of one game folder)."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Any

from tabletop.engine import DataError, resources
from tabletop.engine.data import load_game_data
from tabletop.engine.data.loader import game_folders
from tabletop.engine.data.spec import flatten

NAME = "validate"
HELP = "check the card data (game.yaml, cards.yaml, layout.yaml) of every game"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``DIR`` (a data folder or one game folder) and ``--no-art``."""
    parser.add_argument(
        "dir",
        nargs="?",
        type=Path,
        help="a data folder holding game folders, or one game folder (default: the shipped data)",
    )
    parser.add_argument("--no-art", action="store_true", help="do not check that art files exist")


def folders_to_check(target: Path) -> list[Path]:
    """One game folder if ``target`` holds a game.yaml, else its game sub-folders."""
    if os.path.lexists(target / "game.yaml"):  # even when it is not a file: say so below
        return [target]
    return game_folders(target)


def game_checks(data: Any) -> list[str]:
    """What the game's own set-up would refuse in ``data``: a game whose ``data`` module
    defines ``check_data(data) -> list[str]`` runs the same check when it sets up."""
    try:
        module = importlib.import_module(f"tabletop.games.{data.game.id}.data")
    except ImportError:
        return []
    check = getattr(module, "check_data", None)
    return list(check(data)) if callable(check) else []


def run(args: argparse.Namespace) -> int:
    """Print one OK line per valid game and every problem of the others; 1 if any."""
    target: Path = args.dir if args.dir is not None else resources.data_dir()
    if not target.is_dir():
        print(f"tabletop validate: {target}: no such folder", file=sys.stderr)
        return 2
    folders = folders_to_check(target)
    if not folders:
        print(f"tabletop validate: {target}: no game folders found", file=sys.stderr)
        return 1
    bad = 0
    for folder in folders:
        try:
            data = load_game_data(folder=folder, check_art=not args.no_art)
        except DataError as e:
            bad += 1
            problems = flatten(e)
            print(f"FAIL {folder.name}: {len(problems)} problem{'s' * (len(problems) != 1)}")
            for p in problems:
                print(f"  {p}")
            continue
        except (OSError, RecursionError, MemoryError) as e:  # no traceback for any file
            bad += 1
            print(f"FAIL {folder.name}: 1 problem")
            print(f"  {folder}: could not be read ({type(e).__name__}: {e})")
            continue
        own = game_checks(data)
        if own:  # what the game's set-up would refuse: the same check, run here
            bad += 1
            print(f"FAIL {folder.name}: {len(own)} problem{'s' * (len(own) != 1)}")
            for p in own:
                print(f"  {p}")
            continue
        copies = sum(c.count for c in data.cards.values())
        print(
            f"OK   {folder.name}: {data.game.name}, {len(data.cards)} card definitions "
            f"({copies} cards), {len(data.layout.zones)} zones"
        )
    if len(folders) > 1:
        print(f"{len(folders)} games checked, {bad} with problems")
    return 1 if bad else 0
