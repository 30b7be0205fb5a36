"""Sample a full state consistent with one seat's view (for search-based AI)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.engine import Rng
from tabletop.games.aristocracy.cards import deck_ids
from tabletop.games.aristocracy.state import STALL, TAX, Building, State


def _num(uid: str) -> int:
    return int(uid[1:])


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """Every card ``seat`` has not seen is drawn at random from the cards it cannot place."""
    pub = view["public"]
    zones = view["zones"]
    n = pub["players"]
    deck = deck_ids()
    card_of: list[str | None] = [None] * len(deck)
    for z in zones.values():
        for c in z["cards"]:
            if c["uid"] and c["card"] and c["uid"] != "royal":
                card_of[_num(c["uid"])] = c["card"]
    pool = list((Counter(deck) - Counter(c for c in card_of if c is not None)).elements())
    rng.shuffle(pool)
    free = [u for u, c in enumerate(card_of) if c is None]
    rng.shuffle(free)

    def slot(c: dict[str, Any]) -> int:
        if c["uid"] and c["card"]:
            return _num(c["uid"])
        u = free.pop()
        card_of[u] = pool.pop()
        return u

    def cards(zone: str) -> list[int]:
        return [slot(c) for c in zones[zone]["cards"]]

    draw = cards("draw")
    discard = cards("shop") + cards("discard")
    market = cards("market")
    hands, stalls, offers, blds = [], [], [], []
    seen = [0] * len(deck)
    for p in range(n):
        hands.append(cards(f"p{p}.hand"))
        stalls.append(cards(f"p{p}.stall"))
        offers.append(cards(f"p{p}.offer"))
        bs: list[Building] = []
        laid = iter(zones[f"p{p}.buildings"]["cards"])  # address, building cards, production
        for summary in pub["buildings"][p]:
            b = Building(slot(next(laid)))
            exposed = set(summary["exposed"])
            for _ in range(summary["size"]):
                c = next(laid)
                u = slot(c)
                b.cards.append(u)
                if c["uid"] in exposed:
                    b.exposed.append(u)
                seen[u] = 1 << p
                if c["card"] and p != seat:
                    seen[u] |= 1 << seat
            if summary["production"]:
                b.production = slot(next(laid))
            bs.append(b)
        blds.append(bs)
    coins = [s["resources"]["coins"] for s in view["seats"]]
    ready = list(pub["ready"])
    bids = [-1 if b is None else b for b in pub["bids"]]
    for p in range(n):
        if p != seat and bids[p] < 0 and ready and ready[p] and pub["bid_step"]:
            bids[p] = rng.randrange(coins[p] + 1)
    s = State(
        players=n,
        rng=rng.fork(),
        farm=pub["farm_size"],
        hand_limit=pub["hand_limit"],
        card_of=[c or "" for c in card_of],
        draw=draw,
        discard=discard,
        market=market,
        hands=hands,
        stalls=stalls,
        offers=offers,
        buildings=blds,
        coins=coins,
        seen=seen,
        herald=pub["herald"],
        year=pub["year"],
        royal=pub["royal_index"],
        step=pub["step"],
        ready=ready,
        bids=bids,
        bids_revealed=pub["bids_revealed"],
        pick_order=list(pub["pick_order"]),
        picks=[_num(u) for u in pub["picks"]],
        price=pub["price"],
        eligible=list(pub["eligible"]),
        acted=list(pub["acted"]),
        active=pub["active"],
        slots=pub["actions_left"],
        sub=pub["sub"],
        sub_building=_num(pub["sub_building"]) if pub["sub_building"] else -1,
        sub_owner=pub["sub_owner"],
        sub_start=pub["sub_start"],
        glory_queue=[seat] if pub["glory_choice"] else [],
        over=view["over"],
        capped=pub["capped"],
        ended_by=pub["ended_by"],
        moves=pub["moves"],
    )
    if s.step == TAX:  # a ready opponent has set its Tax discards aside
        for p in range(n):
            extra = len(s.hands[p]) - s.limit(p)
            if p != seat and s.ready[p] and extra > 0:
                rng.shuffle(s.hands[p])
                s.offers[p] = [s.hands[p].pop() for _ in range(extra)]
    assert s.step != STALL or all(not s.stalls[p] for p in range(n) if p != seat)
    return s
