"""Turn flow: the legal actions, applying them, refusals in words, and the end of a turn."""

from __future__ import annotations

from tabletop.engine import Action, Event, Gesture
from tabletop.games.majesty.catalog import CHARACTERS, INFIRMARY, catalog
from tabletop.games.majesty.effects import gain_points, loc_zone, move, plural, who
from tabletop.games.majesty.locations import (
    after_signpost,
    payout,
    place_healed,
    side_of,
    start_resolution,
)
from tabletop.games.majesty.rules_constants import CHARACTERS_PER_PLAYER
from tabletop.games.majesty.scoring import final_scoring
from tabletop.games.majesty.state import EXCHANGE, HEAL, NONE, MajestyState

TAKE, BUY, SELL, DONE, HEAL_AS = "take", "buy", "sell", "done", "heal"


# --- legal actions ----------------------------------------------------------------------
_TAKES: dict[tuple[int, int, int, int, str], Action] = {}


def take_action(s: MajestyState, seat: int, slot: int, char: int) -> Action:
    """The drag that takes the display card at ``slot`` and places it as ``char``.

    Actions are immutable, so they are built once per (card, slot, character, seat, side).
    """
    card = s.display[slot]
    key = (card, slot, char, seat, s.sides[char])
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = _make_take(s, seat, slot, char)
    return action


def _make_take(s: MajestyState, seat: int, slot: int, char: int) -> Action:
    cat = catalog()
    card = s.display[slot]
    split = len(cat.chars[card]) > 1
    L = side_of(s, char)
    cost = f" for {plural(slot, 'meeple')}" if slot else ""
    return Action.make(
        TAKE,
        Gesture.drag(
            cat.uids[card],
            "display",
            loc_zone(seat, char),
            choice=cat.char_names[char] if split else None,
        ),
        f"Take the {cat.names[card]}{cost} and place a {cat.char_names[char]} at the {L.name}",
        card=cat.uids[card],
        slot=slot,
        character=CHARACTERS[char],
    )


_BUY = Action.make(BUY, Gesture.button("Buy a meeple for 1 point"), "Buy a meeple for 1 point")
_SELL = Action.make(SELL, Gesture.button("Sell a meeple for 1 point"), "Sell a meeple for 1 point")
_DONE = Action.make(DONE, Gesture.button("Done exchanging"), "Done exchanging")


def legal_actions(s: MajestyState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now."""
    if s.over or seat != s.current:
        return []
    cat = catalog()
    if s.pending == EXCHANGE:
        acts = []
        if s.scores[seat] > 0 and s.pending_dir >= 0:
            acts.append(_BUY)
        if s.meeples[seat] > 0 and s.pending_dir <= 0:
            acts.append(_SELL)
        acts.append(_DONE)
        return acts
    if s.pending == HEAL:
        return [
            Action.make(
                HEAL_AS,
                Gesture.click(loc_zone(seat, k), choice=cat.char_names[k]),
                f"Return the healed card as a {cat.char_names[k]} to the {side_of(s, k).name}",
                character=CHARACTERS[k],
            )
            for k in cat.chars[s.pending_card]
        ]
    chars = cat.chars
    display = s.display
    return [
        take_action(s, seat, slot, char)
        for slot in range(min(len(display), s.meeples[seat] + 1))
        for char in chars[display[slot]]
    ]


# --- why not ---------------------------------------------------------------------------
def why_illegal(s: MajestyState, seat: int, action: Action) -> str:
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
        return "Exchange points and meeples at your Castle, or press Done."
    if s.pending == EXCHANGE:
        return "First finish the exchange at your Castle (press Done when finished)."
    if s.pending == HEAL:
        options = " or ".join(cat.char_names[k] for k in cat.chars[s.pending_card])
        if action.name == HEAL_AS:
            return f"The healed card can only return as a {options}."
        return f"First choose where your healed card goes ({options})."
    if action.name in (BUY, SELL, DONE):
        return "There is nothing to exchange now; only the Castle (side B) allows that."
    if action.name == HEAL_AS:
        return "There is no healed card waiting to be placed."
    if action.name != TAKE:
        return f"{action.name!r} is not an action of this game."
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
        shown = " or ".join(cat.char_names[k] for k in cat.chars[card])
        return f"The {cat.names[card]} card can only be placed as a {shown}."
    return f"{action} is not allowed now."


# --- applying ---------------------------------------------------------------------------
def apply_action(s: MajestyState, seat: int, action: Action) -> list[Event]:
    """Apply a legal action (already checked) and return the events."""
    events: list[Event] = []
    if action.name == TAKE:
        take(s, seat, action["slot"], CHARACTERS.index(action["character"]), events)
    elif action.name == HEAL_AS:
        place_healed(s, seat, CHARACTERS.index(action["character"]), events)
        s.pending = NONE
        after_signpost(s, seat, events)
    elif action.name in (BUY, SELL):
        step = 1 if action.name == BUY else -1
        s.pending_dir = step
        s.meeples[seat] += step
        gain_points(
            s,
            seat,
            -step,
            "exchange",
            f"{who(seat)} {'buys' if step > 0 else 'sells'} a meeple for 1 point.",
            events,
        )
    elif action.name == DONE:
        s.pending, s.pending_dir = NONE, 0
        payout(s, seat, events)
    if s.pending == NONE:
        end_turn(s, seat, events)
    return events


def take(s: MajestyState, seat: int, slot: int, char: int, events: list[Event]) -> None:
    """Pay for, take and place a display card, then resolve its location."""
    cat = catalog()
    for i in range(slot):
        s.display_meeples[i] += 1
    s.meeples[seat] -= slot
    card = s.display.pop(slot)
    bonus = s.display_meeples.pop(slot)
    s.meeples[seat] += bonus
    s.realms[seat][char].append(card)
    paid = f" paying {plural(slot, 'meeple')}" if slot else ""
    got = f" and collecting {plural(bonus, 'meeple')}" if bonus else ""
    move(
        card,
        "display",
        loc_zone(seat, char),
        f"{who(seat)} takes a {cat.char_names[char]}{paid}{got} "
        f"and places it at the {side_of(s, char).name}.",
        events,
    )
    start_resolution(s, seat, char, events)


def end_turn(s: MajestyState, seat: int, events: list[Event]) -> None:
    """Overflow meeples become points, the display refills, the next player moves."""
    cat = catalog()
    s.resolving = -1
    extra = s.meeples[seat] - cat.worker_spaces
    if extra > 0:
        s.meeples[seat] = cat.worker_spaces
        gain_points(
            s,
            seat,
            extra,
            "overflow",
            f"{who(seat)} returns {plural(extra, 'extra meeple')} for {plural(extra, 'point')}.",
            events,
        )
    if s.deck:
        card = s.deck.pop()
        s.display.append(card)
        s.display_meeples.append(0)
        move(card, "deck", "display", f"A {cat.names[card]} joins the display.", events)
    s.turn += 1
    s.current = (seat + 1) % s.players
    if all(sum(len(loc) for loc in r) >= CHARACTERS_PER_PLAYER for r in s.realms):
        final_scoring(s, events)


def realm_size(s: MajestyState, seat: int) -> int:
    """Characters in a realm, the Infirmary included."""
    return sum(len(s.realms[seat][k]) for k in range(INFIRMARY + 1))
