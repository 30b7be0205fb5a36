"""Actions, events and views as they travel between the server and a client.

A legal action travels whole — name, arguments, gesture and log text — so the client's table
lights the same targets as a local one; a move comes back as name and arguments only and the
server matches it against its own legal list.  Views and events are plain JSON already;
read-only mappings and tuples become objects and lists.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.actions import _GESTURE_KEYS


def _plain(value: Any) -> Any:
    """What the JSON encoder cannot write itself: read-only mappings (tested by exact type
    first: ``isinstance`` against the abstract ``Mapping`` costs more than the encoding)."""
    if type(value) is MappingProxyType or isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, set | frozenset):
        return list(value)
    raise TypeError(f"{type(value).__name__} cannot travel")


def to_text(value: Any) -> str:
    """Compact JSON of a view, event or message (read-only mappings and tuples included)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=_plain)


def plain(value: Any) -> Any:
    """``value`` as plain JSON data (what the other end will decode)."""
    return json.loads(to_text(value))


class ViewCoder:
    """Encodes views, keeping the text of each part it has encoded lately.

    Between two moves most of a view is unchanged: the same zones, the same seat figures.
    Each top-level value and each zone is compared (by equality, in C) with the last few
    values seen under its name, and an equal one's text is reused; only what changed is
    encoded again.  The result is the same text :func:`to_text` gives.
    """

    KEEP = 8  # values remembered per part (a hidden hand looks different to each seat)

    def __init__(self) -> None:
        self._parts: dict[str, list[tuple[Any, str]]] = {}
        self._keys: dict[str, str] = {}  # a name as JSON text, with its colon

    def _part(self, key: str, value: Any) -> str:
        seen = self._parts.get(key)
        if seen is None:
            seen = self._parts[key] = []
        for i, (old, text) in enumerate(seen):
            if old is value or old == value:
                if i:
                    seen.insert(0, seen.pop(i))
                return text
        text = to_text(value)
        seen.insert(0, (value, text))
        del seen[self.KEEP :]
        return text

    def encode(self, view: Mapping[str, Any]) -> str:
        """The JSON text of ``view``."""
        parts = []
        for key, value in view.items():
            if key == "zones" and isinstance(value, Mapping):
                zones = ",".join(
                    self._key(zid) + self._part("zone:" + zid, zone) for zid, zone in value.items()
                )
                parts.append('"zones":{' + zones + "}")
            else:
                parts.append(self._key(key) + self._part("key:" + key, value))
        return "{" + ",".join(parts) + "}"

    def _key(self, name: str) -> str:
        text = self._keys.get(name)
        if text is None:
            text = self._keys[name] = json.dumps(name, ensure_ascii=False) + ":"
        return text


def message_text(msg: Mapping[str, Any], coder: ViewCoder) -> str:
    """A message holding a ``view``, as JSON text, the view encoded by ``coder``."""
    rest = {k: v for k, v in msg.items() if k != "view"}
    if "view" not in msg:
        return to_text(rest)
    return to_text(rest)[:-1] + ',"view":' + coder.encode(msg["view"]) + "}"


def action_to_wire(action: Action) -> dict[str, Any]:
    """A legal action with its gesture and text."""
    out = action.to_json()
    out["gesture"] = action.gesture.to_json()
    out["text"] = action.text
    return out


def action_from_wire(data: Mapping[str, Any]) -> Action:
    """Decode :func:`action_to_wire` (or a bare ``{"name", "args"}``)."""
    gesture = data.get("gesture")
    g = None
    if isinstance(gesture, Mapping) and isinstance(gesture.get("kind"), str):
        given: dict[str, Any] = {k: gesture.get(k) for k in _GESTURE_KEYS}  # unchecked
        g = Gesture(**given)
    args = data.get("args") or {}
    if not isinstance(args, Mapping):
        raise ValueError("an action's args are an object")
    text = data.get("text") if isinstance(data.get("text"), str) else ""
    return Action.make(str(data["name"]), g, text or "", **dict(args))


def event_to_wire(event: Event) -> dict[str, Any]:
    """An event as one seat may read it (the caller has already redacted it)."""
    out: dict[str, Any] = {"kind": event.kind, "text": event.text, "data": event.data}
    if event.reveal:
        out["reveal"] = True
    return out


def event_from_wire(data: Mapping[str, Any]) -> Event:
    """Decode :func:`event_to_wire`."""
    payload = data.get("data")
    return Event(
        str(data.get("kind", "log")),
        str(data.get("text", "")),
        dict(payload) if isinstance(payload, Mapping) else {},
        reveal=bool(data.get("reveal", False)),
    )
