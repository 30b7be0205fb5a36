"""Favours: asked, accepted or declined, called in with and without a fitting card, traded,
bought back, kept across seasons, voided by elimination (M19, M22–M25, M32, M36)."""

from __future__ import annotations

import pytest
from mayflower_support import G, act, arrange, card, done, pass_all

from tabletop.engine import IllegalAction


def _to(s, step: str, phase: str | None = None) -> None:
    """Pass until ``step`` (of ``phase``) is on top."""
    for _ in range(200):
        top = s.stack[-1]
        if top.step == step and (phase is None or top.data.get("phase", phase) == phase):
            return
        done(s, G.to_act(s)[0])
    raise AssertionError(f"never reached {step}")


def _attacked(helper: list[str], victim: list[str] | None = None) -> object:
    """Seat 0 attacks seat 1 with the 9 of clubs; the Defend favour round is on top."""
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 1: victim or [], 2: helper},
        royals={0: "jd", 1: "jd", 2: "js"},
        favours=True,
    )
    _to(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    _to(s, "favours", "defend")
    return s


def test_a_seat_that_is_attacked_may_ask_for_a_parry_and_the_helper_plays_it() -> None:
    s = _attacked(["8s"])
    assert G.to_act(s) == [1]
    act(s, 1, "ask", helper=2, subject=0)
    assert s.stack[-1].step == "ask" and G.to_act(s) == [2]
    assert "asks you to parry Player 1's 9 of Clubs for a favour" in G.view(s, 2)["prompt"]
    # the helper's own bonuses: 8 + 1 (spade Royal) + 2 (its Jack) = 11 >= 9
    act(s, 2, "help", card=card("8s"), boost=False)
    assert s.favours == [[1, 1, 2]]  # player 2 owes player 3
    assert s.fights[0]["pby"] == 2
    pass_all(s, "rebuild")
    assert s.hp[1] == 20


def test_an_ask_may_be_declined_and_no_token_is_made() -> None:
    s = _attacked(["10s"])
    act(s, 1, "ask", helper=2, subject=0)
    act(s, 2, "decline_help")
    assert s.favours == []
    # the same helper is asked at most once a phase: with nobody else to ask, seat 1's
    # Defend round is over and the game moved on to the Rebuild's
    assert s.stack[-1].step == "favours" and s.stack[-1].data["phase"] == "rebuild"


def test_a_helper_with_no_fitting_card_is_asked_and_can_only_decline() -> None:
    s = _attacked(["3s"])
    act(s, 1, "ask", helper=2, subject=0)
    # asked as a helper with a card would be (M38): what it holds is secret
    assert s.stack[-1].step == "ask" and G.to_act(s) == [2]
    assert [a.name for a in G.legal_actions(s, 2)] == ["decline_help"]
    events = act(s, 2, "decline_help")
    # the log says it as any refusal, never that the helper has no card
    assert "Player 3 declines to help Player 2." in [e.text for e in events]
    assert not any("no card" in e.text for e in events)


def test_asking_oneself_or_an_eliminated_player_is_refused() -> None:
    s = _attacked(["8s"])
    bad = {"name": "ask", "args": {"helper": 1, "subject": 0}}
    with pytest.raises(IllegalAction, match="yourself"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


def _owed(helper_cards: list[str], victim: list[str] | None = None) -> object:
    """Player 2 owes player 3 a favour made in season 1; season 2's Defend round on top."""
    s = _attacked(["8s", *helper_cards], victim)
    act(s, 1, "ask", helper=2, subject=0)
    act(s, 2, "help", card=card("8s"), boost=False)
    return s


def test_a_favour_is_called_in_and_the_debtor_must_give_a_fitting_card() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 2: ["9s"]},
        royals={0: "jd", 1: "jd", 2: "js"},
        favours=True,
    )
    s.favours = [[1, 2, 1]]  # seat 2 owes seat 1
    s.next_token = 2
    G.touch(s)
    _to(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    _to(s, "favours", "defend")
    act(s, 1, "call_favour", debtor=2, subject=0)
    # the call is a play: nobody holds a joker, so it stands and the debtor answers
    assert s.stack[-1].step == "call" and G.to_act(s) == [2]
    assert [a.name for a in G.legal_actions(s, 2)] == ["give"]  # no way to decline
    act(s, 2, "give", card=card("9s"), boost=False)
    assert s.favours == [] and s.fights[0]["parry"] == card("9s")


def test_a_favour_called_without_a_fitting_card_stays_owed() -> None:
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 2: ["3s"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        favours=True,
    )
    s.favours = [[1, 2, 1]]
    G.touch(s)
    _to(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    _to(s, "favours", "defend")
    events = act(s, 1, "call_favour", debtor=2, subject=0)
    assert any("stays owed" in e.text for e in events)
    assert s.favours == [[1, 2, 1]]


def test_favours_persist_across_seasons() -> None:
    s = _owed([])
    pass_all(s)
    assert s.season == 2 and s.favours == [[1, 1, 2]]


def test_favours_of_an_eliminated_player_are_void() -> None:
    s = arrange(
        3,
        hands={0: ["10c", "9c"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        hp={1: 4},
        favours=True,
    )
    s.favours = [[1, 1, 2], [2, 0, 1]]
    G.touch(s)
    _to(s, "attack")
    act(s, 0, "attack", card=card("10c"), target=1, boost=False)
    done(s, 0)
    for _ in range(50):
        if s.season == 2:
            break
        done(s, G.to_act(s)[0])
    assert s.out[1] == 1 and s.favours == []


def test_a_token_is_sold_to_a_third_player_for_a_diamond() -> None:
    s = arrange(
        3,
        hands={0: ["3c"]},
        diamonds={2: ["7d"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        favours=True,
    )
    s.favours = [[1, 0, 1]]  # seat 0 owes seat 1
    G.touch(s)
    _to(s, "favours", "attack")
    while G.to_act(s) != [1]:
        done(s, G.to_act(s)[0])
    act(s, 1, "sell_favour", debtor=0, seat=2)
    assert s.stack[-1].step == "offer" and G.to_act(s) == [2]
    act(s, 2, "accept_offer", card=card("7d"))
    assert s.favours == [[1, 0, 2]] and card("7d") in s.hands[1]


def test_a_token_is_swapped_for_a_new_favour_the_other_way() -> None:
    s = arrange(3, hands={0: ["3c"]}, royals={0: "jd", 1: "jh", 2: "jc"}, favours=True)
    s.favours = [[1, 0, 1]]
    s.next_token = 2
    G.touch(s)
    _to(s, "favours", "attack")
    while G.to_act(s) != [1]:
        done(s, G.to_act(s)[0])
    act(s, 1, "swap_favour", debtor=0, seat=2)
    act(s, 2, "accept_offer")
    assert s.favours == [[1, 0, 2], [2, 2, 1]]


def test_a_debtor_buys_its_token_back_with_a_diamond_or_is_refused() -> None:
    s = arrange(
        3,
        hands={0: ["3c"]},
        diamonds={0: ["8d", "2d"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        favours=True,
    )
    s.favours = [[1, 0, 1]]
    G.touch(s)
    _to(s, "favours", "attack")
    assert G.to_act(s) == [0]
    act(s, 0, "buy_back", holder=1, card=card("2d"))
    act(s, 1, "refuse_offer")
    assert s.favours == [[1, 0, 1]]
    assert not [a for a in G.legal_actions(s, 0) if a.name == "buy_back"]  # once a phase
    done(s, 0)
    pass_all(s)  # to season 2 and its Attack favour round
    _to(s, "favours", "attack")
    while G.to_act(s) != [0]:
        done(s, G.to_act(s)[0])
    act(s, 0, "buy_back", holder=1, card=card("8d"))
    act(s, 1, "accept_offer")
    assert s.favours == [] and card("8d") in s.hands[1]


def test_a_helper_asked_to_attack_keeps_the_loot() -> None:
    s = arrange(
        3,
        hands={1: ["4c"], 2: ["2h"]},
        diamonds={2: ["5d"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        favours=True,
    )
    _to(s, "favours", "attack")
    assert G.to_act(s)[0] == 0
    act(s, 0, "ask", helper=1, subject=2)
    act(s, 1, "help", card=card("4c"), boost=False)
    assert s.favours == [[1, 0, 1]] and s.fights[0]["by"] == 1
    pass_all(s, "rebuild")
    assert card("5d") in s.hands[1] and s.hp[2] == 16


def test_healing_may_be_asked_for_at_the_rebuild() -> None:
    s = arrange(
        3,
        hands={1: ["6h"], 2: ["2h"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        hp={0: 5},
        favours=True,
    )
    _to(s, "favours", "rebuild")
    act(s, 0, "ask", helper=1, subject=-1)
    act(s, 1, "help", card=card("6h"), boost=False)
    assert card("6h") in s.heals[0] and s.favours == [[1, 0, 1]]
    pass_all(s)
    assert s.hp[0] == 5 + 6 + 1  # the helper's hearts Royal counts


def test_with_favours_off_nobody_is_asked() -> None:
    s = arrange(3, hands={0: ["9c"]}, royals={0: "jd", 1: "jh", 2: "jc"})
    assert s.stack[-1].step == "attack"
    assert all(f.step != "favours" for f in s.stack)


# --- M39: trades between any two phases, buy-back from hand, a heal as a gift ----------------
def _restart_phase(s, phase: str) -> None:
    """Start ``phase`` again from its first step, with the favours now set."""
    from tabletop.games.mayflower.flow import settle

    s.stack = []
    s.phase, s.stage = phase, 0
    settle(s, [])
    G.touch(s)


def _owing(diamond_in_hand: bool = False):
    s = arrange(
        3,
        hands={0: ["3c", *(["8d"] if diamond_in_hand else [])], 1: ["4h"]},
        diamonds={} if diamond_in_hand else {0: ["8d"]},
        royals={0: "jd", 1: "jh", 2: "jc"},
        favours=True,
    )
    s.favours = [[1, 0, 1]]  # seat 0 owes seat 1
    s.next_token = 2
    return s


@pytest.mark.parametrize("phase", ["fortify", "pillage", "begin_again"])
def test_favours_are_traded_between_any_two_phases(phase: str) -> None:
    """M39: Court→Fortify, Defend→Pillage and Rebuild→Begin Again included; those rounds
    trade and buy back only (asking and calling in belong to Attack, Defend, Rebuild)."""
    s = _owing()
    _restart_phase(s, phase)
    top = s.stack[-1]
    assert top.step == "favours" and top.data["phase"] == phase
    names = {a.name for a in G.legal_actions(s, G.to_act(s)[0])}
    assert names & {"buy_back", "sell_favour", "swap_favour"}
    assert not names & {"ask", "call_favour", "ask_gift"}


def test_a_debtor_may_buy_back_with_a_diamond_from_hand() -> None:
    s = _owing(diamond_in_hand=True)
    _restart_phase(s, "attack")
    assert G.to_act(s) == [0]
    act(s, 0, "buy_back", holder=1, card=card("8d"))
    act(s, 1, "accept_offer")
    assert s.favours == [] and card("8d") in s.hands[1] and card("8d") not in s.hands[0]


def test_a_player_heals_another_as_a_gift_when_both_agree() -> None:
    s = arrange(
        3,
        hands={1: ["4h"]},
        royals={0: "jd", 1: "jd", 2: "jc"},
        favours=True,
        hp={0: 12},
    )
    _restart_phase(s, "rebuild")
    assert G.to_act(s) == [0]
    act(s, 0, "ask_gift", helper=1)
    assert "as a gift (no favour owed)" in G.view(s, 1)["prompt"]
    act(s, 1, "help", card=card("4h"))
    assert s.favours == [] and card("4h") in s.heals[0]
    assert not [a for a in G.legal_actions(s, 0) if a.name == "ask_gift" and a["helper"] == 1]


def test_diplomacy_never_names_the_attacker_as_the_helper() -> None:
    s = arrange(
        3, hands={0: ["9c", "2h"], 2: ["9s"]}, royals={0: "jd", 1: "qd", 2: "jh"}, phase="attack"
    )
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    called = {a["seat"] for a in G.legal_actions(s, 1) if a.name == "diplomacy"}
    assert called == {2}
    bad = {"name": "diplomacy", "args": {"fight": 0, "seat": 0}}
    with pytest.raises(IllegalAction, match="attacker"):
        G.apply(s, 1, G.action_from_json(s, 1, bad))


def test_a_re_deal_keeps_a_diamond_offered_from_hand_with_its_owner() -> None:
    """The offered diamond was named in public: a world re-dealt from the holder's view has
    it in the debtor's hand, so the holder may accept there too."""
    from tabletop.engine import Rng

    s = _owing(diamond_in_hand=True)
    _restart_phase(s, "attack")
    act(s, 0, "buy_back", holder=1, card=card("8d"))
    view = G.view(s, 1)
    for k in range(8):
        world = G.determinize(view, 1, Rng(k))
        assert card("8d") in world.hands[0]
        accept = next(a for a in G.legal_actions(world, 1) if a.name == "accept_offer")
        G.apply(world, 1, accept)
        assert card("8d") in world.hands[1]
