"""A pygame_gui text box laid out once, with its scroll bar's width known from the start.

``UITextBox`` lays its text out with a 20-pixel scroll bar; setting another width afterwards
lays the whole text out twice more.  And a text taller than its box is laid out twice in
every rebuild: once at the full width, then again beside the scroll bar it turned out to
need.  Here the width is set before the first layout, and a long text (``narrow``) is laid
out beside its scroll bar from the first pass, which the second then finds already done.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui


class ScaledTextBox(pygame_gui.elements.UITextBox):
    """A text box with a scroll bar ``bar_width`` pixels wide from its first layout."""

    next_bar_width = 20  # read by the first rebuild, during the constructor
    next_narrow = False

    def rebuild(self) -> None:
        """Lay out with this box's scroll bar width, each text and width once."""
        if not hasattr(self, "bar_width"):
            self.bar_width = ScaledTextBox.next_bar_width
            self.narrow = ScaledTextBox.next_narrow
        self.scroll_bar_width = self.bar_width
        self._laid_out: Any = "first"  # the first layout of this rebuild is still to come
        try:
            super().rebuild()
        finally:
            self._laid_out = None

    def parse_html_into_style_data(self) -> None:
        """Lay the text out, unless this rebuild already did at this width."""
        laid = getattr(self, "_laid_out", None)
        if laid == "first" and self.narrow and self.text_wrap_rect is not None:
            wrap = self.text_wrap_rect
            self.text_wrap_rect = pygame.Rect(
                wrap.x, wrap.y, max(1, wrap.w - self.bar_width), wrap.h
            )
        key = (tuple(self.text_wrap_rect.size), self.html_text, self.appended_text)
        if laid == key and self.text_box_layout is not None:
            return
        super().parse_html_into_style_data()
        if laid is not None:
            self._laid_out = key


def scaled_text_box(
    html_text: str,
    rect: pygame.Rect,
    manager: Any,
    bar_width: int,
    object_id: str | None = None,
    container: Any = None,
    narrow: bool = False,
) -> ScaledTextBox:
    """A :class:`ScaledTextBox` on ``manager`` (``narrow``: a text expected to need its
    scroll bar, laid out beside it from the start)."""
    ScaledTextBox.next_bar_width = bar_width
    ScaledTextBox.next_narrow = narrow
    try:
        return ScaledTextBox(
            html_text, rect, manager=manager, object_id=object_id, container=container
        )
    finally:
        ScaledTextBox.next_bar_width = 20
        ScaledTextBox.next_narrow = False
