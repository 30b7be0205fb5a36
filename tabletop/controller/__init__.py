"""A match in progress and what serves it, one sub-package per job.

- :mod:`~tabletop.controller.match`: the match (seats, applying moves, undo, autosave calls);
- :mod:`~tabletop.controller.saving`: saves, their check, the autosave's journal, save files;
- :mod:`~tabletop.controller.history`: the record of finished games and its figures;
- :mod:`~tabletop.controller.ai_seats`: the AI seats' decisions off the render loop;
- :mod:`~tabletop.controller.replay`: a finished or saved game rebuilt position by position;
- :mod:`~tabletop.controller.game_data`: a game's validated data, loaded once.
"""

from tabletop.controller.ai_seats import AiWorker, agent_for
from tabletop.controller.match import Match, Played, SeatConfig
from tabletop.controller.saving.saves import FORMAT_VERSION, SaveError

__all__ = [
    "FORMAT_VERSION",
    "AiWorker",
    "Match",
    "Played",
    "SaveError",
    "SeatConfig",
    "agent_for",
]
