"""``tabletop list``: the games, their player ranges and options."""

from __future__ import annotations

import argparse

from tabletop import registry

NAME = "list"
HELP = "list the games, their player ranges and options"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No arguments."""


def run(args: argparse.Namespace) -> int:
    """Print one block per game."""
    for game in registry.games().values():
        info = game.info
        print(
            f"{info.id:14} {info.name}  ({info.min_players}–{info.max_players} players, {info.information} information)"
        )
        for o in info.options:
            choices = f" [{' | '.join(map(str, o.choices))}]" if o.choices else f" ({o.kind})"
            print(f"{'':16}--option {o.key}=…{choices} default {o.default!r}: {o.label}")
    for name, reason in registry.broken().items():
        print(f"{name:14} cannot be played: {reason}")
    return 0
