"""Fast construction of actions and gestures (legal-action lists are built very often).

Actions are immutable, so each distinct one is built once per deal and then reused: the
cache is keyed by the identities of the physical cards (``card_of``), because an action's
log text names its cards.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Gesture
from tabletop.engine.actions import BUTTON, CLICK, DRAG

_CACHES: dict[tuple[str, ...], dict[tuple, Action]] = {}
_MAX_DEALS = 16  # deals whose actions are kept (several determinized worlds during a search)


def cache_for(card_of: list[str]) -> dict[tuple, Action]:
    """The action cache of the deal ``card_of`` (the oldest deal is dropped when full)."""
    key = tuple(card_of)
    found = _CACHES.get(key)
    if found is None:
        if len(_CACHES) >= _MAX_DEALS:
            del _CACHES[next(iter(_CACHES))]
        found = _CACHES[key] = {}
    return found


def act(name: str, gesture: Gesture, text: str, **args: Any) -> Action:
    """Like ``Action.make`` for int/list-of-int arguments, without the generic conversion."""
    items = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in args.items()))
    return Action(name, items, gesture, text)


def drag(card: str, source: str, target: str, choice: str | None = None) -> Gesture:
    """A drag gesture."""
    return Gesture(DRAG, card, source, target, None, choice)


def click(target: str, choice: str | None = None) -> Gesture:
    """A click gesture."""
    return Gesture(CLICK, None, None, target, None, choice)


def button(label: str, choice: str | None = None) -> Gesture:
    """A button gesture."""
    return Gesture(BUTTON, None, None, None, label, choice)
