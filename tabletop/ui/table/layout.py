"""Where zones and cards sit on screen, from layout.yaml, for any player count and viewer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui.table.stacks import Slot, stack_slots

MIN_STRIP = 0.17  # of a card's height: the least a column shows of a covered card


@dataclass
class ZoneBox:
    """One zone on screen: its view id, layout definition, frame and card size."""

    id: str
    kind: str
    label: str
    rect: pygame.Rect
    card_w: int
    card_h: int
    seat: int | None
    face: str = "up"
    art_card: str | None = None
    defn: Any = None  # the zone of layout.yaml (group, caption, counter fields …)


def seat_zone_id(seat: int, zone: str) -> str:
    """The view id of a seat zone (``p<seat>.<zone>``)."""
    return f"p{seat}.{zone}"


def _frac(area: pygame.Rect, r: tuple[float, float, float, float]) -> pygame.Rect:
    """The part ``r`` (fractions) of ``area``; each edge is rounded on its own, so rects that
    touch as fractions touch on screen and never overlap by a rounding pixel."""
    x0, y0 = area.x + round(r[0] * area.w), area.y + round(r[1] * area.h)
    x1, y1 = area.x + round((r[0] + r[2]) * area.w), area.y + round((r[1] + r[3]) * area.h)
    return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))


def _default_areas(n: int) -> list[tuple[float, float, float, float]]:
    """Seat areas when layout.yaml gives none for ``n``: viewer at the bottom, others on top."""
    if n == 1:
        return [(0.0, 0.62, 1.0, 0.38)]
    w = 1.0 / (n - 1)
    return [(0.0, 0.62, 1.0, 0.38)] + [(i * w, 0.0, w, 0.3) for i in range(n - 1)]


class TableLayout:
    """Zone frames and card slots for one table size, player count and bottom seat."""

    def __init__(
        self,
        layout: Any,
        players: int,
        bottom: int,
        area: pygame.Rect,
        label_h: int,
        card_scale: float = 1.0,
        plate_h: int = 0,
    ) -> None:
        self.area = pygame.Rect(area)
        self.players = players
        self.bottom = bottom
        self.label_h = label_h
        self.aspect = float(layout.card_aspect)
        # the settings' card size: Medium leaves a little air, Large fills the zone
        self.fill = max(0.6, min(1.0, 0.92 * card_scale))
        raw = layout.seat_areas.get(players) or _default_areas(players)
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.plates: dict[int, pygame.Rect] = {}  # the name strip at the top of each seat area
        zone_areas: dict[int, pygame.Rect] = {}
        for seat in range(players):
            rel = (seat - bottom) % players
            r = _frac(self.area, raw[rel] if rel < len(raw) else raw[-1])
            self.seat_rects[seat] = r
            self.plates[seat] = pygame.Rect(r.x, r.y, r.w, min(plate_h, r.h // 4))
            zone_areas[seat] = pygame.Rect(
                r.x, self.plates[seat].bottom, r.w, r.bottom - self.plates[seat].bottom
            )
        self.zones: dict[str, ZoneBox] = {}
        compact = players >= getattr(layout, "other_rect_from", 1)
        for z in layout.zones:
            if z.owner == "seat":
                for seat in range(players):
                    other = getattr(z, "other_rect", None) if compact else None
                    rect = other if other is not None and seat != bottom else z.rect
                    area = _frac(zone_areas[seat], rect)
                    if seat != bottom and getattr(z, "viewer_only", False):
                        area = pygame.Rect(self.plates[seat].topright, (0, 0))  # not shown
                    self._add(seat_zone_id(seat, z.id), z, area, seat)
            else:
                self._add(z.id, z, _frac(self.area, z.rect), None)

    def _below(self, z: Any) -> int:
        """The height kept under a zone's cards for words under each place (slot_labels)."""
        return self.label_h if getattr(z, "slot_labels", ()) else 0

    def _add(self, zid: str, z: Any, rect: pygame.Rect, seat: int | None) -> None:
        pad = max(2, min(rect.w, rect.h) // 24)
        inner_h = max(8, rect.h - self.label_h - self._below(z) - 2 * pad)
        inner_w = max(6, rect.w - 2 * pad)
        if z.kind == "column":
            ch = min(inner_h * 0.62, inner_w / self.aspect)
        elif z.kind == "grid":
            ch = min(inner_h / 2 - pad, inner_w / self.aspect)
        else:
            ch = min(inner_h, inner_w / self.aspect)
        ch = max(8, int(ch * self.fill))
        cw = max(6, int(ch * self.aspect))
        self.zones[zid] = ZoneBox(zid, z.kind, z.label, rect, cw, ch, seat, z.face, z.card, z)

    def inner(self, box: ZoneBox) -> pygame.Rect:
        """The part of a zone frame where cards go (below its label)."""
        pad = max(2, min(box.rect.w, box.rect.h) // 24)
        return pygame.Rect(
            box.rect.x + pad,
            box.rect.y + self.label_h + pad,
            box.rect.w - 2 * pad,
            box.rect.h - self.label_h - self._below(box.defn) - 2 * pad,
        )

    def slot_labels(self, box: ZoneBox) -> list[tuple[str, pygame.Rect]]:
        """The words under each place of a row (layout.yaml ``slot_labels``) and the strip
        each takes under its card."""
        words = list(getattr(box.defn, "slot_labels", ()) or ())
        if not words:
            return []
        inner = self.inner(box)
        return [
            (w, pygame.Rect(r.x, inner.bottom + 1, r.w, self.label_h))
            for w, r in zip(words, self.slots(box, len(words)), strict=True)
        ]

    def place(self, box: ZoneBox, cards: list[dict[str, Any]]) -> list[Slot]:
        """Where each card of a zone goes: grouped zones form stacks, others use ``slots``."""
        group = getattr(box.defn, "group", None)
        if group:
            return stack_slots(self.inner(box), box, cards, self.aspect, self.label_h)
        if getattr(box.defn, "crosswise", False):
            return [Slot(r, turned=True) for r in self.crosswise(box, len(cards))]
        return [Slot(r) for r in self.slots(box, len(cards))]

    def crosswise(self, box: ZoneBox, n: int) -> list[pygame.Rect]:
        """Rects for ``n`` cards lying turned a quarter in a slot, stack or pile: a card
        height wide and a card width tall, shrunk to fit the zone."""
        inner = self.inner(box)
        scale = min(1.0, inner.w / max(1, box.card_h), inner.h / max(1, box.card_w))
        w, h = max(6, int(box.card_h * scale)), max(4, int(box.card_w * scale))
        return _pile(inner, w, h, n)

    def slots(self, box: ZoneBox, n: int) -> list[pygame.Rect]:
        """Screen rects for ``n`` cards in a zone (later ones drawn on top)."""
        if n <= 0:
            return []
        inner = self.inner(box)
        cw, ch = box.card_w, box.card_h
        kind = box.kind
        if kind in ("stack", "pile", "slot"):
            return _pile(inner, cw, ch, n)
        if kind == "column":
            if n > 1 and (inner.h - ch) / (n - 1) < ch * MIN_STRIP:
                # crowded: smaller cards, so each still shows a strip of itself
                ch = max(8, min(ch, int(inner.h / (1 + MIN_STRIP * (n - 1)))))
                cw = max(6, int(ch * self.aspect))
            step = ch * 0.28 if n == 1 else min(ch * 0.28, (inner.h - ch) / (n - 1))
            top = inner.y
            x = inner.centerx - cw // 2
            return [pygame.Rect(x, round(top + i * step), cw, ch) for i in range(n)]
        if kind == "grid":
            cols = max(1, inner.w // (cw + 4))
            rows = -(-n // cols)
            step_y = ch + 4 if rows <= 1 else min(ch + 4, (inner.h - ch) / (rows - 1))
            return [
                pygame.Rect(
                    inner.x + (i % cols) * (cw + 4), round(inner.y + (i // cols) * step_y), cw, ch
                )
                for i in range(n)
            ]
        # row and fan: side by side, overlapping when they do not fit
        gap = max(2, cw // 12)
        full = n * cw + (n - 1) * gap
        if full <= inner.w:
            step = cw + gap
            x0 = inner.centerx - full // 2 if kind == "fan" else inner.x
        else:
            step = (inner.w - cw) / (n - 1) if n > 1 else 0
            x0 = inner.x
        y = inner.centery - ch // 2
        return [pygame.Rect(round(x0 + i * step), y, cw, ch) for i in range(n)]


def _pile(inner: pygame.Rect, w: int, h: int, n: int) -> list[pygame.Rect]:
    """``n`` cards of ``w``×``h`` piled in the middle of ``inner``, a small visible thickness
    for several (up to five edges show)."""
    depth = min(n - 1, 4) if n > 0 else 0
    step = max(1, w // 40)
    x0 = inner.centerx - w // 2 - depth * step // 2
    y0 = inner.centery - h // 2 + depth * step // 2
    return [
        pygame.Rect(x0 + k * step, y0 - k * step, w, h)
        for k in (max(0, i - (n - 1 - depth)) for i in range(n))
    ]
