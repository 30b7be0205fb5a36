"""The cards of the table as a cached layer: a frame blits it whole, then what moves.

The settled cards (with their outlines, ribbons, token pills, captions and pile counts) are
a display list of ``(surface, position)`` pairs built only when something they depend on
changes (the view, the card lifted by hover, hint or focus, the card in hand, the cards
sliding).  A card wholly inside a card drawn after it is left out.  The list is composed once
over the chrome into a full-window layer; a frame then costs one blit of that layer, the
pulsing glows of drop targets (with the list's items over them redrawn, clipped), and the
cards in motion.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.ui import motion, typeset
from tabletop.ui.table import marks
from tabletop.ui.table.drawn import Blit, CardLayer
from tabletop.ui.table.widgets import glow
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.table.model import Sprite
    from tabletop.ui.table.reads import TableReads

_OUTLINES: dict[tuple[int, int, Any, int], pygame.Surface] = {}


def outline(w: int, h: int, colour: Any, width: int) -> pygame.Surface:
    """A cached rounded frame round a draggable card."""
    key = (w, h, colour, width)
    surf = _OUTLINES.get(key)
    if surf is None:
        if len(_OUTLINES) > 400:
            _OUTLINES.clear()
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, colour, surf.get_rect(), width, border_radius=max(2, w // 14))
        _OUTLINES[key] = surf
    return surf


_COUNTS: dict[tuple[str, int, Any, Any, int, int], pygame.Surface] = {}


def count_badge(text: str, size: int, fg: Any, bg: Any, pad_x: int, pad_y: int) -> pygame.Surface:
    """A cached pill with a pile's card count."""
    key = (text, size, fg, bg, pad_x, pad_y)
    surf = _COUNTS.get(key)
    if surf is None:
        if len(_COUNTS) > 400:
            _COUNTS.clear()
        t = typeset.text(text, size, fg, bold=True)
        r = t.get_rect().inflate(pad_x, pad_y)
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=r.h // 2)
        surf.blit(t, t.get_rect(center=surf.get_rect().center))
        _COUNTS[key] = surf
    return surf


def card_image(sc: TableReads, sp: Sprite, w: int, h: int) -> pygame.Surface:
    """A sprite's image at ``w``×``h`` (turned a quarter when it lies crosswise)."""
    if sp.turned:
        return sc.art.turned(sp.card, h, w)
    return sc.art.image(sp.card, w, h)


def _hover_lift(sc: TableReads) -> str | None:
    """The key of the draggable card the pointer lifts, if any."""
    key = sc.hover_key
    return key if key is not None and key in sc.drags else None


def layer_key(sc: TableReads, lift: set[str], targets: set[str]) -> tuple[Any, ...]:
    """Everything the settled cards' look depends on."""
    return (
        sc.drawn.bg_gen, id(sc.sprites), frozenset(lift), _hover_lift(sc),
        None if sc.dragging is None else sc.dragging.key,
        tuple(sorted(sc.tweens)), frozenset(targets), sc.art.record, sc.size,
    )  # fmt: skip


def settled_items(sc: TableReads, lift: set[str], targets: set[str]) -> list[Blit]:
    """The display list of the cards at rest, bottom first, hidden cards left out."""
    h = sc.size[1]
    hover = _hover_lift(sc)
    lift_by = px(8, h)
    edge = max(1, px(1, h))
    draggable = sc.drags
    dragging = sc.dragging
    holding = dragging is not None
    items: list[Blit] = []
    if not holding:  # clickable targets get a quiet glow all the time
        width = px(3, h)
        for t in sc.clicks:
            r = sc.target_rect(t)
            if r is not None and t not in targets:
                image = glow(r.w, r.h, sc.pal.gold_light, width, dashed=True)
                items.append((image, r.move(-width, -width)))
    placed: list[tuple[Sprite, pygame.Rect]] = []
    for sp in sc.sprites:
        if sp is dragging or sp.key in sc.tweens:
            continue
        r = sp.rect
        if sp.uid in lift or (sp.key == hover and sp.uid in draggable):
            r = r.move(0, -lift_by)
        placed.append((sp, r))
    for i, (sp, r) in enumerate(placed):
        if any(above.contains(r) for _, above in placed[i + 1 :]):
            continue  # wholly covered by a card drawn later
        items.append((card_image(sc, sp, sp.rect.w, sp.rect.h), r))
        if sp.uid in lift:  # selected, focused or hinted: lifted, in a solid frame
            items.append((outline(r.w, r.h, sc.pal.ivory, px(3, h)), r))
            sc.drawn.cards.outlined[sp.uid] = r
        elif not holding and sp.uid in draggable:
            items.append((outline(r.w, r.h, sc.pal.gold_light, edge), r))
        items += marks.token_blits(sc, sp, r)
    for text, (x, y), width in sc.captions:
        cap = marks.badge(
            text.capitalize(), max(8, min(px(11, h), width // 5)), sc.pal.ink, sc.pal.gold_light
        )
        items.append((cap, cap.get_rect(midtop=(x, y))))
    assert sc.layout is not None
    for zid, box in sc.layout.zones.items():
        n = sc.zone_counts.get(zid, 0)
        if n > 1 and box.kind in ("stack", "pile", "slot"):
            pill = count_badge(str(n), px(13, h), sc.pal.ivory, sc.pal.crimson, px(10, h), px(4, h))
            at = pill.get_rect(bottomright=(box.rect.right - px(4, h), box.rect.bottom - px(4, h)))
            items.append((pill, at))
    return items


def layer(sc: TableReads, lift: set[str], targets: set[str]) -> pygame.Surface:
    """The chrome with the settled cards on it, composed again only when they change."""
    cache: CardLayer = sc.drawn.cards
    key = layer_key(sc, lift, targets)
    if cache.surface is None or cache.key != key:
        before = len(sc.art.drawn)
        cache.outlined = {}
        cache.items = settled_items(sc, lift, targets)
        cache.over = {}
        cache.faces = sc.art.drawn[before:] if sc.art.record else []
        assert sc.drawn.bg is not None
        cache.surface = sc.drawn.bg.copy()
        cache.surface.fblits(cache.items)
        dim_seats(sc, cache.surface)
        cache.key = key
    elif sc.art.record:
        sc.art.drawn.extend(cache.faces)
    return cache.surface


def dimmed(sc: TableReads) -> list[int]:
    """The seats whose area is greyed: a seat mark declared ``dim`` holds for them (a
    player who is out)."""
    marks = [k for k, shown in sc.data.layout.seat_marks.items() if shown.dim]
    if not marks:
        return []
    return [
        int(info.get("seat", i))
        for i, info in enumerate(sc.view.get("seats", []))
        if any(info.get(k) for k in marks)
    ]


def dim_seats(sc: TableReads, surface: pygame.Surface) -> None:
    """Grey the areas of the seats :func:`dimmed` names, cards and all."""
    assert sc.layout is not None
    for seat in dimmed(sc):
        r = sc.layout.seat_rects.get(seat)
        if r is None:
            continue
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        veil.fill((*sc.pal.ink[:3], 150))
        surface.blit(veil, r)


def glow_look(sc: TableReads) -> tuple[tuple[int, ...], int]:
    """The colour and width of the drop-target glow this frame (it pulses in seven steps)."""
    level = motion.glow_level(
        getattr(sc, "app", None), round(3 + 3 * math.sin(time.monotonic() * 5)) / 6
    )
    return tuple(round(c * (0.75 + 0.25 * level)) for c in sc.pal.gold), px(6, sc.size[1])


def pulse(
    sc: TableReads,
    surface: pygame.Surface,
    targets: set[str],
    look: tuple[tuple[int, ...], int],
    wiped: list[pygame.Rect] | None = None,
) -> list[pygame.Rect]:
    """Gold glow on every legal target of the card in hand (and on hint and focus targets),
    under the cards: the settled items over each glow are drawn again, clipped to it.

    With ``wiped`` (the window holds last frame's glows in this same look, and only these
    rects were restored from the layer since), only the strips of glow they touch are drawn
    again, each restored whole from the layer first. Returns every strip of glow."""
    strips_all: list[pygame.Rect] = []
    if not targets:
        return strips_all
    colour, width = look
    cache = sc.drawn.cards
    base = cache.surface
    band = 2 * width + 4  # the glow is a frame: its inside is clear (rounded corners too)
    for t in targets:
        r = sc.target_rect(t)
        if r is None:
            continue
        area = r.inflate(2 * width, 2 * width)
        strips = ring(area, band)
        strips_all += strips
        if wiped is not None:
            strips = [s for s in strips if s.collidelist(wiped) >= 0]
            if not strips:
                continue
            for strip in strips:
                surface.blit(base, strip, strip)
        over = cache.over.get(t)
        if over is None:
            over = cache.over[t] = [(img, at) for img, at in cache.items if area.colliderect(at)]
        image = glow(r.w, r.h, colour, width, dashed=True)
        for strip in strips:
            surface.blit(image, strip, strip.move(-area.x, -area.y))
        if over:  # the cards lie over the glow
            clip = surface.get_clip()
            for strip in strips:
                surface.set_clip(strip.clip(clip))
                surface.fblits(over)
            surface.set_clip(clip)
    return strips_all


def ring(area: pygame.Rect, band: int) -> list[pygame.Rect]:
    """The four strips ``band`` wide along the inside of ``area`` (all of it when small)."""
    if 2 * band >= min(area.w, area.h):
        return [area]
    inner = area.h - 2 * band
    return [
        pygame.Rect(area.x, area.y, area.w, band),
        pygame.Rect(area.x, area.bottom - band, area.w, band),
        pygame.Rect(area.x, area.y + band, band, inner),
        pygame.Rect(area.right - band, area.y + band, band, inner),
    ]


def moving(sc: TableReads, surface: pygame.Surface) -> list[pygame.Rect]:
    """Cards sliding to their places, cards flying off the table, and the card in hand.
    Returns the rects drawn on."""
    h = sc.size[1]
    dirty: list[pygame.Rect] = []
    if sc.tweens:
        for sp in sc.sprites:
            tw = sc.tweens.get(sp.key)
            if tw is not None and sp is not sc.dragging:
                dirty.append(surface.blit(card_image(sc, sp, sp.rect.w, sp.rect.h), tw.rect()))
    for tw in sc.ghosts:
        if tw.image is not None:
            dirty.append(surface.blit(tw.image, tw.rect()))
    if sc.dragging is not None:
        sp = sc.dragging
        r = pygame.Rect(
            sc.mouse[0] + sc.drag_offset[0], sc.mouse[1] + sc.drag_offset[1], sp.rect.w, sp.rect.h
        )
        dirty.append(surface.blit(_shadow(r.w, r.h), r.move(px(6, h), px(8, h))))
        dirty.append(surface.blit(card_image(sc, sp, r.w, r.h), r))
    return dirty


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def _shadow(w: int, h: int) -> pygame.Surface:
    """A cached soft shadow under a lifted card."""
    surf = _SHADOWS.get((w, h))
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect(), border_radius=max(2, w // 14))
        _SHADOWS[(w, h)] = surf
    return surf
