"""The staged salon (attend, invite, hold, abandon) and the lending of a philosophe to it."""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.engine import Action, Event
from tabletop.engine.events import QUIET
from tabletop.games.your_majesty.action_cards import erase_by_trigger
from tabletop.games.your_majesty.action_rows import (
    ABANDON_SALON,
    ATTENDS,
    HOLD_SALON,
    INVITES,
    LENDS,
    REFUSALS,
)
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.decks import draw_action
from tabletop.games.your_majesty.flow import took
from tabletop.games.your_majesty.lingering import barred
from tabletop.games.your_majesty.salon import base_difficulty_of, sophia_of
from tabletop.games.your_majesty.scoring import wealth
from tabletop.games.your_majesty.state import (
    LEND,
    YMState,
    ask,
    owner_of_phil,
)
from tabletop.games.your_majesty.view import move, phil_zone, say, z


# --- the salon ----------------------------------------------------------------------------------
def capacity(s: YMState) -> int:
    """How many philosophes the staged salon may seat: its host's wealth.

    Nothing changes a court's colonies or the events in force while a salon is staged, so
    the figure is kept in the salon's frame once found (saves never write it).
    """
    d = s.stack[-1].data
    cap = d.get("capacity")
    if cap is None:
        cap = d["capacity"] = wealth(s, s.stack[-1].seats[0])
    return cap


def attends(s: YMState, seat: int) -> list[Action]:
    """Seat one of the host's philosophes (unless a Lettre de Cachet bars them)."""
    d = s.stack[-1].data
    here = d["attendees"]
    if len(here) >= (d.get("capacity") or capacity(s)):
        return []
    if some_lingering(s) and barred(s, seat):
        return []
    row = ATTENDS.known.get((seat,)) or ATTENDS(seat)
    return [row[p] for p in s.courts[seat].phils if p not in here]


def apply_attend(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The philosophe joins the salon."""
    d = s.stack[-1].data
    p = int(action["phil"][1:])
    d["attendees"].append(p)
    d["guests_from"].append(seat)
    if events is not QUIET:
        text = partial("{} attends.".format, catalog().phils[p].name)
        move(s, "p", p, phil_zone(seat, p), "salon", text, events)


def some_lingering(s: YMState) -> bool:
    """Whether any court has an event lingering (every turn's list asks)."""
    for c in s.courts:  # noqa: SIM110  (a loop: cheaper than any() over a generator)
        if c.lingering:
            return True
    return False


def invites(s: YMState, seat: int) -> list[Action]:
    """Ask another court for a philosophe (one guest per court, two with the Grand Tour)."""
    d = s.stack[-1].data
    if len(d["attendees"]) >= (d.get("capacity") or capacity(s)):
        return []
    lingering = some_lingering(s)
    out: list[Action] = []
    _add_invites(s, seat, d, lingering, out)
    return out


def _add_invites(
    s: YMState, seat: int, d: dict[str, Any], lingering: bool, out: list[Action]
) -> None:
    """Add the invitations of the salon ``d`` to ``out`` (``lingering``: some event lingers)."""
    limit = 2 if "grandtour" in s.flags else 1
    names = s.names
    if names.__class__ is not tuple:
        names = tuple(names)
    guests, asked = d["guests_from"], d["asked"]
    known = INVITES.known
    for o, court in enumerate(s.courts):
        if o == seat or not court.phils or (guests and guests.count(o) >= limit):
            continue
        if lingering and barred(s, o):
            continue
        row = known.get((names, o)) or INVITES(names, o)
        if asked:
            out += [row[p] for p in court.phils if p not in asked]
        else:
            out += [row[p] for p in court.phils]


def apply_invite(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask the owner to lend the philosophe."""
    p = int(action["phil"][1:])
    owner = owner_of_phil(s, p)
    s.stack[-1].data["asked"].append(p)
    s.stack.append(ask(LEND, owner, target=p, owner=owner))
    if events is not QUIET:
        text = partial(
            "{} asks {} for {}.".format, s.names[seat], s.names[owner], catalog().phils[p].name
        )
        say(text, events)


_HOLD = [HOLD_SALON]


def holds(s: YMState, seat: int) -> list[Action]:
    """Hold the salon once two to capacity philosophes attend."""
    d = s.stack[-1].data
    count = len(d["attendees"])
    return _HOLD if count >= 2 and count <= (d.get("capacity") or capacity(s)) else []


def apply_hold(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Draw the randomizer: sophia above difficulty implements the reform."""
    cat = catalog()
    f = s.stack.pop()  # the salon's frame, the host's
    soph = sophia_of(s, f)
    base = base_difficulty_of(s, f)
    reform = f.data["reform"]
    card = draw_action(s)
    rand = cat.actions[card].randomizer if card is not None else 6
    loud = events is not QUIET
    if card is not None:
        s.discard.append(card)
        if loud:
            text = partial("The randomizer is {} ({}).".format, rand, cat.actions[card].name)
            move(s, "a", card, "action_deck", "action_discard", text, events)
    diff = base + rand
    ok = soph > diff and not (s.options.get("faux_pas") and rand == 6)
    s.last_salon = [soph, diff, rand, int(ok)]
    s.salons_held += 1
    s.salons_won += ok
    name = cat.reforms[reform].name
    if ok:
        s.courts[seat].reforms.append(reform)
        if loud:
            text = partial(
                "Sophia {} beats difficulty {}: {} implements {}!".format,
                soph,
                diff,
                s.names[seat],
                name,
            )
            move(s, "r", reform, "salon", z(seat, "reforms"), text, events)
        erase_by_trigger(s, seat, name, events)
    else:
        s.reforms.append(reform)
        s.reforms.sort()
        if loud:
            text = partial("Sophia {} against difficulty {}: the salon fails.".format, soph, diff)
            move(s, "r", reform, "salon", "unclaimed_reforms", text, events)
    took(s, "salon")


_ABANDON = [ABANDON_SALON]


def abandons(s: YMState, seat: int) -> list[Action]:
    """Abandon the salon while fewer than two attend."""
    return _ABANDON if len(s.stack[-1].data["attendees"]) < 2 else []


def apply_abandon(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The reform goes back unclaimed."""
    f = s.stack.pop()
    s.reforms.append(f.data["reform"])
    s.reforms.sort()
    if events is not QUIET:
        say(partial("{} abandons the salon.".format, s.names[seat]), events)
    took(s, "salon")


def salon_actions(s: YMState, seat: int) -> list[Action]:
    """The salon's actions as its four moves list them (attend, invite, hold, abandon), in
    one pass: the capacity and the lingering events are looked at once."""
    d = s.stack[-1].data
    here = d["attendees"]
    count = len(here)
    cap = d.get("capacity") or capacity(s)
    out: list[Action] = []
    if count < cap:
        lingering = some_lingering(s)
        if not (lingering and barred(s, seat)):
            row = ATTENDS.known.get((seat,)) or ATTENDS(seat)
            out += [row[p] for p in s.courts[seat].phils if p not in here]
        _add_invites(s, seat, d, lingering, out)
    if count >= 2:
        if count <= cap:
            out.append(HOLD_SALON)
    else:
        out.append(ABANDON_SALON)
    return out


# --- lending ------------------------------------------------------------------------------------
def lends(s: YMState, seat: int) -> list[Action]:
    """Lend the philosophe asked for."""
    return [(LENDS.known.get(()) or LENDS())[s.stack[-1].data["target"]]]


def apply_lend(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The philosophe joins the salon as a guest."""
    p = s.stack.pop().data["target"]
    f = s.stack[-1]
    f.data["attendees"].append(p)
    f.data["guests_from"].append(seat)
    if events is not QUIET:
        text = partial("{} lends {}.".format, s.names[seat], catalog().phils[p].name)
        move(s, "p", p, phil_zone(seat, p), "salon", text, events)


def refusals(s: YMState, seat: int) -> list[Action]:
    """Keep the philosophe at home."""
    return [(REFUSALS.known.get(()) or REFUSALS())[s.stack[-1].data["target"]]]


def apply_refusal(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Nothing happens but a line in the log."""
    p = s.stack.pop().data["target"]
    if events is not QUIET:
        name = catalog().phils[p].name
        say(partial("{} keeps {} at home.".format, s.names[seat], name), events)


def lend_actions(s: YMState, seat: int) -> list[Action]:
    """Lend the philosophe asked for, or keep it at home, in one pass."""
    p = s.stack[-1].data["target"]
    return [(LENDS.known.get(()) or LENDS())[p], (REFUSALS.known.get(()) or REFUSALS())[p]]
