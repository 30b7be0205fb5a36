"""Buildings as one viewer sees them: who knows each card lying in a building, the cards of
a seat's buildings for one viewer (captioned by what it knows), the points it knows they
earn, and the public summary of a building.

An address and an exposed card are everyone's, a production card nobody's, a building
card its owner's and every visitor's who inspected it; a complete building is turned up
for everyone at the end (the rulebook's Scoring).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from tabletop.engine.zones import EVERYBODY
from tabletop.games.aristocracy.data import POINTS, UIDS
from tabletop.games.aristocracy.faces import CardView, address, built, unknown
from tabletop.games.aristocracy.state import Building, State, deal_of

KINDS = ("farm", "estate", "château")
CAPTIONS = {"farm": "Farm", "estate": "Estate", "château": "Château", "unfinished": "Unfinished"}


def building_seen(s: State, card: int) -> int:
    """The seats that know a card lying in a building: everyone its address or an exposed
    card, nobody a production card, else its owner and the visitors who inspected it."""
    for owner, bs in enumerate(s.buildings):
        for b in bs:
            if card == b.address or card in b.exposed:
                return EVERYBODY
            if card == b.production:
                return 0
            if card in b.cards:
                return EVERYBODY if revealed(s, b) else s.seen[card] | 1 << owner
    return s.seen[card]


def revealed(s: State, b: Building) -> bool:
    """Whether building ``b`` lies open to everyone: at the end, every player turns up the
    cards of each building it completed to score it (the rulebook's Scoring)."""
    return s.over and len(b.cards) >= s.farm and s.complete(b)


def building_cards(s: State, seat: int) -> Sequence[int]:
    """Each building in turn: its address, its building cards, its production card."""
    bs = s.buildings[seat]
    if not bs:
        return ()
    out: list[int] = []
    for b in bs:
        out.append(b.address)
        out += b.cards
        if b.production >= 0:
            out.append(b.production)
    return out


_MAX_PARTS = 50_000


def seat_buildings(s: State, p: int, viewer: int | None) -> tuple[tuple[CardView, ...], int]:
    """Seat ``p``'s buildings as ``viewer`` sees them, and the points it knows they earn.

    The parts are cached on the state's deal (never in a module-level table, which would
    remember the cards of the real deal for anyone to read)."""
    mine = p == viewer
    bit = 0 if viewer is None else 1 << viewer
    seen = s.seen
    farm = s.farm
    cards: list[CardView] = []
    score = 0
    parts = deal_of(s).parts
    for k, b in enumerate(s.buildings[p]):
        bc = b.cards
        if revealed(s, b):
            know: Any = "revealed"
        elif mine:
            know = True
        else:
            know = tuple([seen[c] & bit != 0 for c in bc])
        key = (k, farm, b.address, tuple(bc), tuple(b.exposed), b.production >= 0, know)
        part = parts.get(key)
        if part is None:
            if len(parts) >= _MAX_PARTS:
                parts.clear()
            part = parts[key] = _building(s, k, b, know)
        cards += part[0]
        score += part[2]
    return tuple(cards), score


def _building(
    s: State, k: int, b: Building, know: Any
) -> tuple[tuple[CardView, ...], CardView, int]:
    """Building ``k`` as one viewer sees it: its cards, its summary, its points if known.

    ``know`` is ``True`` for its owner, ``"revealed"`` for a complete building turned up at
    the end (its cards face up to everyone), else whether the viewer saw each building card.
    The address card carries the building's caption ("Farm", "Estate ✓" once the viewer
    knows it complete); an exposed card says so; the production card is marked as such.
    """
    co = s.card_of
    farm = s.farm
    n = len(b.cards)
    kind = KINDS[n - farm] if n >= farm else "unfinished"
    known, shown_ = built(k, False), built(k, True)
    hidden = unknown(k, "building")
    all_known = True
    laid = []
    for i, c in enumerate(b.cards):
        if c in b.exposed:
            laid.append(shown_[c][co[c]])
        elif know == "revealed":
            laid.append(built(k, False, True)[c][co[c]])
        elif know is True or know[i]:
            laid.append(known[c][co[c]])
        else:
            all_known = False
            laid.append(hidden)
    complete = all_known and n >= farm and s.complete(b)
    caption = CAPTIONS[kind] + (" ✓" if complete else "")
    cards = [address(k, caption)[b.address][co[b.address]], *laid]
    if b.production >= 0:
        cards.append(unknown(k, "production"))
    points = POINTS[n - farm] if complete else 0
    return tuple(cards), summary(s, b), points


_SUMMARIES: dict[tuple[Any, ...], CardView] = {}


def summary(s: State, b: Building) -> CardView:
    """The public facts of a building: address, size, kind, exposed cards, production."""
    key = (b.address, len(b.cards), s.farm, tuple(b.exposed), b.production >= 0)
    found = _SUMMARIES.get(key)
    if found is None:
        if len(_SUMMARIES) > 20_000:
            _SUMMARIES.clear()
        n = len(b.cards)
        found = _SUMMARIES[key] = MappingProxyType(
            {
                "address": UIDS[b.address],
                "size": n,
                "kind": KINDS[n - s.farm] if n >= s.farm else "unfinished",
                "exposed": tuple(UIDS[c] for c in b.exposed),
                "production": b.production >= 0,
            }
        )
    return found
