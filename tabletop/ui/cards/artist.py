"""What a face painter needs from the card renderer: its palette, scale, art files and marks.

``illustrated`` and ``playing`` draw with any object of this shape (``faces.CardArt`` is the
one the app uses), so they need not import the renderer that imports them.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from tabletop.ui.theme import Palette


class Artist(Protocol):
    """The renderer as a face painter sees it."""

    pal: Palette
    scale: float

    def art(
        self, rel: str | None, w: int, h: int, tint: str | None = None
    ) -> pygame.Surface | None:
        """An art file at ``w``×``h`` pixels, or None."""

    def mark(self, what: str, detail: str | None, pos: tuple[int, int] = (0, 0)) -> None:
        """Record what was drawn where (a test hook)."""
