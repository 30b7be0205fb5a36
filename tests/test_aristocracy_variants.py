"""Aristocracy's options: the deck (one deck on request; the shorter game keeps two, see
``DECKS_OF_FARM``), and a rules text that names what the options decide."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import DECKS_OF_FARM, RANK, catalog, deck_ids

OPTIONS = [
    {"length": length, "hand_size": hand}
    for length in ("standard", "longer", "shorter")
    for hand in ("auto", "5", "9")
]


def test_one_deck_is_dealt_when_asked_but_the_shorter_game_keeps_two() -> None:
    one = deck_ids(1)
    cards = Counter(one)
    assert len(one) == 49 and set(cards.values()) == {1}
    assert not {"kd", "qd", "jd"} & set(cards)  # the phase marker
    assert set(cards) == set(catalog()) - {"kd", "qd", "jd"}
    # a shorter château is an address and 4 building cards of one rank: 5 cards, and one
    # deck holds at most 4 of a rank -- no château, no Glory; so the shorter game keeps two
    ranks = Counter(RANK[c] for c in one)
    short = GAME.new_game(4, 3, {"length": "shorter"})
    assert max(ranks.values()) < short.farm + 3
    assert len(short.card_of) == 101
    again = GAME.determinize(GAME.view(short, 1), 1, Rng(5))
    assert sorted(again.card_of) == sorted(short.card_of)


def test_a_deal_too_big_for_the_deck_is_refused_with_a_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DECKS_OF_FARM, 2, 1)  # a one-deck shorter game
    with pytest.raises(ValueError, match="too many for 49 cards"):
        GAME.new_game(5, 1, {"length": "shorter", "hand_size": "10"})
    assert len(GAME.new_game(5, 1, {"length": "shorter", "hand_size": "9"}).draw) == 2
    monkeypatch.undo()
    assert len(GAME.new_game(5, 1, {"length": "shorter", "hand_size": "10"}).hands[0]) == 10


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
    assert "Every player gets 5 cards" in short and "2, 3 or 4 cards face down" in short
    assert "{" not in short
