"""What one seat may see, and a full state consistent with it (for the AI)."""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine import Rng
from tabletop.games.your_majesty.catalog import MUSES, catalog
from tabletop.games.your_majesty.legal import to_act
from tabletop.games.your_majesty.rules import base_difficulty, salon_capacity, sophia
from tabletop.games.your_majesty.scoring import max_hand, prestige, target, wealth
from tabletop.games.your_majesty.state import (
    LIST_FIELDS,
    Court,
    Pending,
    Salon,
    YMState,
    fields_copied,
    restore,
)

# Views are read only, so every card dict is built once and shared by every view that
# shows that card (as the other games do): a face-up card by its index, a hidden card.
HIDDEN_ACTION = {
    "uid": None,
    "card": None,
    "back": "action",
    "face_up": False,
    "tokens": {},
    "as": None,
}
HIDDEN_PHIL = {**HIDDEN_ACTION, "back": "philosophe"}


@cache
def _templates() -> dict[str, tuple[dict[str, Any], ...]]:
    """The face-up card dicts of each kind of card ('a', 'p', 'c', 'r') by index."""
    cat = catalog()
    tables = {"a": cat.actions, "p": cat.phils, "c": cat.colonies, "r": cat.reforms}
    backs = {"a": "action", "p": "philosophe", "c": "colony", "r": "reform"}
    return {
        k: tuple(
            {
                "uid": f"{k}{n}",
                "card": x.id,
                "back": backs[k],
                "face_up": True,
                "as": None,
                "tokens": {},
            }
            for n, x in enumerate(table)
        )
        for k, table in tables.items()
    }


def _card(kind: str, i: int) -> dict[str, Any]:
    return _templates()[kind][i]


def _cards(kind: str, items: list[int]) -> list[dict[str, Any]]:
    return list(map(_templates()[kind].__getitem__, items)) if items else []


def _hidden(template: dict[str, Any], n: int) -> list[dict[str, Any]]:
    return [template] * n


@cache
def _seat_zones(seat: int) -> tuple[str, ...]:
    """The ids of a seat's zones: hand, court, the muse columns, then the rest."""
    return tuple(f"p{seat}.{name}" for name in _SEAT_ZONES)


_SEAT_ZONES = ("hand", "court", *MUSES, "colonies", "reforms", "scandals", "events")
_MUSE_LABELS = tuple(m.capitalize() for m in MUSES)


@cache
def _muse_index() -> tuple[int, ...]:
    """The position in :data:`MUSES` of each philosophe's muse."""
    return tuple(MUSES.index(m) for m in catalog().phil_muse)


def _zone(label: str, cards: list[dict[str, Any]]) -> dict[str, Any]:
    return {"cards": cards, "label": label}


def hand_cards(s: YMState, owner: int, seat: int | None) -> list[dict[str, Any]]:
    """The cards of ``owner``'s hand as ``seat`` sees them (its own, or a hand it spies on)."""
    p = s.pending
    if owner == seat or (
        p is not None and p.kind == "espionage" and p.seat == seat and p.target == owner
    ):
        return _cards("a", s.hands[owner])
    return _hidden(HIDDEN_ACTION, len(s.hands[owner]))


def salon_chance(soph: int, base: int, faux_pas: bool) -> float:
    """Probability that a salon succeeds, for a uniform randomizer 1–6."""
    wins = sum(1 for r in range(1, 7) if soph > base + r and not (faux_pas and r == 6))
    return wins / 6


def view(s: YMState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` = spectator), shaped as Game.view describes."""
    cat = catalog()
    zones: dict[str, Any] = {}
    sal = s.salon
    in_salon = sal.attendees if sal else ()
    muse_of, phil_cards = _muse_index(), _templates()["p"]
    for i in range(s.players):
        court = s.courts[i]
        hand, seat_court, *columns, colonies, reforms, scandals, events = _seat_zones(i)
        zones[hand] = _zone(f"Hand of {s.names[i]}", hand_cards(s, i, seat))
        zones[seat_court] = _zone(s.names[i], [])
        by_muse: list[list[dict[str, Any]]] = [[], [], [], [], []]
        for p in court.phils:
            if p not in in_salon:
                by_muse[muse_of[p]].append(phil_cards[p])
        for zone_id, label, cards in zip(columns, _MUSE_LABELS, by_muse, strict=True):
            zones[zone_id] = {"cards": cards, "label": label}
        zones[colonies] = _zone("Colonies", _cards("c", court.colonies))
        zones[reforms] = _zone("Reforms", _cards("r", court.reforms))
        zones[scandals] = _zone("Scandals", _cards("a", court.scandals))
        zones[events] = _zone("Events in force", _cards("a", court.despot + court.lingering))
    zones["unclaimed_colonies"] = _zone("Unclaimed colonies", _cards("c", s.colonies))
    zones["unclaimed_reforms"] = _zone("Unclaimed reforms", _cards("r", s.reforms))
    zones["salon"] = _zone(
        "Salon",
        ([_card("r", sal.reform), *_cards("p", sal.attendees)]) if sal else [],
    )
    zones["play"] = _zone("In play", _cards("a", s.in_play))
    zones["set_aside"] = _zone("Set aside", [] if s.reshuffle_in else [_card("a", cat.reshuffle)])
    zones["removed"] = _zone(
        "Out of the game",
        _cards("c", s.colonies_removed)
        + _cards("p", s.dead)
        + _hidden(HIDDEN_PHIL, len(s.phil_removed)),
    )
    zones["action_deck"] = _zone("Action deck", _hidden(HIDDEN_ACTION, len(s.deck)))
    zones["action_discard"] = _zone("Action discards", _cards("a", s.discard))
    zones["phil_deck"] = _zone("Philosophes", _hidden(HIDDEN_PHIL, len(s.phil_deck)))
    zones["phil_discard"] = _zone("Philosophe discards", _cards("p", s.phil_discard))
    seats = [
        {
            "seat": i,
            "name": s.names[i],
            "score": prestige(s, i),
            "resources": {
                "wealth": wealth(s, i),
                "hand": len(s.hands[i]),
                "max_hand": max_hand(s, i),
                "scandals": len(s.courts[i].scandals),
                "philosophes": len(s.courts[i].phils),
            },
        }
        for i in range(s.players)
    ]
    public: dict[str, Any] = {
        "active": s.active,
        "round": s.round,
        "actions_used": list(s.used),
        "win_target": target(s),
        "end_reason": s.end_reason,
        "last_salon": list(s.last_salon),
        "reconstruction": True,
        "state": redacted_state(s, seat),
    }
    if sal is not None:
        soph, base = sophia(s), base_difficulty(s)
        public["salon"] = {
            "host": sal.host,
            "reform": f"r{sal.reform}",
            "attendees": [f"p{p}" for p in sal.attendees],
            "sophia": soph,
            "difficulty_before_draw": base,
            "capacity": salon_capacity(s),
            "chance": salon_chance(soph, base, bool(s.options.get("faux_pas"))),
        }
    return {
        "game": "your_majesty",
        "viewer": seat,
        "to_act": to_act(s),
        "over": s.over,
        "winners": list(s.winners),
        "prompt": prompt(s, seat),
        "seats": seats,
        "zones": zones,
        "public": public,
    }


def _pron(p: int) -> str:
    return "her" if catalog().phils[p].gender == "f" else "him"


def prompt(s: YMState, seat: int | None) -> str:
    """The sentence telling ``seat`` what is expected of it now."""
    cat = catalog()
    if s.over:
        names = " and ".join(s.names[w] for w in s.winners)
        return f"The game is over. Winner{'s' if len(s.winners) > 1 else ''}: {names}."
    who = to_act(s)[0]
    if seat != who:
        return f"Waiting for {s.names[who]}."
    p = s.pending
    actor = s.names[s.active]
    if p is None and s.salon is not None:
        soph, base = sophia(s), base_difficulty(s)
        return (
            f"Your salon for {cat.reforms[s.salon.reform].name}: sophia {soph}, difficulty "
            f"{base} + randomizer. Drag philosophes in (up to {salon_capacity(s)}), then hold it."
        )
    if p is None:
        left = 2 - len(s.used)
        return f"Your turn: up to {left} more action{'s' if left > 1 else ''}, each of a different kind."
    if p.kind == "pay":
        what = cat.colonies[p.target].name if p.purpose == "colony" else "your salon"
        return f"Pay for {what}: drag a card from your hand to the discard pile."
    if p.kind == "lend":
        name = cat.phils[p.target].name
        return f"The salon of {actor} asks for {name}. Lend {_pron(p.target)}?"
    if p.kind == "defend":
        return f"{actor} campaigns against your {cat.colonies[p.target].name}. Answer with a campaign, or let it go?"
    if p.kind == "block":
        return f"{actor} stirs a rebellion in your {cat.colonies[p.target].name}. Answer with a campaign, or let it go?"
    if p.kind == "cancel_place":
        name = cat.phils[p.target].name
        return f"{actor} offers {name} a place at court. Stop it with your own A Place at Court, or allow it?"
    return f"Take up to {3 - p.taken} cards from the hand of {s.names[p.target]}, then press Done."


def _plain(obj: Any) -> Any:
    """A court, pending decision or salon as a dict (``None`` stays ``None``)."""
    return None if obj is None else fields_copied(obj)


_SPECIAL = ("rng", "deck", "phil_deck", "phil_removed", "hands", "courts", "options")
_COPIED = tuple(k for k in LIST_FIELDS[YMState] if k not in _SPECIAL)


def redacted_state(s: YMState, seat: int | None) -> dict[str, Any]:
    """The state as plain data with everything ``seat`` may not see replaced by counts."""
    d = s.__dict__.copy()
    for k in _SPECIAL:
        del d[k]
    for k in _COPIED:
        d[k] = d[k][:]
    d["options"] = dict(s.options)
    d["courts"] = [_plain(c) for c in s.courts]
    d["pending"] = _plain(s.pending)
    d["salon"] = _plain(s.salon)
    d["deck"] = len(s.deck)
    d["phil_deck"] = len(s.phil_deck)
    d["phil_removed"] = len(s.phil_removed)
    p = s.pending
    spy = p.target if (p is not None and p.kind == "espionage" and p.seat == seat) else -1
    d["hands"] = [list(h) if i in (seat, spy) else len(h) for i, h in enumerate(s.hands)]
    return d


def determinize(v: dict[str, Any], seat: int, rng: Rng) -> YMState:
    """A full state consistent with the view: unseen cards dealt at random."""
    cat = catalog()
    d = v["public"]["state"]
    hands = d["hands"]
    courts = d["courts"]
    known_a: set[int] = {*d["discard"], *d["in_play"]}
    for h in hands:
        if isinstance(h, list):
            known_a.update(h)
    for c in courts:
        known_a.update(c["scandals"], c["lingering"], c["despot"])
    resh = cat.reshuffle
    pool = [a for a in range(len(cat.actions)) if a not in known_a and a != resh]
    rng.shuffle(pool)
    new_hands = [list(h) if isinstance(h, list) else [pool.pop() for _ in range(h)] for h in hands]
    deck = pool + ([resh] if d["reshuffle_in"] else [])
    rng.shuffle(deck)
    known_p: set[int] = {*d["phil_discard"], *d["dead"]}
    for c in courts:
        known_p.update(c["phils"])
    ppool = [p for p in range(len(cat.phils)) if p not in known_p]
    rng.shuffle(ppool)
    removed = [ppool.pop() for _ in range(d["phil_removed"])]
    new = {**d, "hands": new_hands, "deck": deck, "phil_deck": ppool, "phil_removed": removed}
    t: YMState = restore(YMState, {**new, "rng": None})
    t.rng = Rng(rng.next64())
    t.options = dict(d["options"])
    t.courts = [restore(Court, c) for c in courts]
    t.pending = None if d["pending"] is None else restore(Pending, d["pending"])
    t.salon = None if d["salon"] is None else restore(Salon, d["salon"])
    return t
