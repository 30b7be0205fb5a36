"""The game registry: every package under ``tabletop.games`` that exports ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import tabletop.games
from tabletop.engine.game import Game


@cache
def games() -> dict[str, Game]:
    """All registered games by id, in menu order (by name)."""
    found: dict[str, Game] = {}
    for mod in pkgutil.iter_modules(tabletop.games.__path__):
        if not mod.ispkg:
            continue
        module = importlib.import_module(f"tabletop.games.{mod.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.info.id] = game
    return dict(sorted(found.items(), key=lambda kv: kv[1].info.name))


def get(game_id: str) -> Game:
    """The game with this id; raises ``KeyError`` with the known ids."""
    all_games = games()
    if game_id not in all_games:
        known = ", ".join(all_games) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})")
    return all_games[game_id]
