"""Aristocracy's options: the shorter game's one deck and smaller buildings (1/2/3 building
cards, our ruling), and a rules text that names what the options decide."""

from __future__ import annotations

from collections import Counter

import pytest
from aristocracy_helpers import activate, blank, build, count_cards, do, names, pulls

from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.buildings import glory_ok
from tabletop.games.aristocracy.data import KING, LENGTHS, RANK, catalog, deck_ids
from tabletop.games.aristocracy.scoring import outcome
from tabletop.tools.sim import play_game

OPTIONS = [
    {"length": length, "hand_size": hand}
    for length in ("standard", "longer", "shorter")
    for hand in ("auto", "5", "9")
]
SHORT = {"length": "shorter"}
LONG = {"length": "longer"}


def test_the_shorter_game_is_dealt_from_one_deck() -> None:
    one = deck_ids(1)
    cards = Counter(one)
    assert len(one) == 49 and set(cards.values()) == {1}
    assert not {"kd", "qd", "jd"} & set(cards)  # the phase marker
    assert set(cards) == set(catalog()) - {"kd", "qd", "jd"}
    short = GAME.new_game(4, 3, SHORT)
    assert sorted(short.card_of) == sorted(one) and short.farm == 1
    assert count_cards(short) == 49
    again = GAME.determinize(GAME.view(short, 1), 1, Rng(5))  # a re-deal uses the one deck
    assert sorted(again.card_of) == sorted(one)
    assert len(GAME.new_game(4, 3).card_of) == len(GAME.new_game(4, 3, LONG).card_of) == 101


def test_every_shorter_building_fits_in_one_deck() -> None:
    # a complete château is its address and farm + 2 building cards of one rank: every
    # number rank has four copies in a deck, enough; face cards have three (estates at most)
    farm = LENGTHS["shorter"][0]
    ranks = Counter(RANK[c] for c in deck_ids(1))
    numbers = [r for r in ranks if r not in "jqk"]
    assert all(ranks[r] >= 1 + farm + 2 for r in numbers)
    assert all(1 + farm + 1 <= ranks[r] < 1 + farm + 2 for r in "jqk")


def test_a_shorter_chateau_is_finished_with_three_building_cards() -> None:
    s = blank(2, length="shorter")
    s.royal = KING
    s.hands[0] = pulls(s, "9s", "9h", "9d")
    s.stalls = [pulls(s, "9c"), []]
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "build_new", card=s.hands[0][0])
    do(s, 0, "build_add", card=s.hands[0][0])
    assert "build_done" in names(s, 0)  # one building card already makes a farm
    do(s, 0, "build_add", card=s.hands[0][0])  # an estate
    assert s.sub
    do(s, 0, "build_add", card=s.stalls[0][0])  # the third card: a château, finished
    (b,) = s.buildings[0]
    assert not s.sub and len(b.cards) == 3 and s.kind(b) == 2 and s.complete(b)
    assert outcome(s).scores == [3, 0] and s.limit(0) == 5 + 1
    assert GAME.view(s, 0)["public"]["buildings"][0][0]["size"] == 3


def test_a_shorter_chateau_and_two_estates_may_end_the_game() -> None:
    s = blank(2, length="shorter")
    build(s, 0, "9s", "9h", "9d", "9c")
    build(s, 0, "5s", "5h", "5d")
    assert not glory_ok(s, 0)
    build(s, 0, "ks", "kh", "kc")  # a King estate: every King of the deck
    assert glory_ok(s, 0) and outcome(s).scores == [3 + 2 + 2, 0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_shorter_games_end_by_glory_before_the_cap(players: int) -> None:
    # five seeded games each for 2-5 players between greedy agents (with a few random
    # moves): every one is ended by Glory, none by the 25-year safety cap
    for seed in range(5):
        kinds = ["greedy", "noisy:0.1", "greedy", "noisy:0.1", "greedy"][:players]
        result = play_game(GAME, players, 900 + seed, SHORT, kinds, ai_seed=seed)
        assert result.stats["end"] == "glory", (players, seed, result.stats)
        assert result.stats["phases"] < 3 * 25


def test_a_deal_too_big_for_the_one_deck_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="too many for 49 cards"):
        GAME.new_game(5, 1, {"length": "shorter", "hand_size": "10"})
    assert len(GAME.new_game(5, 1, {"length": "shorter", "hand_size": "9"}).draw) == 2
    assert len(GAME.new_game(5, 1, {"hand_size": "10"}).hands[0]) == 10


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
    summary = " ".join(GAME.rules_text(data.summary, options).split())
    assert f"{state.farm} for a farm, {state.farm + 1} for an estate" in summary
    assert f"{state.farm + 2} for a château in this game" in summary
    assert f"{len(state.card_of)} cards are in play" in GAME.rules_text(
        sections["The cards"], options
    )


def test_the_rulings_say_how_the_shorter_game_is_smaller() -> None:
    (ruling,) = [r for r in GAME.data.game.rulings if r.id == "A27"]
    text = GAME.rules_text(ruling.ruling, SHORT)
    assert "one deck of 49 cards" in text
    assert "a farm takes 1 building card, an estate 2, a château 3" in text
    assert "never a complete château" in text


def test_the_rules_screen_follows_the_match_options() -> None:
    from tabletop.ui.scenes.rules import rules_html

    default = rules_html("aristocracy", 1.0)
    assert "Every player gets 7 cards" in default and "101 cards are in play" in default
    nine = rules_html("aristocracy", 1.0, {"hand_size": "9"})
    assert "Every player gets 9 cards" in nine and "more than 9 cards" in nine
    short = rules_html("aristocracy", 1.0, SHORT)
    assert "Every player gets 5 cards" in short and "1, 2 or 3 cards face down" in short
    assert "49 cards are in play" in short and "{" not in short


@pytest.mark.parametrize(
    ("length", "said"),
    [
        ("standard", "3 make a farm, 4 an estate, 5"),
        ("longer", "4 make a farm, 5 an estate, 6"),
        ("shorter", "1 makes a farm, 2 an estate, 3"),
    ],
)
def test_the_build_prompt_names_the_sizes_of_this_game(length: str, said: str) -> None:
    s = blank(2, length=length)
    s.royal = KING
    s.hands[0] = pulls(s, "9s", "9h", "9d", "9c", "8s", "8h")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "build_new", card=s.hands[0][0])
    assert f"({said} a château)" in GAME.view(s, 0)["prompt"]
