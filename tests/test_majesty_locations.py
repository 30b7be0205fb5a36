"""Every location ability on side A and side B, from hand-built positions."""

from __future__ import annotations

import pytest
from majesty_support import CAT, build, names_at, points, take

from tabletop.games.majesty import GAME
from tabletop.games.majesty.scoring import final_scoring

FILL = ["guard", "guard", "noble", "noble", "miller"]

# (name, sides, realms, card taken, placed as, points per seat, meeples of seat 0 after;
#  seat 0 starts with 2 meeples)
CASES = [
    ("mill-a", "A", {0: {"miller": ["miller"]}}, "miller", "miller", [4, 0], 2),
    (
        "mill-b: +3 to every player with a Witch",
        "B",
        {0: {"miller": ["miller"], "witch": ["witch"]}, 1: {"witch": ["witch"]}},
        "miller",
        "miller",
        [4 + 3, 3],
        2,
    ),
    (
        "brewery-a: 2 and a meeple per Brewer, +2 to all with a Miller",
        "A",
        {0: {"brewer": ["brewer"], "miller": ["miller"]}, 1: {"miller": ["miller"]}},
        "brewer",
        "brewer",
        [4 + 2, 2],
        2 + 2,
    ),
    (
        "brewery-b: meeple per Miller and Brewer, +10 with Innkeeper and Noble",
        "B",
        {
            0: {"miller": ["miller", "miller"], "innkeeper": ["innkeeper"], "noble": ["noble"]},
            1: {"innkeeper": ["innkeeper"], "noble": ["noble"]},
        },
        "brewer",
        "brewer",
        [10, 0],
        2 + 3,
    ),
    (
        "brewery-b: no bonus without a Noble",
        "B",
        {0: {"innkeeper": ["innkeeper"]}},
        "brewer",
        "brewer",
        [0, 0],
        2 + 1,
    ),
    (
        "cottage-a: 2 per Miller, Brewer and Witch",
        "A",
        {0: {"miller": ["miller"], "brewer": ["brewer"], "guard": ["guard"]}},
        "witch",
        "witch",
        [6, 0],
        2,
    ),
    (
        "cottage-b: 3 per Witch only",
        "B",
        {0: {"miller": ["miller"], "witch": ["witch"]}},
        "witch",
        "witch",
        [6, 0],
        2,
    ),
    (
        "guardhouse-a: 2 per Guard, Knight and Innkeeper",
        "A",
        {0: {"knight": ["knight"], "innkeeper": ["innkeeper"], "brewer": ["brewer"]}},
        "guard",
        "guard",
        [6, 0],
        2,
    ),
    (
        "guardhouse-b: 2 per Brewer, Witch and Guard, +3 to all with an Innkeeper",
        "B",
        {
            0: {
                "brewer": ["brewer"],
                "witch": ["witch"],
                "knight": ["knight"],
                "innkeeper": ["innkeeper"],
            },
            1: {"innkeeper": ["innkeeper"]},
        },
        "guard",
        "guard",
        [6 + 3, 3],
        2,
    ),
    ("barracks-a: 3 per Knight", "A", {0: {"knight": ["knight"]}}, "knight", "knight", [6, 0], 2),
    (
        "barracks-b: 3 per Knight, Innkeeper and Noble",
        "B",
        {0: {"innkeeper": ["innkeeper"], "noble": ["noble", "noble"], "miller": ["miller"]}},
        "knight",
        "knight",
        [12, 0],
        2,
    ),
    (
        "inn-a: 4 per Innkeeper, +3 to all with a Brewer",
        "A",
        {0: {"innkeeper": ["innkeeper"], "brewer": ["brewer"]}, 1: {"brewer": ["brewer"]}},
        "innkeeper",
        "innkeeper",
        [8 + 3, 3],
        2,
    ),
    (
        "inn-b: 2 x Innkeepers x largest location, the Infirmary excluded",
        "B",
        {
            0: {
                "innkeeper": ["innkeeper"],
                "miller": ["miller"] * 3,
                "infirmary": ["guard", "brewer", "brewer", "witch"],
            }
        },
        "innkeeper",
        "innkeeper",
        [2 * 2 * 3, 0],
        2,
    ),
    (
        "inn-b: the Inn itself can be the largest location",
        "B",
        {0: {"innkeeper": ["innkeeper"] * 3, "miller": ["miller"] * 2}},
        "innkeeper",
        "innkeeper",
        [2 * 4 * 4, 0],
        2,
    ),
    (
        "castle-a: 5 and a meeple per Noble",
        "A",
        {0: {"noble": ["noble"]}},
        "noble",
        "noble",
        [10, 0],
        4,
    ),
]


@pytest.mark.parametrize(
    "name,sides,realms,card,as_,expect,meeples", CASES, ids=[c[0] for c in CASES]
)
def test_location_ability(name, sides, realms, card, as_, expect, meeples) -> None:
    s = build(sides=sides, realms=realms, display=[card, *FILL], meeples=[2, 5])
    ev = take(s, 0, as_)
    assert [points(ev, p) for p in range(2)] == expect
    assert s.meeples[0] == meeples
    assert s.scores == expect
    assert GAME.to_act(s) == [1]


def test_castle_a_meeples_beyond_five_become_points() -> None:
    s = build(realms={0: {"noble": ["noble", "noble"]}}, display=["noble", *FILL], meeples=[4, 5])
    ev = take(s, 0, "noble")
    assert points(ev, 0, "castle") == 15 and points(ev, 0, "overflow") == 2
    assert s.meeples[0] == 5 and s.scores[0] == 17


# --- Castle B: the exchange ----------------------------------------------------------------
def _castle_b(scores, meeples, realm=None):
    s = build(
        sides="B",
        realms={0: realm or {"noble": ["noble"], "infirmary": ["miller"]}},
        display=["noble", *FILL],
        scores=scores,
        meeples=meeples,
    )
    take(s, 0, "noble")
    return s


def test_castle_b_buy_meeples_then_four_per_noble_and_infirmary_card() -> None:
    s = _castle_b([3, 0], [2, 5])
    assert s.pending == "exchange" and GAME.to_act(s) == [0]
    assert {a.name for a in GAME.legal_actions(s, 0)} == {"buy", "sell", "done"}
    GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])  # buy
    GAME.apply(s, 0, next(a for a in GAME.legal_actions(s, 0) if a.name == "buy"))
    assert s.scores[0] == 1 and s.meeples[0] == 4
    sell = next(a for a in GAME.legal_actions(s, 0) if a.name == "done")
    assert "sell" not in {a.name for a in GAME.legal_actions(s, 0)}
    from tabletop.engine import Action

    assert "cannot also sell" in GAME.why_illegal(s, 0, Action.make("sell"))
    ev = GAME.apply(s, 0, sell)
    assert points(ev, 0, "castle") == 4 * 2 + 4 * 1  # two Nobles, one Infirmary card
    assert s.scores[0] == 13 and s.meeples[0] == 4 and GAME.to_act(s) == [1]
    assert s.gains[0]["exchange"] == -2


def test_castle_b_sell_meeples_for_points() -> None:
    s = _castle_b([0, 0], [5, 5], {"miller": ["miller"]})
    assert {a.name for a in GAME.legal_actions(s, 0)} == {"sell", "done"}
    for _ in range(3):
        GAME.apply(s, 0, next(a for a in GAME.legal_actions(s, 0) if a.name == "sell"))
    assert {a.name for a in GAME.legal_actions(s, 0)} == {"sell", "done"}
    GAME.apply(s, 0, next(a for a in GAME.legal_actions(s, 0) if a.name == "done"))
    assert s.meeples[0] == 2 and s.scores[0] == 3 + 4


def test_castle_b_without_points_or_meeples_skips_the_exchange() -> None:
    s = _castle_b([0, 0], [0, 5], {"miller": ["miller"]})
    assert s.pending == "" and GAME.to_act(s) == [1] and s.scores[0] == 4


# --- Cottage: healing -------------------------------------------------------------------
@pytest.mark.parametrize("sides", ["A", "B"])
def test_heal_is_last_in_first_out_and_the_split_card_is_chosen_again(sides) -> None:
    s = build(
        sides=sides,
        realms={0: {"infirmary": ["guard", "miller-brewer"], "brewer": ["brewer"]}},
        display=["witch", *FILL],
    )
    take(s, 0, "witch")
    assert s.pending == "heal" and GAME.to_act(s) == [0]
    acts = GAME.legal_actions(s, 0)
    assert sorted(a.gesture.choice for a in acts) == ["Brewer", "Miller"]
    assert {a.gesture.target for a in acts} == {"p0.loc.1", "p0.loc.2"}
    ev = GAME.apply(s, 0, next(a for a in acts if a["character"] == "brewer"))
    assert names_at(s, 0, "brewer") == ["brewer", "miller-brewer"]
    assert names_at(s, 0, "infirmary") == ["guard"]
    expected = 2 * (2 + 1) if sides == "A" else 3 * 1  # the healed Brewer counts on side A
    assert points(ev, 0, "cottage") == expected and points(ev, 0, "brewery") == 0
    assert GAME.to_act(s) == [1]


def test_the_second_seats_heal_points_at_its_own_locations() -> None:
    """Heal actions are made once and kept (interned): one kept for the wrong seat would
    send the second seat's healed card to the first seat's realm on the table."""
    s = build(
        players=3,
        realms={1: {"infirmary": ["miller-brewer"]}, 0: {"infirmary": ["miller-brewer"]}},
        display=["witch", *FILL],
        current=1,
    )
    take(s, 0, "witch")  # display slot 0, taken by the second seat
    assert s.pending == "heal" and GAME.to_act(s) == [1]
    acts = GAME.legal_actions(s, 1)
    assert {a.gesture.target for a in acts} == {"p1.loc.1", "p1.loc.2"}


def test_heal_with_an_empty_infirmary_does_nothing() -> None:
    s = build(display=["witch", *FILL])
    ev = take(s, 0, "witch")
    assert points(ev, 0, "cottage") == 2 and GAME.to_act(s) == [1]


# --- Barracks: attacks ------------------------------------------------------------------
def test_attack_wounds_the_top_card_of_the_leftmost_location_and_split_returns_by_choice() -> None:
    s = build(
        realms={1: {"miller": ["miller", "miller-knight"], "witch": ["witch"]}},
        display=["knight", "witch", *FILL],
    )
    take(s, 0, "knight")
    assert names_at(s, 1, "miller") == ["miller"]
    assert names_at(s, 1, "infirmary") == ["miller-knight"]
    take(s, 0, "witch")  # player 2 heals the split card and may now make it a Knight
    GAME.apply(s, 1, next(a for a in GAME.legal_actions(s, 1) if a["character"] == "knight"))
    assert names_at(s, 1, "knight") == ["miller-knight"]
    assert names_at(s, 1, "infirmary") == []


def test_attack_hits_each_opponent_separately_one_card_each() -> None:
    s = build(
        players=3,
        realms={
            0: {"knight": ["knight"]},
            1: {"guard": ["guard", "guard"], "brewer": ["brewer"]},
            2: {"guard": ["guard"], "brewer": ["brewer", "brewer"], "witch": ["witch"]},
        },
        display=["knight", *FILL],
    )
    take(s, 0, "knight")  # two Knights: player 2 holds (2 Guards), player 3 falls (1 Guard)
    assert names_at(s, 1, "infirmary") == []
    assert names_at(s, 2, "infirmary") == ["brewer"] and names_at(s, 2, "brewer") == ["brewer"]
    assert names_at(s, 2, "witch") == ["witch"]


def test_attack_on_an_empty_realm_and_knights_placed_by_a_split_card() -> None:
    s = build(realms={0: {"knight": ["knight"]}}, display=["guard-knight", *FILL])
    acts = [a for a in GAME.legal_actions(s, 0) if a["slot"] == 0]
    assert sorted(a.gesture.choice for a in acts) == ["Guard", "Knight"]
    assert all(
        a.gesture.card == CAT.uids[s.display[0]] and a.gesture.source == "display" for a in acts
    )
    ev = take(s, 0, "knight")
    assert points(ev, 0, "barracks") == 6 and names_at(s, 1, "infirmary") == []


# --- the Infirmary in final scoring ----------------------------------------------------
def _final(s):
    ev = []
    final_scoring(s, ev)
    return ev


def test_infirmary_a_minus_one_each_and_no_majority() -> None:
    s = build(realms={0: {"infirmary": ["miller"] * 3}, 1: {"infirmary": ["guard"]}})
    ev = _final(s)
    assert points(ev, 0, "infirmary") == -3 and points(ev, 1, "infirmary") == -1
    assert points(ev, 0, "infirmary_b") == 0


def test_infirmary_b_minus_two_each_and_minus_ten_for_the_most() -> None:
    s = build(sides="B", realms={0: {"infirmary": ["miller"] * 3}, 1: {"infirmary": ["guard"]}})
    ev = _final(s)
    assert points(ev, 0, "infirmary") == -6 and points(ev, 1, "infirmary") == -2
    assert points(ev, 0, "infirmary_b") == -10 and points(ev, 1, "infirmary_b") == 0
    assert s.realms[0][7] == () and len(s.removed) == 4


def test_infirmary_b_ties_all_lose_and_empty_infirmaries_lose_nothing() -> None:
    s = build(
        sides="B", players=3, realms={0: {"infirmary": ["miller"]}, 1: {"infirmary": ["guard"]}}
    )
    ev = _final(s)
    assert [points(ev, p, "infirmary_b") for p in range(3)] == [-10, -10, 0]
    s = build(sides="B")
    assert all(points(_final(s), p, "infirmary_b") == 0 for p in range(2))


def test_majority_ties_all_score_and_nobody_scores_an_empty_location() -> None:
    s = build(
        players=3,
        realms={0: {"noble": ["noble"] * 2}, 1: {"noble": ["noble"] * 2}, 2: {"noble": ["noble"]}},
    )
    ev = _final(s)
    assert [points(ev, p, "majority") for p in range(3)] == [16, 16, 0]


def test_tied_winners_share_the_victory() -> None:
    s = build(realms={0: {"noble": ["noble"]}, 1: {"noble": ["noble"]}}, scores=[20, 20])
    _final(s)
    assert s.over and GAME.winners(s) == [0, 1]
    out = GAME.outcome(s)
    assert out.scores == [20 + 1 + 16] * 2
    assert [sum(b.values()) for b in out.breakdown] == out.scores


def test_mixed_sides_use_the_side_of_each_location() -> None:
    s = build(
        sides="BAAAAAAA", realms={0: {"witch": ["witch"]}}, display=["miller", "brewer", *FILL]
    )
    ev = take(s, 0, "miller")
    assert points(ev, 0) == 2 + 3  # Mill on side B
    ev = take(s, 0, "brewer")  # player 2 on the Brewery side A
    assert points(ev, 1, "brewery") == 2 and s.meeples[1] == 5
