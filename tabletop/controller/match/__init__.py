"""A match in play: the seats, the state, applying moves, undo back to the last barrier."""

from tabletop.controller.match.match import SNAPSHOT_EVERY, Match, Played
from tabletop.controller.match.seats import AI, AI_LEVELS, HUMAN, SeatConfig
from tabletop.controller.match.undo import is_barrier, step_is_barrier

__all__ = [
    "AI",
    "AI_LEVELS",
    "HUMAN",
    "SNAPSHOT_EVERY",
    "Match",
    "Played",
    "SeatConfig",
    "is_barrier",
    "step_is_barrier",
]
