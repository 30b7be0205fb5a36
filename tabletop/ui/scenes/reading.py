"""Long texts (rules, credits) as pygame_gui HTML, with sizes that follow the window's scale."""

from __future__ import annotations

import html

from tabletop.ui import fonts
from tabletop.ui.gui_theme import DISPLAY
from tabletop.ui.theme import TYPE_SIZES


def esc(text: str) -> str:
    """Plain text as HTML: escaped, paragraphs kept."""
    paras = [p.strip() for p in text.strip().split("\n\n")]
    return "<br><br>".join(html.escape(" ".join(p.split())) for p in paras if p)


def heading(text: str, scale: float, level: int = 1) -> str:
    """A heading in the display face, sized for ``scale`` (and the text scale)."""
    size = fonts.scaled(TYPE_SIZES["title" if level == 1 else "heading"] * scale)
    return f"<font face={DISPLAY} pixel_size={size}>{html.escape(text)}</font><br>"


def small(text: str, scale: float) -> str:
    """Smaller print (sources, notes), at the text scale too."""
    size = fonts.scaled(TYPE_SIZES["small"] * scale)
    return f"<font pixel_size={size}><i>{html.escape(text)}</i></font>"
