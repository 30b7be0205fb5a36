"""The active seat's turn (step ``main``): the six kinds of action and *End turn*, and
paying for a colony or a salon.

:func:`turn_actions` lists the whole step in one pass, in the order the moves declare it.
"""

from __future__ import annotations

from functools import partial
from typing import cast

from tabletop.engine import Action, Event
from tabletop.engine.events import QUIET
from tabletop.games.your_majesty.action_cards import erase_by_trigger, play_event, send_campaign
from tabletop.games.your_majesty.action_rows import (
    CAMPAIGNS,
    COLONIES,
    DRAWS,
    END_TURN,
    EVENTS,
    PAYS,
    REFILL,
    SALONS,
    TARGETING_MEMO,
    targeting,
)
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.decks import can_draw_action, draw_action, draw_phil
from tabletop.games.your_majesty.flow import end_turn, took
from tabletop.games.your_majesty.lingering import in_force
from tabletop.games.your_majesty.salon import open_levels
from tabletop.games.your_majesty.salon_moves import some_lingering
from tabletop.games.your_majesty.scoring import max_hand, wealth
from tabletop.games.your_majesty.state import (
    PAY,
    Court,
    YMState,
    ask,
    salon_frame,
)
from tabletop.games.your_majesty.view import move, phil_zone, say, z


# --- the turn: six kinds of action, or End turn -------------------------------------------------
def colonies(s: YMState, seat: int) -> list[Action]:
    """Reach for an unclaimed colony (paid for next)."""
    if not s.hands[seat] or "colony" in s.stack[0].data["used"]:
        return []
    row = COLONIES.known.get((seat,)) or COLONIES(seat)
    return [row[c] for c in s.colonies]


def apply_colony(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask for the card that pays for the colony."""
    c = int(action["colony"][1:])
    s.stack.append(ask(PAY, seat, purpose="colony", target=c))
    if events is not QUIET:
        say(partial("{} reaches for {}.".format, s.names[seat], catalog().colonies[c].name), events)


def draws(s: YMState, seat: int) -> list[Action]:
    """Draw a philosophe, paying any card of the hand."""
    hand = s.hands[seat]
    if not hand or "philosophe" in s.stack[0].data["used"] or not (s.phil_deck or s.phil_discard):
        return []
    row = DRAWS.known.get((seat,)) or DRAWS(seat)
    return [row[a] for a in hand]


def discard_from_hand(s: YMState, seat: int, card: int, why: str, events: list[Event]) -> None:
    s.hands[seat].remove(card)
    s.discard.append(card)
    if events is QUIET:
        return
    name = catalog().actions[card].name
    text = partial("{} discards {} {}.".format, s.names[seat], name, why)
    move(s, "a", card, z(seat, "hand"), "action_discard", text, events)


def apply_draw(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Pay the card, draw the top philosophe to the court."""
    discard_from_hand(s, seat, int(action["cost"][1:]), "as the cost", events)
    p = draw_phil(s)
    if p is not None:
        s.courts[seat].phils.append(p)
        if events is not QUIET:
            text = partial("{} draws {}.".format, s.names[seat], catalog().phils[p].name)
            move(s, "p", p, "phil_deck", phil_zone(seat, p), text, events)
    took(s, "philosophe")


def salons(s: YMState, seat: int) -> list[Action]:
    """A salon for every unclaimed reform of a muse at the court, past the level gate."""
    court = s.courts[seat]
    # a host needs two coins: no colony, no salon (the cheap tests come first)
    if (
        not court.phils
        or not court.colonies
        or not s.hands[seat]
        or "salon" in s.stack[0].data["used"]
    ):
        return []
    return _salons(s, seat, court)


def _salons(s: YMState, seat: int, court: Court) -> list[Action]:
    """:func:`salons` once its cheap tests passed (the turn's list makes them itself): the
    court has a philosophe and a colony, the hand a card, and no salon was held this turn."""
    if not s.reforms:
        return []
    phils = court.phils
    cat = catalog()
    # the colonies' coins bound the wealth (a Hurricane only lowers it): summed first
    coins = cat.coins
    total = 0
    for c in court.colonies:
        total += coins[c]
    if total < 2:
        return []
    lingering = some_lingering(s)
    if lingering and wealth(s, seat) < 2:
        return []
    # a reform of a muse at the court, of a level whose gate is open to the seat (plain
    # loops: in CPython 3.11 they cost less than map and reduce over so few cards)
    muse_bit = cat.muse_bit
    muses = 0
    for p in phils:
        muses |= muse_bit[p]
    gates = seat << 8 | muses << 3 | open_levels(s, seat, cat.level_bit)
    admitted = _SALON_ROWS.get(gates)
    if admitted is None:
        admitted = _salon_row(gates)
    found = [a for r in s.reforms if (a := admitted[r]) is not None]
    if found and lingering and in_force(s, "smallpox"):
        return []
    return found


# seat << 8 | muses << 3 | open levels -> by reform, its salon if that seat may hold it with
# those muses and levels, else None. Keyed without the unclaimed reforms, so it holds at most
# salon_rows_bound() rows whatever is played: a long session's memory stays flat.
_SALON_ROWS: dict[int, tuple[Action | None, ...]] = {}


def salon_rows_bound() -> int:
    """The most rows :data:`_SALON_ROWS` can hold: 256 keys (5 muse bits, 3 level bits) a seat."""
    return catalog().data.game.max_players << 8


def _salon_row(gates: int) -> tuple[Action | None, ...]:
    """By reform, the salon of the seat with the muses and open levels of ``gates`` (the key
    of :data:`_SALON_ROWS`), or None where that seat may not hold it."""
    seat, muses, levels = gates >> 8, gates >> 3 & 31, gates & 7
    cat = catalog()
    row = SALONS.known.get((seat,)) or SALONS(seat)
    found = tuple(
        row[r] if cat.reform_bit[r] & muses and cat.level_bit[r] & levels else None
        for r in range(len(cat.reform_bit))
    )
    _SALON_ROWS[gates] = found
    return found


def apply_propose(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask for the card that pays for the salon."""
    r = int(action["reform"][1:])
    s.stack.append(ask(PAY, seat, purpose="salon", target=r))
    if events is not QUIET:
        name = catalog().reforms[r].name
        say(partial("{} plans a salon for {}.".format, s.names[seat], name), events)


def events_(s: YMState, seat: int) -> list[Action]:
    """Every event card of the hand with every target it may take."""
    hand = s.hands[seat]
    if not hand or "event" in s.stack[0].data["used"]:
        return []
    out: list[Action] = []
    _add_events(s, seat, hand, out, None)
    return out


def _add_events(
    s: YMState, seat: int, hand: list[int], out: list[Action], camps: list[int] | None
) -> None:
    """Add the event actions of ``hand`` to ``out``; its campaign cards go to ``camps``
    (when given: the turn's list reads the hand once for both kinds)."""
    players = range(s.players)
    courts = s.courts
    names = s.names
    if names.__class__ is not tuple:
        names = tuple(names)
    how_of = TARGETING_MEMO[0] if TARGETING_MEMO else targeting()
    rows = EVENTS.known.get((names, seat)) or EVENTS(names, seat)
    for a in hand:
        how = how_of[a]
        if how == "campaign":
            if camps is not None:
                camps.append(a)
            continue
        # (a row is None for a campaign card only, skipped above)
        row = cast("tuple[Action, ...]", rows[a])
        if how == "single":
            out.append(row[0])
        elif how == "other_seat":
            out += [row[o] for o in players if o != seat]
        elif how == "hand":
            out += [row[o] for o in players if o != seat and s.hands[o]]
        elif how == "other_phil":
            out += [row[p] for o in players if o != seat for p in courts[o].phils]
        elif how == "any_phil":
            out += [row[p] for court in courts for p in court.phils]
        elif how == "pension":
            out += [row[p] for p in s.phil_discard]
            if not s.phil_discard and s.phil_deck:
                out.append(row[-1])
        elif how == "other_colony":
            out += [row[c] for o in players if o != seat for c in courts[o].colonies]
        elif how == "slave_colony":
            slave = catalog().slave
            out += [row[c] for court in courts for c in court.colonies if slave[c]]
        elif not courts[seat].despot:  # Enlightened Despot, while the hand limit is four
            out.append(row[0])


def apply_event(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Resolve the event; it counts as taken unless it waits for an answer or a choice."""
    play_event(s, seat, int(action["card"][1:]), action.get("seat", -1), action.get("on"), events)
    if len(s.stack) == 1:
        took(s, "event")


def campaigns(s: YMState, seat: int) -> list[Action]:
    """Every campaign card of the hand against every colony at another court."""
    hand = s.hands[seat]
    if not hand or "campaign" in s.stack[0].data["used"]:
        return []
    how_of = TARGETING_MEMO[0] if TARGETING_MEMO else targeting()
    camps = [a for a in hand if how_of[a] == "campaign"]
    out: list[Action] = []
    if camps:
        _add_campaigns(s, seat, camps, out)
    return out


def _add_campaigns(s: YMState, seat: int, camps: list[int], out: list[Action]) -> None:
    """Add the campaigns of the cards ``camps`` against every colony at another court."""
    table = None
    for o, court in enumerate(s.courts):
        held = court.colonies
        if o != seat and held:
            if table is None:  # the first colony at another court: is there peace?
                if in_force(s, "peace"):
                    return
                names = s.names
                if names.__class__ is not tuple:
                    names = tuple(names)
                table = CAMPAIGNS.known.get((names, seat)) or CAMPAIGNS(names, seat)
            # (``camps`` are campaign cards, whose rows are never None)
            if len(camps) == 1:
                row = cast("tuple[tuple[Action, ...], ...]", table[camps[0]])[o]
                out += [row[c] for c in held]
            else:
                rows = [cast("tuple[tuple[Action, ...], ...]", table[a])[o] for a in camps]
                out += [row[c] for c in held for row in rows]


def apply_campaign(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The campaign goes into play; the colony's owner answers."""
    send_campaign(s, seat, int(action["card"][1:]), int(action["on"][1:]), events)


def refills(s: YMState, seat: int) -> list[Action]:
    """Refill the hand, if it is short and a card can be drawn."""
    if (
        len(s.hands[seat]) >= (5 if s.courts[seat].despot else 4)
        or "refill" in s.stack[0].data["used"]
    ):
        return []
    return _REFILL if s.discard or can_draw_action(s) else []


_REFILL = [REFILL]


def apply_refill(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Draw up to the hand limit (the other seats see only that cards were drawn)."""
    cat = catalog()
    hand = s.hands[seat]
    limit = max_hand(s, seat)  # (drawing changes no court)
    loud = events is not QUIET
    while len(hand) < limit:
        c = draw_action(s)
        if c is None:
            break
        hand.append(c)
        if loud:
            move(
                s,
                "a",
                c,
                "action_deck",
                z(seat, "hand"),
                partial("{} draws {}.".format, s.names[seat], cat.actions[c].name),
                events,
                hidden_text=partial("{} draws a card.".format, s.names[seat]),
                face_up=False,
            )
    took(s, "refill")


_END_TURN = [END_TURN]


def end_turns(s: YMState, seat: int) -> list[Action]:
    """End the turn (always possible)."""
    return _END_TURN


def apply_end_turn(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Pass the turn on."""
    end_turn(s, events)


def turn_actions(s: YMState, seat: int) -> list[Action]:
    """The turn's actions as its seven moves list them one after another (colony,
    philosophe, salon, event, campaign, refill, end turn), in one pass: a kind taken this
    turn is not asked, nor a kind paid with a card while the hand is empty.  The tests of
    the cheap moves are made here rather than in their own functions."""
    used = s.stack[0].data["used"]
    hand = s.hands[seat]
    court = s.courts[seat]
    out: list[Action] = []
    if hand:
        if s.colonies and "colony" not in used:
            row = COLONIES.known.get((seat,)) or COLONIES(seat)
            out += [row[c] for c in s.colonies]
        if (s.phil_deck or s.phil_discard) and "philosophe" not in used:
            row = DRAWS.known.get((seat,)) or DRAWS(seat)
            out += [row[a] for a in hand]
        # a salon needs a philosophe and two coins (so a colony): see ``salons``
        if court.phils and court.colonies and "salon" not in used:
            out += _salons(s, seat, court)
        # the event cards and the campaign cards, in one pass over the hand
        camps: list[int] | None = [] if "campaign" not in used else None
        if "event" not in used:
            _add_events(s, seat, hand, out, camps)
        elif camps is not None:
            how_of = TARGETING_MEMO[0] if TARGETING_MEMO else targeting()
            camps = [a for a in hand if how_of[a] == "campaign"]
        if camps:
            _add_campaigns(s, seat, camps, out)
    if (
        len(hand) < (5 if court.despot else 4)
        and "refill" not in used
        and (s.discard or can_draw_action(s))
    ):
        out.append(REFILL)
    out.append(END_TURN)
    return out


# --- paying -------------------------------------------------------------------------------------
def pays(s: YMState, seat: int) -> list[Action]:
    """Any card of the hand pays."""
    row = PAYS.known.get((seat,)) or PAYS(seat)
    return [row[a] for a in s.hands[seat]]


def apply_pay(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Discard the card; claim the colony, or open the salon."""
    q = s.stack.pop()
    discard_from_hand(s, seat, int(action["cost"][1:]), "as the cost", events)
    cat = catalog()
    t = q.data["target"]
    name = s.names[seat]
    if q.data["purpose"] == "colony":
        s.colonies.remove(t)
        s.courts[seat].colonies.append(t)
        if events is not QUIET:
            text = partial("{} claims {}.".format, name, cat.colonies[t].name)
            move(s, "c", t, "unclaimed_colonies", z(seat, "colonies"), text, events)
        erase_by_trigger(s, seat, "@colony", events)
        took(s, "colony")
        return
    s.reforms.remove(t)
    s.stack.append(salon_frame(seat, t))
    if events is not QUIET:
        text = partial("{} hosts a salon for {}.".format, name, cat.reforms[t].name)
        move(s, "r", t, "unclaimed_reforms", "salon", text, events)
