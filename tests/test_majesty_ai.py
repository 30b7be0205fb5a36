"""The greedy Majesty agent: decides from the view only, and beats random play."""

from __future__ import annotations

import pytest
from majesty_support import CAT

from tabletop.ai.base import make_agent
from tabletop.engine import Rng, state_digest
from tabletop.games.majesty import GAME


def _permute_hidden(s, rng: Rng):
    """A copy whose face-down cards (deck and box) are reshuffled within each tier."""
    c = GAME.copy(s)
    hidden = c.deck + c.box
    for tier in (1, 2):
        spots = [i for i, card in enumerate(hidden) if CAT.tiers[card] == tier]
        cards = [hidden[i] for i in spots]
        rng.shuffle(cards)
        for i, card in zip(spots, cards, strict=True):
            hidden[i] = card
    c.deck, c.box = hidden[: len(c.deck)], hidden[len(c.deck) :]
    return c


@pytest.mark.fairness
def test_greedy_choice_ignores_the_hidden_deck_order() -> None:
    greedy = make_agent("greedy", GAME)
    checked = changed = 0
    for seed in range(12):
        players = 2 + seed % 3
        s = GAME.new_game(players, seed, {"sides": "AB"[seed % 2]})
        pick = Rng(seed)
        for step in range(40):
            if GAME.is_over(s):
                break
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            if step % 5 == 0:
                other = _permute_hidden(s, Rng(seed * 100 + step))
                changed += state_digest(GAME, other) != state_digest(GAME, s)
                view = GAME.view(s, seat)
                assert GAME.view(other, seat) == view
                a = greedy.choose(GAME, view, seat, legal, Rng(step))
                b = greedy.choose(
                    GAME, GAME.view(other, seat), seat, GAME.legal_actions(other, seat), Rng(step)
                )
                assert a == b
                checked += 1
            GAME.apply(s, seat, pick.choice(legal))
    assert checked >= 80 and changed >= checked // 2


def test_greedy_beats_random_clearly() -> None:
    greedy, rand = make_agent("greedy", GAME), make_agent("random", GAME)
    games, wins, margin = 100, 0, 0
    for seed in range(games):
        s = GAME.new_game(2, 500 + seed, {"sides": "AB"[seed % 2]})
        rng = Rng(seed)
        me = seed % 2
        while not GAME.is_over(s):
            (seat,) = GAME.to_act(s)
            agent = greedy if seat == me else rand
            action = agent.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng)
            GAME.apply(s, seat, action)
        wins += GAME.winners(s) == [me]
        margin += s.scores[me] - s.scores[1 - me]
    assert wins >= 75, wins
    assert margin / games > 20


def test_greedy_answers_follow_up_decisions() -> None:
    from majesty_support import build, take

    s = build(
        sides="B",
        realms={0: {"noble": ["noble"]}},
        display=["noble", "guard", "guard", "miller", "miller", "witch"],
        meeples=[1, 5],
        scores=[6, 0],
    )
    take(s, 0, "noble")
    greedy = make_agent("greedy", GAME)
    legal = GAME.legal_actions(s, 0)
    choice = greedy.choose(GAME, GAME.view(s, 0), 0, legal, Rng(1))
    assert choice.name == "buy"  # a meeple is worth more than a point when you hold one
    s = build(
        realms={0: {"infirmary": ["miller-brewer"], "miller": ["miller"]}},
        display=["witch", "guard", "guard", "miller", "noble", "noble"],
    )
    take(s, 0, "witch")
    legal = GAME.legal_actions(s, 0)
    choice = greedy.choose(GAME, GAME.view(s, 0), 0, legal, Rng(1))
    assert choice["character"] == "brewer"  # a new location adds variety
