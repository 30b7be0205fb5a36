"""A pygame_gui text box whose scroll bar width is known before its text is laid out.

``UITextBox`` lays its text out with a 20-pixel scroll bar; setting another width afterwards
lays the whole text out twice more.  Here the width is set before the first layout.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui


class ScaledTextBox(pygame_gui.elements.UITextBox):
    """A text box with a scroll bar ``bar_width`` pixels wide from its first layout."""

    next_bar_width = 20  # read by the first rebuild, during the constructor

    def rebuild(self) -> None:
        """Lay out with this box's scroll bar width."""
        if not hasattr(self, "bar_width"):
            self.bar_width = ScaledTextBox.next_bar_width
        self.scroll_bar_width = self.bar_width
        super().rebuild()


def scaled_text_box(
    html_text: str,
    rect: pygame.Rect,
    manager: Any,
    bar_width: int,
    object_id: str | None = None,
    container: Any = None,
) -> ScaledTextBox:
    """A :class:`ScaledTextBox` on ``manager``."""
    ScaledTextBox.next_bar_width = bar_width
    try:
        return ScaledTextBox(
            html_text, rect, manager=manager, object_id=object_id, container=container
        )
    finally:
        ScaledTextBox.next_bar_width = 20
