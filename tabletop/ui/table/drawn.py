"""What the table's painter keeps between frames: its cached layers, and where it drew what
input needs to find again (zone labels, name plates, the Keys hint, the Continue button).

The painter writes here and nowhere else on the scene, so drawing changes no scene state;
the scene throws the layers away when its geometry changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.ui.table.widgets import Button

Blit = tuple[pygame.Surface, pygame.Rect]


@dataclass
class CardLayer:
    """The cached display list and the layer composed from it (owned by one table)."""

    key: Any = None
    items: list[Blit] = field(default_factory=list)
    faces: list[str] = field(default_factory=list)  # what the list shows (art.drawn, tests)
    surface: pygame.Surface | None = None
    shown: pygame.Surface | None = None  # the layer the window got last frame
    target: Any = None  # (id, size) of the surface drawn on last frame
    dirty: list[pygame.Rect] | None = None  # what last frame drew over the layer
    glow_key: Any = None  # (layer, glow level) the drop-target glows on the window show
    glows: list[pygame.Rect] = field(default_factory=list)  # where those glows lie
    over: dict[str, list[Blit]] = field(default_factory=dict)  # a target's covering cards
    outlined: dict[str, pygame.Rect] = field(default_factory=dict)  # lifted cards' solid frames


@dataclass
class GuideDrawn:
    """Where the first-game guide was drawn: its box, each row's words and rect, and the
    places it outlined (tests measure them; input needs none)."""

    box: pygame.Rect
    rows: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    points: list[pygame.Rect] = field(default_factory=list)


@dataclass
class Drawn:
    """The painter's caches and its record of the last frame (see the module docstring)."""

    static: pygame.Surface | None = None  # felt, rim, seat areas, zone frames
    bg: pygame.Surface | None = None  # the static layer with the chrome on it
    bg_key: Any = None  # what the chrome was drawn from
    bg_gen: int = 0  # counts chrome rebuilds (the card layer is composed over the chrome)
    cards: CardLayer = field(default_factory=CardLayer)
    log_cache: tuple[Any, list[pygame.Surface]] | None = None
    frames: int = 0
    lift: set[str] = field(default_factory=set)  # cards drawn lifted last frame
    glowing: set[str] = field(default_factory=set)  # targets glowing (dashed) last frame
    labels: dict[str, tuple[str, pygame.Rect]] = field(default_factory=dict)  # zone labels
    plate_rects: dict[int, pygame.Rect] = field(default_factory=dict)  # seat name plates
    keys_hint_rect: pygame.Rect | None = None  # "F1 Keys" over the log: opens the sheet
    final_button: Button | None = None  # Continue under the final scoring
    log_max: int = 0  # how far the log could scroll back last frame
    log_lines: int = 0  # how many lines of the log showed last frame (its room, not its text)
    counts: dict[str, tuple[str, pygame.Rect]] = field(default_factory=dict)  # others' zones
    numbers: dict[str, tuple[str, pygame.Rect]] = field(default_factory=dict)  # counter zones
    seat_boxes: dict[int, pygame.Rect] = field(default_factory=dict)  # the side panel's seats
    folded: set[int] = field(default_factory=set)  # seat boxes shown as a summary (a click opens)
    score_rows: dict[str, pygame.Rect] = field(default_factory=dict)  # final-scoring rows
    slot_words: dict[tuple[str, str], pygame.Rect] = field(default_factory=dict)  # under a row
    tip: pygame.Rect | None = None  # where the hover tip was drawn last frame
    tip_memo: tuple[Any, Any] | None = None  # (what it depends on, the tip under the pointer)
    guide: GuideDrawn | None = None  # the first-game guide, when it showed
    # the side panel's heights kept per (part, window size): they only grow, so the buttons
    # below never move back up (seats.panel_boxes keeps them, for the painter and the buttons)
    panel_rooms: dict[Any, int] = field(default_factory=dict)
    panel_held: bool = False  # a room did not grow (the pointer was over the panel)
    banner_rect: pygame.Rect | None = None  # a moment's banner (a click on it skips it)
    last_lines: dict[int, pygame.Rect] = field(default_factory=dict)  # rivals' last moves
    badges: dict[int, list[pygame.Rect]] = field(default_factory=dict)  # each seat's badges
