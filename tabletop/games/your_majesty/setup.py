"""A new game: the removals per player count, the decks and the starting hands."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from tabletop.engine import Rng
from tabletop.games.your_majesty.data import HAND, MUSES, NAMES, PHIL_REMOVALS, catalog
from tabletop.games.your_majesty.state import Court, YMState, turn_frame


def new_state(players: int, seed: int, options: dict[str, Any]) -> YMState:
    """Shuffle, remove cards for the player count, deal four cards each."""
    cat = catalog()
    rng = Rng(seed)
    colonies = list(range(len(cat.colonies)))
    rng.shuffle(colonies)
    removed_col: list[int] = []
    if players < 6:
        # "remove every N-th colony" of the shuffled row
        removed_col = sorted(colonies[players - 1 :: players])
        colonies = sorted(c for c in colonies if c not in removed_col)
    else:
        colonies.sort()
    phil_removed: list[int] = []
    phils: list[int] = []
    for muse in MUSES:
        group = [i for i, p in enumerate(cat.phils) if p.muse == muse]
        rng.shuffle(group)
        k = PHIL_REMOVALS[players]
        phil_removed += group[:k]
        phils += group[k:]
    rng.shuffle(phils)
    rng.shuffle(phil_removed)
    deck = [i for i in range(len(cat.actions)) if i != cat.reshuffle]
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
    first = rng.randrange(players)
    return YMState(
        players=players,
        rng=rng,
        options=MappingProxyType(dict(options)),
        names=NAMES[:players],
        deck=deck,
        stack=[turn_frame(first)],
        phil_deck=phils,
        phil_removed=phil_removed,
        colonies_removed=removed_col,
        colonies=colonies,
        reforms=list(range(len(cat.reforms))),
        hands=hands,
        courts=[Court() for _ in range(players)],
        first=first,
    )
