"""A match in progress: seats, state, undo, autosave and off-thread AI decisions."""

from tabletop.controller.ai_decide import agent_for
from tabletop.controller.ai_worker import AiWorker
from tabletop.controller.match import Match, Played, SeatConfig
from tabletop.controller.saves import FORMAT_VERSION, SaveError

__all__ = [
    "FORMAT_VERSION",
    "AiWorker",
    "Match",
    "Played",
    "SaveError",
    "SeatConfig",
    "agent_for",
]
