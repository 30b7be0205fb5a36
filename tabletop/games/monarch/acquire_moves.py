"""Monarch's acquire: a drag from the row onto a court, a land board, the discard pile or a
sister's guests, and what each costs.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Action, Event, Gesture, decisions
from tabletop.engine.moves import Interned
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import (
    CARDS,
    COURT,
    COURT_LIMIT,
    GUEST,
    IMPROVEMENT,
    UIDS,
    Card,
)
from tabletop.games.monarch.state import (
    DISMISS,
    REFILL,
    MonarchState,
    gain,
    land_zone,
    who,
)
from tabletop.games.monarch.turn_moves import ACQUIRE, card_of
from tabletop.games.monarch.view import move


# --- acquire ------------------------------------------------------------------------------------------
def _make_acquire(
    card: int, to: str, replace: int, free: bool, target: str, cost: str, choice: str
) -> Action:
    c = CARDS[card]
    args: dict[str, object] = {"card": c.uid, "to": to}
    if replace >= 0:
        args["replace"] = CARDS[replace].uid
    if free:
        args["free"] = True
    if c.kind == COURT:
        where = f" in place of the {CARDS[replace].name}" if replace >= 0 else ""
        text = f"Take the {c.name} into your court{where} for {cost}"
    elif c.kind == IMPROVEMENT:
        where = "discard it (no board can take it)" if to == "discard" else f"build it on {to}"
        how = "for free" if free else f"for {cost}"
        text = f"Take the {c.name} {how} and {where}"
    else:
        text = f"Send the {c.name} to {who(int(to[1:].split('.')[0]))} for {cost}"
    return Action.make(
        ACQUIRE,
        Gesture.drag(c.uid, "row", target, choice=choice or None),
        text.replace("land.", "land "),
        **args,
    )


_acquire = Interned(_make_acquire)


def price(s: MonarchState, seat: int, c: Card, to: str, free: bool) -> tuple[int, int]:
    """``(gold, food)`` that ``seat`` pays to acquire ``c`` towards ``to``."""
    if free:
        return 0, 0
    if c.kind == COURT:
        return fx.court_cost(s, seat, c)
    if c.kind == IMPROVEMENT:
        return 0, fx.improvement_cost(s, seat, c)
    return fx.guest_cost(s, seat, c, guest_seat(to)), 0


def guest_seat(to: str) -> int:
    """The seat of ``p<k>.guests`` (-1 for anything else)."""
    head, _, tail = to.partition(".")
    if tail != "guests" or not head.startswith("p") or not head[1:].isdigit():
        return -1
    return int(head[1:])


def _cost_words(c: Card, gold: int, food: int) -> str:
    return c.cost_text(gold, food)


def acquires(s: MonarchState, seat: int) -> list[Action]:
    """Every card of the row ``seat`` can pay for, towards every place it may go."""
    out: list[Action] = []
    gold, food = s.gold[seat], s.food[seat]
    court = s.courts[seat]
    for card in s.row:
        c = CARDS[card]
        if c.kind == COURT:
            g, f = fx.court_cost(s, seat, c)
            if g > gold or f > food:
                continue
            cost = _cost_words(c, g, f)
            if len(court) < COURT_LIMIT:
                out.append(_acquire(card, "court", -1, False, f"p{seat}.court", cost, ""))
            for old in court:
                out.append(
                    _acquire(
                        card, "court", old, False, UIDS[old], cost, f"Replace {CARDS[old].name}"
                    )
                )
        elif c.kind == IMPROVEMENT:
            f = fx.improvement_cost(s, seat, c)
            paid = f <= food
            free = s.players == 2 and not s.free_taken
            if not paid and not free:
                continue
            places = [land_zone(i) for i in fx.places_for(s, c)] or ["discard"]
            cost = _cost_words(c, 0, f)
            for to in places:
                if free:
                    out.append(_acquire(card, to, -1, True, to, cost, "Free (two-player rule)"))
                if paid:
                    out.append(
                        _acquire(card, to, -1, False, to, cost, f"Pay {cost}" if free else "")
                    )
        elif c.kind == GUEST:
            for p in range(s.players):
                if p == seat:
                    continue
                g = fx.guest_cost(s, seat, c, p)
                if g <= gold:
                    to = f"p{p}.guests"
                    out.append(_acquire(card, to, -1, False, to, _cost_words(c, g, 0), ""))
    return out


def _bought(seat: int, name: str, cost: str, where: str) -> str:
    return f"{who(seat)} takes the {name} for {cost}{where}."


def apply_acquire(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Pay, place, on-acquire effect, then the refill (MO3)."""
    card = card_of(action["card"])
    c = CARDS[card]
    to = action["to"]
    free = bool(action.get("free", False))
    g, f = price(s, seat, c, to, free)
    s.gold[seat] -= g
    s.food[seat] -= f
    slot = s.row.index(card)
    s.row.pop(slot)
    cost = "free" if free else c.cost_text(g, f)
    if free:
        s.free_taken = True
    if c.kind == COURT:
        old = card_of(action.get("replace"))
        target = f"p{seat}.court"
        if old >= 0:
            s.courts[seat][s.courts[seat].index(old)] = card
            s.discard.append(old)
            text = partial(_bought, seat, c.name, cost, f", replacing the {CARDS[old].name}")
            move(s, card, "row", target, text, events)
            move(s, old, target, "discard", "", events)
        else:
            s.courts[seat].append(card)
            move(s, card, "row", target, partial(_bought, seat, c.name, cost, ""), events)
    elif c.kind == IMPROVEMENT:
        if to == "discard":
            s.discard.append(card)
            where = " and discards it: no board can take it"
        else:
            s.lands[int(to.split(".")[1]) - 1].append(card)
            where = f" and builds it on {to.replace('land.', 'land ')}"
        move(s, card, "row", to, partial(_bought, seat, c.name, cost, where), events)
    else:
        p = guest_seat(to)
        s.guests[p].append(card)
        move(
            s,
            card,
            "row",
            to,
            partial(_bought, seat, c.name, cost, f" and sends it to {who(p)}"),
            events,
        )
    s.jobs.append([REFILL, slot])
    if "gain" in c.on_acquire:
        gain(s, seat, c.resource, c.gain, partial(_gains, seat, c.gain, c.resource, c.name), events)
    if "remove_guest" in c.on_acquire and s.guests[seat]:
        s.stack.append(decisions.prompt(DISMISS, seat, by=card))


def _gains(seat: int, n: int, res: str, name: str) -> str:
    return f"{who(seat)} gains {n} {res} from the {name}."
