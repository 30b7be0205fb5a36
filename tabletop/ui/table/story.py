"""What the rivals just did, as the shown seat may know it: the model of the table's story.

Read from the match's played moves and their events redacted for the seat (never from the
state), so a mark tells only what the seat saw happen:

- ``moved``: every card a rival moved since the seat last acted (its uid → who moved it,
  from where to where), until the seat acts again (a card turned where it lies is no move);
- ``left``: the zones those cards left (zone → who took from it);
- ``last``: each rival's last action, as one log line;
- :func:`moments`: the events a game marks ``data["moment"]`` (a Moon rising, a rival's card
  traded away, an elimination), each with the card it shows and the lines that follow it,
  for the short banner the table shows once.

No display here: the painter is ``story_paint.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.events import MOVE, events_for

MOMENT_LINES = 4  # a moment's banner: its own line and at most this many after it
MOMENT_TIME = 3.2  # seconds a moment's banner stays (a click or Esc skips it)
LAST_LOOKBACK = 200  # how far back a rival's last action is looked for


@dataclass(frozen=True)
class Mark:
    """A card a rival moved: who moved it, the zone it left and the zone it went to."""

    seat: int
    source: str
    target: str


@dataclass(frozen=True)
class Moment:
    """One event worth a banner: the card it shows (a definition id, or None), its lines
    (the event's own, then what followed from it), the seats it names and where it lies in
    the match (``(move index, event index)``, so it is shown once)."""

    key: tuple[int, int]
    seat: int
    card_id: str | None
    lines: tuple[str, ...]


@dataclass
class Story:
    """The marks of the rivals' moves since the shown seat last acted (see the module)."""

    moved: dict[str, Mark] = field(default_factory=dict)
    left: dict[str, int] = field(default_factory=dict)
    last: dict[int, str] = field(default_factory=dict)

    def mark_of(self, uid: str | None) -> Mark | None:
        """The mark of card ``uid`` (None: not moved by a rival since the seat acted)."""
        return self.moved.get(uid) if uid else None


def played_moves(match: Any) -> Sequence[Any]:
    """The match's played moves (an online or replayed table has none: no marks)."""
    history = getattr(match, "history", None)
    if not isinstance(history, list) or (history and not hasattr(history[0], "events")):
        return []
    return history


def read(match: Any, viewer: int | None) -> Story:
    """The story for ``viewer``: every rival move since the viewer's own last move (for a
    watcher, ``None``, the last move only), newest first, each card keeping its newest mark."""
    played = played_moves(match)
    story = Story()
    for n, p in enumerate(reversed(played)):
        if viewer is None and n > 0:
            break
        if p.seat == viewer:
            break
        for e in reversed(events_for(p.events, viewer)):
            if e.kind != MOVE:
                continue
            src, dst = str(e.data.get("source") or ""), str(e.data.get("target") or "")
            if src == dst:
                continue  # turned where it lies (a reveal): no card changed place
            uid = e.data.get("card")
            if uid and uid not in story.moved:
                story.moved[uid] = Mark(p.seat, src, dst)
            if src and src not in story.left:
                story.left[src] = p.seat
    story.last = last_actions(played, viewer)
    return story


def line_of(p: Any, viewer: int | None) -> str:
    """A played move in one line: its first log sentence the viewer may read (else the
    action's own words)."""
    for e in events_for(p.events, viewer):
        text = e.text.strip()
        if text:
            return text
    return str(p.action).strip()


def _moves_a_card(p: Any, viewer: int | None) -> bool:
    return any(
        e.kind == MOVE and e.data.get("source") != e.data.get("target")
        for e in events_for(p.events, viewer)
    )


def last_actions(played: Sequence[Any], viewer: int | None) -> dict[int, str]:
    """Each seat's last move (other than the viewer's) as one line: its last move that
    changed a card's place since it last had the turn, else its very last one (so "ends
    her turn" gives way to what she did in that turn)."""
    out: dict[int, str] = {}
    plain: dict[int, str] = {}
    seats = {p.seat for p in played[-LAST_LOOKBACK:]} - {viewer}
    for p in reversed(played[-LAST_LOOKBACK:]):
        if len(out) == len(seats):
            break  # every seat's line found
        if p.seat == viewer or p.seat in out:
            continue
        if _moves_a_card(p, viewer):
            out[p.seat] = line_of(p, viewer)
        elif p.seat not in plain:
            plain[p.seat] = line_of(p, viewer)
    for seat, line in plain.items():
        out.setdefault(seat, line)
    return out


def moments(match: Any, viewer: int | None, start: int) -> list[Moment]:
    """The moments of the moves played from index ``start`` on, as ``viewer`` saw them."""
    played = played_moves(match)
    out: list[Moment] = []
    for i in range(max(0, start), len(played)):
        p = played[i]
        seen = events_for(p.events, viewer)
        for j, e in enumerate(seen):
            if not e.data.get("moment"):
                continue
            lines = [e.text.strip()] if e.text.strip() else []
            # what it did: the lines after it in the same move, else those between the
            # move's own first line and it (pledges paid before a Moon is answered)
            around = [x for x in seen[j + 1 :]] + [x for x in seen[1:j]]
            for x in around:
                if x.data.get("moment") or len(lines) > MOMENT_LINES:
                    break
                if x.text.strip():
                    lines.append(x.text.strip())
            card = e.data.get("card_id")
            out.append(Moment((i, j), p.seat, str(card) if card else None, tuple(lines)))
    return out
