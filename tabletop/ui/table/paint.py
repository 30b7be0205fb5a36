"""Drawing the table scene: a cached static layer, then cards, chrome and overlays."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.engine import DRAG, Action
from tabletop.ui.table import fonts
from tabletop.ui.table.widgets import Button, draw_button, glow, panel
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.table.scene import Sprite, TableScene


def chrome_key(sc: TableScene) -> tuple[Any, ...]:
    """Everything the baked chrome depends on; when it changes the chrome is drawn again."""
    hovered = next((i for i, b in enumerate(sc.buttons) if b.rect.collidepoint(sc.mouse)), -1)
    return (
        sc.token, sc.shown, sc.paused, hovered, tuple(sorted(sc.thinking)), sc.log_scroll,
        sc.focus, sc.hint, len(sc.buttons), sc.size,
    )  # fmt: skip


def frame(sc: TableScene, surface: pygame.Surface) -> None:
    """Draw one whole frame: the baked background (felt, frames, chrome), then the cards."""
    if sc._static is None:
        sc._static = static_layer(sc)
        sc._bg = None
    key = chrome_key(sc)
    if sc._bg is None or sc._bg_key != key:
        sc._bg = sc._static.copy()
        sc._dots = []
        chrome(sc, sc._bg)
        sc._bg_key = key
    surface.blit(sc._bg, (0, 0))
    if sc._dots:  # the only animated part of the chrome: "thinking" dots
        h = sc.size[1]
        dots = fonts.text("." * (1 + int(time.monotonic() * 3) % 3), px(12, h), sc.pal.ink, True)
        for pos in sc._dots:
            surface.blit(dots, pos)
    highlights(sc, surface)
    cards(sc, surface)
    overlays(sc, surface)


# ---------------------------------------------------------------------- static layer
def static_layer(sc: TableScene) -> pygame.Surface:
    """Felt, wood rim, seat areas and zone frames: drawn once per size and seat."""
    w, h = sc.size
    pal = sc.pal
    surf = pygame.Surface((w, h))
    surf.fill(pal.wood)
    t = sc.table_rect
    pygame.draw.rect(surf, pal.felt_dark, t.inflate(-px(4, h), -px(4, h)), border_radius=px(14, h))
    felt = sc.felt_rect
    steps = 24
    for i in range(steps):  # a soft radial light on the baize
        k = i / steps
        col = tuple(
            round(pal.felt_dark[c] + (pal.felt[c] - pal.felt_dark[c]) * (k**0.6)) for c in range(3)
        )
        r = felt.inflate(-int(felt.w * k * 0.5), -int(felt.h * k * 0.5))
        pygame.draw.rect(surf, col, r, border_radius=px(24, h))
    layout = sc.layout
    assert layout is not None
    for seat, r in layout.seat_rects.items():
        tint = pygame.Surface(r.size, pygame.SRCALPHA)
        alpha = 34 if seat == layout.bottom else 20
        pygame.draw.rect(tint, (*pal.shadow, alpha), tint.get_rect(), border_radius=px(12, h))
        surf.blit(tint, r.topleft)
    label = px(12, h)
    for box in layout.zones.values():
        frame_s = pygame.Surface(box.rect.size, pygame.SRCALPHA)
        rad = px(8, h)
        pygame.draw.rect(frame_s, (*pal.felt_dark, 150), frame_s.get_rect(), border_radius=rad)
        pygame.draw.rect(
            frame_s, (*pal.gold, 110), frame_s.get_rect(), max(1, px(1, h)), border_radius=rad
        )
        surf.blit(frame_s, box.rect.topleft)
        if box.art_card:
            inner = layout.inner(box)
            cdef = sc.data.cards.get(box.art_card)
            img = sc.art.art(
                cdef.art if cdef else None, min(inner.w, box.card_w), min(inner.h, box.card_h)
            )
            if img is not None:
                ghost = img.copy()
                ghost.set_alpha(70)
                surf.blit(ghost, ghost.get_rect(center=inner.center))
        if box.label:
            txt = fonts.text(box.label.upper(), label, pal.gold_light, bold=True)
            if txt.get_width() > box.rect.w - px(10, h):
                txt = pygame.transform.smoothscale(
                    txt, (max(1, box.rect.w - px(10, h)), txt.get_height())
                )
            surf.blit(txt, (box.rect.x + px(6, h), box.rect.y + px(3, h)))
    side = sc.side_rect
    pygame.draw.rect(surf, pal.felt_dark, side)
    pygame.draw.line(surf, pal.gold, side.topleft, side.bottomleft, max(1, px(2, h)))
    title = fonts.text(sc.data.game.name, px(22, h), pal.gold_light, title=True)
    if title.get_width() > side.w - px(16, h):
        title = pygame.transform.smoothscale(title, (side.w - px(16, h), title.get_height()))
    surf.blit(title, (side.x + px(8, h), px(10, h)))
    return surf.convert() if pygame.display.get_surface() is not None else surf


# ---------------------------------------------------------------------- highlights
def _highlight_targets(sc: TableScene) -> tuple[set[str], set[str], list[Action]]:
    """(card uids to lift, target ids to glow, actions shown) for the current interaction."""
    lift: set[str] = set()
    targets: set[str] = set()
    shown: list[Action] = []
    active = sc.dragging or sc.selected
    if active is not None and active.uid:
        lift.add(active.uid)
        targets |= set(sc._targets(active.uid))
    for a in ([sc.legal[sc.focus]] if 0 <= sc.focus < len(sc.legal) else []) + (
        [sc.hint] if sc.hint is not None else []
    ):
        shown.append(a)
        g = a.gesture
        if g.kind == DRAG:
            lift.add(g.card or "")
            targets.add(g.target or "")
        elif g.target:
            targets.add(g.target)
    return lift, targets, shown


def highlights(sc: TableScene, surface: pygame.Surface) -> None:
    """Gold glow on every legal target of the card in hand (and on hint/focus targets)."""
    h = sc.size[1]
    lift, targets, _ = _highlight_targets(sc)
    width = px(6, h)
    pulse = round(3 + 3 * math.sin(time.monotonic() * 5)) / 6  # 7 cached glow levels
    colour = tuple(round(c * (0.75 + 0.25 * pulse)) for c in sc.pal.gold)
    for t in targets:
        r = sc.target_rect(t)
        if r is not None:
            surface.blit(glow(r.w, r.h, colour, width), (r.x - width, r.y - width))
    # clickable targets get a quiet glow all the time
    if sc.dragging is None:
        for t in sc.clicks:
            r = sc.target_rect(t)
            if r is not None and t not in targets:
                surface.blit(
                    glow(r.w, r.h, sc.pal.gold_light, px(3, h)), (r.x - px(3, h), r.y - px(3, h))
                )
    sc._lift = lift


# ---------------------------------------------------------------------- cards
def _image(sc: TableScene, sp: Sprite, w: int, h: int) -> pygame.Surface:
    return sc.art.image(sp.card, w, h)


def cards(sc: TableScene, surface: pygame.Surface) -> None:
    """Every card of the view (moving ones on top), then the dragged card."""
    h = sc.size[1]
    lift = getattr(sc, "_lift", set())
    late: list[tuple[pygame.Surface, pygame.Rect]] = []
    draggable = sc.drags
    for sp in sc.sprites:
        if sp is sc.dragging:
            continue
        img = _image(sc, sp, sp.rect.w, sp.rect.h)
        tw = sc.tweens.get(sp.key)
        if tw is not None:
            late.append((img, tw.rect()))
            continue
        r = sp.rect
        if sp.uid in lift or (sp.uid in draggable and sp.key == sc.hover_key):
            r = r.move(0, -px(8, h))
        surface.blit(img, r)
        if sp.uid in draggable and sc.dragging is None:
            pygame.draw.rect(
                surface, sc.pal.gold_light, r, max(1, px(1, h)), border_radius=max(2, r.w // 14)
            )
        _tokens(sc, surface, sp, r)
    # pile counts
    assert sc.layout is not None
    for zid, box in sc.layout.zones.items():
        n = sc.zone_counts.get(zid, 0)
        if n > 1 and box.kind in ("stack", "pile", "slot"):
            badge = fonts.text(str(n), px(13, h), sc.pal.ivory, bold=True)
            br = badge.get_rect().inflate(px(10, h), px(4, h))
            br.bottomright = (box.rect.right - px(4, h), box.rect.bottom - px(4, h))
            pygame.draw.rect(surface, sc.pal.crimson, br, border_radius=br.h // 2)
            surface.blit(badge, badge.get_rect(center=br.center))
    for img, r in late:
        surface.blit(img, r)
    for tw in sc.ghosts:
        if tw.image is not None:
            surface.blit(tw.image, tw.rect())
    if sc.dragging is not None:
        sp = sc.dragging
        r = pygame.Rect(
            sc.mouse[0] + sc.drag_offset[0], sc.mouse[1] + sc.drag_offset[1], sp.rect.w, sp.rect.h
        )
        surface.blit(_shadow(r.w, r.h), r.move(px(6, h), px(8, h)))
        surface.blit(_image(sc, sp, r.w, r.h), r)


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def _shadow(w: int, h: int) -> pygame.Surface:
    """A cached soft shadow under a lifted card."""
    surf = _SHADOWS.get((w, h))
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect(), border_radius=max(2, w // 14))
        _SHADOWS[(w, h)] = surf
    return surf


_BADGES: dict[tuple[Any, ...], pygame.Surface] = {}


def _badge(text: str, size: int, fg: Any, bg: Any, width: int | None = None) -> pygame.Surface:
    """A cached pill (or ribbon of ``width``) with a label: one blit per frame."""
    key = (text, size, fg, bg, width)
    surf = _BADGES.get(key)
    if surf is None:
        if len(_BADGES) > 2000:
            _BADGES.clear()
        t = fonts.text(text, size, fg, True)
        w = width or t.get_width() + size // 2 + 4
        if t.get_width() > w - 4:
            t = pygame.transform.smoothscale(t, (w - 4, t.get_height()))
        surf = pygame.Surface((w, t.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=surf.get_height() // 2)
        surf.blit(t, t.get_rect(center=surf.get_rect().center))
        _BADGES[key] = surf
    return surf


def _tokens(sc: TableScene, surface: pygame.Surface, sp: Sprite, r: pygame.Rect) -> None:
    """What a card counts as (a ribbon over its name) and its non-zero tokens (pills)."""
    tokens = sp.card.get("tokens") or {}
    as_ = sp.card.get("as")
    if not tokens and not as_:
        return
    size = max(8, min(r.h // 11, px(14, sc.size[1])))
    if as_:
        name = sc.art.card_name(as_) if as_ in sc.data.cards else str(as_)
        ribbon = _badge(f"as {name}", size, sc.pal.ivory, sc.pal.royal, r.w - 4)
        surface.blit(ribbon, (r.x + 2, r.y + 2))
    y = r.bottom - 2
    for key, value in tokens.items():
        if value in (0, False, None, ""):
            continue
        pill = _badge(
            key if value is True else f"{value} {key}", size, sc.pal.ink, sc.pal.gold_light
        )
        y -= pill.get_height() + 1
        surface.blit(pill, (r.x + 2, y))


# ---------------------------------------------------------------------- chrome
def chrome(sc: TableScene, surface: pygame.Surface) -> None:
    """Turn indicator, seat panels, action buttons and the log."""
    _w, h = sc.size
    pal = sc.pal
    m = sc.match
    view = sc.view
    # turn indicator / prompt
    to_act = view.get("to_act", [])
    names = [m.seats[s].name for s in to_act if 0 <= s < m.players]
    if m.is_over():
        line = "The game is over"
    elif sc.shown is not None and sc.shown in to_act:
        line = f"{m.seats[sc.shown].name}, your move — {sc.names_in(view.get('prompt') or 'choose an action')}"
    else:
        line = f"Waiting for {', '.join(names)}" + (
            f" — {sc.names_in(view['prompt'])}" if view.get("prompt") else ""
        )
    if m.all_ai and sc.paused:
        line = "Paused — Space resumes, N plays one move · " + line
    if 0 <= sc.focus < len(sc.legal):
        line = f"Tab {sc.focus + 1}/{len(sc.legal)}: {sc.names_in(sc.legal[sc.focus].text)} — Enter plays it"
    t = fonts.text(line, px(15, h), pal.ivory, bold=True)
    if t.get_width() > sc.table_rect.w - px(20, h):
        t = pygame.transform.smoothscale(t, (sc.table_rect.w - px(20, h), t.get_height()))
    surface.blit(t, t.get_rect(midleft=(px(12, h), sc.top_h // 2)))
    seat_plates(sc, surface, to_act)
    # seat panels
    side = sc.side_rect
    pad = px(8, h)
    y = px(40, h)
    seats = view.get("seats", [])
    thinking = sc.thinking
    for i in range(m.players):
        info = seats[i] if i < len(seats) else {}
        r = pygame.Rect(side.x + pad, y, side.w - 2 * pad, px(48, h))
        active = i in to_act
        fill = pal.parchment if active else pal.parchment_dark
        pygame.draw.rect(surface, fill, r, border_radius=px(6, h))
        if active:
            pygame.draw.rect(surface, pal.gold, r, max(2, px(2, h)), border_radius=px(6, h))
            tri = [
                (r.x - pad + 2, r.centery - pad // 2),
                (r.x - 2, r.centery),
                (r.x - pad + 2, r.centery + pad // 2),
            ]
            pygame.draw.polygon(surface, pal.gold, tri)
        cfg = m.seats[i]
        who = cfg.name + (f"  ·  AI {cfg.level}" if cfg.is_ai else "")
        if i == sc.shown:
            who += "  (you)"
        surface.blit(fonts.text(who, px(13, h), pal.ink, bold=True), (r.x + pad, r.y + px(4, h)))
        score = fonts.text(str(info.get("score", "")), px(22, h), pal.crimson, bold=True)
        surface.blit(score, score.get_rect(topright=(r.right - pad, r.y + px(3, h))))
        res = info.get("resources") or {}
        detail = "  ·  ".join(f"{k} {v}" for k, v in res.items())
        if i in thinking:
            detail = "thinking"
        line_img = fonts.text(detail, px(12, h), pal.ink)
        room = r.w - 2 * pad
        surface.blit(
            line_img, (r.x + pad, r.y + px(26, h)), pygame.Rect(0, 0, room, line_img.get_height())
        )
        if i in thinking:
            sc._dots.append((r.x + pad + line_img.get_width() + 1, r.y + px(26, h)))
        y += px(52, h)
    # buttons
    for b in sc.buttons:
        draw_button(surface, _with_glow(sc, b), pal, px(14, h), b.rect.collidepoint(sc.mouse))
    log(sc, surface)


def seat_plates(sc: TableScene, surface: pygame.Surface, to_act: list[int]) -> None:
    """A name plate on each seat area of the table (gold for the seat to act)."""
    h = sc.size[1]
    pal = sc.pal
    assert sc.layout is not None
    thinking = sc.thinking
    for seat, r in sc.layout.seat_rects.items():
        name = sc.match.seats[seat].name
        if seat in thinking:
            name += "  — thinking…"
        active = seat in to_act
        t = fonts.text(name, px(13, h), pal.ink if active else pal.ivory, bold=True)
        plate = t.get_rect().inflate(px(16, h), px(4, h))
        plate.midbottom = (r.centerx, r.bottom)
        pygame.draw.rect(
            surface, pal.gold if active else pal.felt_dark, plate, border_radius=plate.h // 2
        )
        pygame.draw.rect(surface, pal.gold, plate, max(1, px(1, h)), border_radius=plate.h // 2)
        surface.blit(t, t.get_rect(center=plate.center))


def _with_glow(sc: TableScene, b: Button) -> Button:
    what, acts = b.payload
    if what != "act":
        return b
    _, _, shown = _highlight_targets(sc)
    b.glow = any(a in acts for a in shown)
    return b


def log(sc: TableScene, surface: pygame.Surface) -> None:
    """The scrollable log of events the shown seat may see (newest at the bottom)."""
    h = sc.size[1]
    pal = sc.pal
    side = sc.side_rect
    pad = px(8, h)
    box = pygame.Rect(side.x + pad, sc.log_top, side.w - 2 * pad, side.bottom - sc.log_top - pad)
    if box.h < px(30, h):
        return
    pygame.draw.rect(surface, pal.felt, box, border_radius=px(6, h))
    size = px(12, h)
    key = (len(sc.match.history), sc.shown, box.w, size, sc.token)
    if sc._log_cache is None or sc._log_cache[0] != key:
        lines: list[pygame.Surface] = []
        for e in sc.match.log_for(sc.shown)[-200:]:
            if not e.text:
                continue
            for i, ln in enumerate(fonts.wrap(sc.names_in(e.text), size, box.w - 2 * pad)):
                lines.append(fonts.text(("• " if i == 0 else "  ") + ln, size, pal.ivory))
        sc._log_cache = (key, lines)
    lines = sc._log_cache[1]
    line_h = fonts.font(size).get_linesize()
    fit = max(1, (box.h - pad) // line_h - 1)
    sc.log_scroll = min(sc.log_scroll, max(0, len(lines) - fit))
    end = len(lines) - sc.log_scroll
    title = fonts.text("LOG", size, pal.gold_light, bold=True)
    surface.blit(title, (box.x + pad, box.y + pad // 2))
    y = box.y + pad // 2 + line_h
    for ln in lines[max(0, end - fit) : end]:
        surface.blit(ln, (box.x + pad, y))
        y += line_h


# ---------------------------------------------------------------------- overlays
def overlays(sc: TableScene, surface: pygame.Surface) -> None:
    """Hover preview, chooser, toast, zoom, final scoring, privacy screen."""
    w, h = sc.size
    pal = sc.pal
    if sc.privacy is None and sc.zoom is None and sc.dragging is None and sc.hover_t >= 0.35:
        sp = next((s for s in sc.sprites if s.key == sc.hover_key), None)
        if (
            sp is not None
            and sp.card.get("card")
            and sp.card.get("face_up", True)
            and sp.rect.h < h * 0.3
        ):
            ph = int(h * 0.42)
            pw = int(ph * sc.data.layout.card_aspect)
            r = pygame.Rect(0, 0, pw, ph)
            r.midleft = (sp.rect.right + px(12, h), sp.rect.centery)
            if r.right > sc.table_rect.right:
                r.midright = (sp.rect.x - px(12, h), sp.rect.centery)
            r.clamp_ip(pygame.Rect(0, 0, w, h))
            surface.blit(sc.art.image(sp.card, pw, ph), r)
    if sc.chooser:
        box = (
            sc.chooser[0].rect.unionall([b.rect for b in sc.chooser]).inflate(px(12, h), px(12, h))
        )
        surface.blit(panel(box.size, pal.felt_dark, pal.gold, 240, px(8, h)), box)
        pick = getattr(sc, "chooser_pick", -1)
        for i, b in enumerate(sc.chooser):
            b.glow = i == pick  # the keyboard's choice (Enter takes it)
            draw_button(surface, b, pal, px(14, h), b.rect.collidepoint(sc.mouse))
    if sc.toast_t > 0 and sc.toast:
        size = px(15, h)
        lines = fonts.wrap(sc.toast, size, int(sc.table_rect.w * 0.6))
        imgs = [fonts.text(ln, size, pal.ivory, bold=True) for ln in lines]
        bw = max(i.get_width() for i in imgs) + px(24, h)
        bh = sum(i.get_height() for i in imgs) + px(16, h)
        r = pygame.Rect(0, 0, bw, bh)
        r.midtop = (sc.table_rect.centerx, sc.top_h + px(8, h))
        surface.blit(panel(r.size, pal.crimson, pal.gold, 235, px(8, h)), r)
        y = r.y + px(8, h)
        for i in imgs:
            surface.blit(i, i.get_rect(midtop=(r.centerx, y)))
            y += i.get_height()
    if sc.zoom is not None and sc.privacy is None:
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        zh = int(h * 0.82)
        zw = int(zh * sc.data.layout.card_aspect)
        surface.blit(sc.art.image(sc.zoom, zw, zh), (w // 2 - zw // 2, h // 2 - zh // 2))
    if sc.match.is_over() and sc.final_t >= 0:
        final_scoring(sc, surface)
    if sc.privacy is not None:
        privacy(sc, surface)


def final_scoring(sc: TableScene, surface: pygame.Surface) -> None:
    """The outcome breakdown, revealed one row at a time, then the winners and Continue."""
    _w, h = sc.size
    pal = sc.pal
    out = sc.match.outcome()
    keys: list[str] = []
    for b in out.breakdown:
        keys += [k for k in b if k not in keys]
    step = 0.45
    shown_rows = int(sc.final_t / step)
    rows = len(keys) + 1
    col_w = px(110, h)
    name_w = px(150, h)
    row_h = px(28, h)
    bw = name_w + col_w * sc.match.players + px(30, h)
    bh = row_h * (rows + 3) + px(84, h)
    r = pygame.Rect(0, 0, bw, bh)
    r.center = sc.table_rect.center
    surface.blit(panel(r.size, pal.parchment, pal.gold, 255, px(10, h)), r)
    title = fonts.text("Final scoring", px(28, h), pal.crimson, title=True)
    surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(10, h))))
    y = r.y + px(46, h)
    for i in range(sc.match.players):
        t = fonts.text(sc.match.seats[i].name, px(14, h), pal.ink, bold=True)
        surface.blit(t, t.get_rect(midtop=(r.x + name_w + col_w * i + col_w // 2, y)))
    y += row_h
    totals = [0] * sc.match.players
    for k_i, k in enumerate(keys):
        if k_i >= shown_rows:
            break
        surface.blit(
            fonts.text(k.replace("_", " ").capitalize(), px(14, h), pal.ink), (r.x + px(14, h), y)
        )
        for i, b in enumerate(out.breakdown):
            v = b.get(k, 0)
            totals[i] += v if isinstance(v, int) else 0
            t = fonts.text(str(v), px(15, h), pal.ink)
            surface.blit(t, t.get_rect(midtop=(r.x + name_w + col_w * i + col_w // 2, y)))
        y += row_h
    if shown_rows >= len(keys):
        pygame.draw.line(surface, pal.gold, (r.x + px(14, h), y), (r.right - px(14, h), y), 2)
        y += px(6, h)
        surface.blit(fonts.text("Total", px(15, h), pal.ink, bold=True), (r.x + px(14, h), y))
        for i, s in enumerate(out.scores):
            colour = pal.crimson if i in out.winners else pal.ink
            t = fonts.text(str(s), px(18, h), colour, bold=True)
            surface.blit(t, t.get_rect(midtop=(r.x + name_w + col_w * i + col_w // 2, y)))
        y += row_h + px(6, h)
    if shown_rows >= rows:
        names = " and ".join(sc.match.seats[i].name for i in out.winners) or "Nobody"
        t = fonts.text(
            f"{names} win{'s' if len(out.winners) == 1 else ''}!", px(17, h), pal.royal, bold=True
        )
        surface.blit(t, t.get_rect(midtop=(r.centerx, y)))
        b = Button(pygame.Rect(0, 0, px(140, h), px(30, h)), "Continue", None)
        b.rect.midbottom = (r.centerx, r.bottom - px(10, h))
        sc.final_button = b
        draw_button(surface, b, pal, px(14, h), b.rect.collidepoint(sc.mouse))


def privacy(sc: TableScene, surface: pygame.Surface) -> None:
    """The hot-seat hand-off: the public table dimmed, and whose turn it is."""
    w, h = sc.size
    pal = sc.pal
    dim = pygame.Surface((w, h), pygame.SRCALPHA)
    dim.fill((*pal.felt_dark, 225))
    surface.blit(dim, (0, 0))
    name = sc.match.seats[sc.privacy].name if sc.privacy is not None else ""
    t = fonts.text(f"Pass to {name}", px(44, h), pal.gold_light, title=True)
    surface.blit(t, t.get_rect(center=(w // 2, h // 2 - px(20, h))))
    s = fonts.text("click when ready", px(18, h), pal.ivory)
    surface.blit(s, s.get_rect(center=(w // 2, h // 2 + px(24, h))))
