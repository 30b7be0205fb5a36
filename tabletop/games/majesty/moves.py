"""Majesty's moves: take a character, place a healed one, buy or sell meeples, done.

Each move declares its actions, how one applies, and why one is refused; the turn offers
``take``, a Cottage heal prompt offers ``heal``, a Castle exchange prompt the other three.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine import BUTTON, CLICK, DRAG, Action, Event, Gesture
from tabletop.engine.events import QUIET, Recorded
from tabletop.engine.moves import Interned, Move, Moves
from tabletop.engine.words import a, plural
from tabletop.engine.zones import PlainRoute, plain_move
from tabletop.games.majesty.data import CHARACTERS, DISPLAY_SIZE, LocationSide, catalog
from tabletop.games.majesty.locations import (
    after_signpost,
    payout,
    place_healed,
    side_of,
    start_resolution,
)
from tabletop.games.majesty.state import (
    EXCHANGE,
    HEAL,
    TAKE_STEP,
    ZONE_OF,
    MajestyState,
    gain_points,
    loc_zone,
    who,
)
from tabletop.games.majesty.view import route

TAKE, BUY, SELL, DONE, HEAL_AS = "take", "buy", "sell", "done", "heal"


# --- take a character -------------------------------------------------------------------------
def _make_take(card: int, slot: int, char: int, seat: int, side: str) -> Action:
    action = _build_take(card, slot, char, seat, side)
    # (interned actions live as long as the process; the side is the action's own, which is
    # the side in play wherever the action is legal)
    _TAKEN[id(action)] = (slot, char, catalog().location(char, side))
    return action


def _build_take(card: int, slot: int, char: int, seat: int, side: str) -> Action:
    cat = catalog()
    split = len(cat.chars[card]) > 1
    name = cat.location(char, side).name
    cost = f" for {plural(slot, 'meeple')}" if slot else ""
    return Action.make(
        TAKE,
        Gesture.drag(
            cat.uids[card],
            "display",
            loc_zone(seat, char),
            choice=cat.char_names[char] if split else None,
        ),
        f"Take the {cat.names[card]}{cost} and place {a(cat.char_names[char])} at the {name}",
        card=cat.uids[card],
        slot=slot,
        character=CHARACTERS[char],
    )


_take = Interned(_make_take)
# id of an interned take -> (slot, character index, location side)
_TAKEN: dict[int, tuple[int, int, LocationSide]] = {}


def take_action(s: MajestyState, seat: int, slot: int, char: int) -> Action:
    """The drag that takes the display card at ``slot`` and places it as ``char``."""
    card = s.display[slot]
    return _take(card, slot, char, seat, s.sides[char])


def takes(s: MajestyState, seat: int) -> list[Action]:
    """Every card the seat can pay for, as each character it may become."""
    sides = s.sides
    rows = _ROWS.get(sides) or _sides_rows(sides)
    row = rows[seat] or _seat_rows(rows, seat, sides)
    paid = s.display[: s.meeples[seat] + 1]  # slot i costs i meeples
    # (lists indexed by slot and card: on CPython 3.11 a take's listing cost 0.7-0.8 µs
    # through dicts made on first read and ``zip(..., strict=False)``, 0.3-0.4 this way)
    acts: list[Action] = []
    try:
        for slot, card in enumerate(paid):
            acts += row[slot][card]
    except IndexError:  # a display built larger by hand than the rules ever make it
        return [a for slot, card in enumerate(paid) for a in _card_takes(slot, seat, sides, card)]
    return acts


def _card_takes(slot: int, seat: int, sides: str, card: int) -> tuple[Action, ...]:
    """The takes of ``card`` at display ``slot``: one per character it may become."""
    return tuple(_take(card, slot, char, seat, sides[char]) for char in catalog().chars[card])


Rows = list[list[list[tuple[Action, ...]]] | None]  # seat -> display slot -> card -> takes


def _sides_rows(sides: str) -> Rows:
    """A fresh entry of ``_ROWS`` for ``sides`` (each seat's table made when first read)."""
    if len(_ROWS) >= ROWS_BOUND:  # (one entry per sides in play: a few in any one process)
        _ROWS.clear()
    found: Rows = [None] * 4
    _ROWS[sides] = found
    return found


def _seat_rows(rows: Rows, seat: int, sides: str) -> list[list[tuple[Action, ...]]]:
    """The seat's takes by display slot and card, all made at once."""
    cards = range(catalog().size)
    table = [[_card_takes(slot, seat, sides, c) for c in cards] for slot in range(DISPLAY_SIZE)]
    rows[seat] = table
    return table


ROWS_BOUND = 16  # the sides whose tables are kept
_ROWS: dict[str, Rows] = {}  # sides -> seat -> display slot -> card -> its takes


def _taken(char: int, seat: int, paid: int, bonus: int, place: str) -> str:
    cat_char = catalog().char_names[char]
    how = [f"pays {plural(paid, 'meeple')}"] if paid else []
    how += [f"collects {plural(bonus, 'meeple')} left on it"] if bonus else []
    told = f" ({' and '.join(how)})" if how else ""
    return f"{who(seat)} takes {a(cat_char)}{told} and places it at the {place}."


def apply_take(s: MajestyState, seat: int, action: Action, events: list[Event]) -> None:
    """Pay for, take and place a display card, then resolve its location."""
    parsed = _TAKEN.get(id(action))
    if parsed is None:  # (an action made elsewhere, not one of the interned takes)
        char = CHARACTERS.index(action["character"])
        parsed = (action["slot"], char, side_of(s, char))
    slot, char, L = parsed
    waiting = s.display_meeples
    for i in range(slot):
        waiting[i] += 1
    card = s.display.pop(slot)
    bonus = waiting.pop(slot)
    s.meeples[seat] += bonus - slot
    realm = s.realms[seat]
    realm[char] = realm[char] + (card,)  # (locations are tuples: a copy shares them)
    if events is not QUIET:  # (view.move written out: the route kept per seat and location)
        routes = _PLACE.get(s.players) or _place_routes(s.players)
        ev = Recorded()
        ev._call = (_placed, routes[seat][char], card, char, seat, slot, bonus, L.name)
        events.append(ev)
    if L.signpost or L.exchange:
        start_resolution(s, seat, char, events, L)
    else:  # (start_resolution's plain case written out: most takes pay out at once)
        s.resolving = char
        payout(s, seat, events, L)


def _placed(route: PlainRoute, card: int, *told: Any) -> Event:
    """The event of a taken card placed in its location (one tuple fewer to record)."""
    return plain_move(route, card, True, _taken, told)


def _place_routes(players: int) -> list[list[PlainRoute]]:
    """The zone table's routes from the display to each seat's locations."""
    found = _PLACE[players] = [
        [route(players, "display", zone) for zone in ZONE_OF[seat]] for seat in range(players)
    ]
    return found


_PLACE: dict[int, list[list[PlainRoute]]] = {}  # players -> seat -> location


# --- the Cottage's split card ---------------------------------------------------------------------
def heals(s: MajestyState, seat: int) -> list[Action]:
    """Where the healed split card may return."""
    return [_heal(seat, k, s.sides[k]) for k in catalog().chars[s.pending_card]]


def _make_heal(seat: int, char: int, side: str) -> Action:
    cat = catalog()
    return Action.make(
        HEAL_AS,
        Gesture.click(loc_zone(seat, char), choice=cat.char_names[char]),
        f"Return the healed card as {a(cat.char_names[char])} to the "
        f"{cat.location(char, side).name}",
        character=CHARACTERS[char],
    )


# made once per seat, character and side, as the takes are: a heal prompt comes about once
# a four-player game, and building its two actions anew (words, gesture, sorted arguments)
# cost more than the rest of that step
_heal = Interned(_make_heal)


def apply_heal(s: MajestyState, seat: int, action: Action, events: list[Event]) -> None:
    """Return the healed card to the chosen location, then go on with the Cottage."""
    place_healed(s, seat, CHARACTERS.index(action["character"]), events)
    s.stack.pop()
    after_signpost(s, seat, events)


# --- the Castle's exchange --------------------------------------------------------------------------
_BUY = Action.make(BUY, Gesture.button("Buy a meeple for 1 point"), "Buy a meeple for 1 point")
_SELL = Action.make(SELL, Gesture.button("Sell a meeple for 1 point"), "Sell a meeple for 1 point")
_DONE = Action.make(DONE, Gesture.button("Done exchanging"), "Done exchanging")


def buys(s: MajestyState, seat: int) -> list[Action]:
    """Buy a meeple: with a point to pay, unless this exchange has been selling."""
    return [_BUY] if s.scores[seat] > 0 and s.pending_dir >= 0 else []


def sells(s: MajestyState, seat: int) -> list[Action]:
    """Sell a meeple: with a meeple to sell, unless this exchange has been buying."""
    return [_SELL] if s.meeples[seat] > 0 and s.pending_dir <= 0 else []


def dones(s: MajestyState, seat: int) -> list[Action]:
    """Close the exchange (always possible)."""
    return [_DONE]


def _traded(seat: int, step: int) -> str:
    return f"{who(seat)} {'buys' if step > 0 else 'sells'} a meeple for 1 point."


def apply_trade(s: MajestyState, seat: int, action: Action, events: list[Event]) -> None:
    """One meeple bought or sold for one point."""
    step = 1 if action.name == BUY else -1
    s.stack[-1].data["dir"] = step
    s.meeples[seat] += step
    gain_points(s, seat, -step, "exchange", events, _traded, seat, step)


def apply_done(s: MajestyState, seat: int, action: Action, events: list[Event]) -> None:
    """Close the exchange and pay out the Castle."""
    s.stack.pop()
    payout(s, seat, events)


# --- refusals ----------------------------------------------------------------------------------------
def refuse(s: MajestyState, seat: int, action: Action) -> str:
    """A plain-words reason why ``action`` is refused."""
    cat = catalog()
    if s.pending == EXCHANGE and action.name != TAKE:
        if action.name == BUY:
            if s.pending_dir < 0:
                return "You are selling meeples in this exchange; you cannot also buy."
            return "You have no points to pay for a meeple."
        if action.name == SELL:
            if s.pending_dir > 0:
                return "You are buying meeples in this exchange; you cannot also sell."
            return "You have no meeple to sell."
        return "Exchange points and meeples at your Castle, or press Done exchanging."
    if s.pending == EXCHANGE:
        return "First finish the exchange at your Castle (press Done exchanging when finished)."
    if s.pending == HEAL:
        options = " or ".join(cat.char_names[k] for k in cat.chars[s.pending_card])
        if action.name == HEAL_AS:
            either = " or ".join(a(cat.char_names[k]) for k in cat.chars[s.pending_card])
            return f"The healed card can only return as {either}."
        return f"First choose where your healed card goes ({options})."
    if action.name in (BUY, SELL, DONE):
        return "There is nothing to exchange now; only the Castle (side B) allows that."
    if action.name == HEAL_AS:
        return "There is no healed card waiting to be placed."
    return _refuse_take(s, seat, action)


def _refuse_take(s: MajestyState, seat: int, action: Action) -> str:
    cat = catalog()
    slot = action.get("slot")
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(s.display):
        return f"There is no card at that position of the display (it holds {len(s.display)})."
    card = s.display[slot]
    uid = action.get("card")
    if uid is not None and uid != cat.uids[card]:
        return f"That card is not at position {slot + 1} of the display any more."
    if slot > s.meeples[seat]:
        return f"You need {plural(slot, 'meeple')} to take this card; you have {s.meeples[seat]}."
    char = action.get("character")
    if char not in CHARACTERS or CHARACTERS.index(char) not in cat.chars[card]:
        shown = " or ".join(a(cat.char_names[k]) for k in cat.chars[card])
        return f"The {cat.names[card]} card can only be placed as {shown}."
    return f"{action} is not allowed now."


def _move(name: str, step: str, gen: Callable, app: Callable, gesture: str) -> Move:
    return Move(name, (step,), gen, app, refuse, gesture)


MOVES = Moves(
    [
        _move(TAKE, TAKE_STEP, takes, apply_take, DRAG),
        _move(HEAL_AS, HEAL, heals, apply_heal, CLICK),
        _move(BUY, EXCHANGE, buys, apply_trade, BUTTON),
        _move(SELL, EXCHANGE, sells, apply_trade, BUTTON),
        _move(DONE, EXCHANGE, dones, apply_done, BUTTON),
    ]
)
