"""Building the events that the table animates and the log narrates.

Events are immutable and a table repeats the same ones (the same card drawn by the same
seat, the same line of the log), so each is built once and then shared: the functions look
up the event for their arguments before building it (at most ``_MAX_EVENTS`` are kept).
"""

from __future__ import annotations

from functools import cache

from tabletop.engine import Event
from tabletop.engine.events import LOG, MOVE
from tabletop.games.your_majesty.catalog import catalog

_MAX_EVENTS = 20_000
_EVENTS: dict[tuple, Event] = {}


def _keep(key: tuple, event: Event) -> Event:
    if len(_EVENTS) >= _MAX_EVENTS:
        _EVENTS.clear()
    _EVENTS[key] = event
    return event


@cache
def _ids() -> dict[str, str]:
    cat = catalog()
    tables = {"a": cat.actions, "p": cat.phils, "c": cat.colonies, "r": cat.reforms}
    return {f"{k}{i}": card.id for k, table in tables.items() for i, card in enumerate(table)}


def card_id(u: str) -> str:
    """The definition id behind a uid."""
    return _ids()[u]


def move(text: str, u: str, source: str, target: str) -> Event:
    """A public move of a face-up card."""
    key = (MOVE, text, u, source, target)
    found = _EVENTS.get(key)
    if found is not None:
        return found
    data = {"card": u, "card_id": card_id(u), "source": source, "target": target, "face_up": True}
    return _keep(key, Event(MOVE, text, data))


def hidden_move(
    text: str, public_text: str, u: str, source: str, target: str, seats: tuple[int, ...]
) -> Event:
    """A move whose card only ``seats`` may see; everyone else sees a face-down card."""
    key = (text, public_text, u, source, target, seats)
    found = _EVENTS.get(key)
    if found is not None:
        return found
    hidden = {"card": None, "card_id": None, "source": source, "target": target, "face_up": False}
    redacted = Event(MOVE, public_text, hidden)
    full = {"card": u, "card_id": card_id(u), "source": source, "target": target, "face_up": False}
    return _keep(key, Event(MOVE, text, full, private_to=seats, redacted=redacted))


def log(text: str) -> Event:
    """A line for the log."""
    key = (LOG, text)
    found = _EVENTS.get(key)
    return found if found is not None else _keep(key, Event(LOG, text))
