"""Grouped zones: cards sharing a token's value form one stack, fanned downwards.

A zone with ``group: <token>`` in layout.yaml lays its cards out as stacks (a building of
an address card and the cards on it, say): the first card of a group at the top of its
stack, each later one a strip lower so every card's index stays visible.  Cards matching
``aside`` lie crosswise under their stack; ``caption`` names a token printed under it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

FAN = 0.26  # of a card's height: the strip each card of a stack shows of the one below


@dataclass
class Slot:
    """Where one card goes: its rect, whether it lies crosswise, its drawing layer."""

    rect: pygame.Rect
    turned: bool = False
    layer: int = 0  # -1: drawn under the zone's other cards
    caption: str | None = None  # the first card of a stack carries the stack's caption
    caption_at: tuple[int, int] = (0, 0)  # midtop of the caption


def _aside(card: dict[str, Any], aside: dict[str, Any]) -> bool:
    tokens = card.get("tokens") or {}
    return any(k in tokens and tokens[k] == v for k, v in aside.items())


def _best_grid(
    inner: pygame.Rect, groups: int, deepest: int, aspect: float, cap: int, gap: int, wide: bool
) -> tuple[float, int, int]:
    """(card height, rows, columns) giving the largest cards for ``groups`` stacks."""
    best = (0.0, 1, groups)
    for rows in range(1, groups + 1):
        cols = -(-groups // rows)
        row_h = (inner.h - (rows - 1) * gap) / rows
        by_h = (row_h - cap) / (1 + (deepest - 1) * FAN)
        col_w = (inner.w - (cols - 1) * gap) / cols
        by_w = col_w if wide else col_w / aspect  # a crosswise card is a card height wide
        ch = min(by_h, by_w)
        if ch > best[0]:
            best = (ch, rows, cols)
    return best


def stack_slots(
    inner: pygame.Rect, box: Any, cards: list[dict[str, Any]], aspect: float, cap_h: int
) -> list[Slot]:
    """A slot for every card of a grouped zone (see the module docstring)."""
    defn = box.defn
    key, aside = defn.group, dict(getattr(defn, "aside", {}) or {})
    groups: dict[Any, list[int]] = {}
    for i, c in enumerate(cards):
        groups.setdefault((c.get("tokens") or {}).get(key), []).append(i)
    if not groups:
        return []
    side = {i for i, c in enumerate(cards) if aside and _aside(c, aside)}
    deepest = max(1, *(len([i for i in g if i not in side]) for g in groups.values()))
    wide = bool(side)
    cap = cap_h if defn.caption else 0
    gap = max(2, inner.w // 60)
    ch_f, rows, cols = _best_grid(inner, len(groups), deepest, aspect, cap, gap, wide)
    ch = max(8, int(min(ch_f, box.card_h)))
    cw = max(6, int(ch * aspect))
    col_w = ch if wide else cw
    step = max(1, int(ch * FAN))
    row_h = (inner.h - (rows - 1) * gap) / rows
    used_w = cols * col_w + (cols - 1) * gap
    x0 = inner.x + max(0, (inner.w - used_w) // 2) if len(groups) < cols * rows else inner.x
    slots: list[Slot | None] = [None] * len(cards)
    for g, members in enumerate(groups.values()):
        row, col = divmod(g, cols)
        x = x0 + col * (col_w + gap)
        y = round(inner.y + row * (row_h + gap))
        cx = x + col_w // 2
        main = [i for i in members if i not in side]
        for k, i in enumerate(main):
            slots[i] = Slot(pygame.Rect(cx - cw // 2, y + k * step, cw, ch))
        bottom = y + (len(main) - 1) * step + ch if main else y + cw
        for i in members:
            if i in side:  # crosswise, centred on the stack, under it
                mid = (y + bottom) // 2
                slots[i] = Slot(pygame.Rect(cx - ch // 2, mid - cw // 2, ch, cw), True, -1)
        first = slots[members[0]]
        caption = next(
            (str(cards[i].get("tokens", {}).get(defn.caption)) for i in members
             if defn.caption and (cards[i].get("tokens") or {}).get(defn.caption) is not None),
            None,
        )  # fmt: skip
        if first is not None and caption:
            first.caption = caption
            first.caption_at = (cx, bottom + 1)
    return [s or Slot(pygame.Rect(inner.x, inner.y, cw, ch)) for s in slots]
