"""The active seat's nine actions: Trade, Store, Hide, Sell, Harvest, Favor, Downgrade, the
royal action and Pass.  Each uses one of the turn's actions; Favor and the royal action go
on with a part (Build, Visit or Buy, see :mod:`.royal`), Downgrade with more cards to take.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations, product, repeat

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.actions import CLICK, quick_action
from tabletop.engine.decisions import prompt
from tabletop.engine.moves import Interned, PerDeal
from tabletop.games.aristocracy.data import ACTIONS_OF, RANK, ROYAL_OF_RANK, SHORT, UIDS
from tabletop.games.aristocracy.flow import discard, say, spend, to_pile
from tabletop.games.aristocracy.moves.commits import (
    BUILDING_ARG,
    CARD,
    TARGET,
    card_of,
    const,
    drag,
)
from tabletop.games.aristocracy.moves.royal import can_royal, dismantle, take_own
from tabletop.games.aristocracy.state import (
    BUILD,
    BUY,
    DOWNGRADE,
    VISIT,
    Cards,
    Deal,
    State,
    deal_of,
)
from tabletop.games.aristocracy.view import (
    BUILDINGS,
    DISCARD,
    HANDS,
    MARKET,
    STALLS,
    move,
    seat_name,
)

PART_OF_ROYAL = (BUILD, VISIT, BUY)  # the part a royal's action goes on with

PASS = const("pass", "Pass", "Pass")
ROYAL_ACTIONS = tuple(
    const("royal", f"{what} (1 coin)", f"Pay 1 coin to {what}") for what in ACTIONS_OF
)


def _use_one(s: State) -> None:
    """An action of the turn is used."""
    s.slots -= 1


# --- Trade ------------------------------------------------------------------------------------
def _make_trade(deal: Cards, p: int, pair: tuple[int, int]) -> Action:
    c, t = pair
    sh = deal.short
    g = drag(c, STALLS[p], UIDS[t], "Trade")
    return quick_action("trade", (CARD[c], TARGET[t]), g, f"Trade {sh[c]} for {sh[t]}")


_TRADE = PerDeal(_make_trade)


def trades(s: State, p: int) -> list[Action]:
    """Swap a stall card with a market card or another seat's stall card."""
    mine = s.stalls[p]
    if not mine:
        return []
    targets = list(s.market)
    for q in range(s.players):
        if q != p:
            targets += s.stalls[q]
    return list(map(_TRADE.row(deal_of(s), p).__getitem__, product(mine, targets)))


def _trades(seat: int, cid: str, tid: str, owner: int | None) -> str:
    """Both sides of the exchange: the market, or the seat whose stall gave the card."""
    if owner is None:
        return f"{seat_name(seat)} trades {SHORT[cid]} for {SHORT[tid]} from the market."
    return f"{seat_name(seat)} trades {SHORT[cid]} for {seat_name(owner)}'s {SHORT[tid]}."


def apply_trade(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The two cards change places (everyone sees both)."""
    _use_one(s)
    c, t = a.args[0][1], a.args[1][1]
    i = s.stalls[p].index(c)
    if t in s.market:
        j = s.market.index(t)
        s.market[j], s.stalls[p][i] = c, t
        move(s, ev, c, STALLS[p], MARKET)
        move(s, ev, t, MARKET, STALLS[p])
        say(ev, partial(_trades, p, s.card_of[c], s.card_of[t], None))
    else:
        q = next(q for q in range(s.players) if t in s.stalls[q])
        j = s.stalls[q].index(t)
        s.stalls[q][j], s.stalls[p][i] = c, t
        move(s, ev, c, STALLS[p], STALLS[q])
        move(s, ev, t, STALLS[q], STALLS[p])
        # a rival's card taken: a moment on the table, with the card and both seats
        moment = {"moment": True, "card_id": s.card_of[t], "seats": [p, q]}
        say(ev, partial(_trades, p, s.card_of[c], s.card_of[t], q), data=moment)


# --- Store ------------------------------------------------------------------------------------
def _make_store(deal: Cards, p: int, in_hand: bool, pair: tuple[int, int]) -> Action:
    c, x = pair
    sh = deal.short
    zone = HANDS[p] if in_hand else STALLS[p]
    g = drag(c, zone, UIDS[x], "Store")
    return quick_action("store", (CARD[c], TARGET[x]), g, f"Store {sh[c]} in place of {sh[x]}")


_STORE = PerDeal(_make_store)


def stores(s: State, p: int) -> list[Action]:
    """Swap a hand or stall card with a building card of one's own building."""
    built = [x for b in s.buildings[p] for x in b.cards]
    if not built:
        return []
    deal = deal_of(s)
    return _store_list(deal, p, s.hands[p], s.stalls[p], built)


def _store_list(
    deal: Deal, p: int, hand: list[int], mine: list[int], built: list[int]
) -> list[Action]:
    """Building card by building card: the hand's cards, then the stall's."""
    by_hand = _STORE.row(deal, p, True).__getitem__
    by_stall = _STORE.row(deal, p, False).__getitem__
    out: list[Action] = []
    for x in built:
        if hand:
            out += map(by_hand, zip(hand, repeat(x)))
        if mine:
            out += map(by_stall, zip(mine, repeat(x)))
    return out


def _stores(seat: int, address: str) -> str:
    return f"{seat_name(seat)} stores a card in the {SHORT[address]} building."


def _stores_seen(seat: int, cid: str, xid: str) -> str:
    return f"{seat_name(seat)} stores {SHORT[cid]} and takes {SHORT[xid]}."


def apply_store(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The card takes the building card's place face down; the building card goes where
    the card came from (exposed or not, it is exposed no more)."""
    _use_one(s)
    c, x = a.args[0][1], a.args[1][1]
    b = next(bb for bb in s.buildings[p] if x in bb.cards)
    in_hand = c in s.hands[p]
    where = s.hands[p] if in_hand else s.stalls[p]
    where[where.index(c)] = x
    b.cards[b.cards.index(x)] = c
    s.seen[c] = 1 << p
    zone = HANDS[p] if in_hand else STALLS[p]
    move(s, ev, c, zone, BUILDINGS[p])
    move(s, ev, x, BUILDINGS[p], zone)
    if x in b.exposed:
        b.exposed.remove(x)
    s.seen[x] = 0
    co = s.card_of
    say(ev, partial(_stores, p, co[b.address]), partial(_stores_seen, p, co[c], co[x]), p)


# --- Hide -------------------------------------------------------------------------------------
def _make_hide(deal: Cards, p: int, c: int) -> Action:
    gesture = drag(c, STALLS[p], HANDS[p], "Hide")
    return quick_action("hide", (CARD[c],), gesture, f"Hide {deal.short[c]}")


_HIDE = PerDeal(_make_hide)


def hides(s: State, p: int) -> list[Action]:
    """Take a stall card into the hand."""
    return list(map(_HIDE.row(deal_of(s), p).__getitem__, s.stalls[p]))


def _hides(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} hides {SHORT[cid]}."


def apply_hide(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The stall card goes to the hand (everyone saw it go)."""
    _use_one(s)
    c = card_of(a)
    s.stalls[p].remove(c)
    s.hands[p].append(c)
    move(s, ev, c, STALLS[p], HANDS[p])
    say(ev, partial(_hides, p, s.card_of[c]))


# --- Sell -------------------------------------------------------------------------------------
def _make_sell(deal: Cards, p: int, pair: tuple[int, int]) -> Action:
    c, d = pair
    sh = deal.short
    gesture = drag(c, STALLS[p], DISCARD, f"Sell with {sh[d]}")
    return quick_action("sell", (("cards", pair),), gesture, f"Sell {sh[c]} and {sh[d]}")


_SELL = PerDeal(_make_sell)


def sells(s: State, p: int) -> list[Action]:
    """Discard two stall cards for a coin."""
    mine = s.stalls[p]
    if len(mine) < 2:
        return []
    return list(map(_SELL.row(deal_of(s), p).__getitem__, combinations(sorted(mine), 2)))


def _sells(seat: int) -> str:
    return f"{seat_name(seat)} sells two stall cards for 1 coin."


def apply_sell(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """Both cards are set aside for the discard pile (discarded after all the seat's
    actions); a coin from the bank."""
    _use_one(s)
    for c in a.args[0][1]:
        spend(s, ev, p, c)
    s.coins[p] += 1
    say(ev, partial(_sells, p))


# --- Harvest ----------------------------------------------------------------------------------
def _make_harvest(address: int) -> Action:
    gesture = Gesture(CLICK, None, None, UIDS[address], None, "Harvest")
    return quick_action("harvest", (BUILDING_ARG[address],), gesture, "Harvest a farm")


_HARVEST = Interned(_make_harvest)


def harvests(s: State, p: int) -> list[Action]:
    """Take the production card of a farm."""
    return [_HARVEST(b.address) for b in s.buildings[p] if b.production >= 0]


def _harvests(seat: int) -> str:
    return f"{seat_name(seat)} harvests a farm."


def _harvests_seen(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} harvests {SHORT[cid]}."


def apply_harvest(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The production card goes to the hand; only now does its owner see it."""
    _use_one(s)
    _, b = s.find(a.args[0][1])
    c = b.production
    b.production = -1
    s.hands[p].append(c)
    move(s, ev, c, BUILDINGS[p], HANDS[p])
    say(ev, partial(_harvests, p), partial(_harvests_seen, p, s.card_of[c]), p)


# --- Favor ------------------------------------------------------------------------------------
def _make_favor(deal: Cards, p: int, in_hand: bool, c: int) -> Action:
    cid = deal.card_of[c]
    what = ACTIONS_OF[ROYAL_OF_RANK[RANK[cid]]]
    zone = HANDS[p] if in_hand else STALLS[p]
    gesture = drag(c, zone, DISCARD, f"Favor: {what}")
    return quick_action("favor", (CARD[c],), gesture, f"Favor: discard {deal.short[c]} to {what}")


_FAVOR = PerDeal(_make_favor)


def favors(s: State, p: int) -> list[Action]:
    """Discard a King, Queen or Jack to do that royal's action free (when it can be done)."""
    deal = deal_of(s)
    faces = deal.faces.__contains__
    royal_of = deal.royal_of
    out: list[Action] = []
    for in_hand, cards in ((True, s.hands[p]), (False, s.stalls[p])):
        ok: list[bool | None] = [
            None,
            None,
            None,
        ]  # per royal: can its action be done once one is spent from here?
        for c in filter(faces, cards):
            r = royal_of[c]
            can = ok[r]
            if can is None:
                can = ok[r] = can_royal(s, p, r, spent=c)
            if can:
                out.append(_FAVOR.row(deal, p, in_hand)[c])
    return out


def refuse_favor(s: State, p: int, action: Action) -> str:
    """Why a card cannot be discarded as a Favor: not a royal, or its action cannot be done."""
    c = action.get("card")
    deal = deal_of(s)
    if not isinstance(c, int) or not 0 <= c < len(deal.royal_of):
        return "That is not a card of this game."
    if c not in s.hands[p] and c not in s.stalls[p]:
        return "Only a card of your own hand or stall can be discarded as a Favor."
    if c not in deal.faces:
        return "Only a King, Queen or Jack can be discarded as a Favor."
    return f"A Favor with {deal.short[c]} does that royal's action, and it cannot be done now."


def _favor(seat: int, cid: str) -> str:
    return f"{seat_name(seat)} discards {SHORT[cid]} as a Favor."


def apply_favor(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The face card is shown and discarded (from the stall: after all the seat's actions);
    its royal's action follows."""
    _use_one(s)
    c = card_of(a)
    if c in s.stalls[p]:  # set aside until the seat's actions are over, as a sold card
        spend(s, ev, p, c)
    else:
        take_own(s, p, c)
        discard(s, c)
        to_pile(s, ev, c, HANDS[p], known=True, reveal=True)
    cid = s.card_of[c]
    s.stack.append(prompt(PART_OF_ROYAL[ROYAL_OF_RANK[RANK[cid]]], p))
    say(ev, partial(_favor, p, cid))


# --- Downgrade --------------------------------------------------------------------------------
def _make_downgrade(deal: Cards, p: int, more: bool, x: int) -> Action:
    if more:
        gesture = drag(x, BUILDINGS[p], HANDS[p])
        return quick_action("downgrade", (CARD[x],), gesture, f"Also take {deal.short[x]}")
    gesture = drag(x, BUILDINGS[p], HANDS[p], "Downgrade")
    return quick_action("downgrade", (CARD[x],), gesture, f"Downgrade: take {deal.short[x]}")


_DOWNGRADE = PerDeal(_make_downgrade)
DOWNGRADE_DONE = (
    const("downgrade_done", "Done", "Done"),
    const("downgrade_done", "Done (dismantles it)", "Done (dismantles it)"),
)


def downgrades(s: State, p: int) -> list[Action]:
    """Take a building card of one's own building into the hand (more of the same building
    once a Downgrade is under way)."""
    if len(s.stack) > 1:  # going on with the building already begun
        _, b = s.find(s.sub_building)
        return list(map(_DOWNGRADE.row(deal_of(s), p, True).__getitem__, b.cards))
    blds = s.buildings[p]
    if not blds:
        return []
    row = _DOWNGRADE.row(deal_of(s), p, False)
    out: list[Action] = []
    for b in blds:
        out += map(row.__getitem__, b.cards)
    return out


def downgrade_dones(s: State, p: int) -> list[Action]:
    """Stop taking cards (the building is dismantled if too few are left)."""
    _, b = s.find(s.sub_building)
    return [DOWNGRADE_DONE[len(b.cards) < s.farm]]


def _takes(seat: int, address: str) -> str:
    return f"{seat_name(seat)} takes a card from the {SHORT[address]} building."


def apply_downgrade(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """A building card goes to the hand; a building left empty is dismantled at once."""
    if len(s.stack) == 1:
        _use_one(s)
        s.stack.append(prompt(DOWNGRADE, p))
    x = card_of(a)
    b = next(bb for bb in s.buildings[p] if x in bb.cards)
    move(s, ev, x, BUILDINGS[p], HANDS[p])
    b.cards.remove(x)
    if x in b.exposed:
        b.exposed.remove(x)
    s.seen[x] = 0
    s.hands[p].append(x)
    say(ev, partial(_takes, p, s.card_of[b.address]))
    s.sub_building = b.address
    if not b.cards:
        dismantle(s, p, b, ev)
        s.stack.pop()


def apply_downgrade_done(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The Downgrade ends; a building left smaller than a farm is dismantled."""
    _, b = s.find(s.sub_building)
    if len(b.cards) < s.farm:
        dismantle(s, p, b, ev)
    s.stack.pop()


# --- the royal action and Pass ----------------------------------------------------------------
def royals(s: State, p: int) -> list[Action]:
    """Pay a coin for the phase's royal action (when it can be done)."""
    if s.coins[p] >= 1 and can_royal(s, p, s.royal):
        return [ROYAL_ACTIONS[s.royal]]
    return []


def _pays(seat: int, royal: int) -> str:
    return f"{seat_name(seat)} pays 1 coin for the {ACTIONS_OF[royal]} action."


def apply_royal(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """A coin to the bank; the royal's action follows."""
    _use_one(s)
    s.coins[p] -= 1
    s.stack.append(prompt(PART_OF_ROYAL[s.royal], p))
    say(ev, partial(_pays, p, s.royal))


def passes(s: State, p: int) -> list[Action]:
    """Pass: the action is used for nothing."""
    return [PASS]


def _passes(seat: int) -> str:
    return f"{seat_name(seat)} passes."


def apply_pass(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """Nothing happens."""
    _use_one(s)
    say(ev, partial(_passes, p))


# --- the whole turn in one pass ------------------------------------------------------------------
def turn_actions(s: State, p: int) -> list[Action]:
    """Every action of the active seat's turn, as the nine moves list them one after another
    (trade, store, hide, sell, harvest, favor, downgrade, royal, pass), in one pass."""
    deal = deal_of(s)
    mine = s.stalls[p]
    hand = s.hands[p]
    blds = s.buildings[p]
    out: list[Action] = []
    if mine:
        targets = list(s.market)
        for q in range(s.players):
            if q != p:
                targets += s.stalls[q]
        out += map(_TRADE.row(deal, p).__getitem__, product(mine, targets))
    built = [x for b in blds for x in b.cards] if blds else None
    if built:
        out += _store_list(deal, p, hand, mine, built)
    if mine:
        out += map(_HIDE.row(deal, p).__getitem__, mine)
        if len(mine) >= 2:
            out += map(_SELL.row(deal, p).__getitem__, combinations(sorted(mine), 2))
    if blds:
        out += [_HARVEST(b.address) for b in blds if b.production >= 0]
    out += favors(s, p)
    if built:
        out += map(_DOWNGRADE.row(deal, p, False).__getitem__, built)
    if s.coins[p] >= 1 and can_royal(s, p, s.royal):
        out.append(ROYAL_ACTIONS[s.royal])
    out.append(PASS)
    return out


def downgrade_more(s: State, p: int) -> list[Action]:
    """More cards of the building under a Downgrade, then done."""
    return downgrades(s, p) + downgrade_dones(s, p)
