"""Why a card the player tries to pick up may not move: the rule, in words, for every game.

The table asks this (through :meth:`Game.explain_gesture`) when a card with no legal drag
is picked up or dropped.  The reason is read from the rules, never made up by the table:

1. nothing moves by dragging at this step: the step's own question (the view's prompt);
2. the card lies in another seat's zone: whose it is;
3. its zone gives no card at this step: which zones do;
4. its zone gives others but not this one: the game's own refusal of the move the other
   cards of that zone make, tried with this card (its cost, its suit, its target …).

Only what the seat's view shows is read, so no reason names a hidden card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

from tabletop.engine.actions import DRAG, Action, Gesture


class Rules(Protocol):
    """What the reasons need of a game (``engine.game.Game`` has it; named here so this
    module, which ``Game`` calls, does not import it back)."""

    def view(self, state: Any, seat: int | None) -> Any: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def why_illegal(self, state: Any, seat: int, action: Action) -> str: ...


# words that refuse without saying why: a reason made of these alone is not given
GENERIC = (
    "cannot be moved now",
    "is not allowed now",
    "cannot go there",
    "not legal",
    "is not an action of this game",
)
_SEAT_ZONE = re.compile(r"^p(\d+)\.")


def is_generic(reason: str) -> bool:
    """True when ``reason`` says only that something is refused, not which rule refuses it."""
    low = reason.strip().lower()
    return not low or any(g in low for g in GENERIC)


def owner_of(zone: str) -> int | None:
    """The seat a zone id such as ``p2.hand`` belongs to (``None``: a shared zone)."""
    m = _SEAT_ZONE.match(zone)
    return int(m.group(1)) if m else None


def _label(view: Mapping[str, Any], zone: str) -> str:
    z = (view.get("zones") or {}).get(zone) or {}
    label = str(z.get("label") or "").strip()
    if label:
        return label
    return zone.split(".", 1)[-1].replace("_", " ")


def _name(view: Mapping[str, Any], seat: int) -> str:
    for s in view.get("seats") or ():
        if s.get("seat") == seat and s.get("name"):
            return str(s["name"])
    return f"Player {seat + 1}"


def _card_arg(template: Action) -> str | None:
    """The argument of a drag action that names its card (by the gesture's card uid)."""
    uid = template.gesture.card or ""
    digits = uid.lstrip("abcdefghijklmnopqrstuvwxyz")
    for key, value in template.args:
        if isinstance(value, str) and value == uid:
            return key
        if isinstance(value, int) and digits.isdigit() and value == int(digits):
            return key
    return None


def _place(view: Mapping[str, Any], zone: str, uid: str) -> tuple[int, Any]:
    """(index, definition id) of card ``uid`` in ``zone`` of the view ((-1, None): absent)."""
    cards = ((view.get("zones") or {}).get(zone) or {}).get("cards") or ()
    for i, c in enumerate(cards):
        if c.get("uid") == uid:
            return i, c.get("card")
    return -1, None


def _as_card(view: Mapping[str, Any], template: Action, key: str, uid: str) -> Action | None:
    """``template`` with its card argument naming ``uid`` instead; the arguments that name
    the template card's place in the zone or its definition follow the new card."""
    old = template.get(key)
    value: Any = uid
    if isinstance(old, int):
        digits = uid.lstrip("abcdefghijklmnopqrstuvwxyz")
        if not digits.isdigit():
            return None
        value = int(digits)
    zone = template.gesture.source or ""
    was_at, was_card = _place(view, zone, template.gesture.card or "")
    now_at, now_card = _place(view, zone, uid)
    args = dict(template.args)
    for k, v in template.args:
        if k == key:
            continue
        if type(v) is int and v == was_at and now_at >= 0:
            args[k] = now_at
        elif isinstance(v, str) and v == was_card and now_card is not None:
            args[k] = now_card
    args[key] = value
    gesture = Gesture.drag(uid, template.gesture.source or "", template.gesture.target or "")
    return Action.make(template.name, gesture, template.text, **args)


def why_stuck(game: Rules, state: Any, seat: int, gesture: Gesture) -> str:
    """The rule keeping the card of ``gesture`` where it is (the seat is to act)."""
    view = game.view(state, seat)
    drags = [a for a in game.legal_actions(state, seat) if a.gesture.kind == DRAG]
    if not drags:
        prompt = str(view.get("prompt") or "").strip()
        return f"No card moves at this step. {prompt}".strip()
    zone = gesture.source or ""
    owner = owner_of(zone)
    if owner is not None and owner != seat:
        return (
            f"That card is in {_name(view, owner)}'s {_label(view, zone)}: only its owner moves it."
        )
    sources: list[str] = []
    for a in drags:
        src = a.gesture.source or ""
        if src not in sources:
            sources.append(src)
    if zone not in sources:
        where = " or ".join(_label(view, s) for s in sources[:3])
        return f"Cards in {_label(view, zone)} do not move at this step; now you move cards from {where}."
    for template in drags:
        if template.gesture.source != zone:
            continue
        key = _card_arg(template)
        if key is None:
            continue
        action = _as_card(view, template, key, gesture.card or "")
        if action is None:
            continue
        try:
            reason = game.why_illegal(state, seat, action)
        except Exception:  # a refusal that cannot read this card: try the next move
            continue
        if not is_generic(reason):
            return reason
    kinds = sorted({a.text.split(" ")[0] for a in drags if a.gesture.source == zone})
    return (
        f"No move this step takes that card from {_label(view, zone)}; "
        f"other cards there can ({', '.join(k for k in kinds if k)})."
    )
