"""What the New game scene hands to :func:`tabletop.ui.launch.start_match` (plain data, no pygame)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

HUMAN = "human"
AI_EASY = "easy"
AI_NORMAL = "normal"
AI_HARD = "hard"
SEAT_KINDS: tuple[str, ...] = (HUMAN, AI_EASY, AI_NORMAL, AI_HARD)
SEAT_KIND_LABELS: dict[str, str] = {
    HUMAN: "Human",
    AI_EASY: "AI Easy",
    AI_NORMAL: "AI Normal",
    AI_HARD: "AI Hard",
}
#: what the AI levels mean, shown under the seats when an AI plays
LEVELS_HELP = (
    "AI Easy plays by rules of thumb and is often careless. AI Normal thinks a little before "
    "each move and may slip now and then. AI Hard thinks longest, up to about 1.5 s a move."
)


@dataclass
class SeatConfig:
    """One seat: who plays it (``human`` or an AI level) and the name shown at the table."""

    kind: str = HUMAN  # one of SEAT_KINDS
    name: str = ""

    @property
    def is_human(self) -> bool:
        """True for a human seat (hot-seat when there are several)."""
        return self.kind == HUMAN

    @property
    def ai_level(self) -> str | None:
        """``easy`` / ``normal`` / ``hard`` for an AI seat, ``None`` for a human."""
        return None if self.is_human else self.kind


@dataclass
class MatchConfig:
    """A match to start: game id, seats (index = seat number), resolved options and seed."""

    game_id: str
    seats: list[SeatConfig] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None  # None = pick one at random when the match starts

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        """The seats' display names (``Player N`` when left empty)."""
        return [s.name.strip() or f"Player {i + 1}" for i, s in enumerate(self.seats)]

    def with_seed(self, seed: int | None) -> MatchConfig:
        """A copy with another seed (a rematch uses ``None`` for a fresh deal)."""
        return replace(
            self, seats=[replace(s) for s in self.seats], options=dict(self.options), seed=seed
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (for saves)."""
        return {
            "game_id": self.game_id,
            "seats": [{"kind": s.kind, "name": s.name} for s in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchConfig:
        """Rebuild from :meth:`to_json` output."""
        return cls(
            game_id=str(data["game_id"]),
            seats=[
                SeatConfig(str(s.get("kind", HUMAN)), str(s.get("name", ""))) for s in data["seats"]
            ],
            options=dict(data.get("options") or {}),
            seed=data.get("seed"),
        )
