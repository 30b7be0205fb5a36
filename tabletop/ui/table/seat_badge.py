"""A seat's badge: a disc in the seat's colour holding the seat's own shape.

Seats are told apart by name first; the badge beside the name (on the name plate and in the
side panel) adds a colour and a shape, so two seats whose colours look alike to a player
with a colour-vision deficiency still differ by the shape (circle, triangle, square,
diamond, star, cross, hexagon, a triangle pointing down: the first six, told apart at the
smallest size, serve the six seats a game has at most).  ``tests/test_colour_independence.py``
checks it.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

Colour = tuple[int, int, int]
SHAPES = ("circle", "triangle", "square", "diamond", "star", "cross", "hexagon", "nabla")

_CACHE: dict[tuple[Any, ...], pygame.Surface] = {}


def seat_colour(pal: Any, seat: int) -> Colour:
    """The colour of ``seat`` in palette ``pal``."""
    colours = pal.seats
    return colours[seat % len(colours)]


def seat_shape(seat: int) -> str:
    """The shape drawn in ``seat``'s badge (one of :data:`SHAPES`)."""
    return SHAPES[seat % len(SHAPES)]


def _polygon(n: int, r: float, cx: float, cy: float, turn: float = -90.0) -> list[tuple]:
    return [
        (cx + r * math.cos(math.radians(turn + 360 * k / n)),
         cy + r * math.sin(math.radians(turn + 360 * k / n)))
        for k in range(n)
    ]  # fmt: skip


def _star(r: float, cx: float, cy: float) -> list[tuple]:
    outer = _polygon(5, r, cx, cy)
    inner = _polygon(5, r * 0.45, cx, cy, -90 + 36)
    return [p for pair in zip(outer, inner, strict=True) for p in pair]


def _cross(r: float, cx: float, cy: float) -> list[tuple]:
    a, b = r * 0.38, r
    pts = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a)]
    pts += [(-b, a), (-b, -a), (-a, -a)]
    return [(cx + x, cy + y) for x, y in pts]


def draw_shape(surface: pygame.Surface, shape: str, colour: Any, centre: tuple, r: float) -> None:
    """Fill ``shape`` of radius ``r`` round ``centre`` on ``surface``."""
    cx, cy = centre
    if shape == "circle":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(1, round(r * 0.8)))
        return
    points = {
        "triangle": lambda: _polygon(3, r * 1.05, cx, cy + r * 0.15),
        "square": lambda: _polygon(4, r * 1.05, cx, cy, -45),
        "diamond": lambda: _polygon(4, r * 1.05, cx, cy),
        "star": lambda: _star(r * 1.1, cx, cy + r * 0.05),
        "hexagon": lambda: _polygon(6, r, cx, cy),
        "cross": lambda: _cross(r * 0.95, cx, cy),
        "nabla": lambda: _polygon(3, r * 1.05, cx, cy - r * 0.15, 90),
    }[shape]()
    pygame.draw.polygon(surface, colour, points)


def badge(pal: Any, seat: int, diameter: int) -> pygame.Surface:
    """``seat``'s badge, ``diameter`` pixels across (cached): its colour, an edge, its shape
    in ivory with a dark outline so it reads on any colour."""
    colour, shape = seat_colour(pal, seat), seat_shape(seat)
    d = max(8, diameter)
    key = (colour, shape, d, pal.ivory, pal.ink)
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 500:
            _CACHE.clear()
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        c = d / 2
        pygame.draw.circle(surf, pal.ink, (d // 2, d // 2), d // 2)
        pygame.draw.circle(surf, colour, (d // 2, d // 2), max(1, d // 2 - max(1, d // 12)))
        r = d * 0.23
        draw_shape(surf, shape, pal.ink, (c, c), r + max(1, d / 16))
        draw_shape(surf, shape, pal.ivory, (c, c), r)
        _CACHE[key] = surf
    return surf
