"""What one seat may see: zones of cards (hidden ones without identity) and public facts."""

from __future__ import annotations

from typing import Any

from tabletop.games.aristocracy.cards import UIDS, WEIGHT
from tabletop.games.aristocracy.scoring import POINTS
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    GLORY,
    MAX_YEARS,
    PICK,
    ROYAL_IDS,
    ROYALS,
    STALL,
    TAX,
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

BACK = "blue"
_SEATS = range(8)
HANDS = tuple(hand(p) for p in _SEATS)
STALLS = tuple(stall(p) for p in _SEATS)
OFFERS = tuple(offer(p) for p in _SEATS)
BUILDINGS = tuple(buildings(p) for p in _SEATS)
COINS = tuple(coins(p) for p in _SEATS)
NAMES = tuple(f"Seat {p + 1}" for p in _SEATS)
KINDS = ("farm", "estate", "château")


def _card(s: State, c: int, shown: bool, face_up: bool, tokens: dict[str, Any] | None = None):
    return {
        "uid": f"c{c}" if shown else None,
        "card": s.card_of[c] if shown else None,
        "back": BACK,
        "face_up": face_up,
        "tokens": tokens or {},
        "as": None,
    }


_HIDDEN: dict[str, Any] = {
    "uid": None,
    "card": None,
    "back": BACK,
    "face_up": False,
    "tokens": {},
    "as": None,
}


def _hidden(n: int) -> list[dict[str, Any]]:
    """``n`` hidden cards; they share one read-only dict (views are never mutated)."""
    return [_HIDDEN] * n


def public_hand_size(s: State, p: int) -> int:
    """Cards a seat holds as others see it (secret commits still count as in hand)."""
    n = len(s.hands[p]) + len(s.offers[p])
    if s.step == STALL:
        n += len(s.stalls[p])
    return n


def knows(s: State, viewer: int | None, owner: int, c: int) -> bool:
    """Whether ``viewer`` knows the face-down building card ``c`` of ``owner``."""
    return viewer is not None and (viewer == owner or bool(s.seen[c] >> viewer & 1))


def known_score(s: State, viewer: int | None, p: int) -> int:
    """Points of ``p``'s buildings that ``viewer`` knows to be complete."""
    total = 0
    for b in s.buildings[p]:
        if len(b.cards) < s.farm:
            continue
        if all(c in b.exposed or knows(s, viewer, p, c) for c in b.cards) and s.complete(b):
            total += POINTS[s.kind(b)]
    return total


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


# Card dicts are immutable in practice (views are read only), so identical ones are shared
# between views: built once, then found by key.
_CARDS: dict[tuple, dict[str, Any]] = {}
_MAX_CARDS = 200_000


def _shared(key: tuple, make: Any, *args: Any) -> dict[str, Any]:
    """The cached card dict for ``key`` (built by ``make(*args)`` the first time)."""
    d = _CARDS.get(key)
    if d is None:
        if len(_CARDS) >= _MAX_CARDS:
            _CARDS.clear()
        d = _CARDS[key] = make(*args)
    return d


def _plain(c: int, cid: str, face_up: bool) -> dict[str, Any]:
    """A visible card without tokens (market, shop, hand, stall, offer)."""
    d = _CARDS.get((c, cid, face_up))
    if d is None:
        if len(_CARDS) >= _MAX_CARDS:
            _CARDS.clear()
        d = _CARDS[(c, cid, face_up)] = {
            "uid": UIDS[c],
            "card": cid,
            "back": BACK,
            "face_up": face_up,
            "tokens": {},
            "as": None,
        }
    return d


def _address(c: int, co: list[str], k: int, kind: str) -> dict[str, Any]:
    tokens = {"building": k, "role": "address", "kind": kind}
    return {
        "uid": UIDS[c],
        "card": co[c],
        "back": BACK,
        "face_up": True,
        "tokens": tokens,
        "as": None,
    }


def _built(c: int, co: list[str], k: int, exp: bool) -> dict[str, Any]:
    """A building card of building ``k`` (``c`` = -1: hidden)."""
    tokens = {"building": k, "role": "building", "exposed": exp}
    if c < 0:
        return {
            "uid": None,
            "card": None,
            "back": BACK,
            "face_up": False,
            "tokens": tokens,
            "as": None,
        }
    return {
        "uid": UIDS[c],
        "card": co[c],
        "back": BACK,
        "face_up": exp,
        "tokens": tokens,
        "as": None,
    }


def _production(k: int) -> dict[str, Any]:
    tokens = {"building": k, "role": "production"}
    return {"uid": None, "card": None, "back": BACK, "face_up": False, "tokens": tokens, "as": None}


_HIDDEN_BUILT = tuple(_built(-1, [], k, False) for k in range(40))
_PRODUCTION = tuple(_production(k) for k in range(40))


_ROYAL_CARDS = tuple(
    {"uid": "royal", "card": ROYAL_IDS[r], "back": BACK, "face_up": True, "tokens": {}, "as": name}
    for r, name in enumerate(ROYALS)
)


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` = spectator); card dicts may be shared: read only."""
    co = s.card_of
    uids = UIDS
    step = s.step
    in_stall = step == STALL
    discard = s.discard
    zones: dict[str, dict[str, Any]] = {
        DRAW: {"cards": [_HIDDEN] * len(s.draw), "label": "Draw pile"},
        DISCARD: {"cards": [_HIDDEN] * max(0, len(discard) - 4), "label": "Discard pile"},
        SHOP: {
            "cards": [_plain(c, co[c], True) for c in discard[:4]],
            "label": "Discard (face up)",
        },
        MARKET: {
            "cards": [_plain(c, co[c], True) for c in s.market],
            "label": "Market",
        },
        ROYAL: {"cards": [_ROYAL_CARDS[s.royal]], "label": f"Year {s.year}: {ROYALS[s.royal]}"},
    }
    seats = []
    summary = []
    bit = 0 if seat is None else 1 << seat
    seen = s.seen
    farm = s.farm
    big = farm + 2
    ready = s.ready
    hands, stalls, offers = s.hands, s.stalls, s.offers
    limits = []
    for p in range(s.players):
        mine = p == seat
        hand_p = hands[p]
        n_hand = len(hand_p) + len(offers[p])
        if in_stall:
            n_hand += len(stalls[p])
        if mine:
            zones[HANDS[p]] = {
                "cards": [_plain(c, co[c], True) for c in hand_p],
                "label": "Hand",
            }
            zones[OFFERS[p]] = {
                "cards": [_plain(c, co[c], False) for c in offers[p]],
                "label": "Set aside",
            }
        else:
            zones[HANDS[p]] = {"cards": [_HIDDEN] * n_hand, "label": "Hand"}
            zones[OFFERS[p]] = {"cards": [], "label": "Set aside"}
        if in_stall and not mine:
            zones[STALLS[p]] = {"cards": [], "label": "Stall"}
        else:
            face = not in_stall
            zones[STALLS[p]] = {
                "cards": [_plain(c, co[c], face) for c in stalls[p]],
                "label": "Stall",
            }
        cards = []
        bsum = []
        score = 0
        chateaux = 0
        for k, b in enumerate(s.buildings[p]):
            n = len(b.cards)
            kind = KINDS[n - farm] if n >= farm else "unfinished"
            chateaux += n == big
            addr = b.address
            cards.append(_shared(("a", addr, co[addr], k, kind), _address, addr, co, k, kind))
            all_known = True
            exposed = b.exposed
            for c in b.cards:
                exp = c in exposed if exposed else False
                if exp or mine or seen[c] & bit:
                    cards.append(_shared(("b", c, co[c], k, exp), _built, c, co, k, exp))
                else:
                    all_known = False
                    cards.append(
                        _HIDDEN_BUILT[k] if k < len(_HIDDEN_BUILT) else _built(-1, co, k, False)
                    )
            if all_known and n >= farm and s.complete(b):
                score += POINTS[n - farm]
            if b.production >= 0:
                cards.append(_PRODUCTION[k] if k < len(_PRODUCTION) else _production(k))
            bsum.append(
                {
                    "address": uids[addr],
                    "size": n,
                    "kind": kind,
                    "exposed": [uids[c] for c in exposed],
                    "production": b.production >= 0,
                }
            )
        limits.append(s.hand_limit + chateaux)
        zones[BUILDINGS[p]] = {"cards": cards, "label": "Buildings"}
        zones[COINS[p]] = {"cards": [], "label": f"{s.coins[p]} coins"}
        summary.append(bsum)
        seats.append(
            {
                "seat": p,
                "name": NAMES[p],
                "score": score,
                "resources": {"coins": s.coins[p]},
                "hand": n_hand,
                "herald": p == s.herald,
                "ready": bool(ready[p]) if ready else False,
            }
        )
    revealed = s.bids_revealed
    weight, wt = WEIGHT, None
    if not in_stall:
        wt = [sum([weight[co[c]] for c in st]) for st in stalls]
    public = {
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
        "ready": list(ready),
        "bids": [b if (revealed or p == seat) else None for p, b in enumerate(s.bids)],
        "bids_revealed": revealed,
        "pick_order": list(s.pick_order),
        "picks": [uids[c] for c in s.picks],
        "price": s.price if step == PICK else 0,
        "eligible": list(s.eligible),
        "acted": list(s.acted),
        "glory_choice": seat is not None and seat in s.glory_queue,
        "stall_weights": [None] * s.players if wt is None else wt,
        "buildings": summary,
        "farm_size": farm,
        "hand_limit": s.hand_limit,
        "limits": limits,
        "max_years": MAX_YEARS,
        "capped": s.capped,
        "ended_by": s.ended_by,
        "moves": s.moves,
        "players": s.players,
        "bid_step": step == BID,
    }
    return {
        "game": "aristocracy",
        "viewer": seat,
        "to_act": [] if s.over else to_act_of(s),
        "over": s.over,
        "prompt": _prompt(s, seat),
        "seats": seats,
        "zones": zones,
        "public": public,
    }
