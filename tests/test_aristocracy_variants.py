"""Aristocracy's options as the rulebook has them: one deck in the shorter game."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import catalog


def test_the_shorter_game_uses_only_one_deck() -> None:
    short = GAME.new_game(4, 3, {"length": "shorter"})
    cards = Counter(short.card_of)
    assert len(short.card_of) == 49 and set(cards.values()) == {1}
    assert not {"kd", "qd", "jd"} & set(cards)  # the phase marker
    assert set(cards) == set(catalog()) - {"kd", "qd", "jd"}
    again = GAME.determinize(GAME.view(short, 1), 1, Rng(5))  # a search re-deals one deck
    assert sorted(again.card_of) == sorted(short.card_of)
    for length in ("standard", "longer"):
        assert len(GAME.new_game(4, 3, {"length": length}).card_of) == 101


def test_a_deal_too_big_for_one_deck_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="too many for 49 cards"):
        GAME.new_game(5, 1, {"length": "shorter", "hand_size": "10"})
    assert len(GAME.new_game(5, 1, {"length": "shorter", "hand_size": "9"}).draw) == 2
    assert len(GAME.new_game(5, 1, {"length": "standard", "hand_size": "10"}).hands[0]) == 10
