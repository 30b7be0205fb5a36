"""The royals' actions, each a part prompted on top of the action turn: Build (choose a new
building or one to upgrade, then add cards one at a time), Visit (choose a building; then
expose a mismatched card, or settle an exposed one) and Buy (one of the face-up discards);
and what they share with Downgrade: taking cards into a building or out of it.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Action, Event
from tabletop.engine.actions import quick_action
from tabletop.engine.decisions import prompt
from tabletop.engine.events import REVEAL
from tabletop.engine.moves import PerDeal
from tabletop.engine.words import plural
from tabletop.games.aristocracy.buildings import done_ok
from tabletop.games.aristocracy.data import KING, QUEEN, RANK, SHORT, UIDS
from tabletop.games.aristocracy.flow import discard, say, to_pile
from tabletop.games.aristocracy.moves.commits import (
    BUILDING_ARG,
    CARD,
    card_of,
    click,
    const,
    drag,
)
from tabletop.games.aristocracy.state import (
    BUILDING,
    EXPOSE,
    REVISIT,
    Building,
    Cards,
    State,
    deal_of,
)
from tabletop.games.aristocracy.view import (
    BUILDINGS,
    DISCARD,
    HANDS,
    SHOP,
    STALLS,
    move,
    seat_name,
    shown,
)


def can_royal(s: State, p: int, royal: int, spent: int = -1) -> bool:
    """Whether the royal action (Build/Visit/Buy) could be completed (``spent`` is leaving)."""
    if royal == KING:
        avail = len(s.hands[p]) + len(s.stalls[p]) - (spent >= 0)
        return avail >= 1 + s.farm or (avail >= 1 and any(s.kind(b) < 2 for b in s.buildings[p]))
    if royal == QUEEN:
        return any(s.buildings[q] for q in range(s.players) if q != p)
    # a Jack spent from the hand lands face up on the pile; one from the stall is set aside
    return bool(s.discard) or (spent >= 0 and spent in s.hands[p])


def take_own(s: State, p: int, c: int) -> str:
    """Remove card ``c`` from the seat's hand or stall; return where it was."""
    if c in s.hands[p]:
        s.hands[p].remove(c)
        return "hand"
    s.stalls[p].remove(c)
    return "stall"


def add_to_building(s: State, p: int, b: Building, c: int, ev: list[Event]) -> None:
    """Card ``c`` of the seat's hand or stall goes face down on the building (a farm that
    grows loses its production card to the discard pile, unseen)."""
    where = take_own(s, p, c)
    b.cards.append(c)
    s.seen[c] = 1 << p
    move(s, ev, c, HANDS[p] if where == "hand" else STALLS[p], BUILDINGS[p])
    if b.production >= 0 and s.kind(b) > 0:
        discard(s, b.production)
        to_pile(s, ev, b.production, BUILDINGS[p])
        b.production = -1


def _dismantled(seat: int, address: str) -> str:
    return f"{seat_name(seat)}'s {SHORT[address]} building is dismantled."


def dismantle(s: State, owner: int, b: Building, ev: list[Event]) -> None:
    """The whole building goes to its owner's hand; a production card is discarded."""
    for c in b.cards:
        s.seen[c] = 0
    move(s, ev, b.address, BUILDINGS[owner], HANDS[owner])
    for c in b.cards:
        move(s, ev, c, BUILDINGS[owner], HANDS[owner])
    s.hands[owner] += [b.address, *b.cards]
    if b.production >= 0:
        discard(s, b.production)
        to_pile(s, ev, b.production, BUILDINGS[owner])
    s.buildings[owner].remove(b)
    if s.sub_building == b.address:  # its address lies in a hand now: no view names it
        s.sub_building = -1
    say(ev, partial(_dismantled, owner, s.card_of[b.address]))


def _must_discard(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} must discard the exposed {SHORT[cid]}."


def remove_exposed(s: State, owner: int, b: Building, ev: list[Event]) -> None:
    """The building's exposed card is discarded; a farm left too small is dismantled."""
    e = b.exposed.pop()
    b.cards.remove(e)
    discard(s, e)
    to_pile(s, ev, e, BUILDINGS[owner], known=True)
    say(ev, partial(_must_discard, owner, s.card_of[e]))
    if len(b.cards) < s.farm:
        dismantle(s, owner, b, ev)


# --- Build --------------------------------------------------------------------------------------
def _make_new(deal: Cards, p: int, in_hand: bool, c: int) -> Action:
    zone = HANDS[p] if in_hand else STALLS[p]
    gesture = drag(c, zone, BUILDINGS[p], "New building")
    text = f"Build a new {deal.short[c]} building"
    return quick_action("build_new", (CARD[c],), gesture, text)


def _make_upgrade(deal: Cards, p: int, in_hand: bool, address: int, c: int) -> Action:
    sh = deal.short
    zone = HANDS[p] if in_hand else STALLS[p]
    gesture = drag(c, zone, UIDS[address], "Upgrade")
    text = f"Upgrade the {sh[address]} building with {sh[c]}"
    return quick_action("build_upgrade", (BUILDING_ARG[address], CARD[c]), gesture, text)


def _make_add(deal: Cards, p: int, in_hand: bool, address: int, c: int) -> Action:
    zone = HANDS[p] if in_hand else STALLS[p]
    gesture = drag(c, zone, UIDS[address], "Add")
    return quick_action("build_add", (CARD[c],), gesture, f"Add {deal.short[c]}")


_NEW = PerDeal(_make_new)
_UPGRADE = PerDeal(_make_upgrade)
_ADD = PerDeal(_make_add)
FINISH = tuple(
    const("build_done", f"Finish the {n}", f"Finish the {n}") for n in ("farm", "estate", "château")
)


def build_news(s: State, p: int) -> list[Action]:
    """Lay any own card as the address of a new building (with enough cards for a farm)."""
    hand, mine = s.hands[p], s.stalls[p]
    if len(hand) + len(mine) < 1 + s.farm:
        return []
    deal = deal_of(s)
    out = list(map(_NEW.row(deal, p, True).__getitem__, hand))
    out += map(_NEW.row(deal, p, False).__getitem__, mine)
    return out


def build_upgrades(s: State, p: int) -> list[Action]:
    """Add an own card to one's farm or estate."""
    big = s.farm + 2
    out: list[Action] = []
    hand, mine = s.hands[p], s.stalls[p]
    deal = None
    row = _UPGRADE.row
    for b in s.buildings[p]:
        if len(b.cards) < big:
            deal = deal or deal_of(s)
            out += map(row(deal, p, True, b.address).__getitem__, hand)
            out += map(row(deal, p, False, b.address).__getitem__, mine)
    return out


def _starts(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} starts a building on {SHORT[cid]}."


def apply_build_new(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The card is laid face up as a new building's address; its cards follow."""
    c = card_of(a)
    where = take_own(s, p, c)
    s.buildings[p].append(Building(c))
    move(s, ev, c, HANDS[p] if where == "hand" else STALLS[p], BUILDINGS[p])
    s.stack[-1] = prompt(BUILDING, p)
    s.sub_building, s.sub_start = c, 0
    say(ev, partial(_starts, p, s.card_of[c]))


def _upgrades(seat: int, address: str) -> str:
    return f"{seat_name(seat)} upgrades the {SHORT[address]} building."


def apply_build_upgrade(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The first card added to an existing building; more may follow."""
    _, b = s.find(a.args[0][1])
    s.stack[-1] = prompt(BUILDING, p)
    s.sub_building, s.sub_start = b.address, len(b.cards)
    add_to_building(s, p, b, a.args[1][1], ev)
    say(ev, partial(_upgrades, p, s.card_of[b.address]))


def build_adds(s: State, p: int) -> list[Action]:
    """Add one more own card to the building under way (up to a château)."""
    _, b = s.find(s.sub_building)
    if len(b.cards) >= s.farm + 2:
        return []
    deal = deal_of(s)
    out = list(map(_ADD.row(deal, p, True, b.address).__getitem__, s.hands[p]))
    out += map(_ADD.row(deal, p, False, b.address).__getitem__, s.stalls[p])
    return out


def build_dones(s: State, p: int) -> list[Action]:
    """Finish the building as it is now (when its size allows)."""
    _, b = s.find(s.sub_building)
    return [FINISH[len(b.cards) - s.farm]] if done_ok(s, b) else []


def apply_build_add(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """One more card face down on the building."""
    _, b = s.find(s.sub_building)
    add_to_building(s, p, b, card_of(a), ev)


def apply_build_done(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The Build is over."""
    s.stack.pop()


# --- Visit --------------------------------------------------------------------------------------
def _make_visit(deal: Cards, q: int, address: int) -> Action:
    gesture = click(address, "Visit")
    text = f"Visit {seat_name(q)}'s {deal.short[address]} building"
    return quick_action("visit", (BUILDING_ARG[address],), gesture, text)


def _make_expose(deal: Cards, c: int) -> Action:
    gesture = click(c, "Expose")
    return quick_action("expose", (CARD[c],), gesture, f"Expose {deal.short[c]}")


_VISIT = PerDeal(_make_visit)
_EXPOSE = PerDeal(_make_expose)
EXPOSE_NONE = const("expose_none", "Expose nothing", "Expose nothing")
REVISIT_DISCARD = const(
    "revisit_discard", "Force discard", "Force the exposed card to be discarded"
)
REVISIT_PAY = const("revisit_pay", "Make them pay", "Make the owner pay 1 coin")


def visits(s: State, p: int) -> list[Action]:
    """Visit any building of another seat."""
    deal = deal_of(s)
    out = []
    for q in range(s.players):
        if q != p:
            row = _VISIT.row(deal, q)
            out += [row[b.address] for b in s.buildings[q]]
    return out


def _visits(seat: int, owner: int, address: str, how: str) -> str:
    return f"{seat_name(seat)} visits {seat_name(owner)}'s {SHORT[address]} building{how}"


def _mismatch(owner: int, paid: int) -> str:
    return f": cards do not match; {seat_name(owner)} pays {plural(paid, 'coin')}."


def apply_visit(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The visitor alone sees the building cards; a mismatch costs the owner a coin and lets
    the visitor expose a card, or (already exposed) choose the owner's penalty."""
    address = a.args[0][1]
    owner, b = s.find(address)
    bit = 1 << p
    for c in b.cards:
        s.seen[c] |= bit
    cards = {"cards": [UIDS[c] for c in b.cards], "card_ids": [s.card_of[c] for c in b.cards]}
    ev.append(Event(REVEAL, "", cards, private_to=(p,), reveal=True))
    co = s.card_of
    r = RANK[co[address]]
    mismatched = [c for c in b.cards if RANK[co[c]] != r]
    s.sub_owner, s.sub_building = owner, address
    aid = co[address]
    if not mismatched:
        say(ev, partial(_visits, p, owner, aid, ": every card matches."))
        s.stack.pop()
    elif b.exposed:
        say(ev, partial(_visits, p, owner, aid, ", which shows an exposed card."))
        if s.coins[owner] == 0:
            remove_exposed(s, owner, b, ev)
            s.stack.pop()
        else:
            s.stack[-1] = prompt(REVISIT, p)
    else:
        paid = min(1, s.coins[owner])
        s.coins[owner] -= paid
        s.coins[p] += paid
        say(ev, partial(_visits, p, owner, aid, _mismatch(owner, paid)))
        s.stack[-1] = prompt(EXPOSE, p)


def exposes(s: State, p: int) -> list[Action]:
    """Turn up one mismatched card of the visited building."""
    _, b = s.find(s.sub_building)
    co = s.card_of
    r = RANK[co[b.address]]
    row = _EXPOSE.row(deal_of(s))
    return [row[c] for c in b.cards if RANK[co[c]] != r and c not in b.exposed]


def expose_nones(s: State, p: int) -> list[Action]:
    """Expose nothing."""
    return [EXPOSE_NONE]


def _exposes(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} exposes {SHORT[cid]}."


def apply_expose(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The card is turned face up where it lies: everyone sees it now."""
    c = card_of(a)
    _, b = s.find(s.sub_building)
    b.exposed.append(c)
    zone = BUILDINGS[s.sub_owner]
    shown(s, ev, c, zone, zone, True)
    say(ev, partial(_exposes, p, s.card_of[c]))
    s.stack.pop()


def apply_expose_none(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """Nothing is exposed."""
    s.stack.pop()


def revisit_discards(s: State, p: int) -> list[Action]:
    """The owner is to discard the exposed card."""
    return [REVISIT_DISCARD]


def revisit_pays(s: State, p: int) -> list[Action]:
    """The owner is to pay a coin."""
    return [REVISIT_PAY]


def apply_revisit_discard(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The exposed card is discarded."""
    owner, b = s.find(s.sub_building)
    remove_exposed(s, owner, b, ev)
    s.stack.pop()


def _pays_visitor(owner: int, seat: int) -> str:
    return f"{seat_name(owner)} pays {seat_name(seat)} 1 coin."


def apply_revisit_pay(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The owner pays the visitor a coin."""
    owner = s.sub_owner
    s.coins[owner] -= 1
    s.coins[p] += 1
    say(ev, partial(_pays_visitor, owner, p))
    s.stack.pop()


# --- Buy ----------------------------------------------------------------------------------------
def _make_buy(deal: Cards, p: int, c: int) -> Action:
    gesture = drag(c, SHOP, HANDS[p])
    return quick_action("buy", (CARD[c],), gesture, f"Buy {deal.short[c]}")


_BUY = PerDeal(_make_buy)


def buys(s: State, p: int) -> list[Action]:
    """Take one of the four face-up discards."""
    return list(map(_BUY.row(deal_of(s), p).__getitem__, s.discard[:4]))


def _bought(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} buys {SHORT[cid]} from the discard pile."


def apply_buy(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The card goes to the hand; the next oldest discard turns face up."""
    c = card_of(a)
    s.discard.remove(c)
    s.hands[p].append(c)
    move(s, ev, c, SHOP, HANDS[p])
    if len(s.discard) >= 4:
        move(s, ev, s.discard[3], DISCARD, SHOP)
    say(ev, partial(_bought, p, s.card_of[c]))
    s.stack.pop()


# --- each part in one pass -------------------------------------------------------------------------
def build_step(s: State, p: int) -> list[Action]:
    """A new building, or an upgrade of one's farm or estate."""
    return build_news(s, p) + build_upgrades(s, p)


def building_step(s: State, p: int) -> list[Action]:
    """One more card for the building under way, or finish it."""
    return build_adds(s, p) + build_dones(s, p)


def expose_step(s: State, p: int) -> list[Action]:
    """Expose a mismatched card of the visited building, or nothing."""
    out = exposes(s, p)
    out.append(EXPOSE_NONE)
    return out


def revisit_step(s: State, p: int) -> list[Action]:
    """The owner discards the exposed card, or pays a coin."""
    return [REVISIT_DISCARD, REVISIT_PAY]
