"""The menus' background: green baize with a woven grain, an original damask pattern drawn
procedurally, a vignette and a gilded frame.  Rendered once per size and palette.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from tabletop.ui.theme import Palette, mix, scale_for_size


def _grain(size: int, base: tuple[int, int, int], seed: int = 7) -> pygame.Surface:
    """A small tile of felt grain: per-pixel noise (-5..5, plus a faint diagonal) round ``base``."""
    noise = random.Random(seed).randbytes(size * size)
    r0, g0, b0 = base
    shade = {d: bytes((_byte(r0 + d), _byte(g0 + d), _byte(b0 + d))) for d in range(-5, 8)}
    pixels = b"".join(
        shade[n % 11 - 5 + (2 if (i // size + i % size) % 3 == 0 else 0)]
        for i, n in enumerate(noise)
    )
    return pygame.image.frombytes(pixels, (size, size), "RGB")


def _byte(v: int) -> int:
    return 0 if v < 0 else 255 if v > 255 else v


def _petal(length: int, width: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    s = pygame.Surface((width, length), pygame.SRCALPHA)
    pygame.draw.ellipse(s, colour, s.get_rect())
    inner = s.get_rect().inflate(-width * 0.55, -length * 0.35)
    pygame.draw.ellipse(s, (0, 0, 0, 0), inner)
    pygame.draw.line(s, colour, (width // 2, length * 0.2), (width // 2, length * 0.8), 2)
    return s


def damask_tile(size: int, ink: tuple[int, int, int], alpha: int = 34) -> pygame.Surface:
    """One repeat of the damask motif (``size`` pixels, transparent ground), anti-aliased."""
    ss = 2  # supersampling
    n = max(16, size) * ss
    surf = pygame.Surface((n, n), pygame.SRCALPHA)
    col = (*ink, alpha * 2 if alpha * 2 < 255 else 255)
    thin = max(2, n // 90)
    c = n // 2
    # Ogee lattice: arcs bulging between the tile's corners and edge midpoints.
    r = n // 2
    for cx, cy in ((0, 0), (n, 0), (0, n), (n, n)):
        pygame.draw.circle(surf, col, (cx, cy), r, thin)
    for cx, cy in ((c, -c), (c, n + c), (-c, c), (n + c, c)):
        pygame.draw.circle(surf, col, (cx, cy), int(r * 1.08), thin)
    # Central medallion: eight petals around a diamond, ringed with pearls.
    petal = _petal(int(n * 0.22), int(n * 0.09), col)
    for k in range(8):
        ang = k * 45
        p = pygame.transform.rotate(petal, ang)
        dx = -math.sin(math.radians(ang)) * n * 0.13
        dy = -math.cos(math.radians(ang)) * n * 0.13
        surf.blit(p, p.get_rect(center=(c + dx, c + dy)))
    d = n * 0.05
    pygame.draw.polygon(surf, col, [(c, c - d), (c + d, c), (c, c + d), (c - d, c)])
    for k in range(16):
        ang = math.radians(k * 22.5 + 11.25)
        pygame.draw.circle(
            surf, col, (c + math.cos(ang) * n * 0.29, c + math.sin(ang) * n * 0.29), thin
        )
    # Small quatrefoils where the lattice arcs meet (tile corners and edge midpoints).
    for qx, qy in ((0, 0), (n, 0), (0, n), (n, n), (c, 0), (c, n), (0, c), (n, c)):
        for k in range(4):
            ang = math.radians(k * 90 + 45)
            pygame.draw.circle(
                surf, col, (qx + math.cos(ang) * n * 0.035, qy + math.sin(ang) * n * 0.035), thin
            )
    return pygame.transform.smoothscale(surf, (n // ss, n // ss))


def _vignette(size: tuple[int, int], strength: int = 150) -> pygame.Surface:
    w, h = 64, 36
    alpha = bytearray()
    for y in range(h):
        for x in range(w):
            dx = (x + 0.5) / w * 2 - 1
            dy = (y + 0.5) / h * 2 - 1
            d = min(1.0, math.hypot(dx * 0.9, dy) / 1.35)
            alpha += bytes((0, 0, 0, int(strength * d**2.2)))
    small = pygame.image.frombytes(bytes(alpha), (w, h), "RGBA")
    big = pygame.transform.smoothscale(small, size)
    # In the window's pixel order: bytes in RGBA order blend through SDL's slow path (12 ms
    # at 1280x720 against 0.3 ms converted).
    return big.convert_alpha() if pygame.display.get_surface() is not None else big


def draw_frame(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, scale: float) -> None:
    """A gilded double rule with diamond corner studs inside ``rect``."""
    gold = pal.gold
    dim = mix(pal.gold, pal.felt_dark, 0.5)
    w1 = max(1, round(2 * scale))
    w2 = max(1, round(1 * scale))
    pygame.draw.rect(surface, gold, rect, w1, border_radius=round(6 * scale))
    inner = rect.inflate(-round(12 * scale), -round(12 * scale))
    pygame.draw.rect(surface, dim, inner, w2, border_radius=round(4 * scale))
    d = round(7 * scale)
    for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        pts = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
        pygame.draw.polygon(surface, pal.felt_dark, pts)
        pygame.draw.polygon(surface, gold, pts, max(1, w2))
        pygame.draw.circle(surface, gold, (x, y), max(1, round(2 * scale)))


@lru_cache(maxsize=6)
def backdrop(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """The full background for a window of ``size`` (cached)."""
    w, h = size
    scale = scale_for_size(size)
    surf = pygame.Surface(size)
    grain = _grain(64, pal.felt).convert(surf)  # same pixel format: plain copies
    surf.fblits([(grain, (x, y)) for y in range(0, h, 64) for x in range(0, w, 64)])
    tile_size = max(40, round(150 * scale))
    tile = damask_tile(tile_size, mix(pal.felt, pal.gold_light, 0.55), alpha=26)
    tiles = []
    for row, y in enumerate(range(-tile_size, h + tile_size, tile_size)):
        offset = (tile_size // 2) if row % 2 else 0  # half-drop repeat
        tiles += [
            (tile, (x + offset, y)) for x in range(-tile_size - offset, w + tile_size, tile_size)
        ]
    surf.fblits(tiles)
    surf.blit(_vignette(size), (0, 0))
    margin = round(14 * scale)
    draw_frame(surf, pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin), pal, scale)
    return surf


def clear_cache() -> None:
    """Forget rendered backdrops."""
    backdrop.cache_clear()
