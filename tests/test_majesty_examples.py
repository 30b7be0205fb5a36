"""Every worked example of the Majesty rulebook, replayed on hand-built positions."""

from __future__ import annotations

from majesty_support import CAT, build, names_at, points, take

from tabletop.engine import Action, IllegalAction, state_digest
from tabletop.games.majesty import GAME
from tabletop.games.majesty.scoring import final_scoring

FILL = ["guard", "guard", "guard", "noble"]


def test_miller_scores_two_then_four() -> None:
    s = build(display=["miller", "brewer", "miller", *FILL[:3]])
    assert points(take(s, 0, "miller"), 0, "mill") == 2
    take(s, 0, "brewer")  # the other player takes the Brewer
    assert points(take(s, 0, "miller"), 0, "mill") == 4
    assert names_at(s, 0, "miller") == ["miller", "miller"]


def test_witch_with_two_millers_scores_six() -> None:
    s = build(realms={0: {"miller": ["miller", "miller"]}}, display=["witch", *FILL])
    assert points(take(s, 0, "witch"), 0, "cottage") == 6


def test_meeple_payment_example_with_the_noble() -> None:
    s = build(display=["witch", "miller", "noble", "knight", "guard", "brewer"], meeples=[2, 5])
    before = state_digest(GAME, s)
    knight = Action.make("take", slot=3, character="knight", card=CAT.uids[s.display[3]])
    reason = GAME.why_illegal(s, 0, knight)
    assert reason == "You need 3 meeples to take this card; you have 2."
    assert all(a["slot"] <= 2 for a in GAME.legal_actions(s, 0))
    try:
        GAME.apply(s, 0, knight)
    except IllegalAction as e:
        assert "3 meeples" in e.reason
    else:
        raise AssertionError("taking the Knight with 2 meeples was allowed")
    assert state_digest(GAME, s) == before
    ev = take(s, 2, "noble")
    assert s.display_meeples[:2] == [1, 1]  # one meeple left on the Witch and on the Miller
    assert points(ev, 0, "castle") == 5
    assert s.meeples[0] == 0 + 1  # paid both, then the Castle gave one back


def test_meeples_on_a_taken_card_go_to_the_taker_and_overflow_scores() -> None:
    s = build(
        display=["miller", *FILL, "brewer"], display_meeples=[2, 0, 0, 0, 0, 0], meeples=[4, 5]
    )
    ev = take(s, 0, "miller")
    assert points(ev, 0, "overflow") == 1  # one meeple beyond the five spaces
    assert points(ev, 0, "mill") == 2
    assert s.meeples[0] == 5
    assert s.gains[0]["overflow"] == 1


def test_two_guards_stop_one_knight() -> None:
    s = build(
        realms={1: {"guard": ["guard", "guard"], "miller": ["miller"]}},
        display=["knight", *FILL],
    )
    take(s, 0, "knight")
    assert names_at(s, 1, "miller") == ["miller"]
    assert names_at(s, 1, "infirmary") == []


def test_three_knights_beat_two_guards() -> None:
    s = build(
        realms={
            0: {"knight": ["knight", "knight"]},
            1: {"guard": ["guard", "guard"], "miller": ["miller"], "brewer": ["brewer"]},
        },
        display=["knight", *FILL],
    )
    ev = take(s, 0, "knight")
    assert names_at(s, 1, "miller") == []
    assert names_at(s, 1, "infirmary") == ["miller"]  # the leftmost character
    assert names_at(s, 1, "brewer") == ["brewer"]  # only one card per attack
    assert points(ev, 0, "barracks") == 9


def test_healing_a_brewer_then_the_cottage_pays_eight() -> None:
    s = build(
        realms={0: {"brewer": ["brewer"], "witch": ["witch"], "infirmary": ["brewer"]}},
        display=["witch", *FILL],
    )
    ev = take(s, 0, "witch")
    assert names_at(s, 0, "brewer") == ["brewer", "brewer"]
    assert names_at(s, 0, "infirmary") == []
    assert points(ev, 0, "brewery") == 0  # healing does not activate the Brewery
    assert points(ev, 0, "cottage") == 8


def _final(s):
    ev = []
    final_scoring(s, ev)
    return ev


def test_variety_six_locations_is_36_and_four_is_16() -> None:
    six = {
        "miller": ["miller"] * 2,
        "brewer": ["brewer"] * 2,
        "witch": ["witch"] * 2,
        "guard": ["guard"] * 2,
        "knight": ["knight"] * 2,
        "noble": ["noble"] * 2,
    }
    four = {
        "miller": ["miller"] * 3,
        "brewer": ["brewer"] * 3,
        "witch": ["witch"] * 3,
        "guard": ["guard"] * 3,
    }
    s = build(realms={0: six, 1: four})
    ev = _final(s)
    assert points(ev, 0, "variety") == 36
    assert points(ev, 1, "variety") == 16


def test_most_millers_take_the_mill_value() -> None:
    s = build(realms={0: {"miller": ["miller"] * 3}, 1: {"miller": ["miller"] * 2}})
    ev = _final(s)
    assert [
        e.data["delta"] for e in ev if e.kind == "points" and e.data["reason"] == "majority"
    ] == [10]
    assert points(ev, 0, "majority") == 10 and points(ev, 1, "majority") == 0


def test_two_infirmary_cards_cost_two_points() -> None:
    s = build(realms={0: {"infirmary": ["miller", "guard"], "noble": ["noble"]}})
    ev = _final(s)
    assert points(ev, 0, "infirmary") == -2
    assert names_at(s, 0, "infirmary") == [] and len(s.removed) == 2
