"""The action step: the active seat's nine actions and the parts of Build, Visit and Buy."""

from __future__ import annotations

from itertools import combinations

from tabletop.engine import Action, Event
from tabletop.games.aristocracy import flow
from tabletop.games.aristocracy.cards import ROYAL_OF_RANK, short
from tabletop.games.aristocracy.flow import discard, say, seat_name
from tabletop.games.aristocracy.mk import act, button, click, drag
from tabletop.games.aristocracy.state import ACTIONS, ACTIONS_OF, Building, State
from tabletop.games.aristocracy.zones import DISCARD, MARKET, SHOP, buildings, hand, stall, uid

SUB_OF_ROYAL = ("build", "visit", "buy")


def _own_cards(s: State, p: int) -> list[tuple[int, str]]:
    return [(c, hand(p)) for c in s.hands[p]] + [(c, stall(p)) for c in s.stalls[p]]


def can_royal(s: State, p: int, royal: int, spent: int = -1) -> bool:
    """Whether the royal action (Build/Visit/Buy) could be completed (``spent`` is leaving)."""
    if royal == 0:
        avail = len(s.hands[p]) + len(s.stalls[p]) - (spent >= 0)
        return avail >= 1 + s.farm or (avail >= 1 and any(s.kind(b) < 2 for b in s.buildings[p]))
    if royal == 1:
        return any(s.buildings[q] for q in range(s.players) if q != p)
    return bool(s.discard) or spent >= 0


def legal(s: State, p: int, only: str | None = None) -> list[Action]:
    """Legal actions of the active seat (``only``: just the actions with that name)."""
    if s.step != ACTIONS or p != s.active:
        return []
    sub = s.sub
    if sub == "":
        return _top(s, p, only)
    if sub == "build":
        return _build_choices(s, p)
    if sub == "building":
        return _building_steps(s, p)
    if sub == "visit":
        out = []
        for q in range(s.players):
            if q == p:
                continue
            for b in s.buildings[q]:
                g = click(uid(b.address), "Visit")
                txt = f"Visit {seat_name(q)}'s {short(s.card_of[b.address])} building"
                out.append(act("visit", g, txt, building=b.address))
        return out
    if sub == "expose":
        _, b = s.find(s.sub_building)
        r = s.rank(b.address)
        out = [
            act("expose", click(uid(c), "Expose"), f"Expose {short(s.card_of[c])}", card=c)
            for c in b.cards
            if s.rank(c) != r and c not in b.exposed
        ]
        out.append(act("expose_none", button("Expose nothing"), "Expose nothing"))
        return out
    if sub == "revisit":
        return [
            act(
                "revisit_discard",
                button("Force discard"),
                "Force the exposed card to be discarded",
            ),
            act("revisit_pay", button("Make them pay"), "Make the owner pay 1 coin"),
        ]
    if sub == "buy":
        return [
            act("buy", drag(uid(c), SHOP, hand(p)), f"Buy {short(s.card_of[c])}", card=c)
            for c in s.shop()
        ]
    if sub == "downgrade":
        _, b = s.find(s.sub_building)
        out = [
            act(
                "downgrade",
                drag(uid(c), buildings(p), hand(p)),
                f"Also take {short(s.card_of[c])}",
                card=c,
            )
            for c in b.cards
        ]
        done = "Done (dismantles it)" if len(b.cards) < s.farm else "Done"
        out.append(act("downgrade_done", button(done), done))
        return out
    raise AssertionError(sub)


def _top(s: State, p: int, only: str | None = None) -> list[Action]:
    out: list[Action] = []
    mine = s.stalls[p]
    targets = [(c, MARKET) for c in s.market]
    for q in range(s.players):
        if q != p:
            targets += [(c, stall(q)) for c in s.stalls[q]]
    for c in mine if only in (None, "trade") else ():
        for t, _zone in targets:
            txt = f"Trade {short(s.card_of[c])} for {short(s.card_of[t])}"
            out.append(act("trade", drag(uid(c), stall(p), uid(t), "Trade"), txt, card=c, target=t))
    own = _own_cards(s, p)
    for b in s.buildings[p] if only in (None, "store") else ():
        for x in b.cards:
            for c, zone in own:
                txt = f"Store {short(s.card_of[c])} in place of {short(s.card_of[x])}"
                g = drag(uid(c), zone, uid(x), "Store")
                out.append(act("store", g, txt, card=c, target=x))
    for c in mine:
        g = drag(uid(c), stall(p), hand(p), "Hide")
        out.append(act("hide", g, f"Hide {short(s.card_of[c])}", card=c))
    for a, b in combinations(sorted(mine), 2):
        txt = f"Sell {short(s.card_of[a])} and {short(s.card_of[b])}"
        g = drag(uid(a), stall(p), DISCARD, f"Sell with {short(s.card_of[b])}")
        out.append(act("sell", g, txt, cards=[a, b]))
    for b in s.buildings[p]:
        if b.production >= 0:
            g = click(uid(b.address), "Harvest")
            out.append(act("harvest", g, "Harvest a farm", building=b.address))
    for c, zone in own:
        r = s.rank(c)
        if r in ROYAL_OF_RANK and can_royal(s, p, ROYAL_OF_RANK[r], spent=c):
            what = ACTIONS_OF[ROYAL_OF_RANK[r]]
            g = drag(uid(c), zone, DISCARD, f"Favor: {what}")
            out.append(act("favor", g, f"Favor: discard {short(s.card_of[c])} to {what}", card=c))
    for b in s.buildings[p]:
        for x in b.cards:
            g = drag(uid(x), buildings(p), hand(p), "Downgrade")
            out.append(act("downgrade", g, f"Downgrade: take {short(s.card_of[x])}", card=x))
    if s.coins[p] >= 1 and can_royal(s, p, s.royal):
        what = ACTIONS_OF[s.royal]
        out.append(act("royal", button(f"{what} (1 coin)"), f"Pay 1 coin to {what}"))
    out.append(act("pass", button("Pass"), "Pass"))
    return out


def _build_choices(s: State, p: int) -> list[Action]:
    out = []
    own = _own_cards(s, p)
    if len(own) >= 1 + s.farm:
        for c, zone in own:
            g = drag(uid(c), zone, buildings(p), "New building")
            txt = f"Build a new {short(s.card_of[c])} building"
            out.append(act("build_new", g, txt, card=c))
    for b in s.buildings[p]:
        if s.kind(b) < 2:
            for c, zone in own:
                g = drag(uid(c), zone, uid(b.address), "Upgrade")
                txt = (
                    f"Upgrade the {short(s.card_of[b.address])} building with {short(s.card_of[c])}"
                )
                out.append(act("build_upgrade", g, txt, card=c, building=b.address))
    return out


def _done_ok(s: State, b: Building) -> bool:
    n = len(b.cards)
    if s.sub_start == 0:
        return s.farm <= n <= s.farm + 2
    return s.sub_start < n <= s.farm + 2


def _building_steps(s: State, p: int) -> list[Action]:
    _, b = s.find(s.sub_building)
    out = []
    if len(b.cards) < s.farm + 2:
        for c, zone in _own_cards(s, p):
            g = drag(uid(c), zone, uid(b.address), "Add")
            out.append(act("build_add", g, f"Add {short(s.card_of[c])}", card=c))
    if _done_ok(s, b):
        names = ("farm", "estate", "château")
        txt = f"Finish the {names[s.kind(b)]}"
        out.append(act("build_done", button(txt), txt))
    return out


def _take_own(s: State, p: int, c: int) -> str:
    """Remove card ``c`` from the seat's hand or stall; return where it was."""
    if c in s.hands[p]:
        s.hands[p].remove(c)
        return "hand"
    s.stalls[p].remove(c)
    return "stall"


def _add_to_building(s: State, p: int, b: Building, c: int) -> None:
    _take_own(s, p, c)
    b.cards.append(c)
    s.seen[c] = 1 << p
    if b.production >= 0 and s.kind(b) > 0:
        discard(s, b.production)
        b.production = -1


def dismantle(s: State, owner: int, b: Building, ev: list[Event]) -> None:
    """The whole building goes to its owner's hand; a production card is discarded."""
    for c in b.cards:
        s.seen[c] = 0
    s.hands[owner] += [b.address, *b.cards]
    if b.production >= 0:
        discard(s, b.production)
    s.buildings[owner].remove(b)
    say(ev, f"{seat_name(owner)}'s {short(s.card_of[b.address])} building is dismantled.")


def _remove_exposed(s: State, owner: int, b: Building, ev: list[Event]) -> None:
    e = b.exposed.pop()
    b.cards.remove(e)
    discard(s, e)
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
        else:
            q = next(q for q in range(s.players) if t in s.stalls[q])
            j = s.stalls[q].index(t)
            s.stalls[q][j], s.stalls[p][i] = c, t
        say(ev, f"{me} trades {short(s.card_of[c])} for {short(s.card_of[t])}.")
    elif n == "store":
        c, x = a["card"], a["target"]
        _, b = s.find(next(bb.address for bb in s.buildings[p] if x in bb.cards))
        where = s.hands[p] if c in s.hands[p] else s.stalls[p]
        where[where.index(c)] = x
        b.cards[b.cards.index(x)] = c
        if x in b.exposed:
            b.exposed.remove(x)
        s.seen[c], s.seen[x] = 1 << p, 0
        pub = f"{me} stores a card in the {short(s.card_of[b.address])} building."
        say(ev, pub, f"You store {short(s.card_of[c])} and take {short(s.card_of[x])}.", p)
    elif n == "hide":
        s.stalls[p].remove(a["card"])
        s.hands[p].append(a["card"])
        say(ev, f"{me} hides {short(s.card_of[a['card']])}.")
    elif n == "sell":
        for c in a["cards"]:
            s.stalls[p].remove(c)
            discard(s, c)
        s.coins[p] += 1
        say(ev, f"{me} sells two stall cards for 1 coin.")
    elif n == "harvest":
        _, b = s.find(a["building"])
        c = b.production
        b.production = -1
        s.hands[p].append(c)
        say(ev, f"{me} harvests a farm.", f"You harvest {short(s.card_of[c])}.", p)
    elif n == "favor":
        c = a["card"]
        _take_own(s, p, c)
        discard(s, c)
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
        _take_own(s, p, c)
        s.buildings[p].append(Building(c))
        s.sub, s.sub_building, s.sub_start = "building", c, 0
        say(ev, f"{me} starts a building on {short(s.card_of[c])}.")
    elif n == "build_upgrade":
        _, b = s.find(a["building"])
        s.sub, s.sub_building, s.sub_start = "building", b.address, len(b.cards)
        _add_to_building(s, p, b, a["card"])
        say(ev, f"{me} upgrades the {short(s.card_of[b.address])} building.")
    elif n == "build_add":
        _, b = s.find(s.sub_building)
        _add_to_building(s, p, b, a["card"])
    elif n == "build_done":
        s.sub = ""
    elif n == "visit":
        _visit(s, p, a["building"], ev)
    elif n == "expose":
        _, b = s.find(s.sub_building)
        b.exposed.append(a["card"])
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
        say(ev, f"{me} buys {short(s.card_of[c])} from the discard pile.")
        s.sub = ""
    if s.sub == "building":
        _, b = s.find(s.sub_building)
        if _done_ok(s, b) and not any(x.name == "build_add" for x in _building_steps(s, p)):
            s.sub = ""
    flow.end_turn_if_done(s, ev)
    return ev


def _visit(s: State, p: int, address: int, ev: list[Event]) -> None:
    owner, b = s.find(address)
    bit = 1 << p
    for c in b.cards:
        s.seen[c] |= bit
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
