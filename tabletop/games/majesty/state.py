"""The state of a Majesty game: plain lists and ints, cheap to copy."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from tabletop.engine import Rng

# pending decisions of the active seat, in the middle of resolving a location
NONE = ""
EXCHANGE = "exchange"  # Castle B: trade points and meeples, then "done"
HEAL = "heal"  # Cottage: choose where the healed split card goes

BREAKDOWN_PLAY = (
    "mill",
    "brewery",
    "cottage",
    "guardhouse",
    "barracks",
    "inn",
    "castle",
    "overflow",
    "exchange",
)
BREAKDOWN_FINAL = ("infirmary", "variety", "majority", "infirmary_b")


@dataclass
class MajestyState:
    """Everything about one game.  Cards are indices into the catalog (uid ``c<i>``)."""

    players: int
    rng: Rng
    sides: str  # eight letters A/B, location 1..8
    combined: bool
    deck: list[int]  # last = top
    display: list[int]  # first = front (free)
    display_meeples: list[int]
    box: list[int]  # tier-1 cards set aside unseen
    realms: list[list[list[int]]]  # [seat][location 0..7] bottom → top
    meeples: list[int]
    scores: list[int]
    gains: list[dict[str, int]]  # per seat: reason → points (sums to the score)
    first: int
    current: int
    turn: int = 0  # turns completed
    pending: str = NONE
    pending_dir: int = 0  # exchange: +1 buying meeples, -1 selling, 0 not yet
    pending_card: int = -1  # the Infirmary card being healed
    resolving: int = -1  # location (0..7) whose abilities are being resolved
    removed: list[int] = field(default_factory=list)  # Infirmary cards removed at the end
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, the same as the engine's generic ``to_plain`` (only faster)."""
        c = self.clone()
        data = {f.name: getattr(c, f.name) for f in fields(self)}
        data["rng"] = {"rng": self.rng.state}
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> MajestyState:
        """Rebuild a state from :meth:`to_json` output."""
        kwargs = {f.name: data[f.name] for f in fields(MajestyState) if f.name in data}
        kwargs["rng"] = Rng(data["rng"]["rng"])
        kwargs["gains"] = [{str(k): int(v) for k, v in g.items()} for g in data["gains"]]
        return MajestyState(**kwargs).clone()

    def clone(self) -> MajestyState:
        """A deep copy built by hand (faster than pickling)."""
        return MajestyState(
            self.players,
            Rng(self.rng.state),
            self.sides,
            self.combined,
            self.deck[:],
            self.display[:],
            self.display_meeples[:],
            self.box[:],
            [[loc[:] for loc in realm] for realm in self.realms],
            self.meeples[:],
            self.scores[:],
            [dict(g) for g in self.gains],
            self.first,
            self.current,
            self.turn,
            self.pending,
            self.pending_dir,
            self.pending_card,
            self.resolving,
            self.removed[:],
            self.over,
        )
