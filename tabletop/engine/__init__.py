"""Game-agnostic machinery: the game protocol, actions, events, RNG, data loading.

Never imports pygame and never imports a game.
"""

from tabletop.engine.actions import BUTTON, CLICK, DRAG, Action, Gesture
from tabletop.engine.errors import DataError, IllegalAction
from tabletop.engine.events import Event, events_for
from tabletop.engine.game import (
    IMPERFECT,
    PERFECT,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    state_digest,
)
from tabletop.engine.rng import Rng

__all__ = [
    "BUTTON",
    "CLICK",
    "DRAG",
    "IMPERFECT",
    "PERFECT",
    "Action",
    "DataError",
    "Event",
    "Game",
    "GameInfo",
    "Gesture",
    "IllegalAction",
    "OptionSpec",
    "Outcome",
    "Rng",
    "events_for",
    "state_digest",
]
