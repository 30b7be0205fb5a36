"""What one seat may see: zones of cards (hidden ones without identity) and public facts."""

from __future__ import annotations

from typing import Any

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


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` = spectator)."""
    zones: dict[str, dict[str, Any]] = {
        DRAW: {"cards": _hidden(len(s.draw)), "label": "Draw pile"},
        DISCARD: {"cards": _hidden(max(0, len(s.discard) - 4)), "label": "Discard pile"},
        SHOP: {"cards": [_card(s, c, True, True) for c in s.shop()], "label": "Discard (face up)"},
        MARKET: {"cards": [_card(s, c, True, True) for c in s.market], "label": "Market"},
        ROYAL: {
            "cards": [
                {
                    "uid": "royal",
                    "card": ROYAL_IDS[s.royal],
                    "back": BACK,
                    "face_up": True,
                    "tokens": {},
                    "as": ROYALS[s.royal],
                }
            ],
            "label": f"Year {s.year}: {ROYALS[s.royal]}",
        },
    }
    seats = []
    summary = []
    co = s.card_of
    bit = 0 if seat is None else 1 << seat
    for p in range(s.players):
        mine = p == seat
        if mine:
            zones[hand(p)] = {
                "cards": [
                    {
                        "uid": f"c{c}",
                        "card": co[c],
                        "back": BACK,
                        "face_up": True,
                        "tokens": {},
                        "as": None,
                    }
                    for c in s.hands[p]
                ],
                "label": "Hand",
            }
            zones[offer(p)] = {
                "cards": [_card(s, c, True, False) for c in s.offers[p]],
                "label": "Set aside",
            }
        else:
            zones[hand(p)] = {"cards": _hidden(public_hand_size(s, p)), "label": "Hand"}
            zones[offer(p)] = {"cards": [], "label": "Set aside"}
        if s.step == STALL and not mine:
            zones[stall(p)] = {"cards": [], "label": "Stall"}
        else:
            face = s.step != STALL
            zones[stall(p)] = {
                "cards": [_card(s, c, True, face) for c in s.stalls[p]],
                "label": "Stall",
            }
        cards = []
        bsum = []
        score = 0
        for k, b in enumerate(s.buildings[p]):
            n = len(b.cards)
            kind = KINDS[n - s.farm] if n >= s.farm else "unfinished"
            cards.append(
                _card(s, b.address, True, True, {"building": k, "role": "address", "kind": kind})
            )
            all_known = True
            for c in b.cards:
                exp = c in b.exposed
                shown = exp or mine or bool(s.seen[c] & bit)
                all_known = all_known and shown
                cards.append(
                    {
                        "uid": f"c{c}" if shown else None,
                        "card": co[c] if shown else None,
                        "back": BACK,
                        "face_up": exp,
                        "tokens": {"building": k, "role": "building", "exposed": exp},
                        "as": None,
                    }
                )
            if all_known and n >= s.farm and s.complete(b):
                score += POINTS[n - s.farm]
            if b.production >= 0:
                cards.append(
                    {
                        "uid": None,
                        "card": None,
                        "back": BACK,
                        "face_up": False,
                        "tokens": {"building": k, "role": "production"},
                        "as": None,
                    }
                )
            bsum.append(
                {
                    "address": f"c{b.address}",
                    "size": n,
                    "kind": kind,
                    "exposed": [f"c{c}" for c in b.exposed],
                    "production": b.production >= 0,
                }
            )
        zones[buildings(p)] = {"cards": cards, "label": "Buildings"}
        zones[coins(p)] = {"cards": [], "label": f"{s.coins[p]} coins"}
        summary.append(bsum)
        seats.append(
            {
                "seat": p,
                "name": f"Seat {p + 1}",
                "score": score,
                "resources": {"coins": s.coins[p]},
                "hand": public_hand_size(s, p),
                "herald": p == s.herald,
                "ready": bool(s.ready[p]) if s.ready else False,
            }
        )
    revealed = s.bids_revealed
    public = {
        "year": s.year,
        "royal": ROYALS[s.royal],
        "royal_index": s.royal,
        "step": s.step,
        "herald": s.herald,
        "herald_order": s.order(),
        "active": s.active,
        "actions_left": s.slots,
        "sub": s.sub,
        "sub_building": f"c{s.sub_building}" if s.sub_building >= 0 else None,
        "sub_owner": s.sub_owner,
        "sub_start": s.sub_start,
        "ready": list(s.ready),
        "bids": [b if (revealed or p == seat) else None for p, b in enumerate(s.bids)],
        "bids_revealed": revealed,
        "pick_order": list(s.pick_order),
        "picks": [f"c{c}" for c in s.picks],
        "price": s.price if s.step == PICK else 0,
        "eligible": list(s.eligible),
        "acted": list(s.acted),
        "glory_choice": seat is not None and seat in s.glory_queue,
        "stall_weights": [
            None if s.step == STALL else sum(s.weight(c) for c in st) for st in s.stalls
        ],
        "buildings": summary,
        "farm_size": s.farm,
        "hand_limit": s.hand_limit,
        "limits": [s.limit(p) for p in range(s.players)],
        "max_years": MAX_YEARS,
        "capped": s.capped,
        "ended_by": s.ended_by,
        "moves": s.moves,
        "players": s.players,
        "bid_step": s.step == BID,
    }
    to_act = [] if s.over else to_act_of(s)
    return {
        "game": "aristocracy",
        "viewer": seat,
        "to_act": to_act,
        "over": s.over,
        "prompt": _prompt(s, seat),
        "seats": seats,
        "zones": zones,
        "public": public,
    }
