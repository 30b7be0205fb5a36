"""Who sits in a seat: the one seat record of a match, of its save and of the set-up forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

HUMAN = "human"
AI = "ai"
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")  # the levels a set-up form offers


@dataclass(frozen=True)
class SeatConfig:
    """A seat: a human, or an AI of a level (``easy``/``normal``/``hard``/…), and its name.

    A set-up form may hold seats of its own kinds (the host's form: ``you``, ``open``); a
    match is only ever given human and AI seats.
    """

    kind: str = HUMAN
    name: str = ""
    level: str = "normal"

    @property
    def is_ai(self) -> bool:
        """True for a computer seat."""
        return self.kind == AI

    @property
    def choice(self) -> str:
        """What a set-up form's seat menu shows: an AI seat's level, else the seat's kind."""
        return self.level if self.is_ai else self.kind

    @staticmethod
    def chosen(choice: str, name: str = "") -> SeatConfig:
        """The seat a set-up form's menu ``choice`` means: an AI of that level when it names
        one of :data:`AI_LEVELS`, else a seat of that kind."""
        if choice in AI_LEVELS:
            return SeatConfig(AI, name, choice)
        return SeatConfig(choice, name)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON for the save file."""
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @staticmethod
    def from_json(data: dict[str, Any]) -> SeatConfig:
        """Decode :meth:`to_json`."""
        return SeatConfig(
            str(data.get("kind", HUMAN)),
            str(data.get("name", "")),
            str(data.get("level", "normal")),
        )
