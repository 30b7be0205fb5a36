"""The game registry: every package under ``tabletop.games`` that exports ``GAME``.

A game's id is its package name.  A game whose package fails to import or whose data fails
to load is left out and reported (``broken()``), so one bad file never takes the other games
down with it.  Ids written with hyphens (``your-majesty``, from older saves) still resolve.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import tabletop.games
from tabletop.engine.game import Game


def _load() -> tuple[dict[str, Game], dict[str, str]]:
    found: dict[str, Game] = {}
    broken: dict[str, str] = {}
    for mod in pkgutil.iter_modules(tabletop.games.__path__):
        if not mod.ispkg:
            continue
        try:
            module = importlib.import_module(f"tabletop.games.{mod.name}")
            game = getattr(module, "GAME", None)
            if not isinstance(game, Game):
                continue
            game_id = game.info.id  # loads and validates the game's data
            getattr(game, "data", None)
        except Exception as e:  # a broken game: report it, keep the others
            broken[mod.name] = f"{type(e).__name__}: {e}" if not str(e) else str(e)
            continue
        if game_id != mod.name:
            broken[mod.name] = f"its id {game_id!r} differs from its package name {mod.name!r}"
            continue
        found[game_id] = game
    return dict(sorted(found.items(), key=lambda kv: kv[1].info.name)), broken


@cache
def _registry() -> tuple[dict[str, Game], dict[str, str]]:
    return _load()


def games() -> dict[str, Game]:
    """All playable games by id, in menu order (by name)."""
    return dict(_registry()[0])


def loaded() -> bool:
    """Whether the games have been found already (:func:`games` then answers at once)."""
    return _registry.cache_info().currsize > 0


def broken() -> dict[str, str]:
    """Games left out, by package name, with the reason (a data error, an import error)."""
    return dict(_registry()[1])


def normalise(game_id: str) -> str:
    """The id as the registry knows it (``your-majesty`` → ``your_majesty``)."""
    return game_id.replace("-", "_")


def get(game_id: str) -> Game:
    """The game with this id; raises ``KeyError`` saying why (unknown, or broken)."""
    all_games = games()
    key = normalise(game_id)
    if key in all_games:
        return all_games[key]
    bad = broken()
    if key in bad:
        raise KeyError(f"game {game_id!r} cannot be played: {bad[key]}")
    known = ", ".join(all_games) or "none"
    raise KeyError(f"unknown game {game_id!r} (known: {known})")


def reset() -> None:
    """Forget what was found (tests that break a game's data call this)."""
    _registry.cache_clear()
