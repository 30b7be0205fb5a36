"""Shipped fonts (``art/fonts``), loaded once per role and pixel size.

Roles: ``body`` and ``bold`` (DejaVu Sans, which has the ♠♥♦♣ glyphs), ``display`` and
``display_italic`` (EB Garamond, for titles).  A missing file falls back to pygame's default
font so the app still starts.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from tabletop.engine import resources

FILES: dict[str, str] = {
    "body": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "display": "EBGaramond12-Regular.otf",
    "display_italic": "EBGaramond12-Italic.otf",
}


def font_path(role: str) -> Path | None:
    """The file for ``role`` (``None`` if it is not shipped)."""
    name = FILES.get(role)
    if name is None:
        raise KeyError(f"unknown font role {role!r} (known: {', '.join(FILES)})")
    try:
        path = resources.fonts_dir() / name
    except FileNotFoundError:
        return None
    return path if path.is_file() else None


@cache
def font(role: str, size: int) -> pygame.font.Font:
    """The font for ``role`` at ``size`` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(role)
    size = max(1, int(size))
    if path is None:
        return pygame.font.Font(None, size)
    return pygame.font.Font(path, size)


def clear_cache() -> None:
    """Forget loaded fonts (after ``pygame.quit``)."""
    font.cache_clear()
