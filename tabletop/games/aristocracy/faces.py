"""How a card of Aristocracy shows: read-only faces, built once and shared by every view.

A face is the mapping a view gives one card (uid, definition id, back, face up or down, its
tokens).  Physical card ``c`` shown one way with definition ``cid`` is ``table[c][cid]``;
the tables of building cards carry the building's number (and whether a card is exposed
or is the address), and a card nobody may identify is one shared mapping per role.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tabletop.engine.frozen import EMPTY
from tabletop.games.aristocracy.data import BACK, ROYAL_IDS, ROYALS, UIDS

CardView = Mapping[str, Any]


class Faces(dict[str, CardView]):
    """The faces of one physical card by its definition id, made on first use."""

    def __init__(self, c: int, face_up: bool, tokens: Mapping[str, Any]) -> None:
        super().__init__()
        self.c, self.face_up, self.tokens = c, face_up, tokens

    def __missing__(self, cid: str) -> CardView:
        d = self[cid] = MappingProxyType(
            {
                "uid": UIDS[self.c],
                "card": cid,
                "back": BACK,
                "face_up": self.face_up,
                "tokens": self.tokens,
                "as": None,
            }
        )
        return d


def table(face_up: bool, tokens: Mapping[str, Any] = EMPTY) -> tuple[Faces, ...]:
    """``table[c][card_id]``: physical card ``c`` shown this way."""
    return tuple(Faces(c, face_up, tokens) for c in range(len(UIDS)))


UP = table(True)  # face up
DOWN = table(False)  # face down, known to the viewer (its own stall while forming it)
_BUILT: dict[tuple[int, bool, bool], tuple[Faces, ...]] = {}
_ADDRESS: dict[tuple[int, str], tuple[Faces, ...]] = {}


def built(k: int, exposed: bool, up: bool = False) -> tuple[Faces, ...]:
    """Known building cards of building ``k``, exposed (face up) or not; ``up``: face up
    without being exposed (a complete building turned up for the final scoring)."""
    t = _BUILT.get((k, exposed, up))
    if t is None:
        tokens = {"building": k, "exposed": True} if exposed else {"building": k}
        t = _BUILT[(k, exposed, up)] = table(exposed or up, MappingProxyType(tokens))
    return t


def address(k: int, caption: str) -> tuple[Faces, ...]:
    """Address cards of building ``k``, captioned ("Farm", "Estate ✓", …)."""
    t = _ADDRESS.get((k, caption))
    if t is None:
        tokens = {"building": k, "role": "address", "kind": caption}
        t = _ADDRESS[(k, caption)] = table(True, MappingProxyType(tokens))
    return t


_UNKNOWN: dict[tuple[int, str], CardView] = {}


def unknown(k: int, role: str) -> CardView:
    """A face-down card of building ``k`` the viewer does not know: a building card, or the
    production card (``role``: "building" or "production")."""
    card = _UNKNOWN.get((k, role))
    if card is None:
        tokens = {"building": k, "role": role} if role == "production" else {"building": k}
        card = _UNKNOWN[(k, role)] = MappingProxyType(
            {
                "uid": None,
                "card": None,
                "back": BACK,
                "face_up": False,
                "tokens": MappingProxyType(tokens),
                "as": None,
            }
        )
    return card


# the phase marker: one of the removed diamond royals, no card of the game
ROYAL_CARDS = tuple(
    MappingProxyType(
        {
            "uid": "royal",
            "card": ROYAL_IDS[r],
            "back": BACK,
            "face_up": True,
            "tokens": EMPTY,
            "as": None,
        }
    )
    for r in range(len(ROYALS))
)
ROYAL_SHOWN = tuple((card,) for card in ROYAL_CARDS)
