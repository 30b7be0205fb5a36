"""The static facts of Aristocracy: its 101 cards, read once from ``data/aristocracy``, and
the rulebook's numbers that no card prints.

A card is a number (its uid is ``c<number>``); which card definition it is gets shuffled at
set-up (``State.card_of``), so a uid tells nothing about a hidden card.  The per-definition
tables (rank, weight, short label) fill themselves from the data files on first use and are
plain dicts afterwards, read directly by the hot paths.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.data import GameData, shipped_data

GAME_ID = __name__.split(".")[-2]  # the package's name is the id (and the data folder's)

# the royals: the phase of the year, the action each pays for, the Favor of each face card
KING, QUEEN, JACK = 0, 1, 2
ROYALS = ("King", "Queen", "Jack")
ROYAL_IDS = ("kd", "qd", "jd")  # the removed diamond royals serve as the phase marker
ACTIONS_OF = ("Build", "Visit", "Buy")
ROYAL_OF_RANK = {"k": KING, "q": QUEEN, "j": JACK}  # face card -> royal its Favor does

# numbers from the rulebook's text
MAX_YEARS = 25  # safety cap (ruling A25)
#: what the Game length option decides: the building cards of a farm (an estate takes one
#: more, a château two) and the decks shuffled together.  Standard and longer are the
#: rulebook's figures.  The shorter game "uses only one deck and reduces the building
#: cards needed" (rulebook, Variants) without saying by how much: one deck holds four cards
#: of a rank, so a château of one rank (its address and its building cards) can hold at
#: most three building cards -- our ruling is 1/2/3 (Kings, Queens and Jacks have only
#: three copies in it, the diamond royals being the phase marker: they make complete farms
#: and estates, not châteaux).
LENGTHS: dict[str, tuple[int, int]] = {"standard": (3, 2), "longer": (4, 2), "shorter": (1, 1)}
FARM_SIZES = {length: farm for length, (farm, _decks) in LENGTHS.items()}
#: decks by farm size (a view names the farm size, and so the deck a re-deal draws from)
DECKS_OF_FARM = {farm: decks for farm, decks in LENGTHS.values()}
START_COINS = 3
MARKET_CARDS = 2  # laid out at every phase (a third one in the Jack phase)
FACE_UP = 4  # the oldest discards lie face up and may be bought
POINTS = (1, 2, 3)  # farm, estate, château

BACK = "blue"  # every card's back
RANK_NAMES = {
    "a": "Ace",
    "j": "Jack",
    "q": "Queen",
    "k": "King",
    **{str(n): str(n) for n in range(2, 11)},
}
SUIT_NAMES = {"s": "Spades", "h": "Hearts", "d": "Diamonds", "c": "Clubs"}
SUIT_SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}

#: the view uid of every physical card, by number
UIDS: tuple[str, ...] = tuple(f"c{i}" for i in range(256))
#: card number of every view uid
UID_NUM: dict[str, int] = {u: i for i, u in enumerate(UIDS)}


class _Table(dict[str, Any]):
    """A per-definition table filled from the data files the first time it is read."""

    def __missing__(self, key: str) -> Any:
        if self:  # loaded: the key is no card of the game
            raise KeyError(key)
        catalog()
        return dict.__getitem__(self, key)


RANK: dict[str, str] = _Table()  # "a", "2" … "10", "j", "q", "k"
WEIGHT: dict[str, int] = _Table()  # Ace 1, pips their value, face cards 10
SHORT: dict[str, str] = _Table()  # "10♥", "K♠"


def _label(card_id: str, r: str) -> str:
    return (r.upper() if r in "ajqk" else r) + SUIT_SIGNS[card_id[-1]]


@cache
def catalog() -> tuple[str, ...]:
    """Every physical card's definition id, one entry per copy (101 in all); fills the
    per-definition tables on the way."""
    cards = data().cards
    for cid, c in cards.items():
        dict.__setitem__(RANK, cid, c.attrs["rank"])
        dict.__setitem__(WEIGHT, cid, c.attrs["weight"])
        dict.__setitem__(SHORT, cid, _label(cid, c.attrs["rank"]))
    out: list[str] = []
    for cid, c in cards.items():
        out += [cid] * c.count
    return tuple(out)


def data() -> GameData:
    """The validated data files of the game (loaded once per process)."""
    return shipped_data(GAME_ID)


def deck_ids(decks: int = 2) -> tuple[str, ...]:
    """Every physical card's definition id, one entry per copy: 101 with two decks, 49 with
    one (each deck's diamond royals but one set lie in the data: one copy fewer of each)."""
    full = catalog()
    if decks == 2:
        return full
    out: list[str] = []
    left = dict.fromkeys(full, 0)
    for cid in full:
        left[cid] += 1
    for cid in full:
        if left[cid] > 2 - decks:
            out.append(cid)
        left[cid] -= 1
    return tuple(out)


def decks_for(farm: int) -> int:
    """How many decks a game whose farms take ``farm`` building cards is played with."""
    return DECKS_OF_FARM.get(farm, 2)


def rank(card_id: str) -> str:
    """The rank code of a card id ("a", "2"…"10", "j", "q", "k")."""
    return RANK[card_id]


def weight(card_id: str) -> int:
    """Ace 1, pips at face value, face cards 10."""
    return WEIGHT[card_id]


def short(card_id: str) -> str:
    """A compact label such as ``10♥`` or ``K♠``."""
    return SHORT[card_id]
