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
    captions: list[tuple[str, tuple[int, int], int]] = field(
        default_factory=list
    )  # text, midtop, width
    zone_counts: dict[str, int] = field(default_factory=dict)
    rects_top_first: list[pygame.Rect] = field(default_factory=list)  # for hit tests

    def stack_of(self, uid: str, layout: TableLayout | None) -> list[Sprite]:
        """The cards of the stack a card lies in, in a grouped zone (layout.yaml ``group``:
        a building and the cards on it); just the card elsewhere."""
        sp = self.by_uid.get(uid)
        if sp is None:
            return []
        box = layout.zones.get(sp.zone) if layout is not None else None
        key = getattr(box.defn, "group", None) if box is not None else None
        if not key:
            return [sp]
        value = (sp.card.get("tokens") or {}).get(key)
        return [
            o
            for o in self.sprites
            if o.zone == sp.zone and (o.card.get("tokens") or {}).get(key) == value
        ]

    def target_rect(self, target: str | None, layout: TableLayout) -> pygame.Rect | None:
        """The screen rect of a gesture target: a card uid (with the stack it heads, all of
        it) or a zone id."""
        if target is None:
            return None
        if target in self.by_uid:
            return self.by_uid[target].rect.unionall(
                [sp.rect for sp in self.stack_of(target, layout)]
            )
        box = layout.zones.get(target)
        return box.rect if box else None


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
    out.rects_top_first = [sp.rect for sp in reversed(out.sprites)]
    return out


@dataclass
class Gestures:
    """The legal actions by how they are made: drag a card, click a target, press a button."""

    drags: dict[str, list[Action]] = field(default_factory=dict)  # card uid → actions
    clicks: dict[str, list[Action]] = field(default_factory=dict)  # target → actions
    presses: dict[str, list[Action]] = field(default_factory=dict)  # button label → actions

    def targets(self, uid: str) -> dict[str, list[Action]]:
        """Where the card ``uid`` may be dropped: target → the actions dropping it there."""
        out: dict[str, list[Action]] = {}
        for a in self.drags.get(uid, []):
            out.setdefault(a.gesture.target or "", []).append(a)
        return out


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
