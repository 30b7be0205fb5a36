"""The Aristocracy game state (plain dataclasses) and small helpers on it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine import Rng
from tabletop.games.aristocracy.cards import RANK, WEIGHT

KING, QUEEN, JACK = 0, 1, 2
ROYALS = ("King", "Queen", "Jack")
ROYAL_IDS = ("kd", "qd", "jd")  # the removed diamond royals serve as the phase indicator
ACTIONS_OF = ("Build", "Visit", "Buy")
MAX_YEARS = 25  # safety cap (ruling A25)

# steps where a decision is pending
TAX, BALL, BID, PICK, STALL, ACTIONS, GLORY, OVER = (
    "tax",
    "ball",
    "bid",
    "pick",
    "stall",
    "actions",
    "glory",
    "over",
)
SECRET_STEPS = (TAX, BALL, BID, STALL)


@dataclass
class Building:
    """Address card (face up), building cards (face down unless exposed), production card."""

    address: int
    cards: list[int] = field(default_factory=list)
    exposed: list[int] = field(default_factory=list)
    production: int = -1


@dataclass
class State:
    """Everything about one match, hidden cards and the RNG included."""

    players: int
    rng: Rng
    farm: int  # building cards of a farm (estate +1, château +2)
    hand_limit: int  # base maximum hand size (plus one per château)
    card_of: list[str]  # uid -> card definition id
    draw: list[int]  # top = last
    discard: list[int]  # bottom (oldest) = first; the first four lie face up
    market: list[int]
    hands: list[list[int]]
    stalls: list[list[int]]
    offers: list[list[int]]  # cards set aside secretly (tax discards, ball contributions)
    buildings: list[list[Building]]
    coins: list[int]
    seen: list[int]  # uid -> bitmask of seats that know this face-down building card
    herald: int
    year: int = 1
    royal: int = KING
    step: str = STALL
    ready: list[bool] = field(default_factory=list)
    bids: list[int] = field(default_factory=list)  # -1 = not yet bid
    bids_revealed: bool = False
    pick_order: list[int] = field(default_factory=list)
    picks: list[int] = field(default_factory=list)  # uid chosen by pick_order[i]
    price: int = 0
    eligible: list[bool] = field(default_factory=list)  # had a stall at the reveal
    acted: list[bool] = field(default_factory=list)
    active: int = -1
    slots: int = 0
    sub: str = ""  # pending part of an action: build/building/visit/expose/revisit/buy/downgrade
    sub_building: int = -1  # address uid of the building concerned
    sub_owner: int = -1
    sub_start: int = 0
    glory_queue: list[int] = field(default_factory=list)
    over: bool = False
    capped: bool = False
    ended_by: int = -1
    moves: int = 0

    # --- small queries -------------------------------------------------------------
    def order(self) -> list[int]:
        """Herald order: the herald, then clockwise."""
        n, h = self.players, self.herald
        return [*range(h, n), *range(h)]

    def shop(self) -> list[int]:
        """The face-up bottom four cards of the discard pile."""
        return self.discard[:4]

    def rank(self, uid: int) -> str:
        """Rank code of a card."""
        return RANK[self.card_of[uid]]

    def weight(self, uid: int) -> int:
        """Weight of a card."""
        return WEIGHT[self.card_of[uid]]

    def kind(self, b: Building) -> int:
        """0 farm, 1 estate, 2 château (by number of building cards)."""
        return len(b.cards) - self.farm

    def complete(self, b: Building) -> bool:
        """All building cards share the address card's rank."""
        co = self.card_of
        r = RANK[co[b.address]]
        return all(RANK[co[c]] == r for c in b.cards)

    def find(self, address: int) -> tuple[int, Building]:
        """Owner seat and building with this address card."""
        for seat, bs in enumerate(self.buildings):
            for b in bs:
                if b.address == address:
                    return seat, b
        raise KeyError(address)

    def limit(self, seat: int) -> int:
        """Maximum hand size at the Tax."""
        big = self.farm + 2
        return self.hand_limit + sum(1 for b in self.buildings[seat] if len(b.cards) == big)


def clone(s: State) -> State:
    """An independent copy of ``s`` (much faster than a generic deep copy)."""
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d["rng"] = s.rng.copy()
    for name in LIST_FIELDS:
        d[name] = d[name][:]
    for name in NESTED_FIELDS:
        d[name] = [x[:] for x in d[name]]
    d["buildings"] = [
        [Building(b.address, b.cards[:], b.exposed[:], b.production) for b in bs]
        for bs in s.buildings
    ]
    return new


LIST_FIELDS = (
    "card_of",
    "draw",
    "discard",
    "market",
    "coins",
    "seen",
    "ready",
    "bids",
    "pick_order",
    "picks",
    "eligible",
    "acted",
    "glory_queue",
)
NESTED_FIELDS = ("hands", "stalls", "offers")


def to_act_of(s: State) -> list[int]:
    """Seats that must decide now."""
    if s.over:
        return []
    if s.step in SECRET_STEPS or s.step == GLORY:
        return [p for p in range(s.players) if not s.ready[p]]
    if s.step == PICK:
        return [s.pick_order[len(s.picks)]]
    if s.step == ACTIONS:
        return [s.active]
    return []
