"""What a seat sees: the zones (everything but the deck's order), the prompt and figures.

The zone table declares who sees what; the view's cards, the redaction of moves and the
re-deal of ``determinize`` follow from it.  Only what no zone holds is written here, with
the declaration of where a rebuilt state's fields come from (``rebuild``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any

from tabletop.engine import Event
from tabletop.engine.decisions import Frame, turn
from tabletop.engine.decisions import prompt as prompt_frame
from tabletop.engine.events import QUIET, Recorded, Say
from tabletop.engine.frozen import EMPTY
from tabletop.engine.rebuild import FromView, Seen
from tabletop.engine.zones import (
    HIDDEN,
    PUBLIC,
    CardView,
    PlainRoute,
    Zone,
    Zones,
    counted_deck,
    plain_move,
)
from tabletop.games.majesty.data import BACKS as BACK_OF
from tabletop.games.majesty.data import (
    CARD_IDS,
    CHARACTERS,
    INFIRMARY,
    N_LOCATIONS,
    UIDS,
    catalog,
)
from tabletop.games.majesty.state import (
    EXCHANGE,
    HEAL,
    TAKE_STEP,
    MajestyState,
    who,
)

BACKS = {1: "tier1", 2: "tier2"}


@cache
def _faces() -> dict[tuple[int, int, int], Mapping[str, Any]]:
    return {}


FACES_BOUND = 2048  # the card faces kept (card, meeples, location); cleared when full


def _face(card: int, meeples: int = -1, loc: int = -1) -> Mapping[str, Any]:
    """A visible card: on the display with its meeples, or at location ``loc``."""
    key = (card, meeples, loc)
    faces = _faces()
    out = faces.get(key)
    if out is None:
        if len(faces) >= FACES_BOUND:  # (meeples on a display card have no fixed limit)
            faces.clear()
        cat = catalog()
        out = faces[key] = MappingProxyType(
            {
                "uid": cat.uids[card],
                "card": cat.card_ids[card],
                "back": BACKS[cat.tiers[card]],
                "face_up": loc != INFIRMARY,
                "tokens": EMPTY if meeples < 0 else MappingProxyType({"meeples": meeples}),
                "as": CHARACTERS[loc] if 0 <= loc < INFIRMARY else None,
            }
        )
    return out


def _display_face(s: MajestyState, owner: int | None, i: int, card: int) -> Mapping[str, Any]:
    return _face(card, meeples=s.display_meeples[i])


def _display_faces(s: MajestyState, owner: int | None, cards: Sequence[int]) -> Iterable[CardView]:
    return map(_face, cards, s.display_meeples)


class _FaceRow(dict):
    """The faces of the cards at one location, by card (made on first read)."""

    def __init__(self, loc: int) -> None:
        super().__init__()
        self.loc = loc

    def __missing__(self, card: int) -> CardView:
        found = self[card] = _face(card, loc=self.loc)
        return found


class _Labels(dict):
    """The locations' labels by the sides in play."""

    def __missing__(self, sides: str) -> tuple[str, ...]:
        found = self[sides] = _labels(sides)
        return found


_LABELS = _Labels()


def _location(loc: int) -> Zone:
    row = _FaceRow(loc)
    at = row.__getitem__

    def cards(s: MajestyState, seat: int) -> tuple[int, ...]:
        return s.realms[seat][loc]

    def face(s: MajestyState, owner: int | None, i: int, card: int) -> Mapping[str, Any]:
        return row[card]

    def faces(s: MajestyState, owner: int | None, cards: Sequence[int]) -> Iterable[CardView]:
        return map(at, cards)

    def label(s: MajestyState, seat: int) -> str:
        return _LABELS[s.sides][loc]

    return Zone(f"p{{seat}}.loc.{loc + 1}", PUBLIC, True, cards, label, face, faces=faces)


def _worker_face(s: MajestyState, owner: int | None, i: int, card: int) -> Mapping[str, Any]:
    cat = catalog()
    return MappingProxyType(
        {
            "uid": f"w{owner}",
            "card": cat.worker_first if owner == s.first else cat.worker_other,
            "back": "worker",
            "face_up": True,
            "tokens": MappingProxyType({"meeples": s.meeples[owner]}),  # type: ignore[index]
            "as": None,
        }
    )


ZONES = Zones(
    [
        counted_deck("deck"),
        Zone(
            "display",
            PUBLIC,
            cards=lambda s: s.display,
            label="Display",
            face=_display_face,
            faces=_display_faces,
        ),
        *(_location(loc) for loc in range(N_LOCATIONS)),
        # the worker card is no character: one pseudo-card per seat carrying its meeples
        Zone(
            "p{seat}.worker",
            PUBLIC,
            True,
            lambda s, p: (p,),
            "Worker card",
            _worker_face,
            piece=True,
        ),
        Zone("box", HIDDEN, cards=lambda s: s.box, label="Box", shown=False),
        # wounded characters taken out at the end (the view lists them in public.removed)
        Zone("removed", PUBLIC, cards=lambda s: s.removed, label="Removed", shown=False),
    ],
    uid=UIDS.__getitem__,  # filled by catalog(), which set-up calls first
    card_id=CARD_IDS.__getitem__,
    back=BACK_OF.__getitem__,
)


def move(
    s: MajestyState,
    card: int,
    source: str,
    target: str,
    events: list[Event],
    say: Say,
    *told: Any,
    face_up: bool = True,
) -> None:
    """Record the move of ``card`` (redacted and marked as a reveal by the zone table); the
    sentence is ``say(*told)`` (``say`` itself with nothing told), made when read."""
    if events is not QUIET:  # (the zone table's plain route: the same event, made when read)
        key = (s.players, source, target)
        ev = Recorded()
        ev._call = (plain_move, ROUTES.get(key) or route(*key), card, face_up, say, told)
        events.append(ev)


def route(players: int, source: str, target: str) -> PlainRoute:
    """The zone table's plain route from ``source`` to ``target`` (kept): every card move of
    Majesty is seen alike by every seat, so the zones decide its event for any card."""
    found = ZONES.plain_route(players, source, target)
    if found is None:  # (a zone made secret would need ZONES.mover here)
        raise ValueError(f"Majesty's move from {source} to {target} is not plain")
    ROUTES[(players, source, target)] = found
    return found


ROUTES: dict[tuple[int, str, str], PlainRoute] = {}  # (players, source, target) -> route


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
        return "Exchange points and meeples at your Castle, then press Done exchanging."
    if s.pending == HEAL:
        return f"Choose where your healed {cat.names[s.pending_card]} goes."
    return "Take a character from the Display."


def describe(s: MajestyState, seat: int | None) -> dict[str, Any]:
    """The prompt, the seats' figures and the public facts no zone holds (made read-only
    here, so the view need not freeze them again)."""
    cat = catalog()
    uids = cat.uids
    meeples = s.meeples
    scores = s.scores
    pending_card = s.pending_card
    return {
        "prompt": prompt(s, seat),
        "seats": tuple(
            [
                MappingProxyType(
                    {
                        "seat": p,
                        "name": who(p),
                        "score": scores[p],
                        "resources": MappingProxyType({"meeples": meeples[p]}),
                    }
                )
                for p in range(s.players)
            ]
        ),
        "public": MappingProxyType(
            {
                "players": s.players,
                "sides": s.sides,
                "combined": s.combined,
                "first": s.first,
                "current": s.current,
                "turn": s.turn,
                "pending": s.pending,
                "pending_dir": s.pending_dir,
                "pending_card": uids[pending_card] if pending_card >= 0 else None,
                "resolving": s.resolving,
                "box": len(s.box),
                "removed": tuple([uids[c] for c in s.removed]),
                "gains": tuple([MappingProxyType(dict(g)) for g in s.gains]),
                "locations": _frozen_locations(s.sides),
            }
        ),
    }


@cache
def _frozen_locations(sides: str) -> tuple[Mapping[str, Any], ...]:
    return tuple(MappingProxyType(dict(d)) for d in _locations(sides))


_LOC_IDS = [[f"p{p}.loc.{k + 1}" for k in range(N_LOCATIONS)] for p in range(4)]


@cache
def _index(uids: tuple[str, ...]) -> Mapping[str, int]:
    return MappingProxyType({u: i for i, u in enumerate(uids)})


def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """The deck order (per tier) dealt from the unseen cards; what is left lies in the box."""
    cat = catalog()
    index = _index(cat.uids)
    removed = [index[u] for u in seen.public["removed"]]
    zones = seen.view["zones"]
    filled, rest = ZONES.deal(zones, range(cat.size), removed, seen.rng, index, ("tier1", "tier2"))
    return filled, (rest, removed)


def _stack(seen: Seen) -> list[Frame]:
    pub = seen.public
    current = pub["current"]
    stack = [turn(TAKE_STEP, current)]
    if pub["pending"] == EXCHANGE:
        stack.append(prompt_frame(EXCHANGE, current, dir=pub["pending_dir"]))
    elif pub["pending"] == HEAL:
        card = _index(catalog().uids)[pub["pending_card"]]
        stack.append(prompt_frame(HEAL, current, card=card))
    return stack


# A full state matching a view: the deck order (per tier) dealt from unseen cards.
rebuild = FromView(
    MajestyState,
    deal=_deal,
    zones={"deck": "deck", "display": "display"},
    hooks={
        "display_meeples": lambda seen: [
            c["tokens"].get("meeples", 0) for c in seen.view["zones"]["display"]["cards"]
        ],
        "box": lambda seen: sorted(seen.rest[0]["tier1"] + seen.rest[0]["tier2"]),
        "realms": lambda seen: [
            [tuple(seen.filled[zid]) for zid in _LOC_IDS[p]] for p in range(seen.public["players"])
        ],
        "stack": _stack,
        "removed": lambda seen: seen.rest[1],
    },
    seats={"meeples": ("resources", "meeples"), "scores": ("score",)},
    view={"over": "over"},
)
