"""Card and zone dicts shared between views (views are read only).

Every dict here is built once, on first use, and then found again: a physical card shown
face up or down, a building's address or building card, a hidden card, a zone without a
visible card, the phase marker.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.aristocracy.cards import UIDS
from tabletop.games.aristocracy.state import MAX_YEARS, ROYAL_IDS, ROYALS

BACK = "blue"


HIDDEN: dict[str, Any] = {
    "uid": None,
    "card": None,
    "back": BACK,
    "face_up": False,
    "tokens": {},
    "as": None,
}


class _Faces(dict):
    """Card dicts of one physical card by its definition id, built on first use.

    Views are read only, so one dict serves every view that shows this card this way.
    """

    def __init__(self, c: int, face_up: bool, tokens: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.c, self.face_up, self.tokens = c, face_up, tokens or {}

    def __missing__(self, cid: str) -> dict[str, Any]:
        d = self[cid] = {
            "uid": UIDS[self.c],
            "card": cid,
            "back": BACK,
            "face_up": self.face_up,
            "tokens": self.tokens,
            "as": None,
        }
        return d


def _table(face_up: bool, tokens: dict[str, Any] | None = None) -> tuple[_Faces, ...]:
    """``table[c][card_id]``: physical card ``c`` shown this way."""
    return tuple(_Faces(c, face_up, tokens) for c in range(len(UIDS)))


UP = _table(True)
DOWN = _table(False)
MAX_K = 64  # buildings of one seat with their own cached tables (101 cards make at most 25)
_BUILT: dict[tuple[int, bool], tuple[_Faces, ...]] = {}
_ADDRESS: dict[tuple[int, str], tuple[_Faces, ...]] = {}


def built_table(k: int, exposed: bool) -> tuple[_Faces, ...]:
    """Known building cards of building ``k``, exposed (face up) or not."""
    t = _BUILT.get((k, exposed))
    if t is None:
        tokens: dict[str, Any] = {"building": k, "exposed": True} if exposed else {"building": k}
        t = _BUILT[(k, exposed)] = _table(exposed, tokens)
    return t


def address_table(k: int, kind: str) -> tuple[_Faces, ...]:
    """Address cards of building ``k``, captioned ``kind`` ("Farm", "Estate ✓", …)."""
    t = _ADDRESS.get((k, kind))
    if t is None:
        t = _ADDRESS[(k, kind)] = _table(True, {"building": k, "role": "address", "kind": kind})
    return t


def unknown(k: int, role: str) -> dict[str, Any]:
    """A face-down card of building ``k`` the viewer does not know: a building card, or its
    production card (``role``: "building" or "production")."""
    tokens: dict[str, Any] = (
        {"building": k, "role": role} if role == "production" else {"building": k}
    )
    return {"uid": None, "card": None, "back": BACK, "face_up": False, "tokens": tokens, "as": None}


HIDDEN_BUILT = tuple(unknown(k, "building") for k in range(MAX_K))
PRODUCTION = tuple(unknown(k, "production") for k in range(MAX_K))
_ROYAL_CARDS = tuple(
    {"uid": "royal", "card": ROYAL_IDS[r], "back": BACK, "face_up": True, "tokens": {}, "as": None}
    for r in range(len(ROYALS))
)
#: the phase marker zone by royal and year
ROYAL_ZONES = tuple(
    tuple({"cards": [_ROYAL_CARDS[r]], "label": f"Year {y}: {name}"} for y in range(MAX_YEARS + 2))
    for r, name in enumerate(ROYALS)
)


class _Zones(dict):
    """Read-only zone dicts without a visible card, by (label, number of hidden cards)."""

    def __missing__(self, key: tuple[str, int]) -> dict[str, Any]:
        label, n = key
        z = self[key] = {"cards": [HIDDEN] * n, "label": label}
        return z


BLANK = _Zones()
COINS = tuple({"cards": [], "label": f"{n} coins"} for n in range(200))
