"""Game-agnostic machinery: the game protocol, the rules kit, actions, events, RNG, data.

Never imports pygame and never imports a game.  The names below load on first use (PEP 562),
so a program that needs one engine module (the app's first frame reads only the resource
finder) does not pay for the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "BUTTON": "actions",
    "CLICK": "actions",
    "DRAG": "actions",
    "Action": "actions",
    "Gesture": "actions",
    "DataError": "errors",
    "IllegalAction": "errors",
    "Event": "events",
    "events_for": "events",
    "IMPERFECT": "game",
    "PERFECT": "game",
    "Game": "game",
    "GameInfo": "game",
    "OptionSpec": "game",
    "Outcome": "game",
    "state_digest": "game",
    "Rng": "rng",
}

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

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tabletop.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tabletop.engine.{module}"), name)
    globals()[name] = value
    return value
