"""Setup, the turn, placement, the court limit, guests, deck-out, two players, the end, and
every refusal the issue lists (each with its words, the state untouched)."""

from __future__ import annotations

import pytest
from monarch_support import (
    GAME,
    acquire,
    act,
    all_cards,
    build,
    card,
    empty_deck,
    names,
    new,
    on_deck,
    put,
    refusal,
    set_lands,
    set_row,
    uid,
)

from tabletop.engine import IllegalAction
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import CARDS, MAX_ROUNDS


# --- setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    s = GAME.new_game(players, 7)
    assert len(s.lands) == 9 and all(len(x) == 1 for x in s.lands)
    assert sum(CARDS[c].kind == "land" for c in s.box) == 3
    assert len(s.row) == 5 and all(CARDS[c].kind != "moon" for c in s.row)
    assert s.food == [5] * players and s.gold == [5] * players
    assert len(s.pool) == 5 and len(all_cards(s)) == 91
    assert GAME.to_act(s) == [s.first]
    firsts = {GAME.new_game(players, seed).first for seed in range(40)}
    assert firsts == set(range(players))  # a random first sister (MO1)


def test_only_the_deck_order_is_hidden() -> None:
    s = new(3)
    view = GAME.view(s, 1)
    zones = view["zones"]
    assert all(c["uid"] is None for c in zones["deck"]["cards"])
    assert len(zones["deck"]["cards"]) == len(s.deck)
    for zid, z in zones.items():
        if zid != "deck":
            assert all(c["uid"] is not None for c in z["cards"]), zid


# --- harvest and tax ----------------------------------------------------------------------------
def test_harvest_or_tax_once_per_turn() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    act(s, 0, "harvest")
    assert s.food[0] == 9
    assert "already harvested" in refusal(s, 0, "tax")
    assert "already harvested" in refusal(s, 0, "harvest")


def test_tax_one_food_short_is_refused_with_the_reason() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    s.food[0] = 4
    assert refusal(s, 0, "tax") == (
        "To tax you must first feed each of the 5 villages 1 food; you have 4 food."
    )
    s.food[0] = 5
    act(s, 0, "tax")
    assert (s.food[0], s.gold[0]) == (0, 10)


# --- placement ----------------------------------------------------------------------------------
def test_placement_same_kind_at_least_the_value_covered() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    build(s, 1, "orchard")
    set_row(s, "mill", "great-granary", "inn", "theater", "library")
    s.food[0] = 20
    targets = {a["to"] for a in GAME.legal_actions(s, 0) if a.get("card") == uid("mill")}
    assert targets == {"land.2", "land.3", "land.4"}
    assert refusal(s, 0, "acquire", card=uid("mill"), to="land.1") == (
        "The Mill (2 food) cannot cover the Orchard on land 1 (3 food): an improvement must "
        "give at least as much as the card it covers."
    )
    assert "is a farm improvement; land 5 is a village" in refusal(
        s, 0, "acquire", card=uid("mill"), to="land.5"
    )
    assert "only an improvement no board can take" in refusal(
        s, 0, "acquire", card=uid("mill"), to="discard"
    )
    acquire(s, 0, "great-granary", "land.1")  # 4 covers 3
    assert fx.yield_of(s, 0) == 4 and names(s.lands[0][1:]) == ["orchard", "great-granary"]


def test_an_unplaceable_improvement_may_be_bought_and_discarded() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    for land, imp in enumerate(("orchard", "vineyard", "hunting-grounds", "great-granary"), 1):
        build(s, land, imp)
    set_row(s, "mill", "inn", "theater", "library", "barracks")
    s.food[0] = 2
    assert [a["to"] for a in GAME.legal_actions(s, 0) if a.get("card") == uid("mill")] == [
        "discard"
    ]
    acquire(s, 0, "mill", "discard")
    assert card("mill") in s.discard and s.food[0] == 0


# --- the court ----------------------------------------------------------------------------------
def test_a_court_card_may_replace_one_and_must_at_seven() -> None:
    s = new(3)
    seven = ["owl", "falcon", "peacock", "herald", "oracle", "healer", "armorer"]
    put(s, s.courts[0], *seven[:3])
    put(s, s.guests[0], "tiresome-poet")
    set_row(s, "crown-jewels", "war-elephant", "inn", "theater", "library")
    s.gold[0] = 20
    # replacement allowed at any size: the replaced card goes to the discard pile
    act(s, 0, "acquire", card=uid("war-elephant"), to="court", replace=uid("falcon"))
    assert names(s.courts[0]) == ["owl", "war-elephant", "peacock"]
    assert card("falcon") in s.discard and names(s.guests[0]) == ["tiresome-poet"]
    put(s, s.courts[0], *seven[3:])
    assert len(s.courts[0]) == 7
    assert refusal(s, 0, "acquire", card=uid("crown-jewels"), to="court") == (
        "Your court already holds 7 Court cards: to take another, drop it on one of yours "
        "to replace it."
    )
    # a guest is never replaced
    assert "only replace a Court card of your own court" in refusal(
        s, 0, "acquire", card=uid("crown-jewels"), to="court", replace=uid("tiresome-poet")
    )
    targets = [
        a.get("replace") for a in GAME.legal_actions(s, 0) if a.get("card") == uid("crown-jewels")
    ]
    assert None not in targets and len(targets) == 7
    act(s, 0, "acquire", card=uid("crown-jewels"), to="court", replace=uid("owl"))
    assert len(s.courts[0]) == 7 and card("owl") in s.discard


def test_a_guest_goes_to_another_sister_never_to_herself() -> None:
    s = new(3)
    set_row(s, "useless-emissary", "mill", "inn", "theater", "library")
    assert refusal(s, 0, "acquire", card=uid("useless-emissary"), to="p0.guests") == (
        "An Unwanted Guest must be sent to another sister, not kept."
    )
    acquire(s, 0, "useless-emissary", "p2.guests")
    assert names(s.guests[2]) == ["useless-emissary"] and s.gold[0] == 2
    assert fx.crowns(s, 2) == -3


# --- the market ---------------------------------------------------------------------------------
def test_a_sweep_under_three_gold_is_refused() -> None:
    s = new(3)
    s.gold[0] = 2
    assert refusal(s, 0, "sweep") == "A sweep costs 3 gold; you have 2 gold."


def test_deck_out_during_a_sweep_reshuffles_the_discard_pile_swept_cards_included() -> None:
    s = new(3)
    set_row(s, "owl", "falcon", "peacock", "oracle", "herald")
    empty_deck(s)
    on_deck(s, "mill", "inn")
    put(s, s.discard, "fishery")
    act(s, 0, "sweep")
    assert names(s.row)[:2] == ["mill", "inn"] and len(s.row) == 5
    # the other three came from the reshuffled discard: the Fishery and four swept cards
    assert set(names(s.row)[2:]) <= {"fishery", "owl", "falcon", "peacock", "oracle", "herald"}
    assert len(s.deck) + len(s.discard) == 3 and not s.discard
    assert len(all_cards(s)) == 91


def test_with_deck_and_discard_empty_the_place_stays_empty() -> None:
    s = new(3)
    set_row(s, "owl", "falcon", "peacock", "oracle", "herald")
    empty_deck(s)
    s.box += s.discard
    s.discard.clear()
    acquire(s, 0, "owl", "court")
    assert len(s.row) == 4 and names(s.row) == ["falcon", "peacock", "oracle", "herald"]


# --- two players ----------------------------------------------------------------------------------
def test_two_players_one_free_improvement_a_turn() -> None:
    s = new(2)
    set_lands(s, "FFFFVVVVV")
    set_row(s, "great-granary", "royal-mint", "inn", "theater", "library")
    s.food[0] = 0
    acts = [a for a in GAME.legal_actions(s, 0) if a.name == "acquire"]
    assert acts and all(a.get("free") for a in acts)
    acquire(s, 0, "great-granary", "land.1", free=True)
    assert s.food[0] == 0 and s.free_taken
    assert "already taken your free improvement" in refusal(
        s, 0, "acquire", card=uid("royal-mint"), to="land.5", free=True
    )
    act(s, 0, "end")
    acquire(s, 1, "royal-mint", "land.5", free=True)
    assert fx.yield_of(s, 4) == 4
    with pytest.raises(IllegalAction, match="Only in a two-player game"):
        s3 = new(3)
        set_row(s3, "mill", "inn", "theater", "library", "barracks")
        act(s3, 0, "acquire", card=uid("mill"), to="land.1", free=True)


def test_two_players_double_amounts_and_two_banners() -> None:
    s = new(2)
    assert fx.banner_limit(s) == 2 and fx.banner_limit(new(3)) == 1
    bounty = CARDS[card("banner-of-bounty")]
    assert fx.power_amount(s, bounty) == 2 and fx.power_amount(new(4), bounty) == 1
    might = CARDS[card("banner-of-might")]
    assert fx.power_amount(s, might) == 2  # not doubled: it prints no food or gold bonus


# --- the end ------------------------------------------------------------------------------------------
def test_two_courts_reaching_seven_in_the_same_round_the_most_crowns_wins() -> None:
    s = new(3)
    put(s, s.courts[0], "owl", "falcon", "peacock", "herald", "oracle", "healer")
    put(s, s.courts[1], "war-elephant", "warhorse", "mail-cloak", "peacock", "golden-goose")
    put(s, s.courts[1], "prize-heifer")
    set_row(s, "armorer", "crown-jewels", "inn", "theater", "library")
    s.gold[:] = [3, 7, 0]
    acquire(s, 0, "armorer", "court")
    act(s, 0, "end")
    acquire(s, 1, "crown-jewels", "court")
    act(s, 1, "end")
    assert not GAME.is_over(s)
    act(s, 2, "end")
    assert GAME.is_over(s)
    out = GAME.outcome(s)
    assert out.scores[0] == fx.crowns(s, 0) and out.scores[1] > out.scores[0]
    assert out.winners == [1]


def test_ties_go_to_food_and_gold_left_then_shared() -> None:
    s = new(3)
    put(s, s.courts[0], "owl", "falcon", "peacock", "herald", "oracle", "healer", "armorer")
    put(s, s.courts[1], "war-elephant", "warhorse", "mail-cloak", "crown-jewels")
    assert fx.crowns(s, 0) == 3 + 3 + 4 + 2 + 5 + 2 + 2 == fx.crowns(s, 1) - 0
    s.food[:] = [1, 2, 0]
    s.gold[:] = [3, 2, 0]
    for seat in range(3):
        act(s, seat, "end")
    assert GAME.outcome(s).winners == [0, 1]
    s2 = new(3)
    put(s2, s2.courts[0], "owl", "falcon", "peacock", "herald", "oracle", "healer", "armorer")
    put(s2, s2.courts[1], "war-elephant", "warhorse", "mail-cloak", "crown-jewels")
    s2.food[:] = [1, 3, 0]
    s2.gold[:] = [3, 2, 0]
    for seat in range(3):
        act(s2, seat, "end")
    assert GAME.outcome(s2).winners == [1]


def test_the_safety_cap_scores_the_game_after_sixty_rounds() -> None:
    s = new(2)
    s.round = MAX_ROUNDS
    act(s, 0, "end")
    act(s, 1, "end")
    assert GAME.is_over(s) and s.ended == "cap"
    assert GAME.summary_stats(s)["end"] == "cap"


def test_refused_turn_actions_in_words() -> None:
    s = new(3)
    set_row(s, "owl", "falcon", "peacock", "oracle", "herald")
    assert refusal(s, 1, "end") == "It is not your decision now (waiting for seat 1)."
    assert refusal(s, 0, "acquire", card=uid("crown-jewels"), to="court") == (
        "That card is not in the market row."
    )
    assert "joins your own court" in refusal(s, 0, "acquire", card=uid("owl"), to="land.1")
    s.gold[0] = 2
    assert refusal(s, 0, "acquire", card=uid("owl"), to="court") == (
        "The Owl costs you 3 gold; you have 2 gold and 5 food."
    )
    on_deck(s, "mill")
    assert s.deck[-1] == card("mill")


def test_a_refused_drop_at_the_table_gets_the_rules_words() -> None:
    from tabletop.engine import Gesture

    s = new(3)
    set_lands(s, "FFFFVVVVV")
    build(s, 1, "orchard")
    set_row(s, "mill", "owl", "useless-emissary", "theater", "library")
    s.food[0] = 9
    GAME.touch(s)
    low = Gesture.drag(uid("mill"), "row", "land.1")
    assert "cannot cover the Orchard" in GAME.explain_gesture(s, 0, low)
    self_guest = Gesture.drag(uid("useless-emissary"), "row", "p0.guests")
    assert "another sister" in GAME.explain_gesture(s, 0, self_guest)
    banner = Gesture.drag(uid("banner-of-might"), "banners", "p0.flown")
    assert "needs 2 Might Court cards; you have 0" in GAME.explain_gesture(s, 0, banner)
    put(s, s.courts[0], "herald", "falcon", "peacock", "oracle", "healer", "armorer", "warhorse")
    full = Gesture.drag(uid("owl"), "row", "p0.court")
    assert "already holds 7 Court cards" in GAME.explain_gesture(s, 0, full)
