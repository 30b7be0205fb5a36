"""How a move shows at the table: its sound, its cards flying, and the settings they read.

The functions read the table through :class:`~tabletop.ui.table.reads.TableReads` and change
nothing: the scene plays the sound and hands the flights to its controller.
:func:`setting` reads the app's settings for the whole table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.engine import Event, events_for
from tabletop.engine.events import MOVE, REVEAL
from tabletop.ui import motion
from tabletop.ui.table.widgets import Tween

if TYPE_CHECKING:
    from tabletop.ui.table.reads import TableReads


def setting(app: Any, name: str, default: Any) -> Any:
    """A value from the app's settings (object or mapping), or ``default``."""
    s = getattr(app, "settings", None)
    if s is None:
        return default
    if isinstance(s, dict):
        return s.get(name, default)
    return getattr(s, name, default)


def anim_factor(app: Any) -> float:
    """The animation speed multiplier from the settings (0 = instant, as with reduced
    motion)."""
    if motion.reduced(app):
        return 0.0
    value = setting(app, "animation_factor", None)
    if value is None:
        value = setting(app, "animation_speed", 1.0)
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return 1.0


def face_down_here(box: Any, shown: int | None) -> bool:
    """Whether a zone shows its cards face down to the ``shown`` seat (not its own hand)."""
    return box is not None and box.face == "down" and (box.seat is None or box.seat != shown)


def move_sound(sc: TableReads, events: list[Event], dropped: str | None) -> str | None:
    """The sound of what an action moved: ``flip`` when cards were revealed or came face up
    out of a zone the shown seat sees face down, ``deal`` for three or more cards,
    ``slide`` for one or two (a card the player just dropped already made its sound)."""
    seen = events_for(events, sc.shown)
    moves = [e.data for e in seen if e.kind == MOVE and isinstance(e.data, Mapping)]
    zones = sc.layout.zones if sc.layout else {}
    if any(e.kind == REVEAL for e in seen) or any(
        d.get("face_up") and face_down_here(zones.get(d.get("source") or ""), sc.shown)
        for d in moves
    ):
        return "flip"
    n = len([d for d in moves if not (dropped and d.get("card") == dropped)])
    return "deal" if n >= 3 else "slide" if n else None


def flights(
    sc: TableReads,
    speed: float,
    old: dict[str, pygame.Rect],
    old_slots: dict[str, pygame.Rect],
    events: list[Event],
) -> tuple[dict[str, Tween], list[Tween]]:
    """How a move's cards fly at ``speed`` (see :func:`anim_factor`): the cards of the view
    that moved slide from ``old`` to their places, by key; a card the view no longer shows
    is an image flying from where it was (or its zone's next place, ``old_slots``)."""
    base = 0.32 / speed
    slides: dict[str, Tween] = {}
    ghosts: list[Tween] = []
    moved: set[str] = set()
    for sp in sc.sprites:
        if sp.uid and sp.uid in old and old[sp.uid].topleft != sp.rect.topleft:
            slides[sp.key] = Tween(pygame.Rect(old[sp.uid]), pygame.Rect(sp.rect), base)
            moved.add(sp.uid)
    assert sc.layout is not None
    for e in events_for(events, sc.shown):
        if e.kind != MOVE or not isinstance(e.data, Mapping):
            continue
        uid = e.data.get("card")
        if uid in moved:
            continue
        src, dst = e.data.get("source"), e.data.get("target")
        start = old.get(uid) if uid else None
        start = start or old_slots.get(src or "")
        box = sc.layout.zones.get(dst or "")
        if start is None or box is None:
            continue
        n = sc.zone_counts.get(box.id, 0)
        end = sc.layout.slots(box, max(1, n))[-1]
        cid = e.data.get("card_id")
        img = (
            sc.art.face(cid, end.w, end.h)
            if cid and e.data.get("face_up", True) and cid in sc.data.cards
            else sc.art.back(None, end.w, end.h)
        )
        if face_down_here(box, sc.shown):
            img = sc.art.back(None, end.w, end.h)
        ghosts.append(Tween(pygame.Rect(start), end, base, image=img))
    return slides, ghosts
