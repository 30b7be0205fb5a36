"""One scenario per effect kind of the cards, and per banner."""

from __future__ import annotations

import pytest
from monarch_support import (
    GAME,
    acquire,
    act,
    build,
    card,
    new,
    put,
    refusal,
    set_lands,
    set_row,
    uid,
)

from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.state import DISMISS, MonarchState


def value(s: MonarchState, seat: int, card_id: str) -> int:
    return fx.court_value(s, seat, card(card_id))


# --- scoring rules -----------------------------------------------------------------------------
def test_per_path_card_with_itself_and_per_path_improvement() -> None:
    s = new(2)
    set_lands(s, "FFFFVVVVV")
    put(s, s.courts[0], "harvest-mantle", "golden-goose")
    build(s, 2, "orchard")
    assert value(s, 0, "harvest-mantle") == 2 * 2 + 2 * 1


def test_per_path_card_without_itself() -> None:
    s = new(2)
    put(s, s.courts[0], "general")
    assert value(s, 0, "general") == 1
    put(s, s.courts[0], "falcon", "warhorse")
    assert value(s, 0, "general") == 3


def test_per_path_improvement_added_to_printed_crowns() -> None:
    s = new(2)
    set_lands(s, "FFFFVVVVV")
    put(s, s.courts[0], "beekeeper")
    assert value(s, 0, "beekeeper") == 2
    build(s, 1, "apiary")
    build(s, 2, "royal-goatery", "great-granary")  # two Bounty farms stacked: one on top
    assert value(s, 0, "beekeeper") == 4


def test_per_emblem() -> None:
    s = new(2)
    put(s, s.courts[0], "beastkeeper", "owl", "falcon", "mail-cloak")
    assert value(s, 0, "beastkeeper") == 4
    put(s, s.courts[0], "royal-seamstress")
    assert value(s, 0, "royal-seamstress") == 2


def test_per_guest() -> None:
    s = new(2)
    put(s, s.courts[0], "court-jester")
    put(s, s.guests[0], "boorish-uncle", "tiresome-poet")
    assert value(s, 0, "court-jester") == 2
    assert fx.crowns(s, 0) == 2 - 2 - 1


def test_per_farm_board() -> None:
    s = new(2)
    set_lands(s, "FFFVVVVVV")
    put(s, s.courts[0], "goatherd")
    assert value(s, 0, "goatherd") == 3


def test_per_different_path_with_a_cap() -> None:
    s = new(2)
    put(s, s.courts[0], "ambassador", "owl", "falcon")
    assert value(s, 0, "ambassador") == 4
    put(s, s.courts[0], "peacock", "golden-goose", "herald")  # the Herald has no path
    assert value(s, 0, "ambassador") == 8  # four paths: 8, the cap


def test_per_resource_held_with_a_cap() -> None:
    s = new(2)
    put(s, s.courts[0], "granary-steward")
    s.food[0] = 8
    assert value(s, 0, "granary-steward") == 2
    s.food[0] = 40
    assert value(s, 0, "granary-steward") == 5


def test_pair_bonus() -> None:
    s = new(2)
    put(s, s.courts[0], "court-musician")
    assert value(s, 0, "court-musician") == 3
    put(s, s.courts[0], "court-dancer")
    assert value(s, 0, "court-musician") == 5 and value(s, 0, "court-dancer") == 5


def test_cancels_another_card() -> None:
    s = new(2)
    put(s, s.courts[0], "fireworks", "astronomer")
    assert value(s, 0, "astronomer") == 0 and value(s, 0, "fireworks") == 4


# --- costs and on-acquire effects ----------------------------------------------------------------
def test_a_cost_discount_for_wisdom_court_cards() -> None:
    s = new(3)
    put(s, s.courts[0], "gazing-glass")
    set_row(s, "oracle", "war-elephant", "mill", "inn", "theater")
    s.gold[0] = 4
    assert "costs you 6 gold" in refusal(s, 0, "acquire", card=uid("war-elephant"), to="court")
    acquire(s, 0, "oracle", "court")  # 5 gold, 1 off
    assert s.gold[0] == 0


def test_on_acquire_gain() -> None:
    s = new(3)
    set_row(s, "alchemist", "mill", "inn", "theater", "library")
    s.gold[0] = 4
    acquire(s, 0, "alchemist", "court")
    assert s.gold[0] == 2


def test_on_acquire_guest_removal_asks_and_discards_the_chosen_guest() -> None:
    s = new(3)
    put(s, s.guests[0], "useless-emissary", "tiresome-poet")
    set_row(s, "herald", "mill", "inn", "theater", "library")
    s.gold[0] = 2
    acquire(s, 0, "herald", "court")
    assert s.top.step == DISMISS and GAME.to_act(s) == [0]
    assert len(s.row) == 4  # the refill waits for the answer (MO3)
    act(s, 0, "dismiss", card=uid("useless-emissary"))
    assert s.guests[0] == [card("tiresome-poet")] and card("useless-emissary") in s.discard
    assert len(s.row) == 5


def test_guest_removal_may_be_declined_and_is_not_asked_without_guests() -> None:
    s = new(3)
    put(s, s.guests[0], "tiresome-poet")
    set_row(s, "herald", "healer", "inn", "theater", "library")
    s.gold[0] = 5
    acquire(s, 0, "herald", "court")
    act(s, 0, "keep")
    assert s.guests[0] == [card("tiresome-poet")]
    s2 = new(3)
    set_row(s2, "herald", "mill", "inn", "theater", "library")
    s2.gold[0] = 2
    acquire(s2, 0, "herald", "court")
    assert not s2.open_question


def test_a_guest_can_only_leave_through_such_a_court_card() -> None:
    s = new(3)
    put(s, s.guests[0], "tiresome-poet")
    assert all(a.name != "dismiss" for a in GAME.legal_actions(s, 0))
    assert "No Court card is offering" in refusal(s, 0, "dismiss", card=uid("tiresome-poet"))


# --- banners ---------------------------------------------------------------------------------------
def test_banner_of_bounty_adds_food_to_each_harvest_doubled_with_two() -> None:
    for players, bonus in ((3, 1), (2, 2)):
        s = new(players)
        set_lands(s, "FFFFVVVVV")
        put(s, s.courts[0], "golden-goose", "prize-heifer")
        act(s, 0, "fly", banner=uid("banner-of-bounty"))
        before = s.food[0]
        act(s, 0, "harvest")
        assert s.food[0] == before + 4 + bonus
        assert fx.banner_value(s, 0, card("banner-of-bounty")) == 3


def test_banner_of_wisdom_gives_gold_at_the_start_of_each_of_her_turns() -> None:
    for players, income in ((3, 1), (2, 2)):
        s = new(players)
        put(s, s.courts[0], "owl", "oracle")
        act(s, 0, "fly", banner=uid("banner-of-wisdom"))
        gold = s.gold[0]
        for seat in range(players):
            act(s, seat, "end")
        assert s.current == 0 and s.gold[0] == gold + income


def test_banner_of_culture_cheapens_improvements_and_counts_culture_improvements() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    put(s, s.courts[0], "peacock", "court-dancer")
    act(s, 0, "fly", banner=uid("banner-of-culture"))
    set_row(s, "guildhall", "mill", "inn", "theater", "library")
    s.food[0] = 6
    acquire(s, 0, "guildhall", "land.5")  # 7 food, 1 off
    assert s.food[0] == 0
    assert fx.banner_value(s, 0, card("banner-of-culture")) == 1


def test_banner_of_might_makes_guests_sent_to_her_dearer() -> None:
    s = new(3)
    put(s, s.courts[1], "falcon", "warhorse")
    s.stack[0].seats[0] = 1
    GAME.touch(s)
    act(s, 1, "fly", banner=uid("banner-of-might"))
    act(s, 1, "end")
    set_row(s, "useless-emissary", "mill", "inn", "theater", "library")
    s.gold[2] = 4
    reason = refusal(s, 2, "acquire", card=uid("useless-emissary"), to="p1.guests")
    assert "costs you 5 gold" in reason
    acquire(s, 2, "useless-emissary", "p0.guests")
    assert s.gold[2] == 1


def test_banner_of_balance_trades_once_per_turn() -> None:
    s = new(3)
    put(s, s.courts[0], "owl", "falcon", "peacock", "golden-goose")
    assert "Only the Banner of Balance" in refusal(s, 0, "swap", give="food")
    act(s, 0, "fly", banner=uid("banner-of-balance"))
    act(s, 0, "swap", give="food")
    assert (s.food[0], s.gold[0]) == (4, 6)
    assert "already traded" in refusal(s, 0, "swap", give="gold")
    assert fx.banner_value(s, 0, card("banner-of-balance")) == 4


@pytest.mark.parametrize("players", [2, 3])
def test_banner_limits_first_come_first_served_and_kept_after_losing_the_requirement(
    players: int,
) -> None:
    s = new(players)
    put(s, s.courts[0], "owl", "oracle", "falcon", "warhorse")
    assert "needs 2 Bounty Court cards; you have 0" in refusal(
        s, 0, "fly", banner=uid("banner-of-bounty")
    )
    act(s, 0, "fly", banner=uid("banner-of-wisdom"))
    reason = refusal(s, 0, "fly", banner=uid("banner-of-might"))
    if players == 2:
        assert "this turn" in reason
        act(s, 0, "end")
        act(s, 1, "end")
        act(s, 0, "fly", banner=uid("banner-of-might"))
        assert "already flown 2 banners" in refusal(s, 0, "fly", banner=uid("banner-of-culture"))
    else:
        assert "one per sister per game" in reason
    put(s, s.courts[1], "scholars-robe", "healer")
    s.stack[0].seats[0] = 1
    GAME.touch(s)
    assert "already flown" in refusal(s, 1, "fly", banner=uid("banner-of-wisdom"))
    # the requirement is only checked when flying (MO6)
    s.discard += s.courts[0]
    s.courts[0].clear()
    assert card("banner-of-wisdom") in s.flown[0]


def test_without_banners_the_banners_wait_in_the_box() -> None:
    s = new(3, banners=False)
    put(s, s.courts[0], "owl", "oracle")
    assert s.pool == [] and all(c in s.box for c in (card("banner-of-wisdom"),))
    assert "without banners" in refusal(s, 0, "fly", banner=uid("banner-of-wisdom"))
