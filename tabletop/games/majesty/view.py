"""What a seat may see (everything but the order of the face-down deck), and determinize."""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine import Rng
from tabletop.games.majesty.catalog import CHARACTERS, INFIRMARY, N_LOCATIONS, catalog
from tabletop.games.majesty.effects import plural, who
from tabletop.games.majesty.state import EXCHANGE, HEAL, MajestyState

BACKS = {1: "tier1", 2: "tier2"}


def _card(i: int, face_up: bool = True, meeples: int | None = None, as_: int | None = None) -> dict:
    cat = catalog()
    return {
        "uid": cat.uids[i],
        "card": cat.card_ids[i],
        "back": BACKS[cat.tiers[i]],
        "face_up": face_up,
        "tokens": {} if meeples is None else {"meeples": meeples},
        "as": CHARACTERS[as_] if as_ is not None else None,
    }


def _hidden(back: str) -> dict:
    return {"uid": None, "card": None, "back": back, "face_up": False, "tokens": {}, "as": None}


@cache
def _labels(sides: str) -> tuple[str, ...]:
    cat = catalog()
    return tuple(f"{cat.location(i, x).name} ({x})" for i, x in enumerate(sides))


@cache
def _locations(sides: str) -> tuple[dict[str, Any], ...]:
    out = []
    for i, x in enumerate(sides):
        L = catalog().location(i, x)
        out.append(
            {"card": L.card_id, "name": L.name, "side": x, "majority": L.majority, "text": L.text}
        )
    return tuple(out)


def prompt(s: MajestyState, seat: int | None) -> str:
    """The line shown above the table for ``seat``."""
    cat = catalog()
    if s.over:
        return "The game is over."
    if seat != s.current:
        doing = {
            EXCHANGE: "is exchanging at the Castle",
            HEAL: "is choosing where a healed character goes",
        }.get(s.pending, "is choosing a character")
        return f"{who(s.current)} {doing}."
    if s.pending == EXCHANGE:
        return "Exchange points and meeples at your Castle, then press Done."
    if s.pending == HEAL:
        return f"Choose where your healed {cat.names[s.pending_card]} goes."
    return "Take a character from the display."


def build_view(s: MajestyState, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    """The view of ``seat`` (``None`` = spectator)."""
    cat = catalog()
    tiers = cat.tiers
    zones: dict[str, Any] = {
        "deck": {
            "cards": [_hidden(BACKS[tiers[i]]) for i in s.deck],
            "label": f"Deck ({plural(len(s.deck), 'card')})",
        },
        "display": {
            "cards": [
                _card(c, meeples=m) for c, m in zip(s.display, s.display_meeples, strict=True)
            ],
            "label": "Display",
        },
    }
    labels = _labels(s.sides)
    for p in range(s.players):
        for loc in range(N_LOCATIONS):
            inf = loc == INFIRMARY
            zones[f"p{p}.loc.{loc + 1}"] = {
                "cards": [
                    _card(c, face_up=not inf, as_=None if inf else loc) for c in s.realms[p][loc]
                ],
                "label": labels[loc],
            }
        zones[f"p{p}.worker"] = {
            "cards": [
                {
                    "uid": f"w{p}",
                    "card": cat.worker_first if p == s.first else cat.worker_other,
                    "back": "worker",
                    "face_up": True,
                    "tokens": {"meeples": s.meeples[p]},
                    "as": None,
                }
            ],
            "label": "Worker card",
        }
    locations = [dict(d) for d in _locations(s.sides)]
    return {
        "game": "majesty",
        "viewer": seat,
        "to_act": to_act,
        "over": s.over,
        "prompt": prompt(s, seat),
        "seats": [
            {
                "seat": p,
                "name": who(p),
                "score": s.scores[p],
                "resources": {"meeples": s.meeples[p]},
            }
            for p in range(s.players)
        ],
        "zones": zones,
        "public": {
            "players": s.players,
            "sides": s.sides,
            "combined": s.combined,
            "first": s.first,
            "current": s.current,
            "turn": s.turn,
            "pending": s.pending,
            "pending_dir": s.pending_dir,
            "pending_card": cat.uids[s.pending_card] if s.pending_card >= 0 else None,
            "resolving": s.resolving,
            "box": len(s.box),
            "removed": [cat.uids[c] for c in s.removed],
            "gains": [dict(g) for g in s.gains],
            "locations": locations,
        },
    }


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> MajestyState:
    """A full state matching ``view``: the deck order (per tier) sampled from unseen cards."""
    cat = catalog()
    pub = view["public"]
    zones = view["zones"]
    index = {u: i for i, u in enumerate(cat.uids)}
    players = pub["players"]
    seen: set[int] = set()

    def ids(zone: str) -> list[int]:
        out = [index[c["uid"]] for c in zones[zone]["cards"]]
        seen.update(out)
        return out

    display = ids("display")
    display_meeples = [c["tokens"].get("meeples", 0) for c in zones["display"]["cards"]]
    realms = [[ids(f"p{p}.loc.{k + 1}") for k in range(N_LOCATIONS)] for p in range(players)]
    removed = [index[u] for u in pub["removed"]]
    seen.update(removed)
    pools: dict[str, list[int]] = {"tier1": [], "tier2": []}
    for i in range(cat.size):
        if i not in seen:
            pools[BACKS[cat.tiers[i]]].append(i)
    for pool in pools.values():
        rng.shuffle(pool)
    deck = [pools[c["back"]].pop() for c in zones["deck"]["cards"]]
    box = sorted(pools["tier1"] + pools["tier2"])
    return MajestyState(
        players=players,
        rng=rng.fork(),
        sides=pub["sides"],
        combined=pub["combined"],
        deck=deck,
        display=display,
        display_meeples=display_meeples,
        box=box,
        realms=realms,
        meeples=[s["resources"]["meeples"] for s in view["seats"]],
        scores=[s["score"] for s in view["seats"]],
        gains=[dict(g) for g in pub["gains"]],
        first=pub["first"],
        current=pub["current"],
        turn=pub["turn"],
        pending=pub["pending"],
        pending_dir=pub["pending_dir"],
        pending_card=index[pub["pending_card"]] if pub["pending_card"] else -1,
        resolving=pub["resolving"],
        removed=removed,
        over=view["over"],
    )
