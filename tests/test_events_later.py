"""engine.events.Later: an event made when first read, and nothing tells it from the event."""

from __future__ import annotations

import json
import pickle
from typing import Any

from tabletop import registry
from tabletop.engine import Rng
from tabletop.engine.events import MOVE, POINTS, Event, Later, events_for


def _counted(calls: list[tuple[Any, ...]]) -> Any:
    def make(seat: int, delta: int) -> Event:
        calls.append((seat, delta))
        return Event(POINTS, f"Player {seat + 1} gains {delta}.", {"seat": seat, "delta": delta})

    return make


def test_a_later_is_made_once_on_the_first_read_and_equals_its_event() -> None:
    calls: list[tuple[Any, ...]] = []
    later = Later(_counted(calls), 1, 3)
    assert calls == []  # nothing made yet
    assert later.kind == POINTS and calls == [(1, 3)]
    assert later.text == "Player 2 gains 3." and later.data == {"seat": 1, "delta": 3}
    assert later.private_to is None and later.redacted is None and later.reveal is False
    assert calls == [(1, 3)]  # made once
    plain = Event(POINTS, "Player 2 gains 3.", {"seat": 1, "delta": 3})
    assert later == plain and plain == later and isinstance(later, Event)
    assert later.to_json() == plain.to_json()
    assert json.dumps(later.to_json()) == json.dumps(plain.to_json())


def test_any_field_read_first_makes_the_event() -> None:
    for field in ("data", "text", "private_to", "redacted", "reveal", "to_json", "for_seat"):
        calls: list[tuple[Any, ...]] = []
        later = Later(_counted(calls), 0, 2)
        value = getattr(later, field)
        if callable(value):
            value = value() if field == "to_json" else value(0)
        assert calls == [(0, 2)], field
        assert later == Event(POINTS, "Player 1 gains 2.", {"seat": 0, "delta": 2})


def test_pickling_and_redaction_see_the_made_event() -> None:
    secret = Event(MOVE, "A card moves.", {"card": None})
    later = Later(Event, MOVE, "Player 1 draws the Mill.", {"card": "c3"}, (0,), secret)
    back = pickle.loads(pickle.dumps(later))
    assert type(back) is Event and back == later
    assert events_for([later], 0) == [later]
    assert events_for([later], 1) == [secret]
    assert later.for_seat(None) is secret


def test_other_names_are_missing_without_making_the_event() -> None:
    calls: list[tuple[Any, ...]] = []
    later = Later(_counted(calls), 0, 1)
    assert not hasattr(later, "colour")
    assert calls == []


def _majesty_events(read_at_once: bool) -> list[dict[str, Any]]:
    game = registry.get("majesty")
    state = game.new_game(4, 7, {"sides": "B"})
    pick = Rng(7)
    kept: list[Any] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        events = game.apply(state, seat, pick.choice(game.legal_actions(state, seat)))
        if read_at_once:
            kept.extend(e.to_json() for e in events)
        else:
            kept.extend(events)
    return kept


def test_a_checked_majesty_game_makes_no_event_nobody_reads(monkeypatch: Any) -> None:
    """A checked apply records its events; their data and sentences wait for a reader."""
    made: list[str] = []
    real = Later.__getattr__

    def spy(self: Later, name: str) -> Any:
        made.append(name)
        return real(self, name)

    monkeypatch.setattr(Later, "__getattr__", spy)
    kept = _majesty_events(False)
    assert len(kept) > 200 and all(isinstance(e, Later) for e in kept)
    assert made == []  # no event was made while the game was played
    # read at the end, each is what it was when recorded: the same as read at once
    late = [e.to_json() for e in kept]
    assert made
    assert late == _majesty_events(True)
    assert {e["kind"] for e in late} >= {"move", "points", "log", "phase", "game_over"}
