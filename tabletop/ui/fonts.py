"""Shipped fonts (``art/fonts``), loaded once per role and pixel size.

Roles: ``body`` and ``bold`` (DejaVu Sans, which has the ♠♥♦♣ glyphs), ``display`` and
``display_italic`` (EB Garamond, for titles).  A missing file falls back to pygame's default
font so the app still starts.

Every font handed out is a :class:`SafeFont`: it draws any string without raising (text passes
:func:`tabletop.text_gate.shown` first, and a string that still cannot be drawn shows a
fallback glyph), so no name from a file can stop a frame.

The player's **text scale** (Settings: 100–200 %) lives here, in one place: :func:`font`
multiplies every size it is asked for by it, so every line of the app (table, menus,
dialogs; pygame_gui's theme reads :func:`text_scale` too) grows together.  Card faces are
art with a size of their own: they are drawn inside :func:`unscaled`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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


_scale = 1.0  # the player's text scale (1.0 = 100 %)
_unscaled = 0  # > 0 inside :func:`unscaled`


def set_text_scale(percent: int) -> None:
    """Scale every font handed out from now on to ``percent`` (the Settings offer
    :data:`tabletop.ui.settings.TEXT_SCALES`; other values are clamped to 100–200)."""
    global _scale
    _scale = max(100, min(200, int(percent))) / 100


def text_scale() -> float:
    """The factor text is drawn at now (1.0 inside :func:`unscaled`)."""
    return 1.0 if _unscaled else _scale


@contextmanager
def unscaled() -> Iterator[None]:
    """Hand out fonts at the sizes asked for, whatever the text scale (card faces)."""
    global _unscaled
    _unscaled += 1
    try:
        yield
    finally:
        _unscaled -= 1


def scaled(size: float) -> int:
    """``size`` pixels at the current text scale (what :func:`font` draws ``size`` at)."""
    return max(1, round(size * text_scale()))


def font(role: str, size: int) -> pygame.font.Font:
    """The font for ``role`` at ``size`` pixels times the text scale (cached)."""
    return _load(role, scaled(size))


@cache
def _load(role: str, size: int) -> pygame.font.Font:
    """The font for ``role`` at exactly ``size`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(role)
    size = max(1, int(size))
    if path is None:
        return SafeFont(None, size)
    return SafeFont(path, size)


def clear_cache() -> None:
    """Forget loaded fonts (after ``pygame.quit``)."""
    _load.cache_clear()
