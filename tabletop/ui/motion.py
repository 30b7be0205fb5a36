"""Reduced motion: one setting that stops everything on the table from moving by itself.

With ``reduced_motion`` on, no card flies or slides (it jumps to its place: the table's
marks of the last move still say what changed), a card dropped where it may not go jumps
back, and the gold glow on legal targets stays steady instead of pulsing.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.table.widgets import Tween


def reduced(app: Any) -> bool:
    """Whether the Reduced motion setting is on."""
    return bool(getattr(getattr(app, "settings", None), "reduced_motion", False))


def slide(sc: Any, key: str, start: pygame.Rect, end: pygame.Rect, seconds: float) -> None:
    """Let the card ``key`` slide from ``start`` to ``end`` (it just jumps with reduced motion)."""
    if not reduced(getattr(sc, "app", None)):
        sc.tweens[key] = Tween(pygame.Rect(start), pygame.Rect(end), seconds)


def glow_level(app: Any, wave: float) -> float:
    """The glow's brightness, 0–1: ``wave`` (its pulse now), or steady full with reduced
    motion."""
    return 1.0 if reduced(app) else wave
