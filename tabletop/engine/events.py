"""Events: what happened, for animation and the log.

An event is public unless ``private_to`` names the seats that may see it in full; every
other seat sees ``redacted`` instead (or nothing, if ``redacted`` is ``None``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MOVE = "move"  # data: card (uid|None), card_id (definition|None), source, target, face_up
POINTS = "points"  # data: seat, delta, reason
REVEAL = "reveal"  # data: cards
LOG = "log"  # only text
PHASE = "phase"  # data: name
GAME_OVER = "game_over"  # data: scores, winners


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, with a sentence for the log."""

    kind: str
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    private_to: tuple[int, ...] | None = None
    redacted: Event | None = None

    def for_seat(self, seat: int | None) -> Event | None:
        """The version of this event that ``seat`` may see (``None`` = spectator)."""
        if self.private_to is None or (seat is not None and seat in self.private_to):
            return self
        return self.redacted

    def to_json(self) -> dict[str, Any]:
        """A JSON object for logs and saves (public part only)."""
        return {"kind": self.kind, "text": self.text, "data": self.data}


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """Filter and redact a list of events for one viewer."""
    out = []
    for e in events:
        v = e.for_seat(seat)
        if v is not None:
            out.append(v)
    return out
