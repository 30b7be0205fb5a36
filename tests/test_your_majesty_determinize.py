"""Your Majesty's determinize keeps what the set-up made public: the same number of
philosophes removed from each muse, none of them a card the seat has seen."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine import Rng
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import MUSES, PHIL_REMOVALS, catalog


def _played(players: int, seed: int, steps: int) -> object:
    s = GAME.new_game(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if GAME.is_over(s):
            break
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_sample_removes_the_set_up_count_of_each_muse(players: int) -> None:
    cat = catalog()
    s = _played(players, seed=players, steps=60)
    seat = GAME.to_act(s)[0]
    view = GAME.view(s, seat)
    seen_removals = set()
    for i in range(50):
        t = GAME.determinize(view, seat, Rng(i))
        per_muse = Counter(cat.phils[p].muse for p in t.phil_removed)
        assert per_muse == {m: PHIL_REMOVALS[players] for m in MUSES}, per_muse
        assert not set(t.phil_removed) & (set(t.phil_deck) | set(t.phil_discard) | set(t.dead))
        assert sorted(t.phil_removed + t.phil_deck) == sorted(s.phil_removed + s.phil_deck)
        seen_removals.add(tuple(sorted(t.phil_removed)))
    assert len(seen_removals) > 40  # really re-dealt, not copied from the true state
