"""Fonts for the table: the shipped font when present, pygame's own otherwise; cached."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from tabletop.engine import resources


@cache
def _font_files() -> tuple[Path | None, Path | None]:
    try:
        folder = resources.fonts_dir()
        files = sorted(p for p in folder.glob("*") if p.suffix.lower() in (".ttf", ".otf"))
    except (FileNotFoundError, OSError):
        files = []
    regular = next((p for p in files if "bold" not in p.name.lower()), None)
    bold = next((p for p in files if "bold" in p.name.lower()), regular)
    return regular, bold


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` pixels (the shipped serif if there is one)."""
    if not pygame.font.get_init():
        pygame.font.init()
    regular, heavy = _font_files()
    path = heavy if bold else regular
    f = pygame.font.Font(str(path) if path else None, max(6, int(size)))
    if bold and path is None:
        f.set_bold(True)
    return f


_TEXT_CACHE: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}


def text(s: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (the table re-renders the same words every frame)."""
    key = (s, size, bold, tuple(colour))
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 4000:
            _TEXT_CACHE.clear()
        surf = font(size, bold).render(s, True, colour)
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
