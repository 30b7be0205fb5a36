"""The table as data: where each card of a view lies and what each legal action's gesture is.

Pure functions of the view, the legal actions and the layout: no surface, no display, no
scene (tests build them headless). The scene keeps their results; the painter and the
input read them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.engine import CLICK, DRAG, Action
from tabletop.ui.table.layout import TableLayout


@dataclass
class Sprite:
    """A card as drawn: its identity (uid may be None when hidden), zone and rect."""

    key: str
    uid: str | None
    card: Mapping[str, Any]
    zone: str
    rect: pygame.Rect
    turned: bool = False  # lies crosswise (a quarter turn)


@dataclass
class Placement:
    """Every card of a view in its place, bottom first."""

    sprites: list[Sprite] = field(default_factory=list)
    by_uid: dict[str, Sprite] = field(default_factory=dict)
    captions: list[tuple[str, tuple[int, int], int]] = field(default_factory=list)
    zone_counts: dict[str, int] = field(default_factory=dict)

    @property
    def rects_top_first(self) -> list[pygame.Rect]:
        """The cards' rects, topmost first (for hit tests)."""
        return [sp.rect for sp in reversed(self.sprites)]


def place(view: Mapping[str, Any], layout: TableLayout) -> Placement:
    """Where each card of ``view`` lies on a table laid out by ``layout``."""
    out = Placement()
    zones = view.get("zones", {})
    for zid, box in layout.zones.items():
        cards = (zones.get(zid) or {}).get("cards", ())
        placed = []
        for i, (card, slot) in enumerate(zip(cards, layout.place(box, cards), strict=True)):
            uid = card.get("uid")
            sp = Sprite(uid or f"{zid}#{i}", uid, card, zid, slot.rect, slot.turned)
            placed.append((slot.layer, sp))
            if uid:
                out.by_uid[uid] = sp
            if slot.caption:
                out.captions.append((slot.caption, slot.caption_at, box.card_w))
        placed.sort(key=lambda p: p[0])  # stable: the view's order within a layer
        out.sprites += [sp for _, sp in placed]
    out.zone_counts = {zid: len(z.get("cards", ())) for zid, z in zones.items()}
    return out


@dataclass
class Gestures:
    """The legal actions by how they are made: drag a card, click a target, press a button."""

    drags: dict[str, list[Action]] = field(default_factory=dict)  # card uid → actions
    clicks: dict[str, list[Action]] = field(default_factory=dict)  # target → actions
    presses: dict[str, list[Action]] = field(default_factory=dict)  # button label → actions


def gestures(legal: Sequence[Action]) -> Gestures:
    """Sort ``legal`` by gesture (an action without a card or target is a button)."""
    out = Gestures()
    for a in legal:
        g = a.gesture
        if g.kind == DRAG and g.card:
            out.drags.setdefault(g.card, []).append(a)
        elif g.kind == CLICK and g.target:
            out.clicks.setdefault(g.target, []).append(a)
        else:
            out.presses.setdefault(g.label or a.text, []).append(a)
    return out
