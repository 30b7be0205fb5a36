"""The static facts of Majesty, read once from ``data/majesty``: cards, locations, workers.

Every number printed on a card (ability amounts, majority values, meeple spaces) comes from
the YAML data; only the rulebook's set-up numbers, which no card prints, are written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tabletop.engine.data import GameData, shipped_data

GAME_ID = __name__.split(".")[-2]  # the package's name is the id (and the data folder's)

CHARACTERS = ("miller", "brewer", "witch", "guard", "knight", "innkeeper", "noble")
INFIRMARY = 7  # location index of the Infirmary (locations are 0..7, shown as 1..8)
N_LOCATIONS = 8

# numbers from the rulebook's text
SET_ASIDE = {2: 6, 3: 14, 4: 26}  # tier-1 cards placed on top of tier 2, by player count
DISPLAY_SIZE = 6
CHARACTERS_PER_PLAYER = 12
START_MEEPLES = 5


@dataclass(frozen=True)
class LocationSide:
    """One side of one location card, as plain numbers."""

    card_id: str
    index: int  # 0..7
    side: str
    name: str
    key: str  # "mill", "brewery", ... used as the score-breakdown reason
    majority: int | None
    signpost: str
    exchange: bool
    points_per: int
    points_for: tuple[int, ...]
    times_largest: bool
    meeples_per: int
    meeples_for: tuple[int, ...]
    infirmary_points: int
    bonus_points: int
    bonus_needs: tuple[int, ...]
    all_points: int
    all_need: int | None
    penalty_per_card: int
    text: str


@dataclass(frozen=True)
class Catalog:
    """Card instances (index = position in the expanded card list) and location sides."""

    data: GameData
    card_ids: tuple[str, ...]  # definition id per character instance
    uids: tuple[str, ...]
    chars: tuple[tuple[int, ...], ...]  # location indices the card may go to
    tiers: tuple[int, ...]
    names: tuple[str, ...]  # card name per instance
    char_names: tuple[str, ...]  # "Miller", ... per character index
    locations: dict[tuple[int, str], LocationSide]
    worker_spaces: int
    worker_first: str
    worker_other: str

    @property
    def size(self) -> int:
        """Number of character cards."""
        return len(self.card_ids)

    def location(self, index: int, side: str) -> LocationSide:
        """The side ``side`` of location ``index``."""
        return self.locations[(index, side)]


def _idx(names: list[str] | None) -> tuple[int, ...]:
    return tuple(CHARACTERS.index(n) for n in names or ())


# per card, filled when the catalog is first built: plain lists a hot loop can index
UIDS: list[str] = []
CARD_IDS: list[str] = []
BACKS: list[str] = []
TIER_CARDS: dict[int, tuple[int, ...]] = {}


@cache
def catalog() -> Catalog:
    """The catalog built from ``data/majesty`` (cached)."""
    data = shipped_data(GAME_ID)
    card_ids, chars, tiers, names = [], [], [], []
    locations: dict[tuple[int, str], LocationSide] = {}
    spaces, first, other = 0, "", ""
    char_names = [""] * len(CHARACTERS)
    for c in data.cards.values():
        a = c.attrs
        if c.kind == "character":
            for _ in range(c.count):
                card_ids.append(c.id)
                chars.append(_idx(a["characters"]))
                tiers.append(int(a["tier"]))
                names.append(c.name)
            if len(a["characters"]) == 1:
                char_names[CHARACTERS.index(a["characters"][0])] = c.name
        elif c.kind == "location":
            index = int(a["number"]) - 1
            need = a.get("all_need")
            locations[(index, a["side"])] = LocationSide(
                card_id=c.id,
                index=index,
                side=a["side"],
                name=c.name,
                key=c.name.lower(),
                majority=a.get("majority"),
                signpost=a.get("signpost", ""),
                exchange=bool(a.get("exchange", False)),
                points_per=int(a.get("points_per", 0)),
                points_for=_idx(a.get("points_for")),
                times_largest=bool(a.get("times_largest", False)),
                meeples_per=int(a.get("meeples_per", 0)),
                meeples_for=_idx(a.get("meeples_for")),
                infirmary_points=int(a.get("infirmary_points", 0)),
                bonus_points=int(a.get("bonus_points", 0)),
                bonus_needs=_idx(a.get("bonus_needs")),
                all_points=int(a.get("all_points", 0)),
                all_need=CHARACTERS.index(need) if need else None,
                penalty_per_card=int(a.get("penalty_per_card", 0)),
                text=c.text,
            )
        elif c.kind == "worker":
            spaces = int(a["spaces"])
            if a.get("first_player"):
                first = c.id
            else:
                other = c.id
    for i in range(N_LOCATIONS):
        for side in "AB":
            if (i, side) not in locations:
                raise ValueError(f"data/{GAME_ID}/cards.yaml: location {i + 1} side {side} missing")
    UIDS[:] = [f"c{i}" for i in range(len(card_ids))]
    CARD_IDS[:] = card_ids
    BACKS[:] = [f"tier{t}" for t in tiers]
    for t in (1, 2):
        TIER_CARDS[t] = tuple(i for i, x in enumerate(tiers) if x == t)
    return Catalog(
        data=data,
        card_ids=tuple(card_ids),
        uids=tuple(f"c{i}" for i in range(len(card_ids))),
        chars=tuple(chars),
        tiers=tuple(tiers),
        names=tuple(names),
        char_names=tuple(char_names),
        locations=locations,
        worker_spaces=spaces,
        worker_first=first,
        worker_other=other,
    )
