"""``tabletop schema``: JSON Schema (draft 2020-12) for game.yaml, cards.yaml and layout.yaml."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tabletop.engine import DataError, resources
from tabletop.engine.data import load_game_data
from tabletop.engine.data.schemas import all_schemas
from tabletop.safe_read import not_a_file_to_write

NAME = "schema"
HELP = "print or write the JSON Schema of the card-data files (for editors and CI)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--out DIR``, ``--game ID`` and an optional file to print."""
    parser.add_argument(
        "file",
        nargs="?",
        choices=("game", "cards", "layout"),
        help="print only this file's schema (default: all, as one JSON object by file name)",
    )
    parser.add_argument("--out", type=Path, metavar="DIR", help="write *.schema.json files here")
    parser.add_argument(
        "--game",
        metavar="ID",
        help="also give a cards schema narrowed to this game's card_fields "
        "(an id of the shipped data, or a game folder)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the schemas, or write them to ``--out``."""
    data = None
    if args.game:
        folder = Path(args.game)
        if not (folder / "game.yaml").is_file():
            folder = resources.data_dir() / args.game
        if not folder.is_dir():
            print(f"tabletop schema: unknown game {args.game!r} (no data folder)", file=sys.stderr)
            return 2
        try:
            data = load_game_data(folder=folder, check_art=False)
        except DataError as e:
            print(f"tabletop schema: the data of {args.game} is not valid:\n{e}", file=sys.stderr)
            return 1
    schemas = all_schemas(data)
    if args.out is not None:
        if os.path.lexists(args.out) and not args.out.is_dir():
            print(f"tabletop schema: {args.out} is not a folder", file=sys.stderr)
            return 2
        try:
            args.out.mkdir(parents=True, exist_ok=True)
            for name, doc in schemas.items():
                why = not_a_file_to_write(args.out / name)
                if why:
                    raise OSError(0, f"{args.out / name} {why}")
                (args.out / name).write_text(
                    json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
                )
                print(args.out / name)
        except OSError as e:
            print(
                f"tabletop schema: cannot write to {args.out}: {e.strerror or e}", file=sys.stderr
            )
            return 2
        return 0
    if args.file:
        key = f"{args.file}.{data.game.id}.schema.json" if data and args.file == "cards" else None
        doc = schemas[key or f"{args.file}.schema.json"]
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    print(json.dumps(schemas, indent=2, ensure_ascii=False))
    return 0
