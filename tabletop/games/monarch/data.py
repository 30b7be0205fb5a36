"""The static facts of Monarch, read once from ``data/monarch``: every card as plain fields.

Every number printed on a card (costs, crowns, yields, Moon and banner amounts) and every
ability comes from the YAML data, as one of a closed set of effect kinds that
:mod:`.effects` interprets; only the rulebook's set-up numbers, which no card prints, are
written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.engine.data import GameData, shipped_data

GAME_ID = __name__.split(".")[-2]  # the package's name is the id (and the data folder's)

PATHS = ("bounty", "culture", "might", "wisdom")  # the four paths of Court cards
RESOURCES = ("food", "gold")

# numbers from the rulebook's text and the rulings
ROW_SIZE = 5
GRID = 9  # land boards on the table (3 × 3); the others go to the box
START_FOOD = 5
START_GOLD = 5
SWEEP_COST = 3
COURT_LIMIT = 7
MAX_ROUNDS = 60  # MO13
BANNERS_PER_SISTER = {2: 2}  # MO6: two with two players, else one

COURT, IMPROVEMENT, GUEST, MOON, LAND, BANNER = (
    "court",
    "improvement",
    "guest",
    "moon",
    "land",
    "banner",
)
MARKET_KINDS = (COURT, IMPROVEMENT, GUEST, MOON)


@dataclass(frozen=True)
class Card:
    """One card instance (index = its number in the match), with its definition's fields."""

    index: int
    id: str  # definition id in cards.yaml
    name: str
    kind: str
    text: str
    path: str = ""
    emblem: str = ""
    gold: int = 0
    food: int = 0
    crowns: int = 0
    variable: bool = False
    land: str = ""
    yields: int = 0
    score: tuple[str, ...] = ()
    each: int = 0
    count_path: str = ""
    with_self: bool = True
    count_emblem: str = ""
    per: int = 1
    cap: int = 0  # 0 = no cap
    partner: str = ""
    cancels: str = ""
    discount_path: str = ""
    discount: int = 0
    on_acquire: tuple[str, ...] = ()
    gain: int = 0
    resource: str = ""
    amount: int = 0
    pledge: str = ""
    need: int = 0
    per_sister: bool = False
    when: str = "unpaid"
    effect: str = ""
    farms: str = "all"
    require: str = ""
    require_count: int = 0
    power: str = ""
    doubled_2p: bool = False
    basis: str = "reconstructed"
    note: str = ""

    @property
    def uid(self) -> str:
        """The card's identity in views and actions."""
        return f"c{self.index}"

    @property
    def back(self) -> str:
        """The back it shows when hidden."""
        return {LAND: "land", BANNER: "banner"}.get(self.kind, "market")

    def cost_text(self, gold: int | None = None, food: int | None = None) -> str:
        """``3 gold and 2 food`` (the given amounts replace the printed ones)."""
        g = self.gold if gold is None else gold
        f = self.food if food is None else food
        parts = [f"{g} gold"] if g else []
        if f:
            parts.append(f"{f} food")
        return " and ".join(parts) or "nothing"


_RENAMED = {"yield": "yields"}


def _card(index: int, c: Any) -> Card:
    fields: dict[str, Any] = {}
    for key, value in c.attrs.items():
        name = _RENAMED.get(key, key)
        fields[name] = tuple(value) if isinstance(value, list) else value
    return Card(index=index, id=c.id, name=c.name, kind=c.kind, text=c.text, **fields)


@dataclass(frozen=True)
class Catalog:
    """Every card of a match: the market deck, the land boards and the banners."""

    data: GameData
    cards: tuple[Card, ...]
    market: tuple[int, ...]
    boards: tuple[int, ...]
    banners: tuple[int, ...]
    by_id: dict[str, tuple[int, ...]]  # definition id -> its instances

    @property
    def size(self) -> int:
        """Number of cards."""
        return len(self.cards)

    def named(self, card_id: str) -> int:
        """The (first) instance of a definition id."""
        return self.by_id[card_id][0]


# per card, filled when the catalog is first built: plain lists a hot loop can index
UIDS: list[str] = []
CARD_IDS: list[str] = []
BACKS: list[str] = []
CARDS: list[Card] = []


@cache
def catalog() -> Catalog:
    """The catalog built from ``data/monarch`` (cached)."""
    data = shipped_data(GAME_ID)
    cards: list[Card] = []
    for c in data.cards.values():
        for _ in range(c.count):
            cards.append(_card(len(cards), c))
    by_id: dict[str, list[int]] = {}
    for card in cards:
        by_id.setdefault(card.id, []).append(card.index)
    market = tuple(c.index for c in cards if c.kind in MARKET_KINDS)
    boards = tuple(c.index for c in cards if c.kind == LAND)
    banners = tuple(c.index for c in cards if c.kind == BANNER)
    UIDS[:] = [c.uid for c in cards]
    CARD_IDS[:] = [c.id for c in cards]
    BACKS[:] = [c.back for c in cards]
    CARDS[:] = cards
    return Catalog(
        data=data,
        cards=tuple(cards),
        market=market,
        boards=boards,
        banners=banners,
        by_id={k: tuple(v) for k, v in by_id.items()},
    )
