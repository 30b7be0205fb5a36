"""How a move shows at the table: its sound, its cards sliding, and the settings they read.

:class:`Cues` is a mixin of :class:`~tabletop.ui.table.scene.TableScene`: it reads the scene's
layout, sprites and shown seat. :func:`setting` reads the app's settings for the whole table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from tabletop.engine import Event, events_for
from tabletop.engine.events import MOVE, REVEAL
from tabletop.ui import motion, sound
from tabletop.ui.table import story
from tabletop.ui.table.widgets import Tween


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


class Cues:
    """The sound and animation of a move (mixed into the table scene)."""

    def cue(self, name: str | None) -> None:
        """Play a sound through the app's player (not while fast-forwarding)."""
        if name and not self.fast:
            sound.play(self.app, name)

    # --- the story: marks of the rivals' moves, and the moments' banners ----------------------
    def _read_story(self) -> None:
        """The marks for the shown seat, and the moments played since the last reading
        queued as banners (none while fast-forwarding)."""
        self.story = story.read(self.match, self.shown)
        played = len(story.played_moves(self.match))
        start = min(self.moment_from, played)
        fresh = story.moments(self.match, self.shown, start)
        self.moment_from = played
        if self.fast:
            return
        queued = {m.key for m in self.banners}
        self.banners += [m for m in fresh if m.key not in queued]

    def _tick_banner(self, dt: float) -> None:
        if not self.banners:
            return
        if self.fast:
            self.banners.clear()
            return
        self.banner_t += dt
        if self.banner_t >= story.MOMENT_TIME:
            self.skip_banner()

    def skip_banner(self) -> bool:
        """Close the moment's banner on show (the next one follows); False if none."""
        if not self.banners:
            return False
        self.banners.pop(0)
        self.banner_t = 0.0
        return True

    def _face_down_here(self, box: Any) -> bool:
        """Whether a zone shows its cards face down to the shown seat (not its own hand)."""
        return (
            box is not None and box.face == "down" and (box.seat is None or box.seat != self.shown)
        )

    def _move_sound(self, events: list[Event], dropped: str | None) -> str | None:
        """The sound of what an action moved: ``flip`` when cards were revealed or came face up
        out of a zone the shown seat sees face down, ``deal`` for three or more cards,
        ``slide`` for one or two (a card the player just dropped already made its sound)."""
        seen = events_for(events, self.shown)
        moves = [e.data for e in seen if e.kind == MOVE and isinstance(e.data, Mapping)]
        zones = self.layout.zones if self.layout else {}
        if any(e.kind == REVEAL for e in seen) or any(
            d.get("face_up") and self._face_down_here(zones.get(d.get("source") or ""))
            for d in moves
        ):
            return "flip"
        n = len([d for d in moves if not (dropped and d.get("card") == dropped)])
        return "deal" if n >= 3 else "slide" if n else None

    def _animate(
        self, old: dict[str, pygame.Rect], old_slots: dict[str, pygame.Rect], events: list[Event]
    ) -> None:
        speed = anim_factor(self.app)
        if speed <= 0 or self.fast:
            return
        base = 0.32 / speed
        moved: set[str] = set()
        for sp in self.sprites:
            if sp.uid and sp.uid in old and old[sp.uid].topleft != sp.rect.topleft:
                self.tweens[sp.key] = Tween(pygame.Rect(old[sp.uid]), pygame.Rect(sp.rect), base)
                moved.add(sp.uid)
        assert self.layout is not None
        for e in events_for(events, self.shown):
            if e.kind != MOVE or not isinstance(e.data, Mapping):
                continue
            uid = e.data.get("card")
            if uid in moved:
                continue
            src, dst = e.data.get("source"), e.data.get("target")
            start = old.get(uid) if uid else None
            start = start or old_slots.get(src or "")
            box = self.layout.zones.get(dst or "")
            if start is None or box is None:
                continue
            n = self.zone_counts.get(box.id, 0)
            end = self.layout.slots(box, max(1, n))[-1]
            cid = e.data.get("card_id")
            img = (
                self.art.face(cid, end.w, end.h)
                if cid and e.data.get("face_up", True) and cid in self.data.cards
                else self.art.back(None, end.w, end.h)
            )
            if self._face_down_here(box):
                img = self.art.back(None, end.w, end.h)
            self.ghosts.append(Tween(pygame.Rect(start), end, base, image=img))
