"""Building the events that the table animates and the log narrates."""

from __future__ import annotations

from functools import cache

from tabletop.engine import Event
from tabletop.engine.events import LOG, MOVE
from tabletop.games.your_majesty.catalog import catalog


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
    return Event(
        MOVE,
        text,
        {"card": u, "card_id": card_id(u), "source": source, "target": target, "face_up": True},
    )


def hidden_move(
    text: str, public_text: str, u: str, source: str, target: str, seats: tuple[int, ...]
) -> Event:
    """A move whose card only ``seats`` may see; everyone else sees a face-down card."""
    redacted = Event(
        MOVE,
        public_text,
        {"card": None, "card_id": None, "source": source, "target": target, "face_up": False},
    )
    full = Event(
        MOVE,
        text,
        {"card": u, "card_id": card_id(u), "source": source, "target": target, "face_up": False},
        private_to=seats,
        redacted=redacted,
    )
    return full


def log(text: str) -> Event:
    """A line for the log."""
    return Event(LOG, text)
