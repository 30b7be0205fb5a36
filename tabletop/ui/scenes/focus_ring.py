"""The keyboard focus ring of the menu scenes: a gold frame round the focused control.

pygame_gui shows a focused button in its "selected" colours, which some themes make hard
to tell from the others; the ring (the table's gold, twice as wide as the widgets' border,
clear of the control by a gap) marks it in every theme and for every kind of control.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.theme import mix


def target(scene: Any) -> pygame.Rect | None:
    """The screen rect of the scene's focused control, if one is focused and shown."""
    item = scene.focused_button
    if item is None or not getattr(item, "visible", True):
        return None
    rect = getattr(item, "rect", None)
    return pygame.Rect(rect) if rect is not None else None


def draw(scene: Any, surface: pygame.Surface) -> pygame.Rect | None:
    """Draw the ring round the focused control; return the ring's outer rect."""
    r = target(scene)
    if r is None:
        return None
    pal = scene.app.palette
    gap, width = scene.px(3), max(2, scene.px(3))
    ring = r.inflate(2 * (gap + width), 2 * (gap + width))
    radius = scene.px(8)
    pygame.draw.rect(surface, mix(pal.gold_light, (0, 0, 0), 0.55), ring.inflate(2, 2), 1, radius)
    pygame.draw.rect(surface, pal.gold_light, ring, width, radius)
    return ring
