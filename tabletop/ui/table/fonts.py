"""Fonts for the table: the shipped font when present, pygame's own otherwise; cached."""

from __future__ import annotations

import pygame

from tabletop.ui import fonts as ui_fonts


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped body font (bold or regular) at ``size`` pixels."""
    return ui_fonts.font("bold" if bold else "body", max(6, int(size)))


def display(size: int) -> pygame.font.Font:
    """The shipped display serif (titles) at ``size`` pixels."""
    return ui_fonts.font("display", max(6, int(size)))


_TEXT_CACHE: dict[tuple[str, int, int, tuple[int, ...]], pygame.Surface] = {}


def text(
    s: str, size: int, colour: tuple[int, ...], bold: bool = False, title: bool = False
) -> pygame.Surface:
    """A rendered line of text, cached (the table re-renders the same words every frame)."""
    key = (s, size, bold + 2 * title, tuple(colour))
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 4000:
            _TEXT_CACHE.clear()
        f = display(size) if title else font(size, bold)
        surf = f.render(s, True, colour)
        _TEXT_CACHE[key] = surf
    return surf


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(
    s: str,
    size: int,
    width: int,
    colour: tuple[int, ...],
    bold: bool = False,
    min_size: int = 8,
    title: bool = False,
) -> pygame.Surface:
    """``s`` at the largest size from ``size`` down to ``min_size`` that fits ``width``;
    still too wide, it is cut with an ellipsis (never squashed)."""
    size = max(min_size, size)
    t = text(s, size, colour, bold, title)
    while t.get_width() > width and size > min_size:
        size -= 1
        t = text(s, size, colour, bold, title)
    if t.get_width() <= width or len(s) <= 1:
        return t
    lo, hi = 0, len(s)
    while lo < hi:  # the longest prefix that fits with "…"
        mid = (lo + hi + 1) // 2
        if text(s[:mid].rstrip() + "…", size, colour, bold, title).get_width() <= width:
            lo = mid
        else:
            hi = mid - 1
    return text(s[:lo].rstrip() + "…", size, colour, bold, title)
