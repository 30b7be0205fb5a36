"""High Card's catalogue, read from its data folder once: uids, backs and values by card."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tabletop.engine.data import GameData, load_game_data

GAME_ID = __name__.split(".")[-2]  # the package's name is the id (and the data folder's)
FOLDER = Path(__file__).resolve().parent  # (a shipped game: ``shipped_data(GAME_ID)``)


@cache
def data() -> GameData:
    """The validated data folder."""
    return load_game_data(folder=FOLDER, check_art=False)


@cache
def uids() -> tuple[str, ...]:
    """Each card's uid (its id: one copy of each card)."""
    return tuple(data().cards)


@cache
def values() -> tuple[int, ...]:
    """Each card's worth."""
    return tuple(c.attrs["value"] for c in data().cards.values())


@cache
def index() -> dict[str, int]:
    """A card's number from its uid."""
    return {u: i for i, u in enumerate(uids())}
