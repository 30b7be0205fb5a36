"""What a seat sees: the zones (everything but the deck's order, MO11), the prompt and figures.

Who sees which card is the zone table's to say, and the kit derives from it each seat's
cards and what it learns of a card's move.  Written here besides: the figures no zone holds,
and where each field of a state rebuilt from a view comes from (``rebuild``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tabletop.engine import Event
from tabletop.engine.decisions import PLEDGE, to_json
from tabletop.engine.events import QUIET, Text
from tabletop.engine.frozen import EMPTY
from tabletop.engine.rebuild import FromView, Seen
from tabletop.engine.zones import PUBLIC, Zone, Zones, counted_deck
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import BACKS as BACK_OF
from tabletop.games.monarch.data import (
    CARD_IDS,
    CARDS,
    GRID,
    MAX_ROUNDS,
    UIDS,
    catalog,
)
from tabletop.games.monarch.state import (
    BLIGHT,
    DISMISS,
    MonarchState,
    land_zone,
    who,
)

_FACES: dict[tuple[int, str, int], Mapping[str, Any]] = {}


def _face(card: int, token: str = "", value: int = 0) -> Mapping[str, Any]:
    """A visible card, with one token (a land's yield, a '?' card's current crowns)."""
    key = (card, token, value)
    out = _FACES.get(key)
    if out is None:
        out = _FACES[key] = MappingProxyType(
            {
                "uid": UIDS[card],
                "card": CARD_IDS[card],
                "back": BACK_OF[card],
                "face_up": True,
                "tokens": MappingProxyType({token: value}) if token else EMPTY,
                "as": None,
            }
        )
    return out


def _plain(s: MonarchState, owner: int | None, i: int, card: int) -> Mapping[str, Any]:
    return _face(card)


def _land(i: int) -> Zone:
    def cards(s: MonarchState) -> list[int]:
        return s.lands[i]

    def face(s: MonarchState, owner: int | None, k: int, card: int) -> Mapping[str, Any]:
        if k != len(s.lands[i]) - 1:
            return _face(card)
        return _face(card, "food" if fx.kind_of(s, i) == "farm" else "gold", fx.yield_of(s, i))

    def label(s: MonarchState) -> str:
        kind = fx.kind_of(s, i)
        what = "food" if kind == "farm" else "gold"
        return f"{kind.capitalize()} {i + 1}: {fx.yield_of(s, i)} {what}"

    return Zone(land_zone(i), PUBLIC, cards=cards, label=label, face=face)


def _court_face(s: MonarchState, owner: int | None, i: int, card: int) -> Mapping[str, Any]:
    if owner is None or (not CARDS[card].variable and not fx.cancelled(s, owner, CARDS[card])):
        return _face(card)
    return _face(card, "crowns", fx.court_value(s, owner, card))


ZONES = Zones(
    [
        counted_deck("deck"),
        Zone("row", PUBLIC, cards=lambda s: s.row, label="Market row"),
        Zone("moon", PUBLIC, cards=lambda s: s.moon, label="Moon"),
        *(_land(i) for i in range(GRID)),
        Zone("banners", PUBLIC, cards=lambda s: s.pool, label="Banners"),
        Zone(
            "discard",
            PUBLIC,
            cards=lambda s: s.discard,
            label=lambda s: f"Discard pile ({len(s.discard)})",
        ),
        Zone("box", PUBLIC, cards=lambda s: s.box, label=lambda s: f"Box ({len(s.box)})"),
        Zone("p{seat}.court", PUBLIC, True, lambda s, p: s.courts[p], "Court", _court_face),
        Zone("p{seat}.guests", PUBLIC, True, lambda s, p: s.guests[p], "Unwanted guests"),
        Zone("p{seat}.flown", PUBLIC, True, lambda s, p: s.flown[p], "Banners flown"),
    ],
    uid=UIDS.__getitem__,  # filled by catalog(), which set-up calls first
    card_id=CARD_IDS.__getitem__,
    back=BACK_OF.__getitem__,
    face=_plain,  # every zone's but the courts' and the land boards'
)


def move(
    s: MonarchState,
    card: int,
    source: str,
    target: str,
    text: Text,
    events: list[Event],
    moment: bool = False,
) -> None:
    """Record the move of ``card`` (redacted and marked as a reveal by the zone table);
    ``moment``: the table shows it as a moment (a Moon rising), not only a log line."""
    if events is not QUIET:
        event = ZONES.move(s, s.players, card, source, target, text)
        if moment:
            for e in (event, event.redacted):
                if e is not None:
                    e.data["moment"] = True
        events.append(event)


# --- the prompt ----------------------------------------------------------------------------------
def pledge_line(s: MonarchState) -> str:
    """``Invaders at the Border: 8 gold needed, 3 pledged so far.`` while a round is open."""
    for f in reversed(s.stack):
        if f.kind == PLEDGE:
            moon = CARDS[f.data["moon"]]
            res = f.data["resource"]
            return (
                f"{moon.name}: the sisters need {f.data['need']} {res}, "
                f"{f.data['total']} pledged so far."
            )
    return ""


def prompt(s: MonarchState, seat: int | None) -> str:
    """The line shown above the table for ``seat``."""
    if s.over:
        return "The game is over."
    top = s.top
    asked = top.seat
    if top.kind == PLEDGE:
        moon = CARDS[top.data["moon"]]
        head = pledge_line(s)
        if seat == asked:
            return f"{head} {moon.text.removesuffix(' [R]')} Pledge?"
        return f"{head} Waiting for {who(asked)} to pledge."
    if top.step == DISMISS:
        if seat == asked:
            return "You may send one of your Unwanted Guests to the Discard pile."
        return f"{who(asked)} may dismiss an Unwanted Guest."
    if top.step == BLIGHT:
        if seat == asked:
            return "Blight: choose which of the best farms loses its top improvement."
        return f"{who(asked)} chooses the farm the Blight strikes."
    if seat != s.current:
        return f"{who(s.current)} is taking her turn."
    if s.acted:
        return "Buy cards from the Market row, sweep it or fly a banner; press End turn when done."
    return "Press Harvest or Tax, buy cards from the Market row, sweep it or fly a banner; then press End turn."


def describe(s: MonarchState, seat: int | None) -> dict[str, Any]:
    """The prompt, the seats' figures and the public facts no zone holds."""
    return {
        "prompt": prompt(s, seat),
        "seats": [
            {
                "seat": p,
                "name": who(p),
                "score": fx.crowns(s, p),
                "resources": {
                    "food": s.food[p],
                    "gold": s.gold[p],
                    "court": len(s.courts[p]),
                },
            }
            for p in range(s.players)
        ],
        "public": {
            "players": s.players,
            "banners_on": s.banners_on,
            "first": s.first,
            "current": s.current,
            "round": s.round,
            "max_rounds": MAX_ROUNDS,
            "turns": s.turns,
            "acted": s.acted,
            "free_taken": s.free_taken,
            "swapped": s.swapped,
            "flew": s.flew,
            "ended": s.ended,
            "harvest": fx.harvest_food(s),
            "tax": fx.tax_gold(s),
            "villages": fx.villages(s),
            "pledge_text": pledge_line(s) or None,
            "stack": [to_json(f) for f in s.stack],
            "jobs": [j[:] for j in s.jobs],
            "moons": dict(s.moons),
            "crowns": [fx.breakdown(s, p) for p in range(s.players)],
        },
    }


def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """The deck order dealt at random from the unseen cards."""
    size = catalog().size  # (first: catalog() fills UIDS in a process that has not dealt)
    index = {u: i for i, u in enumerate(UIDS)}
    return ZONES.deal(seen.view["zones"], range(size), (), seen.rng, index, ("market",))


# A full state matching a view: the deck order dealt at random from the unseen cards.
rebuild = FromView(
    MonarchState,
    deal=_deal,
    zones={
        "deck": "deck",
        "row": "row",
        "discard": "discard",
        "box": "box",
        "pool": "banners",
        "courts": "p{seat}.court",
        "guests": "p{seat}.guests",
        "flown": "p{seat}.flown",
        "moon": "moon",
    },
    hooks={"lands": lambda seen: [seen.filled[land_zone(i)] for i in range(GRID)]},
    seats={"food": ("resources", "food"), "gold": ("resources", "gold")},
    view={"over": "over"},
)
