"""Aristocracy MOVE events: one per card moved, its identity only to seats that may know it,
and undo barriers exactly where something hidden comes to light."""

from __future__ import annotations

from typing import Any

from aristocracy_helpers import activate, blank, build, do, pull, pulls

from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI, step_is_barrier
from tabletop.engine import Event, events_for
from tabletop.engine.events import MOVE
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import JACK, KING, QUEEN, UIDS
from tabletop.games.aristocracy.flow import clean_up, start_phase
from tabletop.games.aristocracy.state import BALL, STALL

uid = UIDS.__getitem__  # the view uid of a card


def _moves(events: list[Event], seat: int | None) -> list[tuple[Any, ...]]:
    """(card, card_id, source, target) of the moves ``seat`` receives."""
    return [
        (e.data["card"], e.data["card_id"], e.data["source"], e.data["target"])
        for e in events_for(events, seat)
        if e.kind == MOVE
    ]


def _barrier(events: list[Event]) -> bool:
    return step_is_barrier(GAME, events)


def test_stall_commits_move_in_secret_and_the_reveal_is_public_and_a_barrier() -> None:
    s = blank(2)
    s.hands = [pulls(s, "2s", "3s"), pulls(s, "4s")]
    s.step, s.ready = STALL, [False, False]
    two = s.hands[0][0]
    ev = do(s, 0, "stall_put", card=two)
    assert _moves(ev, 0) == [(uid(two), "2s", "p0.hand", "p0.stall")]
    assert _moves(ev, 1) == [] and _moves(ev, None) == []  # not even the count leaks
    assert not _barrier(ev)  # the seat may still take it back
    ev = do(s, 0, "stall_take", card=two)
    assert _moves(ev, 0) == [(uid(two), "2s", "p0.stall", "p0.hand")] and not _barrier(ev)
    do(s, 0, "stall_put", card=two)
    do(s, 0, "stall_ready")
    ev = do(s, 1, "stall_ready")  # the last one ready turns every stall up
    assert (uid(two), "2s", "p0.stall", "p0.stall") in _moves(ev, 1)
    assert _barrier(ev)


def test_market_and_draws_at_the_start_of_a_phase() -> None:
    s = blank(2)
    s.year, s.royal = 1, QUEEN
    ev: list[Event] = []
    start_phase(s, ev)
    market = [(uid(c), s.card_of[c], "draw", "market") for c in s.market]
    assert _moves(ev, None) == market + [(None, None, "draw", f"p{p}.hand") for p in s.order()]
    for p in (0, 1):
        mine = [m for m in _moves(ev, p) if m[3] == f"p{p}.hand"]
        assert mine == [(uid(s.hands[p][0]), s.card_of[s.hands[p][0]], "draw", f"p{p}.hand")]
    assert _barrier(ev)  # drawing from the draw pile reveals new cards


def test_build_from_hand_is_private_from_stall_public_and_address_public() -> None:
    s = blank(2)
    s.hands[0] = pulls(s, "9s", "9h", "9d")
    s.stalls = [pulls(s, "9c", "2s"), []]
    addr, h1, h2 = s.hands[0]
    st = s.stalls[0][0]
    activate(s, 0)
    do(s, 0, "favor", card=pull_to_hand(s, 0, "ks"))
    ev = do(s, 0, "build_new", card=addr)
    assert _moves(ev, 1) == [(uid(addr), "9s", "p0.hand", "p0.buildings")]
    ev = do(s, 0, "build_add", card=h1)
    assert _moves(ev, 1) == [(None, None, "p0.hand", "p0.buildings")]
    assert _moves(ev, 0) == [(uid(h1), "9h", "p0.hand", "p0.buildings")]
    assert not _barrier(ev)
    ev = do(s, 0, "build_add", card=st)
    assert _moves(ev, 1) == [(uid(st), "9c", "p0.stall", "p0.buildings")]  # it lay face up
    do(s, 0, "build_add", card=h2)
    assert len(s.buildings[0][0].cards) == 3


def pull_to_hand(s, seat: int, card: str) -> int:
    """Give ``seat`` this card in hand."""
    c = pull(s, card)
    s.hands[seat].append(c)
    return c


def test_favor_card_is_shown_as_it_is_discarded_and_buy_turns_up_the_next_discard() -> None:
    s = blank(2)
    s.royal = QUEEN
    s.discard = pulls(s, "2c", "3c", "4c", "5c", "6c")
    s.stalls = [pulls(s, "2s"), []]
    jack = pull_to_hand(s, 0, "js")
    activate(s, 0)
    ev = do(s, 0, "favor", card=jack)
    assert _moves(ev, 1) == [(uid(jack), "js", "p0.hand", "discard")]
    bought, nxt = s.discard[0], s.discard[4]
    ev = do(s, 0, "buy", card=bought)
    assert _moves(ev, 1)[:2] == [
        (uid(bought), "2c", "shop", "p0.hand"),
        (uid(nxt), "6c", "discard", "shop"),
    ]
    assert _barrier(ev)  # a face-down discard came to light


def test_store_harvest_downgrade_and_dismantle_hide_building_cards_from_others() -> None:
    s = blank(2)
    f = build(s, 0, "5s", "5h", "2d", "5c")
    f.production = pull(s, "qh")
    seven = pull_to_hand(s, 0, "5d")
    s.stalls = [pulls(s, "3s", "4s", "6s", "7s"), []]
    activate(s, 0)
    two = f.cards[1]
    ev = do(s, 0, "store", card=seven, target=two)
    assert _moves(ev, 1) == [
        (None, None, "p0.hand", "p0.buildings"),
        (None, None, "p0.buildings", "p0.hand"),
    ]
    assert (uid(two), "2d", "p0.buildings", "p0.hand") in _moves(ev, 0)
    queen = f.production
    ev = do(s, 0, "harvest", building=f.address)
    assert _moves(ev, 1) == [(None, None, "p0.buildings", "p0.hand")]
    assert _moves(ev, 0) == [(uid(queen), "qh", "p0.buildings", "p0.hand")]
    ev = do(s, 0, "downgrade", card=f.cards[0])  # fewer than a farm's cards: dismantled
    ev += do(s, 0, "downgrade_done")
    hidden = [m for m in _moves(ev, 1) if m[0] is None]
    assert len(hidden) == 3  # the card taken, then the two left
    assert (uid(f.address), "5s", "p0.buildings", "p0.hand") in _moves(ev, 1)


def test_visit_shows_the_cards_to_the_visitor_only_and_cannot_be_undone() -> None:
    s = blank(2)
    s.royal = QUEEN
    b = build(s, 1, "7s", "7h", "2c", "7c")
    s.stalls = [pulls(s, "2s", "3s"), []]
    activate(s, 0)
    do(s, 0, "royal")
    ev = do(s, 0, "visit", building=b.address)
    shown = [e for e in events_for(ev, 0) if e.kind == "reveal"]
    assert shown and shown[0].data["card_ids"] == ["7h", "2c", "7c"]
    assert not [e for e in events_for(ev, 1) if e.kind == "reveal"]
    assert _barrier(ev)
    exposed = b.cards[1]
    ev = do(s, 0, "expose", card=exposed)
    assert _moves(ev, 1) == [(uid(exposed), "2c", "p1.buildings", "p1.buildings")]


def test_ball_auction_tax_clean_up_and_duty_moves() -> None:
    s = blank(2)
    s.hands = [pulls(s, "2s"), pulls(s, "4s")]
    s.market = pulls(s, "9d", "10d")
    s.step, s.royal, s.ready = BALL, QUEEN, [False, False]
    two = s.hands[0][0]
    ev = do(s, 0, "ball_give", card=two)
    assert _moves(ev, 1) == [] and not _barrier(ev)
    do(s, 0, "ball_ready")
    ev = do(s, 1, "ball_ready")
    assert (uid(two), "2s", "p0.offer", "market") in _moves(ev, 1)
    back = s.hands[0][0]
    assert (uid(back), s.card_of[back], "market", "p0.hand") in _moves(ev, 0)
    assert (None, None, "market", "p0.hand") in _moves(ev, 1)
    # clean-up: the market to the discard pile (face up while fewer than four), Duty
    build(s, 0, "8s", "8h", "8d", "8c")
    s.step, s.royal = "actions", JACK
    market = list(s.market)
    ev = []
    clean_up(s, ev)
    assert [m[:3] for m in _moves(ev, 1)[: len(market)]] == [
        (uid(c), s.card_of[c], "market") for c in market
    ]
    assert (None, None, "draw", "p0.buildings") in _moves(ev, 0)  # nobody sees production


def test_tax_discards_reach_the_pile_seen_only_by_their_owner() -> None:
    s = blank(2)
    s.discard = pulls(s, "2c", "3c", "4c", "5c")
    s.hands = [pulls(s, "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s"), pulls(s, "2h")]
    s.royal, s.step, s.ready = KING, "tax", [False, True]
    first = s.hands[0][0]
    ev = do(s, 0, "tax_discard", card=first)  # set aside in secret
    assert _moves(ev, 1) == [] and not _barrier(ev)
    ev = do(s, 0, "tax_discard", card=s.hands[0][0])  # down to 7: the discards are made
    assert s.step == STALL
    assert (None, None, "p0.offer", "discard") in _moves(ev, 1)
    assert (uid(first), "2s", "p0.offer", "discard") in _moves(ev, 0)


def test_undo_in_a_match_stops_at_the_stall_reveal_but_not_before() -> None:
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bob")]
    m = Match(GAME, seats, seed=4)
    while m.state.step != STALL:
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[-1])
    card = m.state.hands[0][0]
    put = next(a for a in m.legal(0) if a.name == "stall_put" and a["card"] == card)
    m.apply(0, put)
    assert m.can_undo(0) and m.undo(0) and card in m.state.hands[0]
    m.apply(0, put)
    ready = next(a for a in m.legal(0) if a.name == "stall_ready")
    m.apply(0, ready)
    assert m.can_undo(0)  # nothing revealed yet
    bob = m.legal(1)
    m.apply(1, next(a for a in bob if a.name == "stall_put"))
    m.apply(1, next(a for a in m.legal(1) if a.name == "stall_ready"))
    assert not m.can_undo(1)  # the stalls are face up now


def test_the_table_slides_the_moved_cards_and_hides_the_other_seats_ones() -> None:
    """In the app: a card put in the stall slides there; at the reveal the other seat's
    stall cards slide in face up; a drawn card slides from the draw pile (to the drawer's
    hand face up, to the other's hand as a back)."""
    from table_driver import make_app, open_table

    app = make_app()
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bob", "greedy")]
    sc = open_table(app, GAME, seats, seed=4)  # the test plays Bob's moves itself
    m = sc.match
    assert m.state.step == STALL and sc.shown == 0
    card = m.state.hands[0][0]
    put = next(a for a in m.legal(0) if a.name == "stall_put" and a["card"] == card)
    assert sc.apply(0, put)
    assert sc.by_uid[uid(card)].key in sc.tweens  # the hand card slides into the stall
    sc.tweens.clear()
    sc.apply(0, next(a for a in m.legal(0) if a.name == "stall_ready"))
    bob = [a for a in m.legal(1) if a.name == "stall_put"][:2]
    for a in bob:
        m.apply(1, a)
    ghosts = len(sc.ghosts)
    sc.apply(1, next(a for a in m.legal(1) if a.name == "stall_ready"))
    shown = {uid(a["card"]) for a in bob}
    assert {sp.uid for sp in sc.sprites if sp.zone == "p1.stall"} == shown
    assert len(sc.ghosts) >= ghosts + 2  # Bob's stall cards slide in, face up, for Ann
    assert not m.can_undo(1)  # the reveal is a barrier
    # play on until a new phase draws: Ann's draw slides face up, Bob's as a back
    for _ in range(200):
        if m.state.royal != 0:
            break
        seat = m.to_act()[0]
        sc.ghosts.clear()
        sc.apply(seat, m.legal(seat)[-1])
    drawn = [g for g in sc.ghosts if g.image is not None]
    assert m.state.royal != 0 and len(drawn) >= 2
