"""Jokers and Royal powers: counters and counters of counters, Diplomacy, Enemy of my
Enemy, Front Line Leadership, Sultry Looks, the suit bonus, the switch to the two-player
list (M1, M11–M15, M31, M32)."""

from __future__ import annotations

from typing import Any

import pytest
from mayflower_support import CAT, G, act, arrange, card, done, pass_all

from tabletop.engine import IllegalAction, Rng
from tabletop.games.mayflower.values import attack_value, fortification, value


def _play_of(s, kind: str, card_id: str) -> int:
    c = card(card_id)
    return next(p["id"] for p in s.plays if p["kind"] == kind and p.get("card") == c)


def _attack(s, seat: int, club: str, target: int, boost: bool = False) -> None:
    act(s, seat, "attack", card=card(club), target=target, boost=boost)
    done(s, seat)


# --- jokers ----------------------------------------------------------------------------------------
def test_a_joker_cancels_a_club_and_leaves_the_game() -> None:
    s = arrange(3, hands={0: ["9c"], 1: ["joker-red", "2h"]}, royals={0: "jd", 1: "jh", 2: "jd"})
    _attack(s, 0, "9c", 1)
    assert s.stack[-1].step == "react" and G.to_act(s) == [1]  # only seat 1 can answer
    act(s, 1, "counter", play=_play_of(s, "club", "9c"))
    assert card("joker-red") in s.gone and s.jokers_played == 1
    # nobody else holds a joker: the joker's window closes at once and it resolves
    assert card("9c") in s.spent and s.fights[0]["lost"]
    pass_all(s, "rebuild")
    assert s.hp[1] == 20 and s.fights[0]["result"] == "cancelled"


def test_a_joker_against_a_joker_resolves_last_in_first_out() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "joker-black"], 1: ["joker-red", "2h"]},
        royals={0: "jd", 1: "jh", 2: "jd"},
    )
    _attack(s, 0, "9c", 1)
    act(s, 1, "counter", play=_play_of(s, "club", "9c"))
    assert G.to_act(s) == [0]  # the first joker's window asks seat 0
    first = next(p["id"] for p in s.plays if p["kind"] == "joker")
    act(s, 0, "counter", play=first)
    # the second joker cancels the first; the club stands
    assert s.plays[first]["lost"] and not s.fights[0]["lost"]
    assert s.jokers_played == 2 and len(s.gone) == 2
    pass_all(s, "rebuild")
    assert s.hp[1] == 11


def test_a_cancelled_parry_cannot_be_replaced() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "joker-red"], 1: ["9s", "10s"], 2: ["2h"]},
        royals={0: "jd", 1: "jh", 2: "jd"},
    )
    pass_all(s, "attack")
    _attack(s, 0, "9c", 1)
    pass_all(s, "defend")
    act(s, 1, "parry", card=card("9s"), fight=0, boost=False)
    done(s, 1)
    act(s, 0, "counter", play=_play_of(s, "parry", "9s"))
    assert s.fights[0]["plost"] and card("9s") in s.spent
    pass_all(s, "rebuild")
    assert s.hp[1] == 11 and card("10s") in s.hands[1]


def test_a_cancelled_fortification_protects_nobody() -> None:
    s = arrange(
        3,
        hands={0: ["8s"], 1: ["joker-red", "7c"], 2: ["2h"]},
        royals={0: "jd", 1: "jh", 2: "jd"},
    )
    act(s, 0, "fortify", card=card("8s"))
    act(s, 1, "counter", play=_play_of(s, "fortify", "8s"))
    assert fortification(s, 0) == 0 and card("8s") in s.spent
    _attack(s, 1, "7c", 0)
    pass_all(s, "rebuild")
    assert s.hp[0] == 13


def test_a_cancelled_heart_heals_nothing() -> None:
    s = arrange(
        3, hands={0: ["9h"], 1: ["joker-red"]}, royals={0: "jd", 1: "jh", 2: "jd"}, hp={0: 5}
    )
    pass_all(s, "rebuild")
    act(s, 0, "heal", card=card("9h"))
    done(s, 0)
    act(s, 1, "counter", play=_play_of(s, "heart", "9h"))
    assert s.hp[0] == 5 and s.season == 2


def test_a_joker_you_do_not_hold_or_against_your_own_play_is_refused() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "joker-red"], 1: ["joker-black", "2h"]},
        royals={0: "jd", 1: "jh", 2: "jd"},
    )
    _attack(s, 0, "9c", 1)
    pid = _play_of(s, "club", "9c")
    bad = {"name": "counter", "args": {"card": CAT.uids[card("joker-red")], "play": pid}}
    with pytest.raises(IllegalAction, match="not in your hand"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))
    with pytest.raises(IllegalAction, match="Only a joker"):
        bad2 = {"name": "counter", "args": {"card": CAT.uids[card("2h")], "play": pid}}
        G.apply(s, 1, G.action_from_json(s, 1, bad2))
    assert s.stack[-1].step == "react" and s.jokers_played == 0


# --- Diplomacy (M11) -------------------------------------------------------------------------------
def _diplomacy_position(helper_spades: list[str], own: str = "4s") -> object:
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 1: [own], 2: helper_spades},
        royals={0: "jd", 1: "qd", 2: "js"},
    )
    pass_all(s, "attack")
    _attack(s, 0, "9c", 1)
    act(s, 1, "diplomacy", fight=0, seat=2)
    return s


def test_diplomacy_lets_the_called_player_parry_with_their_own_bonuses() -> None:
    s = _diplomacy_position(["8s"])
    assert s.power_used[1] and s.stack[-1].step == "diplomacy" and G.to_act(s) == [2]
    # 8 + 1 (a spade Royal) + 2 (the helper's Jack) = 11 >= 9; without the Jack only 9
    act(s, 2, "diplomacy_parry", card=card("8s"), boost=False)
    assert s.fights[0]["parry"] == card("8s") and s.fights[0]["pby"] == 2
    pass_all(s, "rebuild")
    assert s.hp[1] == 20 and s.favours == []  # no favour is owed for Diplomacy


def test_diplomacy_declined_leaves_the_holder_free_to_parry() -> None:
    s = _diplomacy_position(["9s"], own="10s")
    act(s, 2, "diplomacy_decline")
    assert s.fights[0]["parry"] == -1
    pass_all(s, "defend")
    act(s, 1, "parry", card=card("10s"), fight=0, boost=False)
    done(s, 1)
    pass_all(s, "rebuild")
    assert s.hp[1] == 20 and s.fights[0]["pby"] == 1


def test_diplomacy_can_only_answer_an_attack_on_its_holder() -> None:
    s = arrange(3, hands={0: ["9c", "2h"], 2: ["8s"]}, royals={0: "jd", 1: "qd", 2: "js"})
    pass_all(s, "attack")
    _attack(s, 0, "9c", 2)
    assert not [a for a in G.legal_actions(s, 1) if a.name == "diplomacy"]
    bad = {"name": "diplomacy", "args": {"fight": 0, "seat": 2}}
    with pytest.raises(IllegalAction):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


# --- Enemy of my Enemy (M12) -----------------------------------------------------------------------
def test_enemy_of_my_enemy_turns_a_club_on_another_target_with_its_fortification() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 2: ["6s"]},
        royals={0: "jd", 1: "kd", 2: "jh"},
        diamonds={2: ["5d"]},
    )
    act(s, 2, "fortify", card=card("6s"))  # F = 3
    _attack(s, 0, "9c", 1)
    act(s, 1, "redirect", fight=0, target=2)
    assert s.fights[0]["to"] == 2 and card("9c") in s.fronts[2]
    assert attack_value(s, s.fights[0]) == 6
    pass_all(s, "rebuild")
    assert s.hp == [20, 20, 14] and card("5d") in s.hands[0]


def test_a_club_cannot_be_turned_on_its_own_attacker() -> None:
    s = arrange(3, hands={0: ["9c", "2h"]}, royals={0: "jd", 1: "kd", 2: "jh"})
    _attack(s, 0, "9c", 1)
    targets = {a["target"] for a in G.legal_actions(s, 1) if a.name == "redirect"}
    assert targets == {2}
    bad = {"name": "redirect", "args": {"fight": 0, "target": 0}}
    with pytest.raises(IllegalAction, match="its own attacker"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


def test_a_redirect_then_cancelled_leaves_the_club_where_it_was() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "joker-red", "2h"]},
        royals={0: "jd", 1: "kd", 2: "jh"},
    )
    _attack(s, 0, "9c", 1)
    act(s, 1, "redirect", fight=0, target=2)
    redirect = next(p["id"] for p in s.plays if p["kind"] == "redirect")
    act(s, 0, "counter", play=redirect)
    assert s.fights[0]["to"] == 1 and s.power_used[1]
    pass_all(s, "rebuild")
    assert s.hp == [20, 11, 20]


# --- Front Line Leadership, the suit bonus, Sultry Looks ------------------------------------------
def test_front_line_adds_two_to_one_club_only() -> None:
    s = arrange(3, hands={0: ["5c", "6c"], 2: ["2h"]}, royals={0: "jh", 1: "jd", 2: "jd"})
    act(s, 0, "attack", card=card("5c"), target=1, boost=True)
    boosts = {a["boost"] for a in G.legal_actions(s, 0) if a.name == "attack"}
    assert boosts == {False}
    done(s, 0)
    assert s.boosted_club[0] and attack_value(s, s.fights[0]) == 7


def test_the_royal_suit_adds_one_to_cards_of_its_suit() -> None:
    s = arrange(3, hands={0: ["5c", "5h"], 1: ["5s"]}, royals={0: "kc", 1: "ks", 2: "jd"})
    assert value(s, card("5c"), 0) == 5
    act(s, 1, "fortify", card=card("5s"))
    assert fortification(s, 1) == 3  # (5 + 1) // 2
    _attack(s, 0, "5c", 1)
    assert attack_value(s, s.fights[0]) == 5 + 1 - 3


def test_sultry_looks_makes_the_opponents_aces_count_one() -> None:
    s = arrange(2, hands={0: ["ac", "2h"], 1: ["as"]}, royals={0: "kh", 1: "qd"})
    assert value(s, card("ac"), 0) == 1 and value(s, card("as"), 1) == 10
    act(s, 1, "fortify", card=card("as"))  # its own ace: 10, F = 5
    assert fortification(s, 1) == 5
    _attack(s, 0, "ac", 1)
    assert attack_value(s, s.fights[0]) == 1 - 5


def test_sultry_looks_in_season_four_also_counts_at_final_scoring() -> None:
    s = arrange(2, diamonds={0: ["ad", "2d"], 1: ["9d"]}, royals={0: "kh", 1: "qh"}, season=4)
    # seat 0: ace 1 + 2 = 3 < 9
    assert s.over and s.winners == [1]
    t = arrange(2, diamonds={0: ["ad", "2d"], 1: ["9d"]}, royals={0: "kh", 1: "jh"}, season=4)
    assert t.over and t.winners == [0]  # 10 + 2 = 12


# --- the two-player list (M1) --------------------------------------------------------------------
def test_three_players_down_to_two_switch_to_the_two_player_powers() -> None:
    s = arrange(3, hands={0: ["10c"]}, hp={2: 5}, royals={0: "jd", 1: "jh", 2: "jd"})
    assert not s.two_list
    _attack(s, 0, "10c", 2)  # nobody can parry or heal: season 1 ends at once
    assert s.out[2] == 1 and s.season == 2 and s.two_list


def test_two_players_use_the_two_player_powers_from_the_start() -> None:
    s = arrange(2, hands={0: ["9c"]}, royals={0: "jd", 1: "kd"})
    assert s.two_list
    _attack(s, 0, "9c", 1)
    # a King with two players is King's Hoard: no Enemy of my Enemy in the window
    assert all(a.name != "redirect" for p in G.to_act(s) for a in G.legal_actions(s, p))


def test_the_king_never_moves_his_own_club() -> None:
    """M37: "one attack by another player": the King's holder may turn another attacker's
    club, never one he played."""
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 1: ["8c", "3h"]},
        royals={0: "jd", 1: "kd", 2: "jh"},
    )
    act(s, 0, "attack", card=card("9c"), target=2)
    act(s, 1, "attack", card=card("8c"), target=2)
    done(s, 0)
    done(s, 1)
    moved = {a["fight"] for a in G.legal_actions(s, 1) if a.name == "redirect"}
    own = next(f["id"] for f in s.fights if f["by"] == 1)
    other = next(f["id"] for f in s.fights if f["by"] == 0)
    assert moved == {other}
    bad = {"name": "redirect", "args": {"fight": own, "target": 0}}
    with pytest.raises(IllegalAction, match="never one of your own"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


def _window_views(joker_at: int) -> tuple[Any, list[Any]]:
    """Seat 0 attacks seat 1; ``joker_at`` holds the only joker, so only it may answer."""
    hands = {0: ["9c", "2h"], 1: ["2d", "3h"], 2: ["4d", "5h"]}
    hands[joker_at] = ["joker-red", hands[joker_at][1]]
    s = arrange(3, hands=hands, royals={0: "jd", 1: "jh", 2: "jd"})
    _attack(s, 0, "9c", 1)
    assert s.stack[-1].step == "react" and G.to_act(s) == [joker_at]
    return s, [G.view(s, v) for v in (0, None)]


def test_an_open_window_does_not_tell_who_may_answer() -> None:
    """M38: a window asks only the seats that could answer; no other view names them."""
    from tabletop.engine.frozen import canonical

    a, views_a = _window_views(1)
    _b, views_b = _window_views(2)
    for va, vb in zip(views_a, views_b, strict=True):
        assert canonical(va) == canonical(vb)  # the joker at seat 2 or at seat 3: alike
        assert va["to_act"] == ()
        assert "Player 2" not in va["prompt"] and "Player 3" not in va["prompt"]
        assert "Player" not in va["public"]["waiting"]
    assert G.view(a, 1)["to_act"] == (1,)  # the seat asked knows it is asked
    assert "Answer" in G.view(a, 1)["prompt"]
    # the seat asked can still be dealt a world it cannot tell from the real one
    seen = G.view(a, 1)
    assert G.view(G.determinize(seen, 1, Rng(3)), 1) == seen


def test_diplomacy_called_without_a_spade_is_logged_as_a_refusal() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 1: ["3h"], 2: ["4h"]},
        royals={0: "jd", 1: "qd", 2: "jh"},
    )
    _attack(s, 0, "9c", 1)
    events = act(s, 1, "diplomacy", fight=0, seat=2)
    while s.stack and s.stack[-1].step == "react":
        events += done(s, G.to_act(s)[0])
    # called all the same (M38), with nothing to do but decline
    assert s.stack[-1].step == "diplomacy" and G.to_act(s) == [2]
    assert [a.name for a in G.legal_actions(s, 2)] == ["diplomacy_decline"]
    events += act(s, 2, "diplomacy_decline")
    texts = [e.text for e in events]
    assert "Player 3 declines to parry for Player 2." in texts
    assert not any("no spade" in t for t in texts)
