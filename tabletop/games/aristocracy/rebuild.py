"""A state of Aristocracy from a seat's view, for ``determinize``: every card the seat
cannot place dealt at random, every uid it has not identified given a random card of those
left, the buildings and who has seen their cards as the view summarises them, and the
decision stack the view shows with the others' secret choices sampled.

``rebuild`` declares where each field comes from (:class:`~tabletop.engine.rebuild.FromView`);
the hooks below fill the fields no zone or figure holds as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import Rng
from tabletop.engine.decisions import Frame, commit, prompt, turn
from tabletop.engine.rebuild import FromView, Seen
from tabletop.games.aristocracy.data import UID_NUM, deck_ids, decks_for
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BID,
    GLORY,
    OVER,
    PICK,
    STALL,
    TAX,
    Building,
    State,
)
from tabletop.games.aristocracy.view import BUILDINGS, DISCARD, DRAW, MARKET, SHOP, ZONES


def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """Every card the seat cannot place dealt at random (the deck's uids kept for the
    identities)."""
    deck = deck_ids(decks_for(seen.public["farm_size"]))
    filled, _rest = ZONES.deal(seen.view["zones"], range(len(deck)), (), seen.rng, UID_NUM)
    return filled, deck


def _card_of(seen: Seen) -> list[str]:
    """Every uid the seat has not identified given a random card of those left."""
    deck = seen.rest
    card_of: list[str] = [""] * len(deck)
    left = list(deck)
    for z in seen.view["zones"].values():
        for c in z["cards"]:
            cid = c["card"]
            if cid is not None and c["uid"] != "royal":
                card_of[UID_NUM[c["uid"]]] = cid
                left.remove(cid)
    seen.rng.shuffle(left)
    for u in range(len(deck)):
        if not card_of[u]:
            card_of[u] = left.pop()
    return card_of


def _buildings(seen: Seen) -> list[list[Building]]:
    """The buildings as the view summarises them, and who has seen each building card
    (kept for the ``seen`` field)."""
    pub, zones, seat = seen.public, seen.view["zones"], seen.seat
    marks = seen.values["seen"] = [0] * len(seen.rest)
    buildings: list[list[Building]] = []
    for p in range(pub["players"]):
        laid = iter(seen.filled[BUILDINGS[p]])  # address, building cards, production
        shown_cards = iter(zones[BUILDINGS[p]]["cards"])
        bs: list[Building] = []
        for summ in pub["buildings"][p]:
            b = Building(next(laid))
            next(shown_cards)
            exposed = set(summ["exposed"])
            for _ in range(summ["size"]):
                u = next(laid)
                c = next(shown_cards)
                b.cards.append(u)
                if c["uid"] in exposed:
                    b.exposed.append(u)
                marks[u] = 1 << p
                if c["card"] is not None and p != seat:
                    marks[u] |= 1 << seat
            if summ["production"]:
                b.production = next(laid)
                next(shown_cards)
            bs.append(b)
        buildings.append(bs)
    return buildings


# A full state matching a view: every card the seat cannot place is dealt at random, and
# every uid it has not identified is given a random card of those left.
rebuild = FromView(
    State,
    deal=_deal,
    zones={
        "draw": DRAW,
        "discard": (SHOP, DISCARD),
        "market": MARKET,
        "hands": "p{seat}.hand",
        "stalls": "p{seat}.stall",
        "offers": "p{seat}.offer",
    },
    hooks={
        "card_of": _card_of,
        "buildings": _buildings,
        "seen": lambda seen: seen.values["seen"],
        "stack": lambda seen: [],  # (read back by ``finish``, once the state is whole)
        "bids": lambda seen: [-1 if b is None else b for b in seen.public["bids"]],
        "picks": lambda seen: [UID_NUM[u] for u in seen.public["picks"]],
        "sub_building": lambda seen: UID_NUM[u] if (u := seen.public["sub_building"]) else -1,
        "glory_queue": lambda seen: [seen.seat] if seen.public["glory_choice"] else [],
    },
    seats={"coins": ("resources", "coins")},
    view={"over": "over"},
    public={"farm": "farm_size", "royal": "royal_index", "slots": "actions_left"},
    finish=lambda s, seen: setattr(s, "stack", _stack(s, seen.public, seen.seat, seen.rng)),
)


def _stack(s: State, pub: Mapping[str, Any], seat: int, rng: Rng) -> list[Frame]:
    """The decision stack a view shows (others' secret choices sampled)."""
    step = pub["step"]
    n = s.players
    if step == OVER:
        return []
    if step == ACTIONS:
        out = [turn(ACTIONS, pub["active"])]
        if pub["sub"]:
            out.append(prompt(pub["sub"], pub["active"]))
        return out
    if step == PICK:
        return [prompt(PICK, pub["pick_order"][len(pub["picks"])])]
    f = commit(step, list(range(n)))
    ready = pub["ready"]
    for p in range(n):
        if not ready[p]:
            continue
        f.done.append(p)
        if step == BID:
            if s.bids[p] < 0:  # another seat's secret bid
                s.bids[p] = rng.randrange(s.coins[p] + 1)
            choice: Any = s.bids[p]
        elif step == GLORY:
            choice = p == seat and pub["glory_choice"]
        elif step == STALL:
            choice = len(s.stalls[p])
        else:
            choice = len(s.offers[p])
        f.data["secret"][str(p)] = choice
    if step == TAX:  # a ready opponent has set its Tax discards aside
        for p in range(n):
            extra = len(s.hands[p]) - s.limit(p)
            if p != seat and ready[p] and extra > 0:
                rng.shuffle(s.hands[p])
                s.offers[p] = [s.hands[p].pop() for _ in range(extra)]
                f.data["secret"][str(p)] = extra
    return [f]
