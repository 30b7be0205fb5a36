"""What one seat may see: zones of cards (hidden ones without identity) and public facts.

``views(state, seats)`` builds several seats' views at once: what they have in common (the
shared zones, the other seats' hidden hands, the building summaries, the public facts) is
built once.  ``view(state, seat)`` is the same code for one seat.  Views are read only:
card and zone dicts are shared between views (see ``faces``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.games.aristocracy.cards import UIDS, WEIGHT
from tabletop.games.aristocracy.faces import (
    BLANK,
    COINS,
    DOWN,
    HIDDEN_BUILT,
    MAX_K,
    PRODUCTION,
    ROYAL_ZONES,
    UP,
    address_table,
    built_table,
    unknown,
)
from tabletop.games.aristocracy.scoring import POINTS
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    GLORY,
    MAX_YEARS,
    PICK,
    ROYALS,
    STALL,
    TAX,
    Building,
    State,
    to_act_of,
)
from tabletop.games.aristocracy.zones import (
    DISCARD,
    DRAW,
    MARKET,
    ROYAL,
    SHOP,
    buildings,
    coins,
    hand,
    offer,
    stall,
)

_SEATS = range(8)
HANDS = tuple(hand(p) for p in _SEATS)
STALLS = tuple(stall(p) for p in _SEATS)
OFFERS = tuple(offer(p) for p in _SEATS)
BUILDINGS = tuple(buildings(p) for p in _SEATS)
COINS_OF = tuple(coins(p) for p in _SEATS)
NAMES = tuple(f"Seat {p + 1}" for p in _SEATS)
KINDS = ("farm", "estate", "château")
CAPTIONS = {"farm": "Farm", "estate": "Estate", "château": "Château", "unfinished": "Unfinished"}


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` = spectator); read only."""
    return _Common(s).view(seat)


def views(s: State, seats: Iterable[int | None]) -> list[dict[str, Any]]:
    """The views of several seats, built together; read only."""
    common = _Common(s)
    return [common.view(q) for q in seats]


class _Common:
    """The parts of a state's views that do not depend on the viewer."""

    def __init__(self, s: State) -> None:
        self.s = s
        co = s.card_of
        up = UP
        in_stall = s.step == STALL
        discard = s.discard
        self.zones = {
            DRAW: BLANK["Draw pile", len(s.draw)],
            DISCARD: BLANK["Discard pile", max(0, len(discard) - 4)],
            SHOP: {"cards": [up[c][co[c]] for c in discard[:4]], "label": "Discard (face up)"},
            MARKET: {"cards": [up[c][co[c]] for c in s.market], "label": "Market"},
            ROYAL: ROYAL_ZONES[s.royal][min(s.year, MAX_YEARS + 1)],
        }
        ready = s.ready
        self.hand_sizes = []
        self.others: list[tuple[dict[str, Any], ...]] = []  # hand, offer, stall zones
        self.seats = []
        self.blds: list[list[tuple[tuple, tuple, Building]]] = []
        self.seen_by: list[int] = []  # per seat: bits of every seat that saw a building card
        self.strangers: list[tuple[dict[str, Any], int] | None] = []
        summary = []
        limits = []
        seen = s.seen.__getitem__
        ident = co.__getitem__
        farm = s.farm
        for p in range(s.players):
            n_hand = len(s.hands[p]) + len(s.offers[p])
            st = s.stalls[p]
            if in_stall:
                n_hand += len(st)
                stall_zone = BLANK["Stall", 0]
            elif st:
                stall_zone = {"cards": [up[c][co[c]] for c in st], "label": "Stall"}
            else:
                stall_zone = BLANK["Stall", 0]
            self.hand_sizes.append(n_hand)
            self.others.append((BLANK["Hand", n_hand], BLANK["Set aside", 0], stall_zone))
            c = s.coins[p]
            self.seats.append(
                {
                    "seat": p,
                    "name": NAMES[p],
                    "score": 0,
                    "resources": {"coins": c},
                    "hand": n_hand,
                    "herald": p == s.herald,
                    "ready": bool(ready[p]) if ready else False,
                }
            )
            blds = []
            bsum = []
            seen_by = 0
            chateaux = 0
            for k, b in enumerate(s.buildings[p]):
                bc = b.cards
                masks = tuple(map(seen, bc))
                for m in masks:
                    seen_by |= m
                key = (
                    k,
                    farm,
                    b.address,
                    co[b.address],
                    tuple(bc),
                    tuple(map(ident, bc)),
                    tuple(b.exposed),
                    b.production >= 0,
                )
                blds.append((key, masks, b))
                bsum.append(_part(s, key, b, None)[1])
                chateaux += len(bc) == farm + 2
            self.blds.append(blds)
            self.seen_by.append(seen_by)
            self.strangers.append(None)
            summary.append(bsum)
            limits.append(s.hand_limit + chateaux)
        self.public = _public(s, summary, limits)
        self.to_act = [] if s.over else to_act_of(s)

    def _buildings(self, p: int, seat: int | None) -> tuple[dict[str, Any], int]:
        """Seat ``p``'s buildings zone as ``seat`` sees it, and the points it knows of."""
        mine = p == seat
        bit = 0 if seat is None else 1 << seat
        if not mine and not self.seen_by[p] & bit:  # knows only addresses and exposed cards
            found = self.strangers[p]
            if found is None:
                found = self.strangers[p] = self._zone([(key, b) for key, _, b in self.blds[p]])
            return found
        return self._zone([((*key, mine or masks, bit), b) for key, masks, b in self.blds[p]])

    def _zone(self, keyed: list[tuple[tuple, Building]]) -> tuple[dict[str, Any], int]:
        cards: list[dict[str, Any]] = []
        score = 0
        for key, b in keyed:
            part = _part(self.s, key, b, key[8:])
            cards += part[0]
            score += part[2]
        return {"cards": cards, "label": "Buildings"}, score

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view of one seat."""
        s = self.s
        co = s.card_of
        zones = dict(self.zones)
        seats = []
        for p in range(s.players):
            if p == seat:
                up, down = UP, DOWN
                face = DOWN if s.step == STALL else UP
                zones[HANDS[p]] = {"cards": [up[c][co[c]] for c in s.hands[p]], "label": "Hand"}
                zones[OFFERS[p]] = {
                    "cards": [down[c][co[c]] for c in s.offers[p]],
                    "label": "Set aside",
                }
                zones[STALLS[p]] = (
                    {"cards": [face[c][co[c]] for c in s.stalls[p]], "label": "Stall"}
                    if s.stalls[p]
                    else BLANK["Stall", 0]
                )
            else:
                zones[HANDS[p]], zones[OFFERS[p]], zones[STALLS[p]] = self.others[p]
            zones[BUILDINGS[p]], score = self._buildings(p, seat)
            c = s.coins[p]
            zones[COINS_OF[p]] = (
                COINS[c] if c < len(COINS) else {"cards": [], "label": f"{c} coins"}
            )
            entry = self.seats[p]
            seats.append({**entry, "score": score} if score else entry)
        public = dict(self.public)
        if not s.bids_revealed:
            public["bids"] = [b if p == seat else None for p, b in enumerate(s.bids)]
        public["glory_choice"] = seat is not None and seat in s.glory_queue
        return {
            "game": "aristocracy",
            "viewer": seat,
            "to_act": list(self.to_act),
            "over": s.over,
            "prompt": _prompt(s, seat),
            "seats": seats,
            "zones": zones,
            "public": public,
        }


_PARTS: dict[tuple, tuple[list[dict[str, Any]], dict[str, Any], int]] = {}
_MAX_PARTS = 50_000


def _part(
    s: State, key: tuple, b: Building, knowledge: tuple | None
) -> tuple[list[dict[str, Any]], dict[str, Any], int]:
    """Building ``key[0]`` as a viewer sees it (cached by everything it depends on).

    ``knowledge`` is ``(True, bit)`` for its owner, ``(seen masks, bit)`` for another seat
    with ``bit``, empty or ``None`` for a seat that knows only what lies face up.
    """
    part = _PARTS.get(key)
    if part is None:
        if len(_PARTS) >= _MAX_PARTS:
            _PARTS.clear()
        mine, bit = knowledge if knowledge else (False, 0)
        part = _PARTS[key] = _building(s, key[0], b, mine is True, bit)
    return part


def _building(
    s: State, k: int, b: Building, mine: bool, bit: int
) -> tuple[list[dict[str, Any]], dict[str, Any], int]:
    """Building ``k`` as one viewer sees it: its cards, its summary, its points if known.

    The address card carries the building's caption ("Farm", "Estate ✓" once the viewer
    knows it complete); an exposed card says so; the production card is marked as such.
    """
    co = s.card_of
    farm = s.farm
    n = len(b.cards)
    kind = KINDS[n - farm] if n >= farm else "unfinished"
    addr = b.address
    known, shown = built_table(k, False), built_table(k, True)
    hidden = HIDDEN_BUILT[k] if k < MAX_K else unknown(k, "building")
    all_known = True
    built = []
    for c in b.cards:
        if c in b.exposed:
            built.append(shown[c][co[c]])
        elif mine or s.seen[c] & bit:
            built.append(known[c][co[c]])
        else:
            all_known = False
            built.append(hidden)
    complete = all_known and n >= farm and s.complete(b)
    caption = CAPTIONS[kind] + (" ✓" if complete else "")
    cards = [address_table(k, caption)[addr][co[addr]], *built]
    if b.production >= 0:
        cards.append(PRODUCTION[k] if k < MAX_K else unknown(k, "production"))
    points = POINTS[n - farm] if complete else 0
    summary = {
        "address": UIDS[addr],
        "size": n,
        "kind": kind,
        "exposed": [UIDS[c] for c in b.exposed],
        "production": b.production >= 0,
    }
    return cards, summary, points


def _public(s: State, summary: list[Any], limits: list[int]) -> dict[str, Any]:
    """The facts every seat sees (the viewer's own bid and Glory choice are added later)."""
    uids = UIDS
    step = s.step
    if step == STALL:
        wt: list[int | None] = [None] * s.players
    else:
        co = s.card_of
        wt = [sum([WEIGHT[co[c]] for c in st]) for st in s.stalls]
    return {
        "year": s.year,
        "royal": ROYALS[s.royal],
        "royal_index": s.royal,
        "step": step,
        "herald": s.herald,
        "herald_order": s.order(),
        "active": s.active,
        "actions_left": s.slots,
        "sub": s.sub,
        "sub_building": uids[s.sub_building] if s.sub_building >= 0 else None,
        "sub_owner": s.sub_owner,
        "sub_start": s.sub_start,
        "ready": list(s.ready),
        "bids": list(s.bids),
        "bids_revealed": s.bids_revealed,
        "pick_order": list(s.pick_order),
        "picks": [uids[c] for c in s.picks],
        "price": s.price if step == PICK else 0,
        "eligible": list(s.eligible),
        "acted": list(s.acted),
        "glory_choice": False,
        "stall_weights": wt,
        "buildings": summary,
        "farm_size": s.farm,
        "hand_limit": s.hand_limit,
        "limits": limits,
        "max_years": MAX_YEARS,
        "capped": s.capped,
        "ended_by": s.ended_by,
        "moves": s.moves,
        "players": s.players,
        "bid_step": step == BID,
    }


def _prompt(s: State, seat: int | None) -> str:
    if s.over:
        return "The game is over."
    if seat is None:
        return ""
    if s.step == TAX and not s.ready[seat]:
        return f"Tax: discard down to {s.limit(seat)} cards."
    if s.step == BALL and not s.ready[seat]:
        return "Ball: bring any cards you like, then press Done."
    if s.step == BID and not s.ready[seat]:
        return "Auction: choose your secret bid."
    if s.step == PICK and seat in s.pick_order[len(s.picks) :][:1]:
        return "Auction: pick a market card."
    if s.step == STALL and not s.ready[seat]:
        return "Form your stall (face down), then press Stall ready."
    if s.step == GLORY and not s.ready[seat]:
        return "Glory: end the game now, or play on."
    if s.step == ACTIONS and seat == s.active:
        if s.sub:
            return f"Finish the {s.sub} step."
        return f"Take an action ({s.slots} left)."
    return "Waiting for the other players."
