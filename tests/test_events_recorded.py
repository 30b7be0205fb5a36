"""events.Recorded (a Later set up in two statements) and the zone table's plain routes."""

from __future__ import annotations

import pickle
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop.engine.events import POINTS, Event, Later, Recorded
from tabletop.engine.zones import PUBLIC, Zone, Zones, plain_move
from tabletop.games.majesty.data import catalog
from tabletop.games.majesty.state import ZONE_OF
from tabletop.games.majesty.view import ZONES, route


def _gains(seat: int, delta: int) -> Event:
    return Event(POINTS, f"Player {seat + 1} gains {delta}.", {"seat": seat, "delta": delta})


def test_a_recorded_event_is_the_later_of_the_same_call() -> None:
    ev = Recorded()
    ev._call = (_gains, 2, 5)
    later = Later(_gains, 2, 5)
    assert isinstance(ev, Later) and isinstance(ev, Event)
    assert ev == later == _gains(2, 5)
    assert ev.text == "Player 3 gains 5." and ev.data == {"seat": 2, "delta": 5}
    back = pickle.loads(pickle.dumps(ev))
    assert type(back) is Event and back == later


def test_recorded_runs_no_python_init() -> None:
    # what makes it cheaper than Later(make, *args): object's own __init__, written in C
    assert Recorded.__init__ is object.__init__
    with pytest.raises(TypeError):
        Recorded(_gains, 0, 1)  # type: ignore[call-arg]  # (it takes nothing: set _call)


def _say(seat: int, place: str) -> str:
    return f"Player {seat + 1} places a card at the {place}."


def _majesty_routes() -> list[tuple[int, str, str]]:
    out = []
    for players in (2, 4):
        out.append((players, "deck", "display"))
        for seat in range(players):
            out += [(players, "display", zone) for zone in ZONE_OF[seat]]
            out += [(players, zone, ZONE_OF[seat][7]) for zone in ZONE_OF[seat][:7]]
            out += [(players, ZONE_OF[seat][7], zone) for zone in ZONE_OF[seat][:7]]
            out.append((players, ZONE_OF[seat][7], "removed"))
    return out


def test_a_plain_route_makes_the_event_the_zone_table_makes() -> None:
    catalog()  # (fills the card identities the zone table reads)
    state: Any = SimpleNamespace(players=4)
    for players, source, target in _majesty_routes():
        state.players = players
        plain = route(players, source, target)
        for card, face_up in ((0, True), (17, False)):
            made = plain_move(plain, card, face_up, _say, (1, "Mill"))
            full = ZONES.move(state, players, card, source, target, "", face_up=face_up)
            assert made.kind == full.kind and made.data == full.data, (source, target)
            assert (made.private_to, made.redacted, made.reveal) == (
                full.private_to,
                full.redacted,
                full.reveal,
            )
            assert made.text == "Player 2 places a card at the Mill."


def test_a_route_the_zones_must_redact_is_not_plain() -> None:
    hand = Zone("p{seat}.hand", "owner", True, cards=lambda s, p: s.hands[p])
    table = Zone("table", PUBLIC, cards=lambda s: s.table)
    zones = Zones([hand, table], uid=str, card_id=str, back=lambda c: "back")
    assert zones.plain_route(2, "p0.hand", "p1.hand") is None
    assert zones.plain_route(2, "table", "p0.hand") is not None  # everybody saw it before
    found = zones.plain_route(2, "p0.hand", "table")
    assert found is not None and found[2:] == ("p0.hand", "table", True)  # a reveal
