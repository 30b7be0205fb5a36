"""A game's validated data (``data/<id>/``), loaded once per process."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game

_DATA: dict[tuple[str, str], Any] = {}


def game_data(game: Game) -> Any:
    """The validated ``data/<id>/`` of a game, loaded once per process.

    A game may keep its data elsewhere by naming the folder in ``data_folder``.
    """
    from tabletop.engine.data import load_game_data, shipped_data

    folder = getattr(game, "data_folder", None)
    if folder is None:
        return shipped_data(game.info.id)
    key = (game.info.id, str(folder))
    if key not in _DATA:
        _DATA[key] = load_game_data(game.info.id, folder=folder)
    return _DATA[key]
