"""The Aristocracy deck: card ids, ranks, weights, read from data/aristocracy/cards.yaml."""

from __future__ import annotations

from functools import cache

from tabletop.engine.data import GameData, load_game_data

RANK_NAMES = {
    "a": "Ace",
    "j": "Jack",
    "q": "Queen",
    "k": "King",
    **{str(n): str(n) for n in range(2, 11)},
}
SUIT_NAMES = {"s": "Spades", "h": "Hearts", "d": "Diamonds", "c": "Clubs"}
SUIT_SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
ROYAL_OF_RANK = {"k": 0, "q": 1, "j": 2}  # face card -> royal whose action its Favor performs


@cache
def data() -> GameData:
    """The validated data files of the game."""
    return load_game_data("aristocracy")


@cache
def deck_ids() -> tuple[str, ...]:
    """Every physical card's definition id, one entry per copy (101 in all)."""
    out: list[str] = []
    for cid, c in data().cards.items():
        out += [cid] * c.count
    return tuple(out)


def _label(card_id: str, r: str) -> str:
    return (r.upper() if r in "ajqk" else r) + SUIT_SIGNS[card_id[-1]]


# Per-definition lookups as plain dicts (hot paths index them directly).
RANK: dict[str, str] = {cid: c.attrs["rank"] for cid, c in data().cards.items()}
WEIGHT: dict[str, int] = {cid: c.attrs["weight"] for cid, c in data().cards.items()}
SHORT: dict[str, str] = {cid: _label(cid, r) for cid, r in RANK.items()}
#: the view uid of every physical card, by number
UIDS: tuple[str, ...] = tuple(f"c{i}" for i in range(256))
#: card number of every view uid
UID_NUM: dict[str, int] = {u: i for i, u in enumerate(UIDS)}


def rank(card_id: str) -> str:
    """The rank code of a card id ("a", "2"…"10", "j", "q", "k")."""
    return RANK[card_id]


def weight(card_id: str) -> int:
    """Ace 1, pips at face value, face cards 10."""
    return WEIGHT[card_id]


def short(card_id: str) -> str:
    """A compact label such as ``10♥`` or ``K♠``."""
    return SHORT[card_id]
