"""Small helpers that change the state and record the matching events."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.engine.events import LOG, MOVE, POINTS
from tabletop.games.majesty.catalog import catalog
from tabletop.games.majesty.state import MajestyState


def who(seat: int) -> str:
    """The name of a seat in the log."""
    return f"Player {seat + 1}"


def loc_zone(seat: int, loc: int) -> str:
    """The view zone id of a seat's location (``loc`` 0..7 → ``p<seat>.loc.<1..8>``)."""
    return f"p{seat}.loc.{loc + 1}"


def gain_points(
    s: MajestyState, seat: int, delta: int, reason: str, text: str, events: list[Event]
) -> None:
    """Add ``delta`` points to ``seat`` under ``reason`` (nothing happens for 0)."""
    if not delta:
        return
    s.scores[seat] += delta
    s.gains[seat][reason] = s.gains[seat].get(reason, 0) + delta
    events.append(
        Event(
            POINTS,
            text,
            {"seat": seat, "delta": delta, "reason": reason, "score": s.scores[seat]},
        )
    )


def gain_meeples(s: MajestyState, seat: int, n: int, text: str, events: list[Event]) -> None:
    """Give ``seat`` ``n`` meeples (beyond the worker card they wait for the end of the turn)."""
    if not n:
        return
    s.meeples[seat] += n
    events.append(Event(LOG, text, {"seat": seat, "meeples": n, "total": s.meeples[seat]}))


def move(
    card: int, source: str, target: str, text: str, events: list[Event], face_up: bool = True
) -> None:
    """Record the move of a (now public) card."""
    cat = catalog()
    events.append(
        Event(
            MOVE,
            text,
            {
                "card": cat.uids[card],
                "card_id": cat.card_ids[card],
                "source": source,
                "target": target,
                "face_up": face_up,
            },
        )
    )


def plural(n: int, word: str) -> str:
    """``1 point`` / ``3 points``."""
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"
