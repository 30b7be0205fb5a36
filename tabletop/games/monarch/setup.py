"""Setting up a new game: the 3×3 land board, the market row, the banners, the first sister."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Rng
from tabletop.engine.decisions import turn
from tabletop.games.monarch.data import (
    CARDS,
    GRID,
    MOON,
    ROW_SIZE,
    START_FOOD,
    START_GOLD,
    catalog,
)
from tabletop.games.monarch.state import TURN_STEP, MonarchState


def new_state(players: int, seed: int, options: dict[str, Any]) -> MonarchState:
    """A fresh game: nine boards dealt, the row of five (a Moon dealt now is discarded and
    replaced, MO8), 5 food and 5 gold each, a random first sister (MO1)."""
    cat = catalog()  # builds the per-card lists set-up and the zones read
    rng = Rng(seed)
    boards = list(cat.boards)
    rng.shuffle(boards)
    lands = [[b] for b in boards[:GRID]]
    box = sorted(boards[GRID:])
    deck = list(cat.market)
    rng.shuffle(deck)
    row: list[int] = []
    discard: list[int] = []
    while len(row) < ROW_SIZE and deck:
        card = deck.pop()
        (discard if CARDS[card].kind == MOON else row).append(card)
    banners_on = bool(options.get("banners", True))
    pool = list(cat.banners) if banners_on else []
    if not banners_on:
        box += cat.banners
    first = rng.randrange(players)
    return MonarchState(
        players=players,
        rng=rng,
        banners_on=banners_on,
        deck=deck,
        row=row,
        discard=discard,
        box=box,
        lands=lands,
        pool=pool,
        courts=[[] for _ in range(players)],
        guests=[[] for _ in range(players)],
        flown=[[] for _ in range(players)],
        moon=[],
        food=[START_FOOD] * players,
        gold=[START_GOLD] * players,
        first=first,
        stack=[turn(TURN_STEP, first)],
    )
