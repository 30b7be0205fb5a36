"""What the New game scene hands to :func:`tabletop.ui.launch.start_match` (plain data, no pygame)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.controller.match import AI_LEVELS, HUMAN, SeatConfig

# the seat menu's choices (``SeatConfig.choice``; ``SeatConfig.chosen`` turns one into a seat)
AI_EASY, AI_NORMAL, AI_HARD = AI_LEVELS
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
        return replace(self, seats=list(self.seats), options=dict(self.options), seed=seed)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (for saves)."""
        return {
            "game_id": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchConfig:
        """Rebuild from :meth:`to_json` output."""
        return cls(
            game_id=str(data["game_id"]),
            seats=[SeatConfig.from_json(s) for s in data["seats"]],
            options=dict(data.get("options") or {}),
            seed=data.get("seed"),
        )
