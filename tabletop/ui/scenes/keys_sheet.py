"""The Keys sheet (F1 or ?): every key of :data:`tabletop.ui.keys.BINDINGS`, by group.

A dialog over any scene: the scene below keeps updating (the AI goes on thinking and playing
its own seats), but every key and click goes to the sheet, which F1, ?, Esc, Close or a click
outside its panel closes.
"""

from __future__ import annotations

import pygame

from tabletop.ui import fonts, keys
from tabletop.ui.scene import AppContext, Scene
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.theme import TYPE_SIZES, mix

MIN_SIZE = 10  # design pixels: the smallest type the sheet shrinks to when a line is too wide


def columns() -> list[list[tuple[str, list[keys.Binding]]]]:
    """The groups split into two columns of about the same number of lines."""
    groups = keys.by_group()
    heights = [len(lines) + 1.5 for _, lines in groups]
    total = sum(heights)
    split, acc = len(groups), 0.0
    best = total
    for i, hgt in enumerate(heights[:-1]):
        acc += hgt
        worst = max(acc, total - acc)
        if worst < best:
            best, split = worst, i + 1
    return [groups[:split], groups[split:]]


class KeysSheet(MessageDialog):
    """A parchment-framed panel listing the keys; ``below`` keeps updating meanwhile."""

    def __init__(self, app: AppContext, below: Scene | None = None) -> None:
        super().__init__(app, "Keys", "", buttons=(("Close", None),))
        self.below = below
        self.text_rects: list[pygame.Rect] = []  # where the last draw put each text (tests)
        self.body_rect = pygame.Rect(0, 0, 0, 0)
        self.type_size: float = TYPE_SIZES[
            "body"
        ]  # design pixels of the last draw (shrinks to fit)

    def build(self) -> None:
        """The panel, its heading and the Close button (the lines are drawn each frame)."""
        inner = self.framed(1060, 620, 30, 40)
        bw, bh = self.px(150), self.px(40)
        self.default_button = self.button(
            pygame.Rect(inner.right - bw, inner.bottom - bh, bw, bh),
            "Close",
            self.back,
            object_id="#primary_button",
        )
        top = inner.y + self.tx(48)
        self.body_rect = pygame.Rect(inner.x, top, inner.w, inner.bottom - bh - self.px(8) - top)

    def back(self) -> None:
        """Close the sheet."""
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click outside the panel closes; the rest goes to the dialog (the app shell's F1 / ?
        close it too)."""
        if event.type == pygame.MOUSEBUTTONDOWN and not self.panel_rect.collidepoint(event.pos):
            self.back()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        """The widgets, and the scene below (its AI and animations go on)."""
        super().update(dt)
        if self.below is not None:
            self.below.update(dt)

    def busy(self) -> bool:
        """Busy while the scene below is."""
        return self.below is not None and self.below.busy()

    # --- drawing ------------------------------------------------------------------------------
    def _fits(self, size: int) -> bool:
        """Whether every line fits its column at ``size`` design pixels."""
        col_w = (self.body_rect.w - self.px(28)) // 2
        key_font = fonts.font("bold", self.px(size))
        text_font = fonts.font("body", self.px(size))
        line_h = text_font.get_linesize()
        for col in columns():
            rows = sum(len(lines) + 1.5 for _, lines in col)
            if rows * line_h * 1.12 > self.body_rect.h:
                return False
            for _, lines in col:
                kw = max(key_font.size(b.label)[0] for b in lines)
                tw = max(text_font.size(b.text)[0] for b in lines)
                if kw + self.px(14) + tw > col_w:
                    return False
        return True

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Two columns of groups: a gold heading, then key and meaning on each line."""
        pal = self.app.palette
        size = TYPE_SIZES["body"]
        least = MIN_SIZE / fonts.text_scale()  # at a large text scale: down to the 100 % least
        while size > least and not self._fits(size):
            size = max(least, size - 1)
        self.type_size = size
        key_font = fonts.font("bold", self.px(size))
        text_font = fonts.font("body", self.px(size))
        head_font = fonts.font("bold", self.px(size + 1))
        line_h = round(text_font.get_linesize() * 1.12)
        gap = self.px(28)
        col_w = (self.body_rect.w - gap) // 2
        self.text_rects = []

        def put(img: pygame.Surface, topleft: tuple[int, int]) -> None:
            r = surface.blit(img, topleft)
            self.text_rects.append(r)

        for c, col in enumerate(columns()):
            x = self.body_rect.x + c * (col_w + gap)
            y = self.body_rect.y
            for group, lines in col:
                put(head_font.render(group.upper(), True, pal.gold), (x, y))
                rule_y = y + line_h - self.px(3)
                dim = mix(pal.gold, pal.felt_dark, 0.5)
                pygame.draw.line(surface, dim, (x, rule_y), (x + col_w, rule_y), 1)
                y += line_h + self.px(4)
                kw = max(key_font.size(b.label)[0] for b in lines)
                for b in lines:
                    put(key_font.render(b.label, True, pal.gold_light), (x, y))
                    put(text_font.render(b.text, True, pal.ivory), (x + kw + self.px(14), y))
                    y += line_h
                y += line_h // 2


def toggle(app: AppContext) -> None:
    """Open the Keys sheet over the top scene, or close it if it is on top."""
    top = getattr(app, "top", None)
    if isinstance(top, KeysSheet):
        top.back()
    else:
        app.push(KeysSheet(app, top))
