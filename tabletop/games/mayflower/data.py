"""The static facts of Mayflower, read once from ``data/mayflower``: the two decks.

Cards are numbered in the order of ``cards.yaml`` (every copy in turn): the Numbers deck
first (80 number cards and 4 jokers), then the Court deck (24 Royals).  Per-card facts sit in
plain tuples a hot loop can index.  Only the rulebook's numbers no card prints are written
here (hit points, hand sizes, seasons).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.engine import DataError
from tabletop.engine.data import GameData, shipped_data

GAME_ID = __name__.split(".")[-2]  # the package's name is the id (and the data folder's)

START_HP = 20
MAX_HP = 20
START_HAND = 7
SEASONS = 4
ACE_HIGH = 10  # an ace's usual value
ACE_LOW = 1  # an ace under Sultry Looks
JACK_BOOST = 2  # Front Line Leadership
SUIT_BONUS = 1  # a card of its player's Royal suit

NUMBERS_BACK = "numbers"
COURT_BACK = "court"

# powers (the attrs ``power`` / ``power_two`` of a Royal)
FRONT_LINE = "front_line"
DIPLOMACY = "diplomacy"
ENEMY = "enemy"
SULTRY = "sultry_looks"
HOARD = "kings_hoard"

SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
POWER_NAMES = {
    FRONT_LINE: "Front Line Leadership",
    DIPLOMACY: "Diplomacy",
    ENEMY: "Enemy of my Enemy",
    SULTRY: "Sultry Looks",
    HOARD: "King's Hoard",
}


def draws_for(season: int) -> int:
    """Number cards each living player draws at the start of ``season`` (7, 6, 5, 4)."""
    return START_HAND + 1 - season


@dataclass(frozen=True)
class Catalog:
    """Every card of a match, by index."""

    data: GameData
    card_ids: tuple[str, ...]
    uids: tuple[str, ...]
    names: tuple[str, ...]
    backs: tuple[str, ...]
    ranks: tuple[str, ...]  # "a", "2".."10", "j", "q", "k", "joker"
    suits: tuple[str, ...]  # "c", "d", "h", "s", or "" for a joker
    values: tuple[int, ...]  # a number card's value (an ace 10); 0 for jokers and Royals
    powers: tuple[str, ...]  # a Royal's power with three or more players ("" otherwise)
    powers_two: tuple[str, ...]  # a Royal's power with two players
    numbers: tuple[int, ...]  # the Numbers deck's cards
    court: tuple[int, ...]  # the Court deck's cards
    index: dict[str, int]  # uid -> card

    @property
    def size(self) -> int:
        """Number of cards in a match (108)."""
        return len(self.card_ids)

    def is_joker(self, card: int) -> bool:
        """Whether ``card`` is a joker."""
        return self.ranks[card] == "joker"


DECK_SIZES = {"numbers": 84, "court": 24}  # two 52-card decks and four jokers, split in two


def check_data(data: Any) -> list[str]:
    """What keeps ``data`` from making Mayflower's two decks, one line each ([] when
    nothing); ``tabletop validate`` runs this same check."""
    counts = dict.fromkeys(DECK_SIZES, 0)
    for c in data.cards.values():
        if c.deck in counts:
            counts[c.deck] += c.count
    return [
        f"cards.yaml: decks.{deck}: its cards' counts add up to {counts[deck]}; Mayflower is "
        f"played with {size}"
        for deck, size in DECK_SIZES.items()
        if counts[deck] != size
    ]


# per card, filled when the catalog is first built (the zone table reads them)
UIDS: list[str] = []
CARD_IDS: list[str] = []
BACKS: list[str] = []


@cache
def catalog() -> Catalog:
    """The catalog built from ``data/mayflower`` (cached)."""
    data = shipped_data(GAME_ID)
    problems = check_data(data)
    if problems:
        raise DataError(f"data/{GAME_ID}", "", "; ".join(problems))
    ids: list[str] = []
    names: list[str] = []
    backs: list[str] = []
    ranks: list[str] = []
    suits: list[str] = []
    values: list[int] = []
    powers: list[str] = []
    powers_two: list[str] = []
    for deck in ("numbers", "court"):
        for c in data.cards.values():
            if c.deck != deck:
                continue
            a = c.attrs
            for _ in range(c.count):
                ids.append(c.id)
                names.append(c.name)
                backs.append(data.decks[deck].get("back", deck) if data.decks else deck)
                ranks.append(str(a["rank"]))
                suits.append(str(a.get("suit", "")) if c.kind != "joker" else "")
                values.append(int(a.get("value", 0)))
                powers.append(str(a.get("power", "")))
                powers_two.append(str(a.get("power_two", "")))
    uids = [f"{'n' if b == NUMBERS_BACK else 'r'}{i}" for i, b in enumerate(backs)]
    UIDS[:] = uids
    CARD_IDS[:] = ids
    BACKS[:] = backs
    numbers = tuple(i for i, b in enumerate(backs) if b == NUMBERS_BACK)
    court = tuple(i for i, b in enumerate(backs) if b == COURT_BACK)
    if len(numbers) != 84 or len(court) != 24:
        raise ValueError(
            f"data/{GAME_ID}/cards.yaml: expected 84 Numbers and 24 Court cards, "
            f"got {len(numbers)} and {len(court)}"
        )
    return Catalog(
        data=data,
        card_ids=tuple(ids),
        uids=tuple(uids),
        names=tuple(names),
        backs=tuple(backs),
        ranks=tuple(ranks),
        suits=tuple(suits),
        values=tuple(values),
        powers=tuple(powers),
        powers_two=tuple(powers_two),
        numbers=numbers,
        court=court,
        index={u: i for i, u in enumerate(uids)},
    )
