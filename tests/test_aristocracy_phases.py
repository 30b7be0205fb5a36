"""Aristocracy phase structure: setup, herald, years, market, draw, events, stalls, order."""

from __future__ import annotations

import pytest
from aristocracy_helpers import activate, blank, build, commit_all, count_cards, do, pulls

from tabletop.engine import IllegalAction, state_digest
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import JACK, KING, QUEEN
from tabletop.games.aristocracy.flow import stall_weight, start_phase
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    GLORY,
    PICK,
    STALL,
    TAX,
)


def test_setup_deals_seven_cards_three_coins_market_of_two_and_no_first_draw() -> None:
    for n in range(2, 6):
        s = GAME.new_game(n, 7)
        assert [len(h) for h in s.hands] == [7] * n
        assert s.coins == [3] * n
        assert 0 <= s.herald < n
        assert len(s.market) == 2
        assert (s.year, s.royal, s.step) == (1, KING, STALL)  # nobody over 7: no Tax decision
        assert count_cards(s) == 101


def test_herald_order_starts_with_the_herald_clockwise() -> None:
    s = blank(4, herald=2)
    assert s.order() == [2, 3, 0, 1]


def test_year_is_king_queen_jack_then_herald_passes_left() -> None:
    s = GAME.new_game(3, 11)
    herald = s.herald
    seen = []
    for _ in range(4):
        seen.append((s.year, s.royal))
        for step in range(6):
            if s.step == STALL:
                commit_all(s, "stall_ready")
            elif s.step == BALL:
                commit_all(s, "ball_ready")
            elif s.step == BID:
                for p in GAME.to_act(s):
                    do(s, p, "bid", amount=0)
            elif s.step == GLORY:
                commit_all(s, "glory_pass")
            elif s.step == TAX:
                for p in GAME.to_act(s):
                    while s.step == TAX and p in GAME.to_act(s):
                        do(s, p, "tax_discard", card=s.hands[p][0])
            if (s.year, s.royal) != seen[-1]:
                break
            assert step < 5
    assert seen == [(1, KING), (1, QUEEN), (1, JACK), (2, KING)]
    assert s.herald == (herald + 1) % 3


def test_draw_step_only_skipped_in_first_king_phase() -> None:
    s = blank(3)
    s.hands = [pulls(s, "2s", "3s"), pulls(s, "2h"), []]
    s.year, s.royal = 1, QUEEN
    start_phase(s, [])
    assert [len(h) for h in s.hands] == [3, 2, 1] and len(s.market) == 2
    s2 = blank(3)
    s2.year, s2.royal = 1, KING
    start_phase(s2, [])
    assert [len(h) for h in s2.hands] == [0, 0, 0]
    s3 = blank(3)
    s3.year, s3.royal = 2, KING
    start_phase(s3, [])
    assert [len(h) for h in s3.hands] == [1, 1, 1]


def test_jack_phase_adds_a_third_market_card() -> None:
    s = blank(2)
    s.year, s.royal = 1, JACK
    start_phase(s, [])
    assert len(s.market) == 3 and s.step == BID


def test_tax_discards_down_to_seven_plus_chateaux_secretly() -> None:
    s = blank(3)
    s.hands[0] = pulls(s, *["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"])
    s.hands[1] = pulls(s, *["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h"])
    build(s, 1, "kc", "ks", "kh", "kc", "ks", "kh")  # a château: limit 8
    s.year, s.royal = 2, KING
    start_phase(s, [])  # everyone draws one: seat 0 has 9, seat 1 has 9 (limit 8)
    assert s.step == TAX and GAME.to_act(s) == [0, 1]
    assert s.limit(0) == 7 and s.limit(1) == 8
    before_discard = len(s.discard)
    first = s.hands[0][0]
    do(s, 0, "tax_discard", card=first)
    # hidden from the others until the reveal: their view of seat 0's hand is unchanged
    assert GAME.view(s, 1)["seats"][0]["hand"] == 9
    assert GAME.view(s, 1)["zones"]["p0.offer"]["cards"] == ()
    do(s, 0, "tax_discard", card=s.hands[0][0])
    assert 0 not in GAME.to_act(s) and len(s.hands[0]) == 7
    assert len(s.discard) == before_discard
    do(s, 1, "tax_discard", card=s.hands[1][0])
    assert s.step == STALL and len(s.hands[1]) == 8
    assert len(s.discard) == before_discard + 3 and first in s.discard


def test_ball_deals_back_as_many_cards_and_keeps_market_size() -> None:
    s = blank(3)
    s.hands = [pulls(s, "2s", "3s"), pulls(s, "4s"), pulls(s, "5s")]
    s.market = pulls(s, "9d", "10d")
    s.step, s.royal, s.ready = BALL, QUEEN, [False] * 3
    do(s, 0, "ball_give", card=s.hands[0][0])
    do(s, 0, "ball_give", card=s.hands[0][0])
    do(s, 0, "ball_take", card=s.offers[0][0])
    do(s, 0, "ball_give", card=s.hands[0][0])
    assert GAME.view(s, 1)["zones"]["p0.offer"]["cards"] == ()
    do(s, 1, "ball_give", card=s.hands[1][0])
    do(s, 0, "ball_ready")
    do(s, 1, "ball_ready")
    pool = set(s.offers[0] + s.offers[1] + s.market)
    events = do(s, 2, "ball_ready")
    assert any(e.kind == "reveal" for e in events)
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 1 and len(s.market) == 2
    assert set(s.hands[0]) | set(s.hands[1]) | set(s.market) == pool
    assert s.step == STALL


def test_ball_without_guests_changes_nothing() -> None:
    s = blank(2)
    s.hands = [pulls(s, "2s"), pulls(s, "4s")]
    s.market = pulls(s, "9d", "10d")
    market = list(s.market)
    s.step, s.royal, s.ready = BALL, QUEEN, [False, False]
    commit_all(s, "ball_ready")
    assert s.market == market and s.step == STALL


def _auction(bids: list[int], coins: list[int] | None = None, herald: int = 0):
    s = blank(len(bids), herald=herald)
    s.market = pulls(s, "2c", "3c", "4c")
    s.hands = [pulls(s, f"{p + 5}h") for p in range(len(bids))]
    s.coins = coins or [5] * len(bids)
    s.step, s.royal, s.ready, s.bids = BID, JACK, [False] * len(bids), [-1] * len(bids)
    for p, b in enumerate(bids):
        do(s, p, "bid", amount=b)
    return s


def test_auction_bids_are_secret_until_all_are_in() -> None:
    s = blank(3)
    s.market = pulls(s, "2c", "3c", "4c")
    s.step, s.royal, s.ready, s.bids = BID, JACK, [False] * 3, [-1] * 3
    do(s, 0, "bid", amount=2)
    assert GAME.view(s, 1)["public"]["bids"][0] is None
    assert GAME.view(s, 0)["public"]["bids"][0] == 2
    with pytest.raises(IllegalAction):
        do(s, 0, "bid", amount=1)


def test_auction_single_winner_pays_second_highest_bid() -> None:
    s = _auction([3, 1, 0])
    assert s.step == PICK and GAME.to_act(s) == [0]
    card = s.market[1]
    do(s, 0, "pick", card=card)
    assert card in s.hands[0] and s.coins == [4, 5, 5] and len(s.market) == 2
    assert s.step == STALL


def test_auction_ties_pick_in_herald_order_collisions_discarded() -> None:
    s = _auction([2, 2, 2, 1], herald=1)
    assert s.pick_order == [1, 2, 0]
    a, b, c = s.market
    do(s, 1, "pick", card=a)
    do(s, 2, "pick", card=a)  # collision with seat 2
    do(s, 0, "pick", card=b)
    assert a in s.discard and a not in s.hands[1] + s.hands[2]
    assert b in s.hands[0] and s.coins[0] == 3  # unique pick pays the full bid
    assert s.coins[1] == s.coins[2] == 5  # collided bidders pay nothing
    assert s.market == [c]  # the unpicked card stays in the market


def test_auction_all_zero_sells_nothing_and_no_coins_skips_it() -> None:
    s = _auction([0, 0])
    assert s.step == STALL and len(s.market) == 3 and s.coins == [5, 5]
    s2 = blank(2)
    s2.coins = [0, 0]
    s2.year, s2.royal = 1, JACK
    start_phase(s2, [])
    assert s2.step == STALL


def test_stalls_are_secret_until_all_are_ready_then_revealed() -> None:
    s = blank(3)
    s.hands = [pulls(s, "ks", "5s", "2s"), pulls(s, "9h"), pulls(s, "as")]
    s.step, s.ready = STALL, [False] * 3
    for c in list(s.hands[0]):
        do(s, 0, "stall_put", card=c)
    do(s, 0, "stall_ready")
    v1 = GAME.view(s, 1)
    stall = v1["zones"]["p0.stall"]["cards"]  # the size shows, as on a real table ...
    assert len(stall) == 3 and all(c["card"] is None for c in stall)  # ... the cards do not
    assert v1["seats"][0]["hand"] == 0
    assert v1["public"]["stall_weights"][0] is None
    do(s, 1, "stall_put", card=s.hands[1][0])
    do(s, 1, "stall_ready")
    do(s, 2, "stall_ready")  # an empty stall: no turn this phase
    assert s.step == ACTIONS
    assert [c["card"] for c in GAME.view(s, 1)["zones"]["p0.stall"]["cards"]] == ["ks", "5s", "2s"]
    assert s.eligible == [True, True, False]


def test_stall_weight_example_17_and_actions_equal_stall_size() -> None:
    s = blank(2)
    s.stalls = [pulls(s, "ks", "5d", "2c"), pulls(s, "10h", "8h")]
    assert stall_weight(s, 0) == 17 and stall_weight(s, 1) == 18
    from tabletop.games.aristocracy.flow import reveal_stalls

    reveal_stalls(s, [])
    assert s.active == 0 and s.slots == 3  # lighter stall goes first, one action per card


def test_active_order_lowest_current_weight_ties_by_herald_order_recomputed() -> None:
    from tabletop.games.aristocracy.flow import reveal_stalls

    s = blank(3, herald=1)
    s.stalls = [pulls(s, "9s"), pulls(s, "2s", "as"), pulls(s, "5h")]
    reveal_stalls(s, [])
    assert s.active == 1 and s.slots == 2
    ace, nine = s.stalls[1][1], s.stalls[0][0]
    do(s, 1, "trade", card=ace, target=nine)  # seat 0's stall becomes the lightest
    assert s.stalls[0] == [ace] and nine in s.stalls[1]
    do(s, 1, "pass")
    assert s.active == 0  # recomputed: weight 1 beats seat 2's 5
    s = blank(3, herald=2)
    s.stalls = [pulls(s, "4s"), pulls(s, "2s", "ah"), pulls(s, "4h")]
    reveal_stalls(s, [])
    do(s, 1, "pass")
    do(s, 1, "pass")
    assert s.active == 2  # tie 4 = 4: herald order 2, 0, 1


def test_illegal_actions_are_refused_with_state_untouched() -> None:
    s = blank(2)
    s.stalls = [pulls(s, "2s"), pulls(s, "3s")]
    s.hands = [pulls(s, "4s"), []]
    activate(s, 0)
    before = state_digest(GAME, s)
    with pytest.raises(IllegalAction):
        do(s, 1, "pass")
    with pytest.raises(IllegalAction):
        do(s, 0, "sell", cards=[s.stalls[0][0], s.hands[0][0]])
    with pytest.raises(IllegalAction) as e:
        do(s, 0, "stall_ready")
    assert e.value.reason
    assert state_digest(GAME, s) == before


def test_clean_up_discards_market_in_order_and_returns_stalls() -> None:
    from tabletop.games.aristocracy.flow import clean_up

    s = blank(2)
    s.royal = QUEEN
    s.market = pulls(s, "2c", "3c")
    m = list(s.market)
    s.stalls = [pulls(s, "9s"), []]
    st = s.stalls[0][0]
    clean_up(s, [])
    assert s.discard[:2] == m and st in s.hands[0] and s.stalls == [[], []]


def test_draw_pile_exhaustion_reshuffles_whole_discard_pile() -> None:
    from tabletop.games.aristocracy.flow import draw_card

    s = blank(2)
    s.discard, s.draw = s.draw, []
    c = draw_card(s, [])
    assert c >= 0 and s.discard == [] and len(s.draw) == 100
    assert count_cards(s) == 101 - 1


def test_options_change_building_sizes_and_hand_size() -> None:
    assert GAME.new_game(2, 1, {"length": "longer"}).farm == 4
    longer = GAME.new_game(2, 1, {"length": "longer"})
    assert [len(h) for h in longer.hands] == [9, 9] and longer.hand_limit == 9
    shorter = GAME.new_game(2, 1, {"length": "shorter"})
    assert shorter.farm == 1 and len(shorter.hands[0]) == 5
    six = GAME.new_game(3, 1, {"hand_size": "6"})
    assert [len(h) for h in six.hands] == [6, 6, 6] and six.limit(0) == 6
    with pytest.raises(ValueError):
        GAME.new_game(2, 1, {"length": "epic"})
    with pytest.raises(ValueError):
        GAME.new_game(6, 1)


def test_json_round_trip_and_replay_of_a_short_game() -> None:
    import json

    from tabletop.engine import Rng

    s = GAME.new_game(3, 77)
    rng = Rng(5)
    moves = []
    for _ in range(150):
        seat = rng.choice(GAME.to_act(s))
        a = rng.choice(GAME.legal_actions(s, seat))
        GAME.apply(s, seat, a)
        moves.append((seat, json.loads(json.dumps(a.to_json()))))
        back = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
        assert state_digest(GAME, back) == state_digest(GAME, s)
        assert GAME.action_from_json(s, seat, a.to_json()) == a
    assert state_digest(GAME, GAME.replay(3, 77, None, moves)) == state_digest(GAME, s)


def test_market_and_draws_fall_short_when_both_piles_are_empty() -> None:
    s = blank(2)
    s.hands = [s.draw[:50], s.draw[50:100]]  # every card but one is held
    s.draw = s.draw[100:]
    s.year, s.royal = 2, QUEEN
    start_phase(s, [])
    assert len(s.market) == 1 and s.draw == [] and s.discard == []
    assert [len(h) for h in s.hands] == [50, 50]  # nothing left to draw
    assert count_cards(s) == 101


def test_every_length_has_its_own_automatic_hand_and_each_hand_size_overrides_it() -> None:
    for length, farm, auto in (("standard", 3, 7), ("longer", 4, 9), ("shorter", 1, 5)):
        s = GAME.new_game(3, 2, {"length": length})
        assert s.farm == farm and s.hand_limit == auto
        assert [len(h) for h in s.hands] == [auto] * 3
        for size in ("5", "6", "7", "8", "9", "10"):
            s = GAME.new_game(2, 2, {"length": length, "hand_size": size})
            assert [len(h) for h in s.hands] == [int(size)] * 2 and s.limit(0) == int(size)
            assert count_cards(s) == (49 if length == "shorter" else 101)
