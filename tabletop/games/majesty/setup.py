"""Setting up a new game: sides, deck, display, worker cards."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Rng
from tabletop.engine.decisions import turn
from tabletop.games.majesty.data import (
    DISPLAY_SIZE,
    N_LOCATIONS,
    SET_ASIDE,
    START_MEEPLES,
    TIER_CARDS,
    catalog,
)
from tabletop.games.majesty.state import BREAKDOWN_FINAL, BREAKDOWN_PLAY, TAKE_STEP, MajestyState


def resolve_sides(options: dict[str, Any], rng: Rng) -> str:
    """The eight side letters chosen by the options (a random mix for an empty layout)."""
    sides = options.get("sides", "A")
    if sides in ("A", "B"):
        return sides * N_LOCATIONS
    layout = str(options.get("layout") or "").strip().upper()
    if not layout:
        return "".join("AB"[rng.randrange(2)] for _ in range(N_LOCATIONS))
    if len(layout) != N_LOCATIONS or set(layout) - {"A", "B"}:
        raise ValueError(
            f"option layout: expected {N_LOCATIONS} letters A or B (one per location), got {layout!r}"
        )
    return layout


def empty_gains() -> dict[str, int]:
    """A breakdown with every reason at zero."""
    return dict.fromkeys(BREAKDOWN_PLAY + BREAKDOWN_FINAL, 0)


def new_state(players: int, seed: int, options: dict[str, Any]) -> MajestyState:
    """A fresh game: shuffled deck, display of six, worker cards dealt, sides chosen."""
    catalog()  # builds the per-card lists set-up and the zones read
    rng = Rng(seed)
    sides = resolve_sides(options, rng)
    combined = bool(options.get("combined_deck", False))
    tier1, tier2 = list(TIER_CARDS[1]), list(TIER_CARDS[2])
    if combined:
        deck = tier1 + tier2
        rng.shuffle(deck)
        box: list[int] = []
    else:
        rng.shuffle(tier2)
        rng.shuffle(tier1)
        keep = SET_ASIDE[players]
        deck = tier2 + tier1[:keep]  # last = top, so the tier-1 cards lie on top
        box = sorted(tier1[keep:])
    display = [deck.pop() for _ in range(DISPLAY_SIZE)]
    first = rng.randrange(players)  # who was dealt the worker card with the Knight
    return MajestyState(
        players=players,
        rng=rng,
        sides=sides,
        combined=combined,
        deck=deck,
        display=display,
        display_meeples=[0] * len(display),
        box=box,
        realms=[[()] * N_LOCATIONS for _ in range(players)],
        meeples=[START_MEEPLES] * players,
        scores=[0] * players,
        gains=[empty_gains() for _ in range(players)],
        first=first,
        stack=[turn(TAKE_STEP, first)],
    )
