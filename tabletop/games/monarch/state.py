"""The state of a Monarch game (plain lists and ints, cheap to copy) and small helpers on it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine import Event, Rng
from tabletop.engine.decisions import TURN, Frame
from tabletop.engine.events import LOG, QUIET, Text
from tabletop.engine.fields import Declared, declare
from tabletop.engine.words import plural as count

# decision steps
TURN_STEP = "turn"  # the active sister's turn
PLEDGE_STEP = "pledge"  # a Moon's pay-together round (PLEDGE frame; data: moon, need, resource)
DISMISS = "dismiss"  # on acquiring a Court card that removes a guest: which one (PROMPT)
BLIGHT = "blight"  # the Blight's tie between equal farms (PROMPT; data: boards)

# pending steps of the flow, run last-in first-out while no question is open (``jobs``)
REFILL = "refill"  # [REFILL, slot]: fill the row's place ``slot`` if the row is short
HAPPEN = "moon"  # [HAPPEN, card]: the revealed Moon happens
BOX = "box"  # [BOX, card]: the resolved Moon goes to the box


@dataclass
class MonarchState(Declared):
    """Everything about one game.  Cards are indices into the catalog (uid ``c<i>``)."""

    players: int
    rng: Rng
    banners_on: bool
    deck: list[int]  # the market deck, last = top
    row: list[int]  # the market row, left to right (at most 5)
    discard: list[int]
    box: list[int]  # unused land boards, resolved Moons (and banners when they are off)
    lands: list[list[int]]  # the nine land stacks, bottom (the board) to top
    pool: list[int]  # banners nobody flies yet
    courts: list[list[int]]
    guests: list[list[int]]
    flown: list[list[int]]  # banners per sister
    moon: list[int]  # Moons being resolved (a Moon can reveal another)
    food: list[int]
    gold: list[int]
    first: int
    stack: list[Frame]  # the turn at the bottom, questions above it
    jobs: list[list[int | str]] = field(default_factory=list)  # pending flow steps, last first
    round: int = 1
    turns: int = 0  # turns completed
    acted: str = ""  # "harvest" or "tax" once done this turn
    free_taken: bool = False  # two players: the free improvement of this turn is used
    swapped: bool = False  # the Banner of Balance's trade is used this turn
    flew: bool = False  # a banner was flown this turn
    over: bool = False
    ended: str = ""  # "court" (a court of seven) or "cap" (MO13)
    moons: dict[str, int] = field(default_factory=dict)  # "<moon id>:paid|unpaid" -> count

    # --- the decision stack, read as the rulebook speaks of it ---------------------------
    @property
    def current(self) -> int:
        """The sister whose turn it is."""
        return self.stack[0].seats[0]

    @property
    def top(self) -> Frame:
        """The decision being waited for."""
        return self.stack[-1]

    @property
    def open_question(self) -> bool:
        """Whether a prompt or a pledge round waits above the turn."""
        return self.stack[-1].kind != TURN


FIELDS = declare(MonarchState)  # its copy (``clone``) and JSON, derived from the fields


# --- words -------------------------------------------------------------------------------
def who(seat: int) -> str:
    """The name of a seat in the log."""
    return f"Sister {seat + 1}"


def plural(n: int, word: str) -> str:
    """``1 crown`` / ``3 crowns`` (food and gold never take an s)."""
    return count(n, word, ("food", "gold"))


def land_zone(i: int) -> str:
    """The zone id of land board ``i`` (0..8 → ``land.1`` … ``land.9``)."""
    return f"land.{i + 1}"


# --- changes that are also events -------------------------------------------------------------
def gain(
    s: MonarchState, seat: int, resource: str, n: int, text: Text, events: list[Event]
) -> None:
    """Give ``seat`` ``n`` food or gold (negative: take it; never below zero)."""
    if not n:
        return
    held = s.food if resource == "food" else s.gold
    held[seat] = max(0, held[seat] + n)
    if events is not QUIET:
        events.append(
            Event(LOG, text, {"seat": seat, "resource": resource, "delta": n, "total": held[seat]})
        )
