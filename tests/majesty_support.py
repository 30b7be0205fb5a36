"""Helpers for the Majesty tests: hand-built positions and invariant checks."""

from __future__ import annotations

import json
import re
from typing import Any

from tabletop.engine import Action, Event
from tabletop.engine.events import POINTS
from tabletop.engine.frozen import thaw
from tabletop.games.majesty import GAME
from tabletop.games.majesty.data import CHARACTERS, INFIRMARY, catalog
from tabletop.games.majesty.setup import empty_gains
from tabletop.games.majesty.state import MajestyState

CAT = catalog()
LOC = {name: i for i, name in enumerate(CHARACTERS)} | {"infirmary": INFIRMARY}


def base_id(card: int) -> str:
    """``miller-t1`` → ``miller``."""
    return CAT.card_ids[card].rsplit("-t", 1)[0]


def build(
    players: int = 2,
    sides: str = "A",
    realms: dict[int, dict[str, list[str]]] | None = None,
    display: list[str] | None = None,
    display_meeples: list[int] | None = None,
    meeples: list[int] | None = None,
    scores: list[int] | None = None,
    current: int = 0,
) -> MajestyState:
    """A position from a description.

    ``realms[seat][location] = [card, ...]`` where location is a character name (its home)
    or ``"infirmary"`` and a card is a base id (``miller``, ``miller-brewer``); cards are
    listed bottom to top.  ``sides`` is one letter for all locations or eight letters.
    Every card not named goes into the deck, so all 60 stay accounted for.
    """
    layout = sides * 8 if len(sides) == 1 else sides
    s = GAME.new_game(players, 1, {"sides": "mixed", "layout": layout})
    pool = list(range(CAT.size))

    def grab(spec: str) -> int:
        for i in pool:
            if base_id(i) == spec:
                pool.remove(i)
                return i
        raise ValueError(f"no card {spec!r} left")

    s.realms = [[()] * 8 for _ in range(players)]
    for seat, locs in (realms or {}).items():
        for loc, specs in locs.items():
            s.realms[seat][LOC[loc]] = tuple(grab(x) for x in specs)
    s.display = [grab(x) for x in display or []]
    s.display_meeples = list(display_meeples or [0] * len(s.display))
    s.deck = pool
    s.box = []
    s.meeples = list(meeples or [5] * players)
    s.scores = list(scores or [0] * players)
    s.gains = [empty_gains() for _ in range(players)]
    for p in range(players):
        s.gains[p]["mill"] = s.scores[p]  # keep "score == sum of gains" for built positions
    s.current = current
    s.first = 0
    return s


def act(s: MajestyState, name: str, **args: Any) -> list[Event]:
    """Apply the legal action with this name and args for the active seat."""
    seat = GAME.to_act(s)[0]
    want = Action.make(name, **args)
    for a in GAME.legal_actions(s, seat):
        if a == want:
            return GAME.apply(s, seat, a)
    raise AssertionError(f"{want.key} is not legal: {GAME.why_illegal(s, seat, want)}")


def take(s: MajestyState, slot: int, character: str) -> list[Event]:
    """Take display card ``slot`` as ``character``."""
    return act(s, "take", slot=slot, character=character, card=CAT.uids[s.display[slot]])


def points(events: list[Event], seat: int, reason: str | None = None) -> int:
    """Sum of POINTS deltas for ``seat`` (optionally one reason)."""
    return sum(
        e.data["delta"]
        for e in events
        if e.kind == POINTS and e.data["seat"] == seat and reason in (None, e.data["reason"])
    )


def names_at(s: MajestyState, seat: int, loc: str) -> list[str]:
    """Base ids of the cards at a location, bottom to top."""
    return [base_id(c) for c in s.realms[seat][LOC[loc]]]


def all_cards(s: MajestyState) -> list[int]:
    """Every character card in every place (each must appear exactly once)."""
    out = s.deck + s.display + s.box + s.removed
    for realm in s.realms:
        for loc in realm:
            out += loc
    return out


def hidden_uids(s: MajestyState) -> set[str]:
    """Uids of face-down cards in the deck and the box."""
    return {CAT.uids[c] for c in s.deck + s.box}


_UID = re.compile(r'"(c\d+)"')
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def strings_in(obj: Any) -> set[str]:
    """Every string (keys and values) anywhere in a JSON-like object."""
    return set(_QUOTED.findall(json.dumps(thaw(obj))))


def leaked(view: dict[str, Any], hidden: set[str]) -> set[str]:
    """The hidden uids that occur anywhere in the view's JSON text (as whole strings)."""
    return hidden & set(_UID.findall(json.dumps(thaw(view))))


def json_round_trip(s: MajestyState) -> MajestyState:
    """The state through JSON text and back."""
    return GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
