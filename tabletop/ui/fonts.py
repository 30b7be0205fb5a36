"""Shipped fonts (``art/fonts``), loaded once per role and pixel size.

Roles: ``body`` and ``bold`` (DejaVu Sans, which has the ♠♥♦♣ glyphs), ``display`` and
``display_italic`` (EB Garamond, for titles).  A missing file falls back to pygame's default
font so the app still starts.

Every font handed out is a :class:`SafeFont`: it draws any string without raising (text passes
:func:`tabletop.text_gate.shown` first, and a string that still cannot be drawn shows a
fallback glyph), so no name from a file can stop a frame.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pygame

from tabletop import text_gate
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


class SafeFont(pygame.font.Font):
    """A font whose ``render`` and ``size`` never raise on the text they are given."""

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        """Draw ``text`` cleaned by the text gate; a fallback glyph if it still fails."""
        try:
            return super().render(text_gate.shown(text), *args, **kwargs)
        except (pygame.error, ValueError, UnicodeError):
            return super().render(text_gate.FALLBACK, *args, **kwargs)

    def size(self, text: Any) -> tuple[int, int]:
        """The size ``render`` would give ``text``."""
        try:
            return super().size(text_gate.shown(text))
        except (pygame.error, ValueError, UnicodeError):
            return super().size(text_gate.FALLBACK)


@cache
def font(role: str, size: int) -> pygame.font.Font:
    """The font for ``role`` at ``size`` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(role)
    size = max(1, int(size))
    if path is None:
        return SafeFont(None, size)
    return SafeFont(path, size)


def clear_cache() -> None:
    """Forget loaded fonts (after ``pygame.quit``)."""
    font.cache_clear()
