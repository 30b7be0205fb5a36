"""The static facts of Your Majesty, read once from ``data/your_majesty``, and set-up numbers.

Every physical card is a small integer of its kind inside the state (action card ``a<i>``,
philosophe ``p<i>``, colony ``c<i>``, reform ``r<i>``).  The zone table numbers all cards of
the game in one row — actions, then philosophes, colonies, reforms — so one integer names
any card: :data:`Catalog.offset` gives where each kind starts.  Flat tuples by index (muse,
prestige, level, coins, slave, effect, category) serve the hot paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from tabletop.engine.data import GameData, shipped_data

GAME_ID = __name__.split(".")[-2]  # the package's name is the id (and the data folder's)
MUSES = ("arts", "politics", "music", "science", "literature")
KINDS = ("a", "p", "c", "r")  # uid letters: action, philosophe, colony, reform
BACKS = {"a": "action", "p": "philosophe", "c": "colony", "r": "reform"}

# numbers from the rulebook (and the app's rulings)
NAMES = ("Eleanor", "Frederick", "Catherine", "Louis", "Maria Theresa", "Gustav")
HAND = 4  # action cards dealt to each seat, and the hand limit without Enlightened Despot
PHIL_REMOVALS = {2: 4, 3: 3, 4: 2, 5: 1, 6: 0}  # philosophes removed per muse (2p extrapolated)
ROUND_LIMIT = 60  # ruling Y8: a game still running after 60 rounds ends


@dataclass(frozen=True)
class Phil:
    """A philosophe."""

    id: str
    name: str
    muse: str
    prestige: int
    gender: str


@dataclass(frozen=True)
class Reform:
    """A reform."""

    id: str
    name: str
    muse: str
    level: int


@dataclass(frozen=True)
class Colony:
    """A colony."""

    id: str
    name: str
    coins: int
    slave: bool


@dataclass(frozen=True)
class ActionCard:
    """An action card: ``category`` is event/permanent/lingering/scandal/campaign/reshuffle."""

    id: str
    name: str
    category: str
    effect: str
    randomizer: int
    erased_by: str = ""


@dataclass(frozen=True)
class Catalog:
    """All cards, indexed by kind, with flat tuples of their numbers and the one numbering."""

    data: GameData
    phils: tuple[Phil, ...]
    reforms: tuple[Reform, ...]
    colonies: tuple[Colony, ...]
    actions: tuple[ActionCard, ...]
    reshuffle: int
    phil_muse: tuple[str, ...] = field(init=False)
    phil_prestige: tuple[int, ...] = field(init=False)
    muse_index: tuple[int, ...] = field(init=False)  # position in MUSES of each philosophe
    muse_bit: tuple[int, ...] = field(init=False)  # 1 << muse_index of each philosophe
    reform_bit: tuple[int, ...] = field(init=False)  # 1 << the muse's index, of each reform
    reform_muse: tuple[str, ...] = field(init=False)
    reform_level: tuple[int, ...] = field(init=False)
    level_bit: tuple[int, ...] = field(init=False)  # 1, 2, 4 for a reform of level 1, 3, 5
    coins: tuple[int, ...] = field(init=False)
    slave: tuple[bool, ...] = field(init=False)
    effect: tuple[str, ...] = field(init=False)  # of each action card
    category: tuple[str, ...] = field(init=False)  # of each action card
    offset: dict[str, int] = field(init=False)  # kind letter -> first card of the numbering
    uids: tuple[str, ...] = field(init=False)  # by card of the numbering
    card_ids: tuple[str, ...] = field(init=False)
    backs: tuple[str, ...] = field(init=False)
    index: dict[str, int] = field(init=False)  # uid -> card of the numbering

    def __post_init__(self) -> None:
        tables: dict[str, tuple[Phil | Reform | Colony | ActionCard, ...]]
        tables = {"a": self.actions, "p": self.phils, "c": self.colonies, "r": self.reforms}
        offset: dict[str, int] = {}
        uids: list[str] = []
        card_ids: list[str] = []
        backs: list[str] = []
        for k in KINDS:
            offset[k] = len(uids)
            for i, card in enumerate(tables[k]):
                uids.append(f"{k}{i}")
                card_ids.append(card.id)
                backs.append(BACKS[k])
        flat = {
            "phil_muse": tuple(p.muse for p in self.phils),
            "phil_prestige": tuple(p.prestige for p in self.phils),
            "muse_index": tuple(MUSES.index(p.muse) for p in self.phils),
            "muse_bit": tuple(1 << MUSES.index(p.muse) for p in self.phils),
            "reform_bit": tuple(1 << MUSES.index(r.muse) for r in self.reforms),
            "reform_muse": tuple(r.muse for r in self.reforms),
            "reform_level": tuple(r.level for r in self.reforms),
            "level_bit": tuple(1 << (r.level // 2) for r in self.reforms),
            "coins": tuple(c.coins for c in self.colonies),
            "slave": tuple(c.slave for c in self.colonies),
            "effect": tuple(a.effect for a in self.actions),
            "category": tuple(a.category for a in self.actions),
            "offset": offset,
            "uids": tuple(uids),
            "card_ids": tuple(card_ids),
            "backs": tuple(backs),
            "index": {u: i for i, u in enumerate(uids)},
        }
        for name, values in flat.items():
            object.__setattr__(self, name, values)

    @property
    def size(self) -> int:
        """How many cards the game has, of every kind."""
        return len(self.uids)

    def reform_named(self, name: str) -> int:
        """The index of the reform called ``name``."""
        return next(i for i, r in enumerate(self.reforms) if r.name == name)


@cache
def catalog() -> Catalog:
    """The catalogue, built once from the shipped data."""
    data = shipped_data(GAME_ID)
    phils, reforms, colonies, actions = [], [], [], []
    for c in data.cards.values():
        a = c.attrs
        for _ in range(c.count):
            if c.kind == "philosophe":
                phils.append(Phil(c.id, c.name, a["muse"], a["prestige"], a.get("gender", "m")))
            elif c.kind == "reform":
                reforms.append(Reform(c.id, c.name, a["muse"], a["level"]))
            elif c.kind == "colony":
                colonies.append(Colony(c.id, c.name, a["coins"], bool(a.get("slave", False))))
            else:
                actions.append(
                    ActionCard(
                        c.id,
                        c.name,
                        a["category"],
                        a.get("effect", a["category"]),
                        a.get("randomizer", 0),
                        a.get("erased_by", ""),
                    )
                )
    reshuffle = next(i for i, x in enumerate(actions) if x.category == "reshuffle")
    return Catalog(data, tuple(phils), tuple(reforms), tuple(colonies), tuple(actions), reshuffle)


def uid(kind: str, index: int) -> str:
    """The public id of card ``index`` of ``kind`` ('a', 'p', 'c' or 'r')."""
    return f"{kind}{index}"


def from_uid(u: str) -> tuple[str, int]:
    """Split a uid into its kind letter and index."""
    return u[0], int(u[1:])
