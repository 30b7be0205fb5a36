"""The pledge round and the questions of a turn: dismiss or keep (a guest removed by a Court
card) and the Blight's tie.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Action, Event, Gesture, decisions
from tabletop.engine.moves import Interned
from tabletop.games.monarch import flow
from tabletop.games.monarch.data import (
    CARDS,
)
from tabletop.games.monarch.state import (
    MonarchState,
    land_zone,
    who,
)
from tabletop.games.monarch.turn_moves import DISMISS_GUEST, KEEP, PLEDGE, STRIKE, card_of
from tabletop.games.monarch.view import move


# --- pledges --------------------------------------------------------------------------------------------
def _make_pledge(amount: int, resource: str) -> Action:
    return Action.make(
        PLEDGE,
        Gesture.button("Pledge", choice=f"{amount} {resource}"),
        f"Pledge {amount} {resource}" if amount else "Pledge nothing",
        amount=amount,
    )


_pledge = Interned(_make_pledge)


def pledge_limit(s: MonarchState, seat: int) -> int:
    """The most ``seat`` may pledge now: what she holds, and no more than is still needed."""
    f = s.top
    held = s.food[seat] if f.data["resource"] == "food" else s.gold[seat]
    return max(0, min(held, f.data["need"] - f.data["total"]))


def pledges(s: MonarchState, seat: int) -> list[Action]:
    """Pledge 0 up to the limit."""
    res = s.top.data["resource"]
    return [_pledge(k, res) for k in range(pledge_limit(s, seat) + 1)]


def _pledged(seat: int, n: int, res: str, total: int, need: int) -> str:
    return f"{who(seat)} pledges {n} {res} ({total} of {need} so far)."


def apply_pledge(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Record the pledge; once the need is met or every sister was asked, settle (MO7)."""
    f = s.top
    n = int(action["amount"])
    done = decisions.give(f, n)
    res, total, need = f.data["resource"], f.data["total"], f.data["need"]
    events.append(
        Event(
            "log",
            partial(_pledged, seat, n, res, total, need),
            {"seat": seat, "pledge": n, "total": total, "need": need},
        )
    )
    if done:
        flow.settle_pledges(s, events)


# --- a guest dismissed by a Court card ----------------------------------------------------------------
def _make_dismiss(guest: int) -> Action:
    c = CARDS[guest]
    return Action.make(
        DISMISS_GUEST,
        Gesture.click(c.uid),
        f"Send the {c.name} to the discard pile",
        card=c.uid,
    )


_dismiss = Interned(_make_dismiss)
_KEEP = Action.make(KEEP, Gesture.button("Keep them"), "Keep your guests")


def dismissals(s: MonarchState, seat: int) -> list[Action]:
    """Each guest of ``seat``, or keeping them all."""
    return [_dismiss(g) for g in s.guests[seat]]


def keeps(s: MonarchState, seat: int) -> list[Action]:
    """Keep every guest."""
    return [_KEEP]


def _dismissed(seat: int, name: str) -> str:
    return f"{who(seat)} shows the {name} the door."


def apply_dismiss(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """The guest goes to the discard pile; the acquisition goes on."""
    guest = card_of(action["card"])
    s.guests[seat].remove(guest)
    s.discard.append(guest)
    move(
        s, guest, f"p{seat}.guests", "discard", partial(_dismissed, seat, CARDS[guest].name), events
    )
    s.stack.pop()


def apply_keep(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """No guest leaves."""
    s.stack.pop()


# --- the Blight's tie ----------------------------------------------------------------------------------
def _make_strike(i: int) -> Action:
    return Action.make(
        STRIKE,
        Gesture.click(land_zone(i)),
        f"The Blight strikes land {i + 1}",
        board=i + 1,
    )


_strike = Interned(_make_strike)


def strikes(s: MonarchState, seat: int) -> list[Action]:
    """Each of the best farms."""
    return [_strike(i) for i in s.top.data["boards"]]


def apply_strike(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Discard the chosen farm's top improvement."""
    s.stack.pop()
    flow.discard_top(s, int(action["board"]) - 1, events)
