"""Aristocracy's options as the rulebook has them: one deck in the shorter game, and a rules
text that names the hand limit and building sizes the options decide."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import catalog

OPTIONS = [
    {"length": length, "hand_size": hand}
    for length in ("standard", "longer", "shorter")
    for hand in ("auto", "5", "9")
]


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


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['length']}-{o['hand_size']}")
def test_the_rules_text_names_what_the_options_decide(options: dict[str, str]) -> None:
    state = GAME.new_game(2, 1, options)
    data = GAME.data.game
    texts = [data.summary, *(t for _, t in data.sections), *(r.ruling for r in data.rulings)]
    filled = [GAME.rules_text(t, options) for t in texts]
    assert not any("{" in t for t in filled), "a placeholder was left unfilled"
    sections = dict(data.sections)
    hand = state.hand_limit
    assert len(state.hands[0]) == hand
    assert f"Every player gets {hand} cards" in GAME.rules_text(sections["Setup"], options)
    tax = GAME.rules_text(sections["Events and virtues"], options)
    assert f"more than {hand} cards plus one per château" in tax
    sizes = f"{state.farm}, {state.farm + 1} or {state.farm + 2}"
    assert sizes in GAME.rules_text(sections["Royal actions"], options)
    assert f"{len(state.card_of)} cards are in play" in GAME.rules_text(
        sections["The cards"], options
    )


def test_the_rules_screen_follows_the_match_options() -> None:
    from tabletop.ui.scenes.rules import rules_html

    default = rules_html("aristocracy", 1.0)
    assert "Every player gets 7 cards" in default and "101 cards are in play" in default
    nine = rules_html("aristocracy", 1.0, {"hand_size": "9"})
    assert "Every player gets 9 cards" in nine and "more than 9 cards" in nine
    short = rules_html("aristocracy", 1.0, {"length": "shorter"})
    assert "Every player gets 5 cards" in short and "49 cards are in play" in short
    assert "{" not in short
