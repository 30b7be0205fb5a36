"""The action step: the active seat's nine actions and the parts of Build, Visit and Buy."""

from __future__ import annotations

from itertools import combinations

from tabletop.engine import Action, Event
from tabletop.engine.events import REVEAL
from tabletop.games.aristocracy import flow, moves
from tabletop.games.aristocracy.cards import RANK, ROYAL_OF_RANK, SHORT, UIDS, short
from tabletop.games.aristocracy.flow import discard, say, seat_name
from tabletop.games.aristocracy.mk import button, cache_for, click, drag
from tabletop.games.aristocracy.state import ACTIONS, ACTIONS_OF, Building, State
from tabletop.games.aristocracy.zones import DISCARD, MARKET, SHOP, buildings, hand, stall

SUB_OF_ROYAL = ("build", "visit", "buy")


def can_royal(s: State, p: int, royal: int, spent: int = -1) -> bool:
    """Whether the royal action (Build/Visit/Buy) could be completed (``spent`` is leaving)."""
    if royal == 0:
        avail = len(s.hands[p]) + len(s.stalls[p]) - (spent >= 0)
        return avail >= 1 + s.farm or (avail >= 1 and any(s.kind(b) < 2 for b in s.buildings[p]))
    if royal == 1:
        return any(s.buildings[q] for q in range(s.players) if q != p)
    return bool(s.discard) or spent >= 0


def legal(s: State, p: int, only: str | None = None) -> list[Action]:
    """Legal actions of the active seat (``only``: at least the actions with that name)."""
    if s.step != ACTIONS or p != s.active:
        return []
    sub = s.sub
    if sub == "":
        return _top(s, p, only)
    if sub == "build":
        return _build_choices(s, p)
    if sub == "building":
        return _building_steps(s, p)
    co = s.card_of
    ac = cache_for(co)
    out: list[Action] = []
    if sub == "visit":
        for q in range(s.players):
            if q == p:
                continue
            for b in s.buildings[q]:
                key = ("visit", q, b.address)
                a = ac.get(key)
                if a is None:
                    g = click(UIDS[b.address], "Visit")
                    txt = f"Visit {seat_name(q)}'s {SHORT[co[b.address]]} building"
                    a = ac[key] = Action("visit", (("building", b.address),), g, txt)
                out.append(a)
        return out
    if sub == "expose":
        _, b = s.find(s.sub_building)
        r = RANK[co[b.address]]
        for c in b.cards:
            if RANK[co[c]] != r and c not in b.exposed:
                key = ("expose", c)
                a = ac.get(key)
                if a is None:
                    g = click(UIDS[c], "Expose")
                    a = ac[key] = Action("expose", (("card", c),), g, f"Expose {SHORT[co[c]]}")
                out.append(a)
        out.append(EXPOSE_NONE)
        return out
    if sub == "revisit":
        return [REVISIT_DISCARD, REVISIT_PAY]
    if sub == "buy":
        for c in s.discard[:4]:
            key = ("buy", p, c)
            a = ac.get(key)
            if a is None:
                g = drag(UIDS[c], SHOP, hand(p))
                a = ac[key] = Action("buy", (("card", c),), g, f"Buy {SHORT[co[c]]}")
            out.append(a)
        return out
    if sub == "downgrade":
        _, b = s.find(s.sub_building)
        for c in b.cards:
            key = ("downgrade_more", p, c)
            a = ac.get(key)
            if a is None:
                g = drag(UIDS[c], buildings(p), hand(p))
                a = ac[key] = Action("downgrade", (("card", c),), g, f"Also take {SHORT[co[c]]}")
            out.append(a)
        out.append(DOWNGRADE_DONE[len(b.cards) < s.farm])
        return out
    raise AssertionError(sub)


def _const(name: str, label: str, text: str) -> Action:
    return Action(name, (), button(label), text)


EXPOSE_NONE = _const("expose_none", "Expose nothing", "Expose nothing")
REVISIT_DISCARD = _const(
    "revisit_discard", "Force discard", "Force the exposed card to be discarded"
)
REVISIT_PAY = _const("revisit_pay", "Make them pay", "Make the owner pay 1 coin")
DOWNGRADE_DONE = (
    _const("downgrade_done", "Done", "Done"),
    _const("downgrade_done", "Done (dismantles it)", "Done (dismantles it)"),
)
PASS = _const("pass", "Pass", "Pass")
ROYAL_ACTIONS = tuple(
    _const("royal", f"{what} (1 coin)", f"Pay 1 coin to {what}") for what in ACTIONS_OF
)
FINISH = tuple(
    _const("build_done", f"Finish the {n}", f"Finish the {n}")
    for n in ("farm", "estate", "château")
)


def _top(s: State, p: int, only: str | None = None) -> list[Action]:
    out: list[Action] = []
    co = s.card_of
    ac = cache_for(co)
    mine = s.stalls[p]
    hand_p = s.hands[p]
    blds = s.buildings[p]
    if only is None or only == "trade":
        targets = list(s.market)
        for q in range(s.players):
            if q != p:
                targets += s.stalls[q]
        for c in mine:
            for t in targets:
                key = ("trade", p, c, t)
                a = ac.get(key)
                if a is None:
                    txt = f"Trade {SHORT[co[c]]} for {SHORT[co[t]]}"
                    g = drag(UIDS[c], stall(p), UIDS[t], "Trade")
                    a = ac[key] = Action("trade", (("card", c), ("target", t)), g, txt)
                out.append(a)
    if only is None or only == "store":
        for b in blds:
            for x in b.cards:
                for in_hand, cards in ((True, hand_p), (False, mine)):
                    for c in cards:
                        key = ("store", p, c, x, in_hand)
                        a = ac.get(key)
                        if a is None:
                            txt = f"Store {SHORT[co[c]]} in place of {SHORT[co[x]]}"
                            zone = hand(p) if in_hand else stall(p)
                            g = drag(UIDS[c], zone, UIDS[x], "Store")
                            a = ac[key] = Action("store", (("card", c), ("target", x)), g, txt)
                        out.append(a)
    if only is None or only == "hide":
        for c in mine:
            key = ("hide", p, c)
            a = ac.get(key)
            if a is None:
                g = drag(UIDS[c], stall(p), hand(p), "Hide")
                a = ac[key] = Action("hide", (("card", c),), g, f"Hide {SHORT[co[c]]}")
            out.append(a)
    if (only is None or only == "sell") and len(mine) >= 2:
        for a_, b_ in combinations(sorted(mine), 2):
            key = ("sell", p, a_, b_)
            a = ac.get(key)
            if a is None:
                txt = f"Sell {SHORT[co[a_]]} and {SHORT[co[b_]]}"
                g = drag(UIDS[a_], stall(p), DISCARD, f"Sell with {SHORT[co[b_]]}")
                a = ac[key] = Action("sell", (("cards", (a_, b_)),), g, txt)
            out.append(a)
    if only is None or only == "harvest":
        for b in blds:
            if b.production >= 0:
                key = ("harvest", b.address)
                a = ac.get(key)
                if a is None:
                    g = click(UIDS[b.address], "Harvest")
                    txt = "Harvest a farm"
                    a = ac[key] = Action("harvest", (("building", b.address),), g, txt)
                out.append(a)
    if only is None or only == "favor":
        for in_hand, cards in ((True, hand_p), (False, mine)):
            for c in cards:
                royal = ROYAL_OF_RANK.get(RANK[co[c]])
                if royal is not None and can_royal(s, p, royal, spent=c):
                    key = ("favor", p, c, in_hand)
                    a = ac.get(key)
                    if a is None:
                        what = ACTIONS_OF[royal]
                        zone = hand(p) if in_hand else stall(p)
                        g = drag(UIDS[c], zone, DISCARD, f"Favor: {what}")
                        txt = f"Favor: discard {SHORT[co[c]]} to {what}"
                        a = ac[key] = Action("favor", (("card", c),), g, txt)
                    out.append(a)
    if only is None or only == "downgrade":
        for b in blds:
            for x in b.cards:
                key = ("downgrade", p, x)
                a = ac.get(key)
                if a is None:
                    g = drag(UIDS[x], buildings(p), hand(p), "Downgrade")
                    txt = f"Downgrade: take {SHORT[co[x]]}"
                    a = ac[key] = Action("downgrade", (("card", x),), g, txt)
                out.append(a)
    if s.coins[p] >= 1 and (only is None or only == "royal") and can_royal(s, p, s.royal):
        out.append(ROYAL_ACTIONS[s.royal])
    out.append(PASS)
    return out


def _build_choices(s: State, p: int) -> list[Action]:
    out: list[Action] = []
    co = s.card_of
    ac = cache_for(co)
    own = [(True, c) for c in s.hands[p]] + [(False, c) for c in s.stalls[p]]
    if len(own) >= 1 + s.farm:
        for in_hand, c in own:
            key = ("build_new", p, c, in_hand)
            a = ac.get(key)
            if a is None:
                zone = hand(p) if in_hand else stall(p)
                g = drag(UIDS[c], zone, buildings(p), "New building")
                txt = f"Build a new {SHORT[co[c]]} building"
                a = ac[key] = Action("build_new", (("card", c),), g, txt)
            out.append(a)
    big = s.farm + 2
    for b in s.buildings[p]:
        if len(b.cards) < big:
            for in_hand, c in own:
                key = ("build_upgrade", p, c, in_hand, b.address)
                a = ac.get(key)
                if a is None:
                    zone = hand(p) if in_hand else stall(p)
                    g = drag(UIDS[c], zone, UIDS[b.address], "Upgrade")
                    txt = f"Upgrade the {SHORT[co[b.address]]} building with {SHORT[co[c]]}"
                    args = (("building", b.address), ("card", c))
                    a = ac[key] = Action("build_upgrade", args, g, txt)
                out.append(a)
    return out


def _done_ok(s: State, b: Building) -> bool:
    n = len(b.cards)
    if s.sub_start == 0:
        return s.farm <= n <= s.farm + 2
    return s.sub_start < n <= s.farm + 2


def _building_steps(s: State, p: int) -> list[Action]:
    _, b = s.find(s.sub_building)
    out: list[Action] = []
    if len(b.cards) < s.farm + 2:
        co = s.card_of
        ac = cache_for(co)
        for in_hand, cards in ((True, s.hands[p]), (False, s.stalls[p])):
            for c in cards:
                key = ("build_add", p, c, in_hand, b.address)
                a = ac.get(key)
                if a is None:
                    zone = hand(p) if in_hand else stall(p)
                    g = drag(UIDS[c], zone, UIDS[b.address], "Add")
                    a = ac[key] = Action("build_add", (("card", c),), g, f"Add {SHORT[co[c]]}")
                out.append(a)
    if _done_ok(s, b):
        out.append(FINISH[len(b.cards) - s.farm])
    return out


def _take_own(s: State, p: int, c: int) -> str:
    """Remove card ``c`` from the seat's hand or stall; return where it was."""
    if c in s.hands[p]:
        s.hands[p].remove(c)
        return "hand"
    s.stalls[p].remove(c)
    return "stall"


def _add_to_building(s: State, p: int, b: Building, c: int, ev: list[Event]) -> None:
    where = _take_own(s, p, c)
    b.cards.append(c)
    s.seen[c] = 1 << p
    _own_move(s, ev, p, c, where, buildings(p))
    if b.production >= 0 and s.kind(b) > 0:
        discard(s, b.production)
        moves.to_pile(s, ev, b.production, buildings(p))
        b.production = -1


def _own_move(s: State, ev: list[Event], p: int, c: int, where: str, target: str) -> None:
    """A card of seat ``p`` moves from its hand or stall: a stall card is seen by all."""
    if where == "stall":
        moves.public(s, ev, c, stall(p), target)
    else:
        moves.private(s, ev, c, hand(p), target, p)


def dismantle(s: State, owner: int, b: Building, ev: list[Event]) -> None:
    """The whole building goes to its owner's hand; a production card is discarded."""
    for c in b.cards:
        s.seen[c] = 0
    moves.public(s, ev, b.address, buildings(owner), hand(owner))
    for c in b.cards:
        if c in b.exposed:
            moves.public(s, ev, c, buildings(owner), hand(owner))
        else:
            moves.private(s, ev, c, buildings(owner), hand(owner), owner)
    s.hands[owner] += [b.address, *b.cards]
    if b.production >= 0:
        discard(s, b.production)
        moves.to_pile(s, ev, b.production, buildings(owner))
    s.buildings[owner].remove(b)
    say(ev, f"{seat_name(owner)}'s {short(s.card_of[b.address])} building is dismantled.")


def _remove_exposed(s: State, owner: int, b: Building, ev: list[Event]) -> None:
    e = b.exposed.pop()
    b.cards.remove(e)
    discard(s, e)
    moves.to_pile(s, ev, e, buildings(owner), known=True)
    say(ev, f"{seat_name(owner)} must discard the exposed {short(s.card_of[e])}.")
    if len(b.cards) < s.farm:
        dismantle(s, owner, b, ev)


def apply(s: State, p: int, a: Action) -> list[Event]:
    """Apply a legal action of the active seat."""
    ev: list[Event] = []
    n = a.name
    me = seat_name(p)
    if s.sub == "":
        s.slots -= 1
    if n == "trade":
        c, t = a["card"], a["target"]
        i = s.stalls[p].index(c)
        if t in s.market:
            j = s.market.index(t)
            s.market[j], s.stalls[p][i] = c, t
            moves.public(s, ev, c, stall(p), MARKET)
            moves.public(s, ev, t, MARKET, stall(p))
        else:
            q = next(q for q in range(s.players) if t in s.stalls[q])
            j = s.stalls[q].index(t)
            s.stalls[q][j], s.stalls[p][i] = c, t
            moves.public(s, ev, c, stall(p), stall(q))
            moves.public(s, ev, t, stall(q), stall(p))
        say(ev, f"{me} trades {short(s.card_of[c])} for {short(s.card_of[t])}.")
    elif n == "store":
        c, x = a["card"], a["target"]
        _, b = s.find(next(bb.address for bb in s.buildings[p] if x in bb.cards))
        in_hand = c in s.hands[p]
        where = s.hands[p] if in_hand else s.stalls[p]
        where[where.index(c)] = x
        b.cards[b.cards.index(x)] = c
        zone = hand(p) if in_hand else stall(p)
        _own_move(s, ev, p, c, "hand" if in_hand else "stall", buildings(p))
        if x in b.exposed or not in_hand:  # an exposed card, or one going to the stall
            moves.public(s, ev, x, buildings(p), zone)
        else:
            moves.private(s, ev, x, buildings(p), zone, p)
        if x in b.exposed:
            b.exposed.remove(x)
        s.seen[c], s.seen[x] = 1 << p, 0
        pub = f"{me} stores a card in the {short(s.card_of[b.address])} building."
        say(ev, pub, f"You store {short(s.card_of[c])} and take {short(s.card_of[x])}.", p)
    elif n == "hide":
        s.stalls[p].remove(a["card"])
        s.hands[p].append(a["card"])
        moves.public(s, ev, a["card"], stall(p), hand(p))
        say(ev, f"{me} hides {short(s.card_of[a['card']])}.")
    elif n == "sell":
        for c in a["cards"]:
            s.stalls[p].remove(c)
            discard(s, c)
            moves.to_pile(s, ev, c, stall(p), known=True)
        s.coins[p] += 1
        say(ev, f"{me} sells two stall cards for 1 coin.")
    elif n == "harvest":
        _, b = s.find(a["building"])
        c = b.production
        b.production = -1
        s.hands[p].append(c)
        moves.private(s, ev, c, buildings(p), hand(p), p, barrier=None)
        say(ev, f"{me} harvests a farm.", f"You harvest {short(s.card_of[c])}.", p)
    elif n == "favor":
        c = a["card"]
        where = _take_own(s, p, c)
        discard(s, c)
        moves.to_pile(s, ev, c, hand(p) if where == "hand" else stall(p), known=True)
        s.sub = SUB_OF_ROYAL[ROYAL_OF_RANK[s.rank(c)]]
        say(ev, f"{me} discards {short(s.card_of[c])} as a Favor.")
    elif n == "royal":
        s.coins[p] -= 1
        s.sub = SUB_OF_ROYAL[s.royal]
        say(ev, f"{me} pays 1 coin for the {ACTIONS_OF[s.royal]} action.")
    elif n == "pass":
        say(ev, f"{me} passes.")
    elif n in ("downgrade",):
        x = a["card"]
        b = next(bb for bb in s.buildings[p] if x in bb.cards)
        if x in b.exposed:
            moves.public(s, ev, x, buildings(p), hand(p))
        else:
            moves.private(s, ev, x, buildings(p), hand(p), p)
        b.cards.remove(x)
        if x in b.exposed:
            b.exposed.remove(x)
        s.seen[x] = 0
        s.hands[p].append(x)
        say(ev, f"{me} takes a card from the {short(s.card_of[b.address])} building.")
        s.sub, s.sub_building = "downgrade", b.address
        if not b.cards:
            dismantle(s, p, b, ev)
            s.sub = ""
    elif n == "downgrade_done":
        _, b = s.find(s.sub_building)
        if len(b.cards) < s.farm:
            dismantle(s, p, b, ev)
        s.sub = ""
    elif n == "build_new":
        c = a["card"]
        where = _take_own(s, p, c)
        moves.public(s, ev, c, hand(p) if where == "hand" else stall(p), buildings(p))
        s.buildings[p].append(Building(c))
        s.sub, s.sub_building, s.sub_start = "building", c, 0
        say(ev, f"{me} starts a building on {short(s.card_of[c])}.")
    elif n == "build_upgrade":
        _, b = s.find(a["building"])
        s.sub, s.sub_building, s.sub_start = "building", b.address, len(b.cards)
        _add_to_building(s, p, b, a["card"], ev)
        say(ev, f"{me} upgrades the {short(s.card_of[b.address])} building.")
    elif n == "build_add":
        _, b = s.find(s.sub_building)
        _add_to_building(s, p, b, a["card"], ev)
    elif n == "build_done":
        s.sub = ""
    elif n == "visit":
        _visit(s, p, a["building"], ev)
    elif n == "expose":
        _, b = s.find(s.sub_building)
        b.exposed.append(a["card"])
        zone = buildings(s.sub_owner)
        moves.public(s, ev, a["card"], zone, zone)  # turned face up where it lies
        say(ev, f"{me} exposes {short(s.card_of[a['card']])}.")
        s.sub = ""
    elif n == "expose_none":
        s.sub = ""
    elif n == "revisit_discard":
        owner, b = s.find(s.sub_building)
        _remove_exposed(s, owner, b, ev)
        s.sub = ""
    elif n == "revisit_pay":
        owner = s.sub_owner
        s.coins[owner] -= 1
        s.coins[p] += 1
        say(ev, f"{seat_name(owner)} pays {me} 1 coin.")
        s.sub = ""
    elif n == "buy":
        c = a["card"]
        s.discard.remove(c)
        s.hands[p].append(c)
        moves.public(s, ev, c, SHOP, hand(p))
        if len(s.discard) >= 4:  # the next oldest card turns face up
            moves.public(s, ev, s.discard[3], DISCARD, SHOP)
        say(ev, f"{me} buys {short(s.card_of[c])} from the discard pile.")
        s.sub = ""
    if s.sub == "building":
        _, b = s.find(s.sub_building)
        can_add = len(b.cards) < s.farm + 2 and (s.hands[p] or s.stalls[p])
        if _done_ok(s, b) and not can_add:
            s.sub = ""
    flow.end_turn_if_done(s, ev)
    return ev


def _visit(s: State, p: int, address: int, ev: list[Event]) -> None:
    owner, b = s.find(address)
    bit = 1 << p
    for c in b.cards:
        s.seen[c] |= bit
    # the visitor alone sees the building cards: a barrier to undo
    cards = {"cards": [UIDS[c] for c in b.cards], "card_ids": [s.card_of[c] for c in b.cards]}
    ev.append(Event(REVEAL, "", cards, private_to=(p,)))
    r = s.rank(b.address)
    mismatched = [c for c in b.cards if s.rank(c) != r]
    s.sub_owner, s.sub_building = owner, address
    who = f"{seat_name(p)} visits {seat_name(owner)}'s {short(s.card_of[address])} building"
    if not mismatched:
        say(ev, who + ": every card matches.")
        s.sub = ""
    elif b.exposed:
        say(ev, who + ", which shows an exposed card.")
        if s.coins[owner] == 0:
            _remove_exposed(s, owner, b, ev)
            s.sub = ""
        else:
            s.sub = "revisit"
    else:
        paid = min(1, s.coins[owner])
        s.coins[owner] -= paid
        s.coins[p] += paid
        say(ev, who + f": cards do not match; {seat_name(owner)} pays {paid} coin(s).")
        s.sub = "expose"
