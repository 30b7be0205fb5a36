"""MOVE events: one per card that changes place, so the table can slide it.

A move names its card (uid and definition) only to the seats that may know it:

- ``public``: the card lies face up on one side of the move (market, revealed stalls, the
  four face-up discards, addresses, exposed cards, a Favor's face card), so everyone sees it;
- ``private``: the card goes between places only its holder sees (hand, set-aside cards, a
  stall being formed, the holder's buildings); the other seats see a face-down card move,
  or nothing at all while a secret commit is being made (so not even the count leaks);
- ``hidden``: nobody may see it (draw pile, production cards, face-down discards).

Moves that reveal nothing new to the seat making them say ``barrier: False`` so they can be
taken back; the engine's rule (a private event stops undo) would otherwise apply.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Event
from tabletop.engine.events import MOVE
from tabletop.games.aristocracy.cards import UIDS
from tabletop.games.aristocracy.state import State
from tabletop.games.aristocracy.zones import DISCARD, SHOP


def _data(
    s: State, c: int, source: str, target: str, shown: bool, barrier: bool | None
) -> dict[str, Any]:
    d: dict[str, Any] = {
        "card": UIDS[c] if shown else None,
        "card_id": s.card_of[c] if shown else None,
        "source": source,
        "target": target,
        "face_up": shown,
    }
    if barrier is not None:
        d["barrier"] = barrier
    return d


def public(
    s: State, ev: list[Event], c: int, source: str, target: str, barrier: bool | None = None
) -> None:
    """A move everyone sees in full."""
    ev.append(Event(MOVE, "", _data(s, c, source, target, True, barrier)))


def hidden(s: State, ev: list[Event], c: int, source: str, target: str) -> None:
    """A face-down move whose card nobody may know."""
    ev.append(Event(MOVE, "", _data(s, c, source, target, False, None)))


def private(
    s: State,
    ev: list[Event],
    c: int,
    source: str,
    target: str,
    seat: int,
    others: bool = True,
    barrier: bool | None = False,
) -> None:
    """A move only ``seat`` sees in full; the others see a face-down card (or nothing)."""
    redacted = Event(MOVE, "", _data(s, c, source, target, False, barrier)) if others else None
    full = _data(s, c, source, target, True, barrier)
    ev.append(Event(MOVE, "", full, private_to=(seat,), redacted=redacted))


def pile(s: State, c: int) -> str:
    """Where a card just put on the discard pile lies: the face-up four or the face-down rest."""
    return SHOP if s.discard.index(c) < 4 else DISCARD


def to_pile(
    s: State, ev: list[Event], c: int, source: str, seat: int | None = None, known: bool = False
) -> None:
    """A card has just been discarded from ``source``: everyone sees it if it was public
    (``known``) or lands among the face-up four, else only ``seat`` (or nobody)."""
    target = pile(s, c)
    if known or target == SHOP:
        public(s, ev, c, source, target)
    elif seat is not None:
        private(s, ev, c, source, target, seat, barrier=None)
    else:
        hidden(s, ev, c, source, target)
