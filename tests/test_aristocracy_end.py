"""Aristocracy virtues (Glory, Honor, Duty), scoring, tiebreakers and the safety cap."""

from __future__ import annotations

from aristocracy_helpers import blank, build, commit_all, do, names, pull, pulls

from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import JACK, KING, MAX_YEARS, QUEEN
from tabletop.games.aristocracy.flow import clean_up, end_phase
from tabletop.games.aristocracy.scoring import outcome
from tabletop.games.aristocracy.state import GLORY, OVER


def _chateau(s, seat, r, suits="shdcsh"):
    return build(s, seat, r + suits[0], *(r + x for x in suits[1:]))


def test_glory_offered_only_with_chateau_plus_second_chateau_two_estates_or_three_farms() -> None:
    cases = {
        "two chateaux": (["9", "8"], [], [], True),
        "chateau + two estates": (["9"], ["8", "7"], [], True),
        "chateau + three farms": (["9"], [], ["8", "7", "6"], True),
        "chateau + estate + two farms": (["9"], ["8"], ["7", "6"], False),
        "no chateau": ([], ["8", "7", "5"], ["6", "4", "3"], False),
    }
    for label, (ch, es, fa, ok) in cases.items():
        s = blank(2)
        for r in ch:
            _chateau(s, 0, r)
        for r in es:
            build(s, 0, r + "s", r + "h", r + "d", r + "c", r + "s")
        for r in fa:
            build(s, 0, r + "s", r + "h", r + "d", r + "c")
        s.royal = KING
        clean_up(s, [])
        assert s.step == GLORY and GAME.to_act(s) == [0, 1], label  # everyone is asked
        assert ("glory_end" in names(s, 0)) is ok, label
        assert "glory_end" not in names(s, 1)


def test_incomplete_chateau_does_not_allow_glory_and_glory_ends_the_game() -> None:
    s = blank(2)
    build(s, 0, "9s", "9h", "9d", "9c", "9s", "2h")
    _chateau(s, 0, "8")
    s.royal = KING
    clean_up(s, [])
    assert "glory_end" not in names(s, 0)
    s = blank(2, herald=1)
    _chateau(s, 0, "9")
    _chateau(s, 0, "8")
    s.royal = KING
    clean_up(s, [])
    do(s, 1, "glory_pass")
    do(s, 0, "glory_end")
    assert s.over and s.step == OVER and s.ended_by == 0
    out = GAME.outcome(s)
    assert out.scores == [6, 0] and out.winners == [0]
    # the revealed buildings are now known to everyone
    assert all(c["card"] for c in GAME.view(s, 1)["zones"]["p0.buildings"]["cards"])


def test_glory_not_chosen_means_play_on() -> None:
    s = blank(2)
    _chateau(s, 0, "9")
    _chateau(s, 0, "8")
    s.royal = KING
    clean_up(s, [])
    commit_all(s, "glory_pass")
    assert not s.over and s.royal == QUEEN


def test_honor_pays_per_estate_and_chateau_complete_or_not() -> None:
    s = blank(2)
    build(s, 0, "9s", "9h", "2d", "9c", "9s")  # incomplete estate
    b = build(s, 0, "8s", "8h", "8d", "8c", "8s", "3h")  # incomplete château, exposed
    b.exposed = [b.cards[-1]]
    build(s, 1, "7s", "7h", "7d", "7c")  # a farm: nothing
    s.royal = QUEEN
    clean_up(s, [])
    assert s.coins == [5, 3]


def test_duty_gives_unseen_production_to_farms_without_one() -> None:
    s = blank(2)
    f1 = build(s, 0, "9s", "9h", "9d", "9c")
    f2 = build(s, 0, "8s", "8h", "8d", "8c")
    f2.production = pull(s, "2c")
    build(s, 1, "7s", "7h", "7d", "7c", "7s")  # estate: none
    s.royal = JACK
    herald = s.herald
    clean_up(s, [])
    assert f1.production >= 0 and s.card_of[f2.production] == "2c"
    assert s.buildings[1][0].production == -1
    for seat in (0, 1, None):
        cards = GAME.view(s, seat)["zones"]["p0.buildings"]["cards"]
        prods = [c for c in cards if c["tokens"].get("role") == "production"]
        assert len(prods) == 2 and all(c["card"] is None for c in prods)
    assert s.herald == (herald + 1) % 2 and s.royal == KING and s.year == 2


def test_scoring_counts_complete_buildings_only() -> None:
    s = blank(3)
    _chateau(s, 0, "9")  # 3
    build(s, 0, "8s", "8h", "8d", "8c", "8s")  # 2
    build(s, 0, "7s", "7h", "7d", "7c")  # 1
    build(s, 1, "6s", "6h", "6d", "6c", "6s", "2s")  # incomplete château: 0
    build(s, 2, "ks", "kh", "kc", "kc")  # farm of kings: 1
    assert outcome(s).scores == [6, 0, 1]
    assert outcome(s).winners == []  # nobody wins while the game runs


def test_tiebreakers_coins_then_hand_weight_then_herald_order() -> None:
    def ended(coins, hands, herald=0):
        s = blank(3, herald=herald)
        for p in range(3):
            build(
                s,
                p,
                *(["2s", "2h", "2d", "2c"], ["3s", "3h", "3d", "3c"], ["4s", "4h", "4d", "4c"])[p],
            )
        s.coins = coins
        s.hands = [pulls(s, *h) for h in hands]
        s.over = True
        return outcome(s).winners

    assert ended([1, 4, 2], [[], [], []]) == [1]
    assert ended([4, 4, 2], [["ks"], ["9s", "2h"], []]) == [1]  # 10 < 11
    assert ended([4, 4, 4], [["ks"], ["kh"], ["kd"]], herald=2) == [2]
    assert ended([4, 4, 4], [["ks"], ["kh"], ["kd"]], herald=1) == [1]


def test_safety_cap_ends_and_reports() -> None:
    s = blank(2)
    s.year, s.royal = MAX_YEARS, JACK
    end_phase(s, [])
    assert s.over and s.capped
    assert GAME.outcome(s).breakdown[0]["capped"] == 1
    assert GAME.view(s, 0)["public"]["capped"] is True


def test_a_building_smaller_than_a_farm_scores_nothing_mid_build() -> None:
    """Mid-Build, an address with fewer matching cards than a farm is no building yet: it
    used to index the points table negatively (wrong points, an IndexError in the longer
    game, where an address alone stood at -4)."""
    suits = ["9h", "9d", "9c", "9h", "9d"]
    for length, farm in (("standard", 3), ("longer", 4), ("shorter", 1)):
        for n in range(farm + 1):
            s = blank(2, length=length)
            build(s, 0, "9s", *suits[:n])
            assert outcome(s).scores == [1 if n == farm else 0, 0], (length, n)


def test_complete_buildings_are_turned_up_for_everyone_at_the_end() -> None:
    """The rulebook's Scoring: each player reveals the buildings it completed.  Until then a
    rival's building cards are hidden; an incomplete building stays hidden even at the end."""
    s = blank(3)
    build(s, 1, "7s", "7h", "7d", "7c")  # a complete farm
    build(s, 2, "6s", "6h", "6d", "2c")  # an incomplete one

    def cards(seat: int, owner: int) -> list:
        return [c for c in GAME.view(s, seat)["zones"][f"p{owner}.buildings"]["cards"]][1:]

    assert all(c["card"] is None and not c["face_up"] for c in cards(0, 1))
    s.over = True
    for viewer in (0, 1, 2):
        assert [c["card"] for c in cards(viewer, 1)] == ["7h", "7d", "7c"]
        assert all(c["face_up"] and "exposed" not in c["tokens"] for c in cards(viewer, 1))
    assert all(c["card"] is None for c in cards(0, 2))  # the incomplete one stays hidden
    assert GAME.zones.unseen(s, 3, 0).isdisjoint(s.buildings[1][0].cards)
