"""Aristocracy actions: the nine actions and the Build, Visit and Buy royal actions."""

from __future__ import annotations

import pytest
from aristocracy_helpers import activate, blank, build, count_cards, do, names, pull, pulls

from tabletop.engine import IllegalAction
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import JACK, KING, QUEEN


def _two(royal: int = KING):
    s = blank(2)
    s.royal = royal
    return s


def test_trade_with_market_and_with_an_opponents_stall() -> None:
    s = _two()
    s.stalls = [pulls(s, "2s", "3s"), pulls(s, "9h")]
    s.market = pulls(s, "kc", "qc")
    activate(s, 0)
    two, three, nine, king = s.stalls[0][0], s.stalls[0][1], s.stalls[1][0], s.market[0]
    do(s, 0, "trade", card=two, target=king)
    assert s.stalls[0] == [king, three] and s.market[0] == two
    do(s, 0, "trade", card=three, target=nine)
    assert s.stalls[1] == [three] and nine in s.stalls[0]
    assert s.active == 1  # two actions used up


def test_store_swaps_hand_or_stall_card_with_a_building_card_and_clears_exposure() -> None:
    s = _two()
    b = build(s, 0, "7s", "7h", "2c", "7c")
    b.exposed = [b.cards[1]]
    s.hands[0] = pulls(s, "7d")
    s.stalls = [pulls(s, "4s", "7s"), []]
    activate(s, 0, slots=5)
    two, seven, stall_seven = b.cards[1], s.hands[0][0], s.stalls[0][1]
    do(s, 0, "store", card=seven, target=two)
    assert b.cards[1] == seven and two in s.hands[0] and b.exposed == []
    assert s.seen[seven] == 1  # face down, known to the owner only
    # the address card cannot be stored
    with pytest.raises(IllegalAction):
        do(s, 0, "store", card=stall_seven, target=b.address)
    do(s, 0, "store", card=stall_seven, target=b.cards[0])
    assert stall_seven in b.cards and s.stalls[0][1] != stall_seven  # building card to stall


def test_hide_sell_and_pass() -> None:
    s = _two()
    s.stalls = [pulls(s, "2s", "3s", "4s", "5s"), []]
    activate(s, 0)
    assert "sell" in names(s, 0)
    four = s.stalls[0][2]
    do(s, 0, "hide", card=four)
    assert four in s.hands[0]
    sold = sorted(s.stalls[0][:2])
    do(s, 0, "sell", cards=sold)
    assert s.coins[0] == 4 and len(s.stalls[0]) == 1
    assert s.offers[0] == sold and s.discard == []  # set aside until the turn is over
    assert "sell" not in names(s, 0)  # needs two stall cards
    assert s.slots == 2  # sold cards do not give their action back
    do(s, 0, "pass")
    do(s, 0, "pass")
    assert s.active == -1  # phase moved on after the only active player
    assert s.discard[:2] == sold and s.offers[0] == []  # discarded after all its actions


def test_harvest_takes_the_unseen_production_card() -> None:
    s = _two()
    b = build(s, 0, "5s", "5h", "5d", "5c")
    b.production = pull(s, "kh")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0, slots=3)
    v = GAME.view(s, 0)
    prod = [
        c for c in v["zones"]["p0.buildings"]["cards"] if c["tokens"].get("role") == "production"
    ]
    assert prod and prod[0]["card"] is None and prod[0]["uid"] is None
    do(s, 0, "harvest", building=b.address)
    assert s.card_of[s.hands[0][-1]] == "kh" and b.production == -1


def test_favor_discards_a_face_card_for_its_royal_action_in_any_phase_free() -> None:
    s = _two(royal=QUEEN)
    s.hands[0] = pulls(s, "kh", "8s", "8h", "8d", "8c")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    king = s.hands[0][0]
    do(s, 0, "favor", card=king)
    assert king in s.discard and s.sub == "build" and s.coins[0] == 3
    do(s, 0, "build_new", card=s.hands[0][0])
    for _ in range(3):
        do(s, 0, "build_add", card=s.hands[0][0])
    do(s, 0, "build_done")
    assert len(s.buildings[0]) == 1 and s.kind(s.buildings[0][0]) == 0
    assert s.complete(s.buildings[0][0])


def test_favor_queen_visits_and_jack_buys() -> None:
    s = _two(royal=KING)
    build(s, 1, "4s", "4h", "4d", "4c")
    s.discard = pulls(s, "9s")
    s.hands[0] = pulls(s, "qh", "jh")
    s.stalls = [pulls(s, "2s", "3s"), []]
    activate(s, 0)
    do(s, 0, "favor", card=s.hands[0][0])
    assert s.sub == "visit"
    do(s, 0, "visit", building=s.buildings[1][0].address)
    assert s.sub == "" and s.coins == [3, 3]  # all match: no penalty
    do(s, 0, "favor", card=s.hands[0][0])
    assert s.sub == "buy"
    nine = s.discard[0]
    do(s, 0, "buy", card=nine)
    assert nine in s.hands[0]


def test_royal_action_costs_a_coin_and_is_the_current_royals() -> None:
    s = _two(royal=JACK)
    s.discard = pulls(s, "9s", "8s", "7s", "6s", "5s")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    do(s, 0, "royal")
    assert s.coins[0] == 2 and s.sub == "buy"
    assert {a.name for a in GAME.legal_actions(s, 0)} == {"buy"}
    shop = s.shop()
    assert len(shop) == 4 and s.card_of[shop[0]] == "9s"
    do(s, 0, "buy", card=shop[1])
    assert s.shop() == [shop[0], shop[2], shop[3], s.discard[3]]  # next oldest turns up
    s2 = _two(royal=KING)
    s2.coins[0] = 0
    s2.stalls = [pulls(s2, "2s", "3s", "4s", "5s"), []]
    activate(s2, 0)
    assert "royal" not in names(s2, 0)


def test_build_new_farm_estate_chateau_from_hand_and_stall() -> None:
    for extra, kind in ((3, 0), (4, 1), (5, 2)):
        s = _two()
        s.hands[0] = pulls(s, "9s", "9h", "9d", "9c", "9s", "9h")
        s.stalls = [pulls(s, "2s"), []]
        activate(s, 0)
        do(s, 0, "royal")
        do(s, 0, "build_new", card=s.hands[0][0])
        for _ in range(2):
            do(s, 0, "build_add", card=s.hands[0][0])
        assert "build_done" not in names(s, 0)  # a farm needs three building cards
        do(s, 0, "build_add", card=s.stalls[0][0])  # stall cards may be used too
        for _ in range(extra - 3):
            do(s, 0, "build_add", card=s.hands[0][0])
        if s.sub:
            do(s, 0, "build_done")
        b = s.buildings[0][0]
        assert len(b.cards) == extra and s.kind(b) == kind
        assert not s.complete(b)  # the 2 from the stall does not match


def test_upgrade_farm_to_chateau_and_production_is_discarded() -> None:
    s = _two()
    b = build(s, 0, "6s", "6h", "6d", "6c")
    b.production = pull(s, "as")
    prod = b.production
    s.hands[0] = pulls(s, "6s", "6h")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "build_upgrade", card=s.hands[0][0], building=b.address)
    assert "build_done" in names(s, 0)  # farm -> estate is a finished upgrade
    do(s, 0, "build_add", card=s.hands[0][0])  # farm -> château at once; auto-finishes
    assert s.kind(b) == 2 and s.complete(b) and prod in s.discard and b.production == -1
    assert s.limit(0) == 8


def test_downgrade_partial_and_dismantle() -> None:
    s = _two()
    b = build(s, 0, "6s", "6h", "6d", "6c", "2s", "3s")  # château
    s.stalls = [pulls(s, "2h", "3h"), []]
    activate(s, 0, slots=5)
    do(s, 0, "downgrade", card=b.cards[3])
    do(s, 0, "downgrade", card=b.cards[3])
    do(s, 0, "downgrade_done")
    assert s.kind(b) == 0 and len(s.hands[0]) == 2 and s.complete(b)
    do(s, 0, "downgrade", card=b.cards[0])  # a farm left with 2 cards is dismantled
    do(s, 0, "downgrade_done")
    assert s.buildings[0] == [] and len(s.hands[0]) == 6
    assert count_cards(s) == 101


def _visit_setup():
    s = _two(royal=QUEEN)
    b = build(s, 1, "7s", "7h", "2c", "7c")
    s.stalls = [pulls(s, "2s", "3s", "4s"), []]
    activate(s, 0)
    return s, b


def test_visit_mismatch_pays_a_coin_reveals_to_visitor_and_may_expose() -> None:
    s, b = _visit_setup()
    assert all(c["card"] is None for c in GAME.view(s, 0)["zones"]["p1.buildings"]["cards"][1:])
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    assert s.coins == [2 + 1, 3 - 1]
    v = GAME.view(s, 0)
    assert [c["card"] for c in v["zones"]["p1.buildings"]["cards"][1:]] == ["7h", "2c", "7c"]
    assert {a.name for a in GAME.legal_actions(s, 0)} == {"expose", "expose_none"}
    with pytest.raises(IllegalAction):
        do(s, 0, "expose", card=b.cards[0])  # a matching card cannot be exposed
    do(s, 0, "expose", card=b.cards[1])
    assert b.exposed == [b.cards[1]]
    assert GAME.view(s, None)["zones"]["p1.buildings"]["cards"][2]["card"] == "2c"


def test_revisit_choice_discard_or_pay_and_dismantling() -> None:
    s, b = _visit_setup()
    b.exposed = [b.cards[1]]
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    assert s.sub == "revisit" and s.coins == [2, 3]  # no inspection penalty on a re-visit
    do(s, 0, "revisit_pay")
    assert s.coins == [3, 2] and len(b.cards) == 3
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    do(s, 0, "revisit_discard")
    assert s.buildings[1] == [] and len(s.hands[1]) == 3  # farm too small: dismantled
    assert count_cards(s) == 101


def test_revisit_owner_without_coins_must_discard() -> None:
    s, b = _visit_setup()
    b.cards.append(pull(s, "7d"))  # an estate
    b.exposed = [b.cards[1]]
    s.coins[1] = 0
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    assert s.sub == "" and len(b.cards) == 3 and s.kind(b) == 0 and s.complete(b)


def test_build_visit_buy_not_offered_when_impossible() -> None:
    s = _two(royal=QUEEN)
    s.stalls = [pulls(s, "2s"), []]
    s.hands[0] = pulls(s, "qs", "js")
    activate(s, 0)
    legal = GAME.legal_actions(s, 0)
    assert "royal" not in {a.name for a in legal}  # nobody else has a building
    favors = {s.card_of[a["card"]] for a in legal if a.name == "favor"}
    assert favors == {"js"}  # a Jack favor can always buy (the Jack itself lands face up)


def test_first_visit_owner_without_coins_pays_nothing_and_production_stays_unseen() -> None:
    s, b = _visit_setup()
    b.production = pull(s, "kh")
    s.coins[1] = 0
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    assert s.coins == [2, 0] and s.sub == "expose"
    cards = GAME.view(s, 0)["zones"]["p1.buildings"]["cards"]
    prod = [c for c in cards if c["tokens"].get("role") == "production"]
    assert prod[0]["card"] is None  # a visit never shows the production card


def test_upgrade_estate_to_chateau_keeps_the_exposed_card_and_the_new_card_is_secret() -> None:
    s = _two()
    b = build(s, 0, "6s", "6h", "2d", "6c", "6d")  # estate, its 2 exposed by a visit
    b.exposed = [b.cards[1]]
    s.hands[0] = pulls(s, "6h")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    do(s, 0, "royal")
    new = s.hands[0][0]
    do(s, 0, "build_upgrade", card=new, building=b.address)  # estate -> château: done
    assert s.kind(b) == 2 and b.cards[-1] == new and s.sub == ""
    assert b.exposed == [b.cards[1]]  # the exposure stays
    assert s.seen[new] == 1  # only its owner knows the new card
    theirs = GAME.view(s, 1)["zones"]["p0.buildings"]["cards"]
    assert [c["card"] for c in theirs] == ["6s", None, "2d", None, None, None]


def test_buy_takes_only_one_of_the_four_face_up_discards() -> None:
    s = _two(royal=JACK)
    s.discard = pulls(s, "9s", "8s", "7s", "6s", "5s", "4s")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    do(s, 0, "royal")
    offered = {a["card"] for a in GAME.legal_actions(s, 0) if a.name == "buy"}
    assert offered == set(s.discard[:4])
    hidden = s.discard[4]
    with pytest.raises(IllegalAction):
        do(s, 0, "buy", card=hidden)  # face down: not for sale
    assert hidden in s.discard and s.hands[0] == []


def test_trade_reaches_the_stall_of_a_player_who_has_already_acted() -> None:
    s = blank(3)
    s.stalls = [pulls(s, "2s", "ks"), pulls(s, "9h"), []]
    activate(s, 0)
    s.acted = [False, True, False]  # seat 1 has had its turn and kept a card
    s.eligible = [True, True, False]
    two, nine = s.stalls[0][0], s.stalls[1][0]
    assert any(a.name == "trade" and a["target"] == nine for a in GAME.legal_actions(s, 0))
    do(s, 0, "trade", card=two, target=nine)
    assert s.stalls[1] == [two] and nine in s.stalls[0]


def test_favor_from_the_stall_uses_its_slot_and_needs_a_face_card() -> None:
    s = _two(royal=KING)
    build(s, 1, "4s", "4h", "2d", "4c")
    s.stalls = [pulls(s, "qs", "10s"), []]
    activate(s, 0)
    queen, ten = s.stalls[0]
    favors = {a["card"] for a in GAME.legal_actions(s, 0) if a.name == "favor"}
    assert favors == {queen}  # a ten is no face card
    do(s, 0, "favor", card=queen)
    assert s.offers[0] == [queen] and s.stalls[0] == [ten] and s.sub == "visit"
    do(s, 0, "visit", building=s.buildings[1][0].address)
    assert s.coins == [4, 2]  # the 2 does not match: the owner pays the visitor
    assert s.slots == 1  # the discarded queen still used up its action
    assert queen not in s.discard  # set aside: discarded after all the seat's actions


def test_sold_and_favour_stall_cards_cannot_be_bought_back_in_the_same_turn() -> None:
    # the stall tip: a stall card discarded by an action is flipped face down and only
    # discarded after all your actions; at once, it would lie face up in the shop
    s = _two(royal=JACK)
    s.stalls = [pulls(s, "7s", "7h", "js", "2s"), []]
    s.hands[0] = pulls(s, "jh")
    activate(s, 0)
    sevens = sorted(s.stalls[0][:2])
    jack = s.stalls[0][2]
    do(s, 0, "sell", cards=sevens)
    favors = {a["card"] for a in GAME.legal_actions(s, 0) if a.name == "favor"}
    assert jack not in favors  # nothing face up to buy: the sold sevens are set aside
    do(s, 0, "favor", card=s.hands[0][0])  # the hand's Jack goes to the pile at once
    offered = {s.card_of[a["card"]] for a in GAME.legal_actions(s, 0) if a.name == "buy"}
    assert offered == {"jh"}  # not the sevens just sold
    do(s, 0, "buy", card=s.discard[0])
    assert s.offers[0] == sevens and len(s.discard) == 0
    do(s, 0, "pass")
    assert s.offers[0] == sevens  # one action left: still set aside
    do(s, 0, "pass")
    assert s.active == -1 and s.discard == sevens  # discarded once its actions were done
    assert count_cards(s) == 101


def test_steps_listed_in_one_pass_offer_what_their_moves_offer() -> None:
    """Each step generated in one pass lists exactly its moves' actions, in their order."""
    from tabletop.engine import Rng
    from tabletop.games.aristocracy.ai import GreedyAgent

    table = GAME.moves
    seen: set[str] = set()
    for seed in range(3, 9):
        s = GAME.new_game(3, seed, {"length": "shorter"})
        rng, agent = Rng(seed), GreedyAgent(0.3)
        for _ in range(1500):
            if GAME.is_over(s):
                break
            seat = GAME.to_act(s)[0]
            step = s.stack[-1].step
            if step in table.together:
                one_pass = table.together[step](s, seat)
                each = [a for m in table.by_step[step] for a in m.generate(s, seat)]
                assert one_pass == each and [a.text for a in one_pass] == [a.text for a in each]
                seen.add(step)
            legal = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, agent.choose(GAME, GAME.view(s, seat), seat, legal, rng))
    assert set(table.together) <= seen
