"""The card catalogue: every physical card of ``data/your_majesty/cards.yaml`` by index.

Cards are small integers inside the state.  Their public ids (uids) are ``a<i>`` for action
cards, ``p<i>`` philosophes, ``c<i>`` colonies and ``r<i>`` reforms.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from tabletop.engine.data import GameData, load_game_data

GAME_ID = "your_majesty"
MUSES = ("arts", "politics", "music", "science", "literature")


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
    """All cards, indexed, and their numbers as flat tuples (read on every move)."""

    data: GameData
    phils: tuple[Phil, ...]
    reforms: tuple[Reform, ...]
    colonies: tuple[Colony, ...]
    actions: tuple[ActionCard, ...]
    reshuffle: int
    phil_muse: tuple[str, ...] = field(init=False)
    phil_prestige: tuple[int, ...] = field(init=False)
    reform_muse: tuple[str, ...] = field(init=False)
    reform_level: tuple[int, ...] = field(init=False)
    level_bit: tuple[int, ...] = field(init=False)  # 1, 2, 4 for a reform of level 1, 3, 5
    coins: tuple[int, ...] = field(init=False)
    slave: tuple[bool, ...] = field(init=False)
    effect: tuple[str, ...] = field(init=False)  # of each action card
    category: tuple[str, ...] = field(init=False)  # of each action card

    def __post_init__(self) -> None:
        flat = {
            "phil_muse": tuple(p.muse for p in self.phils),
            "phil_prestige": tuple(p.prestige for p in self.phils),
            "reform_muse": tuple(r.muse for r in self.reforms),
            "reform_level": tuple(r.level for r in self.reforms),
            "level_bit": tuple(1 << (r.level // 2) for r in self.reforms),
            "coins": tuple(c.coins for c in self.colonies),
            "slave": tuple(c.slave for c in self.colonies),
            "effect": tuple(a.effect for a in self.actions),
            "category": tuple(a.category for a in self.actions),
        }
        for name, values in flat.items():
            object.__setattr__(self, name, values)

    def reform_named(self, name: str) -> int:
        """The index of the reform called ``name``."""
        return next(i for i, r in enumerate(self.reforms) if r.name == name)


@cache
def catalog() -> Catalog:
    """Load the catalogue once."""
    data = load_game_data(GAME_ID, check_art=False)
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
