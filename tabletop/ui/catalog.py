"""The games the menus offer and their data (``game.yaml``), from :mod:`tabletop.registry`.

A thin seam so the menus stay generic and tests can offer a fake game.
"""

from __future__ import annotations

from tabletop import registry
from tabletop.engine.data import GameData, shipped_data
from tabletop.engine.game import Game


def games() -> dict[str, Game]:
    """Every registered game by id, in menu order."""
    return registry.games()


def ready() -> bool:
    """Whether :func:`games` answers at once (the registry has been read)."""
    return registry.loaded()


def game_data(game_id: str) -> GameData:
    """The validated ``data/<id>/`` of a game (raises ``DataError`` with the file and field)."""
    return shipped_data(game_id)
