"""Mayflower, phase by phase: setup, Court, Fortify, Attack, Defend, Pillage, Rebuild,
Begin Again (M5–M9, M16–M21, M27–M30)."""

from __future__ import annotations

import pytest
from mayflower_support import CAT, G, act, arrange, card, done, find, pass_all, place, texts

from tabletop.engine import IllegalAction
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.values import attack_value, fortification, power_of


# --- setup and Court ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 6])
def test_setup_gives_a_royal_seven_cards_and_twenty_hit_points(players: int) -> None:
    s = G.new_game(players, 4)
    assert s.season == 1 and s.leader == 0
    assert all(len(r) == 1 and r[0] in CAT.court for r in s.royals)
    # Court has already put every diamond on show: hand + display = 7 cards each
    assert all(len(s.hands[p]) + len(s.diamonds[p]) == 7 for p in range(players))
    hoarders = {p for p in range(players) if power_of(s, p) == "kings_hoard"}
    assert all(CAT.suits[c] != "d" for p in set(range(players)) - hoarders for c in s.hands[p])
    assert s.hp == [20] * players
    assert len(s.numbers) == 84 - 7 * players and len(s.court) == 24 - players
    assert s.two_list == (players == 2)


def test_court_shows_every_diamond_and_they_stay_on_show_next_season() -> None:
    s = arrange(3, hands={0: ["7d", "2c"], 1: ["3c"], 2: ["4c"]}, phase="court")
    assert [CAT.card_ids[c] for c in s.diamonds[0]] == ["7d"]
    assert [CAT.card_ids[c] for c in s.hands[0]] == ["2c"]
    kept = s.diamonds[0][0]
    pass_all(s)  # the rest of season 1: nobody plays anything
    assert s.season == 2 and kept in s.diamonds[0]


def test_kings_hoard_may_keep_diamonds_hidden_and_hidden_ones_cannot_be_pillaged() -> None:
    s = arrange(
        2, hands={0: ["9d", "3d"], 1: ["8c", "2h"]}, royals={0: "kd", 1: "qs"}, phase="court"
    )
    assert s.stack[-1].step == "hoard" and G.to_act(s) == [0]
    act(s, 0, "show", card=card("3d"))
    act(s, 0, "hoard_done")
    assert [CAT.card_ids[c] for c in s.diamonds[0]] == ["3d"]
    nine = next(c for c in s.hands[0] if CAT.card_ids[c] == "9d")
    # the 8 of clubs gets through twice over: only the shown 3 can be taken
    pass_all(s, "attack")
    act(s, 1, "attack", card=card("8c"), target=0, boost=False)
    done(s, 1)
    pass_all(s, "rebuild")
    assert nine in s.hands[0] and card("3d") in s.hands[1]


# --- Fortify ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spade", "royal", "expected"),
    [("5s", "kd", 2), ("2s", "kd", 1), ("as", "kd", 5), ("3s", "ks", 2), ("9s", "ks", 5)],
)
def test_fortification_is_half_the_spade_with_its_suit_bonus_at_least_one(
    spade: str, royal: str, expected: int
) -> None:
    s = arrange(3, hands={0: [spade], 1: ["2c"]}, royals={0: royal})
    act(s, 0, "fortify", card=card(spade))
    assert fortification(s, 0) == expected


def test_the_jacks_boost_never_counts_for_a_fortification() -> None:
    s = arrange(3, hands={0: ["7s"], 1: ["2c"]}, royals={0: "jd"})
    assert [a.get("boost") for a in G.legal_actions(s, 0) if a.name == "fortify"] == [None]
    act(s, 0, "fortify", card=card("7s"))
    assert fortification(s, 0) == 3


def test_fortify_is_secret_until_everyone_chose_and_the_spade_cannot_parry() -> None:
    s = arrange(3, hands={0: ["6s"], 1: ["5s", "9c"], 2: ["2c", "3h"]})
    act(s, 0, "fortify", card=card("6s"))
    assert s.forts[0] == []  # still in hand, noted in the secret commit
    assert G.view(s, 1)["public"]["stack"][-1]["data"]["secret"] == {}
    assert G.view(s, 0)["public"]["stack"][-1]["data"]["secret"] == {"0": ((card("6s"),),)}
    act(s, 1, "no_fortify")
    assert [CAT.card_ids[c] for c in s.forts[0]] == ["6s"]
    act(s, 1, "attack", card=card("9c"), target=0, boost=False)
    done(s, 1)
    done(s, 2)
    pass_all(s, "rebuild")
    # the fortifying spade took 3 off and could not also parry
    assert s.hp[0] == 20 - (9 - 3) and s.fights[0]["result"] == "hit"


def test_a_seat_with_no_spade_passes_fortify_by_itself() -> None:
    s = arrange(3, hands={0: ["6s"], 1: ["2c"], 2: ["3h"]})
    assert G.to_act(s) == [0]


# --- Attack -----------------------------------------------------------------------------------------
def test_attack_value_is_club_plus_bonuses_minus_fortification() -> None:
    s = arrange(3, hands={0: ["8c", "3c"], 1: ["6s"]}, royals={0: "jc"})
    act(s, 1, "fortify", card=card("6s"))  # seat 1: F = 3
    assert s.stack[-1].step == "attack"
    act(s, 0, "attack", card=card("8c"), target=1, boost=True)
    act(s, 0, "attack", card=card("3c"), target=1, boost=False)
    done(s, 0)
    f8, f3 = s.fights
    assert attack_value(s, f8) == 8 + 1 + 2 - 3
    assert attack_value(s, f3) == 3 + 1 - 3


def test_an_attack_worth_nothing_fails_without_loot_or_damage() -> None:
    s = arrange(2, hands={0: ["2c"], 1: ["9s", "2h"]}, diamonds={1: ["4d"]})
    act(s, 1, "fortify", card=card("9s"))  # F = 4
    act(s, 0, "attack", card=card("2c"), target=1, boost=False)
    done(s, 0)
    pass_all(s, "rebuild")
    assert s.hp[1] == 20 and card("4d") in s.diamonds[1]
    assert s.fights[0]["result"] == "failed"


def test_attacking_yourself_or_an_eliminated_player_is_refused_with_a_reason() -> None:
    s = arrange(3, hands={0: ["5c", "9h"]})
    s.out[2] = 1
    G.touch(s)
    with pytest.raises(IllegalAction, match="yourself"):
        G.apply(s, 0, G.action_from_json(s, 0, _attack_json("5c", 0)))
    with pytest.raises(IllegalAction, match="out of the game"):
        G.apply(s, 0, G.action_from_json(s, 0, _attack_json("5c", 2)))
    with pytest.raises(IllegalAction, match="Only clubs"):
        G.apply(s, 0, G.action_from_json(s, 0, _attack_json("9h", 1)))


def _attack_json(cid: str, target: int) -> dict:
    return {
        "name": "attack",
        "args": {"card": CAT.uids[card(cid)], "target": target, "boost": False},
    }


# --- Defend -------------------------------------------------------------------------------------------
def _attacked(spades: list[str], club: str = "7c") -> object:
    s = arrange(3, hands={0: [club], 1: spades, 2: ["2h"]})
    pass_all(s, "attack")
    act(s, 0, "attack", card=card(club), target=1, boost=False)
    done(s, 0)
    pass_all(s, "defend")
    return s


def test_only_a_spade_at_least_the_attack_parries_and_a_smaller_one_is_refused() -> None:
    s = _attacked(["6s", "7s", "9s"])
    offered = sorted(
        CAT.card_ids[CAT.index[a["card"]]] for a in G.legal_actions(s, 1) if a.name == "parry"
    )
    assert offered == ["7s", "9s"]
    bad = {"name": "parry", "args": {"card": CAT.uids[card("6s")], "fight": 0, "boost": False}}
    with pytest.raises(IllegalAction, match="worth 6; a parry must be worth at least 7"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


def test_two_spades_on_one_club_are_refused() -> None:
    s = _attacked(["8s", "9s"])
    act(s, 1, "parry", card=card("8s"), fight=0)
    bad = {"name": "parry", "args": {"card": CAT.uids[card("9s")], "fight": 0, "boost": False}}
    with pytest.raises(IllegalAction, match="one spade per club"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


def test_a_parried_club_does_nothing() -> None:
    s = _attacked(["8s"])
    act(s, 1, "parry", card=card("8s"), fight=0)
    done(s, 1)
    pass_all(s, "rebuild")
    assert s.hp[1] == 20 and s.fights[0]["result"] == "parried"
    assert s.fronts[1] == [card("7c"), card("8s")]


def test_the_jacks_boost_lets_a_smaller_spade_parry_once() -> None:
    s = arrange(3, hands={0: ["9c", "8c"], 1: ["7s", "6s"], 2: ["2h"]}, royals={1: "jh"})
    pass_all(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    act(s, 0, "attack", card=card("8c"), target=1, boost=False)
    done(s, 0)
    pass_all(s, "defend")
    act(s, 1, "parry", card=card("7s"), fight=0, boost=True)  # 7 + 2 >= 9
    assert not [a for a in G.legal_actions(s, 1) if a.name == "parry"]  # 6 < 8, boost used
    done(s, 1)
    pass_all(s, "rebuild")
    assert s.hp[1] == 12 and s.boosted_spade[1]


# --- Pillage -------------------------------------------------------------------------------------------
def test_pillage_goes_from_the_weakest_attack_ties_from_the_victims_left() -> None:
    s = arrange(
        4,
        hands={0: ["5c", "2h"], 2: ["5c", "9c"], 3: ["3c"]},
        diamonds={1: ["8d", "2d", "6d"]},
    )
    pass_all(s, "attack")
    for seat, cid in ((0, "5c"), (3, "3c")):
        act(s, seat, "attack", card=card(cid), target=1, boost=False)
        done(s, seat)
    act(s, 2, "attack", card=card("5c", 1), target=1, boost=False)
    act(s, 2, "attack", card=card("9c"), target=1, boost=False)
    done(s, 2)
    pass_all(s, "rebuild")
    # order: 3 (seat 3), then the two 5s (seat 2 sits left of seat 1, then seat 0), then 9
    assert card("2d") in s.hands[3]
    assert card("6d") in s.hands[2]
    assert card("8d") in s.hands[0]
    assert s.diamonds[1] == []
    assert s.hp[1] == 20 - (3 + 5 + 5 + 9)  # damage counts every success, looted or not


def test_looted_diamonds_go_to_hand_and_cannot_be_taken_again_this_season() -> None:
    s = arrange(3, hands={0: ["4c"], 1: ["5c"], 2: ["2h"]}, diamonds={0: ["7d"], 1: ["3d"]})
    pass_all(s, "attack")
    act(s, 0, "attack", card=card("4c"), target=1, boost=False)
    done(s, 0)
    act(s, 1, "attack", card=card("5c"), target=0, boost=False)
    done(s, 1)
    pass_all(s, "rebuild")
    # seat 0 took the 3 into its hand; seat 1 took the 7; neither is on show now
    assert card("3d") in s.hands[0] and card("7d") in s.hands[1]
    assert s.diamonds == [[], [], []]


def test_hit_points_may_fall_below_zero_and_everyone_at_zero_or_less_goes_at_once() -> None:
    s = arrange(3, hands={0: ["9c"], 1: ["8c"], 2: ["2h"]}, hp={1: 5, 2: 4})
    pass_all(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    act(s, 1, "attack", card=card("8c"), target=2, boost=False)
    done(s, 1)
    pass_all(s, "rebuild")
    assert s.hp[1] == -4 and s.hp[2] == -4
    assert G.to_act(s) == [2]  # at 0 or below, still heals (with too little)
    act(s, 2, "heal", card=card("2h"))
    done(s, 2)
    assert s.out == [0, 1, 1] and s.over and s.winners == [0] and s.end == "last standing"


# --- Rebuild ------------------------------------------------------------------------------------------
def test_hearts_heal_with_their_bonus_never_above_twenty() -> None:
    s = arrange(3, hands={0: ["9h", "4h"], 1: ["5h"]}, royals={0: "qh"}, hp={0: 8, 1: 18})
    pass_all(s, "rebuild")
    act(s, 0, "heal", card=card("4h"))
    act(s, 0, "heal", card=card("9h"))
    done(s, 0)
    act(s, 1, "heal", card=card("5h"))
    done(s, 1)
    pass_all(s)
    assert s.hp[0] == 20 and s.hp[1] == 20  # 8 + 5 + 10 and 18 + 5, both capped


# --- Begin Again -------------------------------------------------------------------------------------
def test_begin_again_returns_the_table_deals_new_royals_and_six_cards() -> None:
    s = arrange(3, hands={0: ["9c", "5s"], 1: ["2s"]}, diamonds={2: ["4d"]})
    act(s, 0, "fortify", card=card("5s"))
    act(s, 1, "no_fortify")
    act(s, 0, "attack", card=card("9c"), target=2, boost=False)
    done(s, 0)
    pass_all(s)
    assert s.season == 2 and s.leader == 1
    assert s.forts == [[], [], []] and s.fronts == [[], [], []]
    assert card("9c") in s.numbers or any(card("9c") in h for h in s.hands)
    assert card("4d") in s.hands[0] or card("4d") in s.diamonds[0]  # the loot is kept
    assert [len(h) + len(d) for h, d in zip(s.hands, s.diamonds, strict=True)] == [1 + 6, 1 + 6, 6]
    assert all(len(r) == 1 for r in s.royals) and len(s.court) == 21


def test_the_season_leader_skips_an_eliminated_seat() -> None:
    s = arrange(4, hands={0: ["9c"]}, hp={1: 3})
    pass_all(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    pass_all(s)
    assert s.out[1] == 1 and s.season == 2 and s.leader == 2
    assert s.hands[1] == [] and s.royals[1] == []  # its cards went back (M19)


def test_a_short_numbers_deck_deals_what_is_left_in_leader_order() -> None:
    s = arrange(3, hands={0: ["2h"]})
    for c in list(s.numbers)[: len(s.numbers) - 8]:
        place(s, c, s.gone)  # only 8 number cards left
    pass_all(s)
    assert s.season == 2 and s.leader == 1
    assert [len(h) + len(d) for h, d in zip(s.hands, s.diamonds, strict=True)] == [1, 6, 2]


def test_no_begin_again_after_the_fourth_season_and_diamonds_decide() -> None:
    s = arrange(
        3,
        diamonds={0: ["5d"], 1: ["9d"], 2: ["2d", "3d"]},
        season=4,
        royals={0: "kh", 1: "qh", 2: "jd"},
    )
    pass_all(s)
    # seat 2: 2 + 3 + 2 (a diamond Royal in season 4: +1 per shown diamond) = 7 < 9
    assert s.over and s.season == 4 and s.end == "diamonds" and s.winners == [1]


def test_a_phase_event_announces_each_phase() -> None:
    s = arrange(2, hands={0: ["5s", "3c"]})
    events = act(s, 0, "fortify", card=card("5s"))
    assert "Fortifications are shown." in texts(events)
    assert "Season 1: Attack phase." in texts(events)
    assert catalog().names[card("5s")] == "5 of Spades"
    assert find(s, 0, "attack_done").text == "No attack"


def test_a_refused_drop_is_explained_in_the_rules_words() -> None:
    from tabletop.engine import Gesture

    s = _attacked(["6s", "7s"])
    small = Gesture.drag(CAT.uids[card("6s")], "p1.hand", CAT.uids[card("7c")])
    assert "worth 6; a parry must be worth at least 7" in G.explain_gesture(s, 1, small)
    t = arrange(3, hands={0: ["5c", "9h"]})
    at_self = Gesture.drag(CAT.uids[card("5c")], "p0.hand", "p0.front")
    assert G.explain_gesture(t, 0, at_self) == "You cannot attack yourself."
    heart = Gesture.drag(CAT.uids[card("9h")], "p0.hand", "p1.front")
    assert G.explain_gesture(t, 0, heart) == "Only clubs attack."
