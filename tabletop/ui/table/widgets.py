"""Small drawing helpers for the table: buttons, panels, glows, tweens."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.ui import typeset

Colour = tuple[int, int, int]


def ease(t: float) -> float:
    """Smooth ease-in-out of ``t`` in [0, 1]."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Tween:
    """A card (or ghost image) flying from one rect to another."""

    start: pygame.Rect
    end: pygame.Rect
    duration: float
    t: float = 0.0
    image: pygame.Surface | None = None  # for ghosts (cards with no sprite at the end)

    def rect(self) -> pygame.Rect:
        """The current rect."""
        k = ease(self.t / self.duration if self.duration > 0 else 1.0)
        lift = math.sin(math.pi * k) * min(40, self.start.h * 0.15)
        return pygame.Rect(
            round(self.start.x + (self.end.x - self.start.x) * k),
            round(self.start.y + (self.end.y - self.start.y) * k - lift),
            round(self.start.w + (self.end.w - self.start.w) * k),
            round(self.start.h + (self.end.h - self.start.h) * k),
        )

    @property
    def done(self) -> bool:
        """True once it has arrived."""
        return self.t >= self.duration


@dataclass
class Button:
    """A clickable labelled rect; ``payload`` says what it does."""

    rect: pygame.Rect
    label: str
    payload: Any
    enabled: bool = True
    glow: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def draw_button(
    surface: pygame.Surface,
    b: Button,
    pal: Any,
    size: int,
    hover: bool = False,
    glow: bool | None = None,
) -> None:
    """A royal-blue button with gold edge; gold glow when highlighted (``glow``, else the
    button's own ``glow``)."""
    radius = max(3, b.rect.h // 4)
    if b.glow if glow is None else glow:
        pygame.draw.rect(surface, pal.gold_light, b.rect.inflate(8, 8), border_radius=radius + 3)
    base = pal.royal_light if hover and b.enabled else pal.royal
    if not b.enabled:
        base = (80, 80, 90)
    pygame.draw.rect(surface, base, b.rect, border_radius=radius)
    pygame.draw.rect(surface, pal.gold, b.rect, max(1, size // 10), border_radius=radius)
    t = typeset.text(b.label, size, pal.ivory if b.enabled else (190, 190, 190), bold=True)
    if t.get_width() > b.rect.w - 8:
        t = pygame.transform.smoothscale(
            t, (b.rect.w - 8, max(1, t.get_height() * (b.rect.w - 8) // t.get_width()))
        )
    surface.blit(t, t.get_rect(center=b.rect.center))


def panel(
    size: tuple[int, int], fill: Colour, edge: Colour, alpha: int = 235, radius: int = 8
) -> pygame.Surface:
    """A translucent rounded panel surface."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*fill, alpha), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, (*edge, 255), surf.get_rect(), max(1, radius // 4), border_radius=radius)
    return surf


_GLOWS: dict[tuple[int, int, Colour, int, bool], pygame.Surface] = {}


def dash_length(width: int) -> int:
    """The length of one dash (and of one gap) of a dashed glow ``width`` wide."""
    return max(6, 2 * width)


def glow(w: int, h: int, colour: Colour, width: int, dashed: bool = False) -> pygame.Surface:
    """A cached soft glow frame that fits around a ``w``×``h`` rect (grown by ``width``).

    ``dashed``: its crisp edge is a dashed line (a legal target: a place the card may go),
    so it reads apart from the solid outline of a selected card without its colour."""
    key = (w, h, colour, width, dashed)
    surf = _GLOWS.get(key)
    if surf is None:
        if len(_GLOWS) > 400:
            _GLOWS.clear()
        surf = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
        steps = max(1, width)
        for i in range(steps):
            a = int(200 * (i + 1) / steps)
            r = surf.get_rect().inflate(-2 * i, -2 * i)
            pygame.draw.rect(surf, (*colour, a // 3), r, 2, border_radius=max(4, width + 6 - i))
        edge = surf.get_rect().inflate(-2 * width + 4, -2 * width + 4)
        if dashed:
            dashed_frame(surf, (*colour, 255), edge, 3, dash_length(width))
        else:
            pygame.draw.rect(surf, (*colour, 255), edge, 3, border_radius=6)
        _GLOWS[key] = surf
    return surf


def dashed_frame(
    surface: pygame.Surface, colour: Any, rect: pygame.Rect, thick: int, dash: int
) -> None:
    """A rectangle's edge ``thick`` pixels wide as dashes ``dash`` long with equal gaps,
    each side starting with a dash at its corner."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - thick, rect.bottom - thick
    for x in range(x0, x1 + 1, 2 * dash):
        n = min(dash, x1 + thick - x)
        surface.fill(colour, (x, y0, n, thick))
        surface.fill(colour, (x, y1, n, thick))
    for y in range(y0, y1 + 1, 2 * dash):
        n = min(dash, y1 + thick - y)
        surface.fill(colour, (x0, y, thick, n))
        surface.fill(colour, (x1, y, thick, n))
