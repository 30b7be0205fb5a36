"""Your Majesty's determinize keeps what the set-up made public: the same number of
philosophes removed from each muse, none of them a card the seat has seen; and it deals
every unseen card everywhere it may lie."""

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


def test_every_unseen_card_is_dealt_everywhere_it_may_lie() -> None:
    """Each unseen philosophe is sometimes removed and sometimes in the deck; each unseen
    action card sometimes in the rival's hand and at every third of the deck."""
    cat = catalog()
    s = _played(2, seed=7, steps=20)
    seat = GAME.to_act(s)[0]
    assert len(s.hands[1 - seat]) == 3 and len(s.deck) > 40  # (what the test needs)
    view = GAME.view(s, seat)
    removed: Counter[int] = Counter()
    hand: Counter[int] = Counter()
    thirds: dict[int, set[int]] = {}
    runs = 600
    for i in range(runs):
        t = GAME.determinize(view, seat, Rng(1000 + i))
        removed.update(t.phil_removed)
        hand.update(t.hands[1 - seat])
        for k, c in enumerate(t.deck):
            thirds.setdefault(c, set()).add(3 * k // len(t.deck))
    unseen_phils = set(s.phil_removed) | set(s.phil_deck)
    for p in unseen_phils:
        assert 0 < removed[p] < runs, (p, removed[p])
    unseen_actions = set(s.hands[1 - seat]) | set(s.deck)
    unseen_actions.discard(cat.reshuffle)
    for c in unseen_actions:
        assert hand[c] > 0, c
        assert thirds[c] == {0, 1, 2}, (c, thirds[c])
    assert cat.reshuffle not in thirds  # (never dealt before the first deck runs out)


def test_reshuffle_lies_anywhere_in_a_dealt_deck() -> None:
    """Once Reshuffle is in the deck, a determinized deck has it in every third."""
    resh = catalog().reshuffle
    s = _played(2, seed=1, steps=180)
    assert resh in s.deck and len(s.deck) > 40  # (what the test needs)
    seat = GAME.to_act(s)[0]
    view = GAME.view(s, seat)
    at = set()
    for i in range(300):
        deck = GAME.determinize(view, seat, Rng(i)).deck
        at.add(3 * deck.index(resh) // len(deck))
    assert at == {0, 1, 2}
