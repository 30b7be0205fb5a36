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


@cache
def rank(card_id: str) -> str:
    """The rank code of a card id ("a", "2"…"10", "j", "q", "k")."""
    return data().cards[card_id].attrs["rank"]


@cache
def weight(card_id: str) -> int:
    """Ace 1, pips at face value, face cards 10."""
    return data().cards[card_id].attrs["weight"]


@cache
def short(card_id: str) -> str:
    """A compact label such as ``10♥`` or ``K♠``."""
    r = rank(card_id)
    return (r.upper() if r in "ajqk" else r) + SUIT_SIGNS[card_id[-1]]
