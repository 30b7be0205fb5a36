"""Actions: small immutable values with a stable JSON form and a UI gesture.

An action is identified by its ``name`` and its ``args`` (a sorted tuple of key/value
pairs).  The gesture and the log text travel with it but take no part in equality, so
an action decoded from JSON compares equal to the legal action it came from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Scalar = str | int | bool | None

DRAG = "drag"
CLICK = "click"
BUTTON = "button"


@dataclass(frozen=True, slots=True)
class Gesture:
    """How a person performs an action at the table.

    * ``drag``: pick up ``card`` (a card uid) in zone ``source`` and drop it on ``target``
      (a zone id, or a card uid inside a zone).
    * ``click``: click ``target`` (a card uid or a zone id).
    * ``button``: press a button labelled ``label``.

    ``choice`` is the label shown in the small chooser when one gesture maps to several
    actions (for example the two halves of a split card).
    """

    kind: str
    card: str | None = None
    source: str | None = None
    target: str | None = None
    label: str | None = None
    choice: str | None = None

    @staticmethod
    def drag(card: str, source: str, target: str, choice: str | None = None) -> Gesture:
        """A drag of ``card`` from zone ``source`` onto ``target``."""
        return Gesture(DRAG, card=card, source=source, target=target, choice=choice)

    @staticmethod
    def click(target: str, choice: str | None = None) -> Gesture:
        """A click on a card uid or zone id."""
        return Gesture(CLICK, target=target, choice=choice)

    @staticmethod
    def button(label: str, choice: str | None = None) -> Gesture:
        """A press of the named button."""
        return Gesture(BUTTON, label=label, choice=choice)

    def to_json(self) -> dict[str, Any]:
        """The gesture as a JSON object (keys with ``None`` left out)."""
        return {k: v for k in _GESTURE_KEYS if (v := getattr(self, k)) is not None}


_GESTURE_KEYS = ("kind", "card", "source", "target", "label", "choice")


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("action arguments may not be mappings")
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision of one seat."""

    name: str
    args: tuple[tuple[str, Any], ...] = ()
    gesture: Gesture = field(default=Gesture(BUTTON), compare=False)
    text: str = field(default="", compare=False)

    @staticmethod
    def make(name: str, gesture: Gesture | None = None, text: str = "", **args: Any) -> Action:
        """Build an action; ``args`` are scalars or lists of scalars."""
        frozen = tuple(sorted((k, _freeze(v)) for k, v in args.items()))
        return Action(name, frozen, gesture or Gesture.button(text or name), text or name)

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The argument ``key``, or ``default``."""
        for k, v in self.args:
            if k == key:
                return v
        return default

    @property
    def key(self) -> str:
        """A stable string identifying the action (its compact JSON)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: ``{"name": ..., "args": {...}}``."""
        return {"name": self.name, "args": {k: _thaw(v) for k, v in self.args}}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Decode the JSON form.  Gesture and text are recovered by matching legal actions."""
        return Action.make(data["name"], **data.get("args", {}))

    def __str__(self) -> str:
        return self.text or self.key


_NEW = object.__new__
_SET_NAME, _SET_ARGS, _SET_GESTURE, _SET_TEXT = (
    Action.__dict__[k].__set__ for k in ("name", "args", "gesture", "text")
)


def quick_action(
    name: str, args: tuple[tuple[str, Any], ...], gesture: Gesture, text: str
) -> Action:
    """``Action(name, args, gesture, text)`` with ``args`` already sorted and frozen, made
    about twice as fast (the slots are set directly): for actions interned by the thousand."""
    a = _NEW(Action)
    _SET_NAME(a, name)
    _SET_ARGS(a, args)
    _SET_GESTURE(a, gesture)
    _SET_TEXT(a, text)
    return a


_GESTURE_SETS = tuple(
    Gesture.__dict__[k].__set__ for k in ("kind", "card", "source", "target", "label", "choice")
)


def quick_gesture(
    kind: str,
    card: str | None,
    source: str | None,
    target: str | None,
    label: str | None,
    choice: str | None,
) -> Gesture:
    """``Gesture(kind, card, source, target, label, choice)`` made about twice as fast (the
    slots are set directly): for the gestures of actions made by the thousand."""
    g = _NEW(Gesture)
    s_kind, s_card, s_source, s_target, s_label, s_choice = _GESTURE_SETS
    s_kind(g, kind)
    s_card(g, card)
    s_source(g, source)
    s_target(g, target)
    s_label(g, label)
    s_choice(g, choice)
    return g
