"""Setting up a new game: the two decks shuffled, a Royal and seven cards each (M29)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Rng
from tabletop.games.mayflower.data import START_HAND, START_HP, catalog
from tabletop.games.mayflower.state import MayflowerState


def new_state(players: int, seed: int, options: dict[str, Any]) -> MayflowerState:
    """A fresh game before its first Court phase (the flow then runs it)."""
    from tabletop.games.mayflower.flow import deal, settle

    cat = catalog()  # builds the per-card lists the zones read
    rng = Rng(seed)
    numbers = list(cat.numbers)
    court = list(cat.court)
    rng.shuffle(numbers)
    rng.shuffle(court)
    n = players
    s = MayflowerState(
        players=n,
        rng=rng,
        favours_on=bool(options.get("favours", True)),
        numbers=numbers,
        court=court,
        hands=[[] for _ in range(n)],
        royals=[[] for _ in range(n)],
        diamonds=[[] for _ in range(n)],
        forts=[[] for _ in range(n)],
        fronts=[[] for _ in range(n)],
        heals=[[] for _ in range(n)],
        spent=[],
        gone=[],
        hp=[START_HP] * n,
        out=[0] * n,
        stack=[],
        by=[-1] * cat.size,
        boosted_club=[False] * n,
        boosted_spade=[False] * n,
        power_used=[False] * n,
        two_list=n == 2,
    )
    deal(s, START_HAND, [])
    settle(s, [])
    return s
