"""What each rival just did stays marked (issue 30, item 1): the story model of the table.

The marks are read from the played moves' events as the seat may see them, never from the
state; they last until the seat acts.  Exchanges name both sides in the log, and Moons,
trades with a rival and eliminations are moments the table shows as a banner.
"""

from __future__ import annotations

import random

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.engine import DRAG, events_for
from tabletop.engine.events import MOVE
from tabletop.ui.table import story


def _match(game_id: str, players: int, seed: int) -> Match:
    seats = [SeatConfig(name=n) for n in ("Ann", "Bastian", "Cora", "Dirk")[:players]]
    return Match(registry.get(game_id), seats, seed)


def _play(m: Match, seat: int, rnd: random.Random, prefer: str = "") -> None:
    legal = m.legal(seat)
    liked = [a for a in legal if a.name == prefer and a.gesture.kind == DRAG]
    m.apply(seat, rnd.choice(liked or legal))


def _visible_uids(m: Match, seat: int) -> set[str]:
    return {c["uid"] for z in m.view(seat)["zones"].values() for c in z["cards"] if c.get("uid")}


def test_a_rivals_move_stays_marked_until_you_act() -> None:
    m = _match("majesty", 2, 3)
    rnd = random.Random(3)
    assert m.to_act() == [0]
    _play(m, 0, rnd, "take")
    assert story.read(m, 0).moved == {}  # your own move marks nothing for you
    taken = m.legal(1)[0]
    m.apply(1, taken)
    seen = story.read(m, 0)
    mark = seen.mark_of(taken.gesture.card)
    assert mark is not None and mark.seat == 1 and mark.source == "display"
    assert mark.target.startswith("p1.")
    assert seen.left.get("display") == 1  # the zone it left shows it too
    assert "takes" in seen.last[1]  # Bastian's plate: his last action in a line
    _play(m, 0, rnd, "take")  # you act: the marks go
    assert story.read(m, 0).mark_of(taken.gesture.card) is None
    assert story.read(m, 1).mark_of(taken.gesture.card) is None  # (his own, never for him)


def test_marks_come_from_what_the_seat_saw() -> None:
    """Aristocracy's stalls and hands are secret: a rival's hidden card is never marked by
    its identity; every marked card is one the seat's view has shown."""
    m = _match("aristocracy", 3, 5)
    rnd = random.Random(5)
    checked = 0
    known: set[str] = set()  # every card Ann's view or her log has shown her so far
    for _ in range(150):
        if m.is_over():
            break
        known |= _visible_uids(m, 0)
        seen = story.read(m, 0)
        assert set(seen.moved) <= known, "a mark names a card Ann never saw"
        checked += len(seen.moved)
        _play(m, rnd.choice(m.to_act()), rnd)
        known |= {e.data.get("card") for e in events_for(m.history[-1].events, 0)} - {None}
    secret = [
        e
        for p in m.history
        if p.seat != 0
        for e in events_for(p.events, 0)
        if e.kind == MOVE and e.data.get("card") is None
    ]
    assert checked and secret  # marks were read, and rivals moved cards Ann could not see


def _trade_with(m: Match, seat: int, from_market: bool) -> str:
    for a in m.legal(seat):
        if (
            a.name == "trade"
            and (a.gesture.target in {c["uid"] for c in m.view(seat)["zones"]["market"]["cards"]})
            == from_market
        ):
            events = m.apply(seat, a)
            return " ".join(e.text for e in events if e.text)
    raise AssertionError("no such trade")


def _to_actions(m: Match, rnd: random.Random) -> int:
    while True:
        seat = m.to_act()[0]
        if any(a.name == "trade" for a in m.legal(seat)):
            return seat
        _play(m, seat, rnd)


def test_an_exchange_names_both_sides_and_is_a_moment() -> None:
    for seed in range(1, 30):
        m = _match("aristocracy", 3, seed)
        rnd = random.Random(seed)
        seat = _to_actions(m, rnd)
        stalls = [
            s for s in range(3) if s != seat and m.view(seat)["zones"][f"p{s}.stall"]["cards"]
        ]
        if stalls:
            break
    else:
        raise AssertionError("no seeded game reached a trade between stalls")
    start = len(m.history)
    line = _trade_with(m, seat, from_market=False)
    names = [s.name for s in m.seats]
    assert names[seat] in line or f"Seat {seat + 1}" in line
    owners = [
        n for i, n in enumerate(("Seat 1", "Seat 2", "Seat 3")) if i != seat and f"{n}'s" in line
    ]
    assert owners, f"whose card was taken? {line!r}"
    (moment,) = story.moments(m, 0, start)
    assert moment.card_id is not None and moment.seat == seat
    assert "trades" in moment.lines[0] and "'s " in moment.lines[0]


def test_a_trade_with_the_market_says_so() -> None:
    m = _match("aristocracy", 3, 2)
    seat = _to_actions(m, random.Random(2))
    assert "from the market" in _trade_with(m, seat, from_market=True)


def test_a_moon_rising_is_a_moment_with_its_card_and_what_it_did() -> None:
    from tabletop.games.monarch.data import MOON, catalog

    moons = {c.id for c in catalog().cards if c.kind == MOON}
    for seed in range(1, 40):
        m = _match("monarch", 2, seed)
        rnd = random.Random(seed)
        for _ in range(200):
            if m.is_over():
                break
            _play(m, m.to_act()[0], rnd)
            risen = [
                x
                for x in story.moments(m, 0, len(m.history) - 1)
                if x.lines and x.lines[0].startswith("A Moon rises")
            ]
            if risen:
                assert risen[0].card_id in moons  # the banner shows the Moon's own card
                return
    raise AssertionError("no Moon rose in the seeded games")


def test_an_elimination_is_a_moment() -> None:
    for seed in range(1, 40):
        m = _match("mayflower", 4, seed)
        rnd = random.Random(seed)
        while not m.is_over():
            _play(m, m.to_act()[0], rnd)
            news = story.moments(m, 0, len(m.history) - 1)
            if any("eliminated" in x.lines[0] for x in news):
                return
    raise AssertionError("nobody was eliminated in the seeded games")
