"""Every Moon: pay-together rounds (paid and unpaid), plain effects, Moons revealed during a
sweep and inside another Moon's refill, and what every seat sees of a pledge round."""

from __future__ import annotations

from monarch_support import (
    GAME,
    acquire,
    act,
    all_cards,
    build,
    card,
    names,
    new,
    on_deck,
    put,
    refusal,
    set_lands,
    set_row,
    uid,
)

from tabletop.engine.decisions import PLEDGE
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import CARDS
from tabletop.games.monarch.state import BLIGHT, MonarchState


def reveal(s: MonarchState, *moons: str, then: tuple[str, ...] = ("fishery",)) -> None:
    """Seat 0 buys the Inn (her food made up for it, the Inn built on the last village it
    may cover); the refill deals ``moons`` then ``then``."""
    set_row(s, "inn", "market-square", "craftsmens-quarter", "royal-mint", "tiresome-poet")
    on_deck(s, *moons, *then)
    s.food[0] += 2
    place = fx.places_for(s, CARDS[card("inn")])[-1]
    acquire(s, 0, "inn", f"land.{place + 1}")


def pledge_all(s: MonarchState, amounts: list[int]) -> None:
    for n in amounts:
        seat = GAME.to_act(s)[0]
        act(s, seat, "pledge", amount=n)


def test_a_pay_together_moon_asks_each_sister_from_the_active_one_and_all_see_the_total() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    s.stack[0].seats[0] = 1
    GAME.touch(s)
    s.gold[:] = [6, 6, 6]
    set_row(s, "mill", "inn", "theater", "library", "barracks")
    on_deck(s, "invaders-at-the-border", "fishery")
    s.food[1] = 5
    acquire(s, 1, "mill", "land.1")
    assert card("invaders-at-the-border") in s.moon
    top = s.top
    assert top.kind == PLEDGE and top.data["need"] == 6 and top.seats == [1, 2, 0]
    assert GAME.to_act(s) == [1]
    act(s, 1, "pledge", amount=2)
    for seat in range(3):
        view = GAME.view(s, seat)
        assert view["public"]["pledge_text"] == (
            "Invaders at the Border: the sisters need 6 gold, 2 pledged so far."
        )
        assert view["zones"]["moon"]["cards"][0]["card"] == "invaders-at-the-border"
    assert GAME.view(s, 2)["prompt"].endswith("Pledge?")
    assert "Waiting for Sister 3" in GAME.view(s, 0)["prompt"]
    # a pledge cannot exceed what is still needed
    assert "Only 4 more gold" in refusal(s, 2, "pledge", amount=5)
    assert max(a["amount"] for a in GAME.legal_actions(s, 2)) == 4


def test_invaders_paid_every_pledge_is_paid_and_nobody_loses_half() -> None:
    s = new(3)
    s.gold[:] = [6, 6, 6]
    reveal(s, "invaders-at-the-border")
    pledge_all(s, [2, 2, 2])
    assert s.gold == [4, 4, 4]
    assert card("invaders-at-the-border") in s.box and not s.moon
    assert len(s.row) == 5 and s.moons == {"invaders-at-the-border:paid": 1}


def test_invaders_unpaid_nothing_is_paid_and_every_sister_loses_half_her_gold() -> None:
    s = new(3)
    s.gold[:] = [6, 7, 1]
    reveal(s, "invaders-at-the-border")
    pledge_all(s, [2, 2, 1])  # 5 of 6: short
    assert s.gold == [3, 4, 1]
    assert s.moons == {"invaders-at-the-border:unpaid": 1}


def test_the_round_stops_as_soon_as_the_need_is_met() -> None:
    s = new(3)
    s.gold[:] = [9, 9, 9]
    reveal(s, "invaders-at-the-border")
    pledge_all(s, [6])
    assert not s.open_question and s.gold == [3, 9, 9]


def test_famine_unpaid_discards_the_top_improvement_of_every_farm() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    build(s, 2, "apiary", "orchard")
    build(s, 3, "stables")
    build(s, 5, "theater")
    s.food[:] = [0, 0, 0]
    reveal(s, "famine")
    pledge_all(s, [0, 0, 0])
    assert names(s.lands[1][1:]) == ["apiary"] and len(s.lands[2]) == 1
    assert names(s.lands[4][1:]) == ["theater"]  # villages are spared
    assert card("orchard") in s.discard and card("stables") in s.discard


def test_famine_paid_keeps_the_farms() -> None:
    s = new(2)
    set_lands(s, "FFFFVVVVV")
    build(s, 3, "stables")
    s.food[:] = [10, 10]
    reveal(s, "famine")
    pledge_all(s, [2, 2])
    assert names(s.lands[2][1:]) == ["stables"] and s.food[1] == 8


def test_visiting_dignitary_rewards_everyone_only_if_paid() -> None:
    s = new(3)
    s.food[:] = [10, 10, 10]
    s.gold[:] = [0, 0, 0]
    reveal(s, "visiting-dignitary")
    pledge_all(s, [2, 1, 1])
    assert s.gold == [3, 3, 3] and s.food[1:] == [9, 9]
    s2 = new(3)
    s2.gold[:] = [0, 0, 0]
    reveal(s2, "visiting-dignitary")
    pledge_all(s2, [0, 0, 0])
    assert s2.gold == [0, 0, 0]


def test_bountiful_harvest_royal_festival_and_plague_of_rats() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    build(s, 1, "orchard")
    s.food[:] = [0, 3, 9]
    s.gold[:] = [1, 1, 1]
    reveal(s, "bountiful-harvest", "royal-festival", "plague-of-rats")
    # the harvest gives each 3 + 1 + 1 + 1 = 6 food, then the rats eat half (rounded down)
    assert s.food == [6 - 3, 9 - 4, 15 - 7]
    assert s.gold == [3, 3, 3]
    assert {card(m) for m in ("bountiful-harvest", "royal-festival", "plague-of-rats")} <= set(
        s.box
    )


def test_bountiful_harvest_is_a_harvest_for_the_banner_of_bounty() -> None:
    """MO14: the sister flying the Banner of Bounty gains its extra food with the Moon."""
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    put(s, s.courts[0], "golden-goose", "prize-heifer")
    act(s, 0, "fly", banner=uid("banner-of-bounty"))
    s.food[:] = [0, 0, 0]
    reveal(s, "bountiful-harvest")
    # four plain farms: 4 food each, and 1 more for the banner at three sisters
    assert s.food == [4 + 1, 4, 4]  # (the food reveal gives seat 0 for the Inn is spent on it)


def test_blight_strikes_the_best_farm_and_the_active_sister_breaks_a_tie() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    build(s, 1, "orchard")
    build(s, 2, "apiary")
    reveal(s, "blight")
    assert names(s.lands[0][1:]) == [] and names(s.lands[1][1:]) == ["apiary"]
    s2 = new(3)
    set_lands(s2, "FFFFVVVVV")
    build(s2, 1, "orchard")
    build(s2, 3, "vineyard")
    s2.food[0] = 10
    reveal(s2, "blight")
    assert s2.top.step == BLIGHT and GAME.to_act(s2) == [0]
    assert sorted(a["board"] for a in GAME.legal_actions(s2, 0)) == [1, 3]
    assert "farms yielding the most" in refusal(s2, 0, "blight", board=2)
    act(s2, 0, "blight", board=3)
    assert names(s2.lands[2][1:]) == [] and names(s2.lands[0][1:]) == ["orchard"]
    assert len(s2.row) == 5


def test_great_storm_sweeps_the_row_for_free() -> None:
    s = new(3)
    set_row(s, "mill", "inn", "theater", "library", "barracks")
    on_deck(s, "great-storm", "owl", "falcon", "peacock", "oracle", "herald", "fishery")
    gold = s.gold[0]
    s.food[0] += 2
    acquire(s, 0, "mill", f"land.{fx.places_for(s, CARDS[card('mill')])[0] + 1}")
    assert names(s.row) == ["owl", "falcon", "peacock", "oracle", "herald"]
    assert {card(x) for x in ("inn", "theater", "library", "barracks")} <= set(s.discard)
    assert s.gold[0] == gold and card("great-storm") in s.box


def test_a_moon_revealed_during_a_sweep_resolves_at_once_and_its_place_refills() -> None:
    s = new(3)
    s.gold[:] = [5, 5, 5]
    set_row(s, "mill", "inn", "theater", "library", "barracks")
    on_deck(s, "owl", "royal-festival", "falcon", "peacock", "oracle", "herald")
    act(s, 0, "sweep")
    assert s.gold == [2 + 2, 7, 7]
    assert names(s.row) == ["owl", "falcon", "peacock", "oracle", "herald"]
    assert card("royal-festival") in s.box


def test_a_moon_revealed_by_another_moons_refill_resolves_in_its_turn() -> None:
    s = new(3)
    s.gold[:] = [4, 4, 4]
    reveal(s, "invaders-at-the-border", "royal-festival")
    pledge_all(s, [0, 0, 0])  # unpaid: everyone halves to 2
    # then the refill of the Invaders' place reveals the Festival: +2 each
    assert s.gold == [4, 4, 4] and not s.moon and len(s.row) == 5
    assert {card("invaders-at-the-border"), card("royal-festival")} <= set(s.box)


def test_a_moon_inside_a_pledge_round_refill_waits_for_the_round() -> None:
    s = new(2)
    s.gold[:] = [4, 4]
    reveal(s, "invaders-at-the-border", "plague-of-rats")
    assert s.top.kind == PLEDGE and card("plague-of-rats") in s.deck
    food = list(s.food)
    pledge_all(s, [2, 2])
    assert s.food == [f - f // 2 for f in food]


def test_a_moon_dealt_at_setup_is_discarded_and_replaced() -> None:
    found = False
    for seed in range(60):
        s = GAME.new_game(3, seed)
        moons = [c for c in s.discard if CARDS[c].kind == "moon"]
        assert all(CARDS[c].kind != "moon" for c in s.row) and len(s.row) == 5
        if moons:
            found = True
            assert len(all_cards(s)) == 91
    assert found


def test_a_sister_pledges_at_most_what_she_holds() -> None:
    s = new(3)
    s.gold[:] = [1, 9, 9]
    reveal(s, "invaders-at-the-border")
    assert [a["amount"] for a in GAME.legal_actions(s, 0)] == [0, 1]
    assert "You hold only 1 gold" in refusal(s, 0, "pledge", amount=3)
    assert "No Moon is asking" in refusal(new(3), 0, "pledge", amount=1)
    put(s, s.courts[0], "owl")  # nothing else may happen meanwhile
    assert "First answer the question" in refusal(s, 0, "end")
    assert uid("owl")
