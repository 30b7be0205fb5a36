"""The state of a Majesty game (plain lists and ints, cheap to copy) and small helpers on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import Event, Rng
from tabletop.engine.decisions import PROMPT, Frame, prompt, turn
from tabletop.engine.decisions import to_json as frame_json
from tabletop.engine.events import LOG, POINTS, QUIET, Recorded, Say, said
from tabletop.engine.fields import Declared, declare

# decision steps
TAKE_STEP = "take"  # the turn: take a character from the display
EXCHANGE = "exchange"  # Castle B: trade points and meeples, then "done" (data: dir)
HEAL = "heal"  # Cottage: choose where the healed split card goes (data: card)
NONE = ""  # no prompt is open

BREAKDOWN_PLAY = (
    "mill",
    "brewery",
    "cottage",
    "guardhouse",
    "barracks",
    "inn",
    "castle",
    "overflow",
    "exchange",
)
BREAKDOWN_FINAL = ("infirmary", "variety", "majority", "infirmary_b")


@dataclass
class MajestyState(Declared):
    """Everything about one game.  Cards are indices into the catalog (uid ``c<i>``)."""

    players: int
    rng: Rng
    sides: str  # eight letters A/B, location 1..8
    combined: bool
    deck: list[int]  # last = top
    display: list[int]  # first = front (free)
    display_meeples: list[int]
    box: list[int]  # tier-1 cards set aside unseen
    # [seat][location 0..7] bottom → top; a location is a tuple, replaced when it changes, so
    # a copy of the state shares the locations (seven of every eight stay as they are a move)
    realms: list[list[tuple[int, ...]]]
    meeples: list[int]
    scores: list[int]
    gains: list[dict[str, int]]  # per seat: reason → points (sums to the score)
    first: int
    stack: list[Frame]  # the turn at the bottom, an open prompt above it
    turn: int = 0  # turns completed
    resolving: int = -1  # location (0..7) whose abilities are being resolved
    removed: list[int] = field(default_factory=list)  # Infirmary cards removed at the end
    over: bool = False

    # --- the decision stack, read as the rulebook speaks of it ---------------------------
    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.stack[0].seats[0]

    @current.setter
    def current(self, seat: int) -> None:
        self.stack[0] = turn(TAKE_STEP, seat)

    @property
    def pending(self) -> str:
        """The open prompt of the active seat (``""`` when none)."""
        top = self.stack[-1]
        return top.step if top.kind == PROMPT else NONE

    @property
    def pending_dir(self) -> int:
        """In an exchange: +1 once buying meeples, -1 once selling, 0 before either."""
        top = self.stack[-1]
        return top.data.get("dir", 0) if top.step == EXCHANGE else 0

    @property
    def pending_card(self) -> int:
        """The healed split card waiting for its place (-1 when none)."""
        top = self.stack[-1]
        return top.data["card"] if top.step == HEAL else -1


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A state saved before the decision stack (``current`` and ``pending`` fields) in
    today's shape."""
    if "stack" not in data:
        data["stack"] = [frame_json(f) for f in old_stack(data)]
    return data


def old_stack(data: dict[str, Any]) -> list[Frame]:
    """The stack of a state saved with ``current``/``pending`` fields."""
    stack = [turn(TAKE_STEP, int(data["current"]))]
    pending = data.get("pending", NONE)
    if pending == EXCHANGE:
        stack.append(prompt(EXCHANGE, int(data["current"]), dir=int(data.get("pending_dir", 0))))
    elif pending == HEAL:
        stack.append(prompt(HEAL, int(data["current"]), card=int(data["pending_card"])))
    return stack


FIELDS = declare(MajestyState, upgrade=_upgrade)  # its copy (``clone``) and JSON, derived


# --- words -------------------------------------------------------------------------------
def who(seat: int) -> str:
    """The name of a seat in the log."""
    return f"Player {seat + 1}"


def loc_zone(seat: int, loc: int) -> str:
    """The zone id of a seat's location (``loc`` 0..7 → ``p<seat>.loc.<1..8>``)."""
    return ZONE_OF[seat][loc]


# seat -> location -> zone id, made once (the same string objects: their hashes are kept)
ZONE_OF = [[f"p{seat}.loc.{loc + 1}" for loc in range(8)] for seat in range(4)]
# players -> seat -> every seat in turn order from that one, itself first
FROM_SEAT = [[tuple((seat + k) % n for k in range(n)) for seat in range(n)] for n in range(5)]


# --- changes that are also events -------------------------------------------------------------
def gain_points(
    s: MajestyState,
    seat: int,
    delta: int,
    reason: str,
    events: list[Event],
    say: Say = "",
    *told: Any,
) -> None:
    """Add ``delta`` points to ``seat`` under ``reason`` (nothing happens for 0); the log
    sentence is ``say(*told)``, made only when the event is read (``say`` a plain string
    when ``told`` is empty)."""
    if not delta:
        return
    scores = s.scores
    score = scores[seat] = scores[seat] + delta
    gains = s.gains[seat]
    gains[reason] = gains.get(reason, 0) + delta
    if events is not QUIET:
        ev = Recorded()  # (Later(points_event, ...) at C speed)
        ev._call = (points_event, seat, delta, reason, score, say, told)
        events.append(ev)


def points_event(
    seat: int, delta: int, reason: str, score: int, say: Say, told: tuple[Any, ...]
) -> Event:
    """The event of ``seat`` gaining ``delta`` points under ``reason`` (``score`` after it)."""
    data = {"seat": seat, "delta": delta, "reason": reason, "score": score}
    return Event(POINTS, said(say, told), data)


def gain_meeples(
    s: MajestyState, seat: int, n: int, events: list[Event], say: Say = "", *told: Any
) -> None:
    """Give ``seat`` ``n`` meeples (beyond the worker card they wait for the end of the turn);
    the sentence as :func:`gain_points` takes it."""
    if not n:
        return
    total = s.meeples[seat] = s.meeples[seat] + n
    if events is not QUIET:
        ev = Recorded()
        ev._call = (_meeples, seat, n, total, say, told)
        events.append(ev)


def _meeples(seat: int, n: int, total: int, say: Say, told: tuple[Any, ...]) -> Event:
    return Event(LOG, said(say, told), {"seat": seat, "meeples": n, "total": total})
