"""Fast construction of actions and gestures (legal-action lists are built very often)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Gesture
from tabletop.engine.actions import BUTTON, CLICK, DRAG


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
