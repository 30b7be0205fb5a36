"""Drawing the table scene: a cached static layer, then cards, chrome and overlays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.engine import DRAG, Action, score_sheet
from tabletop.ui import typeset
from tabletop.ui.seat_words import personal
from tabletop.ui.table import cardlayer, counts, guide, seats, story_paint, tips
from tabletop.ui.table.widgets import Button, draw_button, panel
from tabletop.ui.theme import hex_colour, mix, px
from tabletop.ui.winners import winners_sentence

HOVER_DELAY = 0.35  # seconds a still pointer rests on a card before it is shown enlarged
TIP_DELAY = 0.6  # seconds it rests on a zone, a seat or a score row before its tip shows

if TYPE_CHECKING:
    from tabletop.ui.table.model import Sprite
    from tabletop.ui.table.reads import TableReads


def chrome_key(sc: TableReads) -> tuple[Any, ...]:
    """Everything the baked chrome depends on; when it changes the chrome is drawn again."""
    hovered = next((i for i, b in enumerate(sc.buttons) if b.rect.collidepoint(sc.mouse)), -1)
    return (
        sc.token, sc.shown, sc.paused, hovered, tuple(sorted(sc.thinking)), sc.log_scroll,
        sc.focus, sc.hint, sc.hint_pending, len(sc.buttons), sc.size, sc.fast,
        sc.guide_on, sc.guide_on and bool(sc.chooser), sc.net_stamp, sc.opened_seat,
        tuple(tuple(b.rect) for b in sc.buttons),  # the panel laid out again (seats._room)
    )  # fmt: skip


def frame(sc: TableReads, surface: pygame.Surface) -> None:
    """Draw one frame: the baked chrome with the settled cards on it, the pulsing glows of
    drop targets, the cards in motion, the hover preview, then the overlays.

    When the window still holds the last frame (``sc.screen_kept``, the app's word) and the
    layer is unchanged, only the rects last frame's moving parts covered are restored from
    the layer instead of blitting it whole.
    """
    drawn = sc.drawn
    drawn.frames += 1
    if drawn.static is None:
        drawn.static = static_layer(sc)
        drawn.bg = None
    key = chrome_key(sc)
    if drawn.bg is None or drawn.bg_key != key:
        drawn.bg = drawn.static.copy()
        chrome(sc, drawn.bg)
        drawn.bg_key = key
        drawn.bg_gen += 1
    lift, targets, _ = _highlight_targets(sc)
    drawn.lift = lift
    drawn.glowing = targets
    base = cardlayer.layer(sc, lift, targets)
    cache = drawn.cards
    kept = sc.screen_kept and cache.shown is base and cache.target == (id(surface), sc.size)
    look = cardlayer.glow_look(sc)
    glow_key = (id(base), look)
    if kept and cache.dirty is not None:
        whole = surface.get_rect()
        wiped = [r.clip(whole) for r in cache.dirty]
        same = cache.glow_key == glow_key
        for r in wiped if same else wiped + cache.glows:
            surface.blit(base, r, r)
        cache.glows = cardlayer.pulse(sc, surface, targets, look, wiped if same else None)
    else:
        surface.blit(base, (0, 0))
        cache.glows = cardlayer.pulse(sc, surface, targets, look)
    cache.glow_key = glow_key
    dirty = cardlayer.moving(sc, surface)
    dirty += story_paint.draw(sc, surface)  # the rivals' last moves, a moment's banner
    shown = preview(sc, surface)
    if shown is not None:
        dirty.append(shown)
    panels = overlays(sc, surface)
    tipped = tip(sc, surface, shown)
    if tipped is not None:
        dirty.append(tipped)
    cache.shown, cache.target = base, (id(surface), sc.size)
    cache.dirty = None if panels is None else dirty + panels


# ---------------------------------------------------------------------- static layer
def static_layer(sc: TableReads) -> pygame.Surface:
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
    plan = label_plan(sc)
    for seat, r in layout.seat_rects.items():
        tint = pygame.Surface(r.size, pygame.SRCALPHA)
        alpha = 34 if seat == layout.bottom else 20
        pygame.draw.rect(tint, (*pal.shadow, alpha), tint.get_rect(), border_radius=px(12, h))
        surf.blit(tint, r.topleft)
    for box in layout.zones.values():
        if box.rect.w < 2 or box.rect.h < 2:  # a viewer-only zone of another seat
            continue
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
        if box.id in plan:
            zone_label(sc, surf, box, box.label, plan[box.id])
        slot_words(sc, surf, box)
    side = sc.side_rect
    pygame.draw.rect(surf, pal.felt_dark, side)
    pygame.draw.line(surf, pal.gold, side.topleft, side.bottomleft, max(1, px(2, h)))
    title = typeset.fit(
        sc.data.game.name, px(22, h), side.w - px(16, h), pal.gold_light, title=True
    )
    surf.blit(title, (side.x + px(8, h), px(10, h)))
    return surf.convert() if pygame.display.get_surface() is not None else surf


def _label_words(sc: TableReads, box: Any, text: str) -> tuple[str, int, pygame.Surface | None]:
    """(words, type size, icon) for one zone's label on its own.

    Too wide at the smallest type, the zone's short label is used, then either in small
    letters; still too wide, no words: the icon alone, or for a zone showing a card's art
    or a counted pile, nothing (the zone's tip says them whole).  Never cut.
    """
    h = sc.size[1]
    room = box.rect.w - px(8, h) - counts.count_room(sc, box)
    size, least = px(12, h), typeset.least(h)
    icon_rel = getattr(box.defn, "icon", None) if box.kind != "counter" else None
    tint = hex_colour(sc.pal.gold_light)
    icon = sc.art.art(icon_rel, size + 2, size + 2, tint) if icon_rel else None
    if icon is not None:
        room -= icon.get_width() + px(3, h)
    short = getattr(box.defn, "short_label", None)
    # capitals first, then the short label, then either as written (narrower than capitals)
    tries = (
        [text.upper()] + ([short.upper()] if short else []) + [text] + ([short] if short else [])
    )
    if ":" in text:  # a live label, as written: all its news, else its head alone
        tries = [text, text.split(":", 1)[0].strip()]  # "Village 3" of "Village 3: 1 gold"
    # none fits: never cut, the icon, the art, the counted pile or the zone's tip says it
    words = next((t for t in tries if typeset.measure(t, least, True) <= room), "")
    while size > least and typeset.measure(words, size, True) > room:
        size -= 1
    return words, size, icon


def slot_words(sc: TableReads, surf: pygame.Surface, box: Any) -> None:
    """Words under each place of a row (what taking the card there costs, say)."""
    assert sc.layout is not None
    h = sc.size[1]
    for words, r in sc.layout.slot_labels(box):
        t = typeset.fit(words, px(12, h), r.w, sc.pal.gold_light, min_size=typeset.least(h))
        surf.blit(t, t.get_rect(midtop=r.midtop))
        sc.drawn.slot_words[(box.id, words)] = t.get_rect(midtop=r.midtop)


def label_plan(sc: TableReads) -> dict[str, tuple[str, int]]:
    """The words and type size of every fixed zone label, alike along a row.

    Zones side by side (same seat, same top and height) share the smallest size any of them
    needs, and when one of them with an icon must fall back to its icon alone, all of them
    with icons do: a row of muses reads as a row, not as words here and glyphs there.
    """
    assert sc.layout is not None
    chosen: dict[str, tuple[str, int, bool]] = {}
    rows: dict[tuple[Any, int, int], list[str]] = {}
    for box in sc.layout.zones.values():
        if not box.label or getattr(box.defn, "live_label", False) or box.rect.w < 2:
            continue
        words, size, icon = _label_words(sc, box, box.label)
        # a counter's pile of icons says what it counts as an icon label would
        iconic = icon is not None or (
            box.kind == "counter" and bool(getattr(box.defn, "icon", None))
        )
        chosen[box.id] = (words, size, iconic)
        rows.setdefault((box.seat, box.rect.y, box.rect.h), []).append(box.id)
    plan: dict[str, tuple[str, int]] = {}
    for ids in rows.values():
        iconic = [i for i in ids if chosen[i][2]]
        bare = len(iconic) > 1 and any(not chosen[i][0] for i in iconic)
        sizes = [chosen[i][1] for i in ids if chosen[i][0] and not (bare and i in iconic)]
        size = min(sizes, default=px(12, sc.size[1]))
        for i in ids:
            plan[i] = ("" if bare and i in iconic else chosen[i][0], size)
    return plan


def zone_label(
    sc: TableReads, surf: pygame.Surface, box: Any, text: str, plan: tuple[str, int] | None = None
) -> None:
    """A zone's label in its top-left corner, after its icon if it has one (``plan``: the
    words and size :func:`label_plan` chose for it)."""
    h = sc.size[1]
    words, size, icon = _label_words(sc, box, text)
    if plan is not None:
        words, size = plan
    least = typeset.least(h)
    room = box.rect.w - px(8, h) - counts.count_room(sc, box)
    room -= icon.get_width() + px(3, h) if icon is not None else 0
    x, y = box.rect.x + px(5, h), box.rect.y + px(3, h)
    drawn = pygame.Rect(x, y, 0, 0)
    if icon is not None:
        surf.blit(icon, (x, y))
        drawn = icon.get_rect(topleft=(x, y))
        x += icon.get_width() + px(3, h)
    if room <= least:  # no room for words at all: the zone's tip names it
        words = ""
    if words:  # the zone's tip says its whole name
        txt = typeset.fit(words, size, room, sc.pal.gold_light, True, least, hover=True)
        surf.blit(txt, (x, y))
        drawn = (
            drawn.union(txt.get_rect(topleft=(x, y))) if drawn.w else txt.get_rect(topleft=(x, y))
        )
    sc.drawn.labels[box.id] = (words, drawn)  # what each label says and where (tests read it)


# ---------------------------------------------------------------------- highlights
def _highlight_targets(sc: TableReads) -> tuple[set[str], set[str], list[Action]]:
    """(card uids to lift, target ids to glow, actions shown) for the current interaction."""
    lift: set[str] = set()
    targets: set[str] = set()
    shown: list[Action] = []
    active = sc.dragging or sc.selected
    if active is not None and active.uid:
        lift.add(active.uid)
        targets |= set(sc.targets_of(active.uid))
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


# ---------------------------------------------------------------------- chrome
def turn_line(sc: TableReads) -> str:
    """The words across the top: whose move and what to do, or the focused move, the hint."""
    m = sc.match
    view = sc.view
    to_act = view.get("to_act", [])
    names = [m.seats[s].name for s in to_act if 0 <= s < m.players]
    if m.is_over():
        line = "The game is over"
    elif sc.shown is not None and sc.shown in to_act:
        line = f"{m.seats[sc.shown].name}, your move — {sc.names_in(view.get('prompt') or 'choose an action')}"
    else:
        prompt = sc.names_in(view.get("prompt") or "")
        line = prompt if prompt.startswith("Waiting") else f"Waiting for {', '.join(names)}"
        if prompt and not prompt.startswith("Waiting"):
            line += f" — {prompt}"
    if m.all_ai and sc.paused:
        line = "Paused — Space resumes, N plays one move · " + line
    elif m.all_ai and sc.fast and not m.is_over():
        line = "Fast — F watches at normal speed · " + line
    if 0 <= sc.focus < len(sc.legal):
        line = f"Tab {sc.focus + 1}/{len(sc.legal)}: {sc.names_in(sc.legal[sc.focus].text)} — Enter plays it"
    elif sc.hint is not None and sc.hint in sc.legal:
        line = f"Hint: {sc.names_in(getattr(sc, 'hint_reason', '') or sc.hint.text)} — Enter plays it, Esc hides it"
    elif sc.hint_pending:
        line += " · looking for a hint…"
    return line


def chrome(sc: TableReads, surface: pygame.Surface) -> None:
    """Turn indicator, seat panels, action buttons and the log."""
    _w, h = sc.size
    pal = sc.pal
    to_act = sc.view.get("to_act", [])
    line = turn_line(sc)
    prompt_line(sc, surface, line)
    sc.drawn.badges.clear()
    seats.draw_plates(sc, surface, to_act)
    seats.draw_panel(sc, surface, to_act)
    live_labels(sc, surface)
    counts.counters(sc, surface)
    counts.zone_counts(sc, surface)
    # buttons
    for b in sc.buttons:
        draw_button(surface, b, pal, px(14, h), b.rect.collidepoint(sc.mouse), _glows(sc, b))
    log(sc, surface, guide.draw(sc, surface))


def prompt_line(sc: TableReads, surface: pygame.Surface, line: str) -> None:
    """The turn line across the top: one line, or two smaller ones when it is long; longer
    still, it wraps on over a panel at the top of the table.  Never cut."""
    h = sc.size[1]
    room = sc.table_rect.w - px(20, h)
    least = px(13, h)
    if typeset.measure(line, least, True) <= room:
        t = typeset.fit(line, px(15, h), room, sc.pal.ivory, bold=True, min_size=least)
        surface.blit(t, t.get_rect(midleft=(px(12, h), sc.top_h // 2)))
        return
    small = px(12, h)
    rows = typeset.wrap(line, small, room, bold=True)
    lh = typeset.font(small, True).get_linesize()
    y = max(0, sc.top_h // 2 - lh)
    if len(rows) > 2:  # the rest hangs over the top of the table, on a panel
        pad = px(4, h)
        r = pygame.Rect(px(6, h), y - pad, room + px(12, h), lh * len(rows) + 2 * pad)
        surface.blit(panel(r.size, sc.pal.wood, sc.pal.gold, 235, px(6, h)), r)
    for row in rows:
        surface.blit(typeset.text(row, small, sc.pal.ivory, True), (px(12, h), y))
        y += lh


def live_labels(sc: TableReads, surface: pygame.Surface) -> None:
    """Labels of zones marked live_label: the words the view gives them now."""
    assert sc.layout is not None
    zones = sc.view.get("zones", {})
    for zid, box in sc.layout.zones.items():
        if getattr(box.defn, "live_label", False):
            text = (zones.get(zid) or {}).get("label") or box.label
            if text:
                zone_label(sc, surface, box, sc.names_in(str(text)))


def _glows(sc: TableReads, b: Button) -> bool:
    """A panel button glows when it plays the focused or hinted move."""
    what, acts = b.payload
    if what != "act":
        return b.glow
    _, _, shown = _highlight_targets(sc)
    return any(a in acts for a in shown)


def log(sc: TableReads, surface: pygame.Surface, top: int | None = None) -> None:
    """The scrollable log of events the shown seat may see (newest at the bottom), from
    ``top`` (under the guide when it shows) or ``sc.log_top``."""
    h = sc.size[1]
    pal = sc.pal
    side = sc.side_rect
    pad = px(8, h)
    top = sc.log_top if top is None else top
    box = pygame.Rect(side.x + pad, top, side.w - 2 * pad, side.bottom - top - pad)
    sc.drawn.keys_hint_rect = None
    sc.drawn.log_lines = 0
    if box.h < px(30, h):
        return
    pygame.draw.rect(surface, pal.felt, box, border_radius=px(6, h))
    size = px(12, h)
    key = (sc.match.moves_played, sc.shown, box.w, size, sc.token, sc.net_stamp)
    cache = sc.drawn.log_cache
    if cache is None or cache[0] != key:
        lines: list[pygame.Surface] = []
        shown = sc.shown
        reader = sc.match.seats[shown].name if shown is not None and sc.addresses_seat else None
        for e in sc.match.log_for(shown)[-200:]:
            if not e.text:
                continue
            said = personal(sc.names_in(e.text), reader)
            for i, ln in enumerate(typeset.wrap(said, size, box.w - 2 * pad)):
                lines.append(typeset.text(("• " if i == 0 else "  ") + ln, size, pal.ivory))
        cache = sc.drawn.log_cache = (key, lines)
    lines = cache[1]
    line_h = typeset.font(size).get_linesize()
    fit = max(1, (box.h - pad) // line_h - 1)
    sc.drawn.log_max = max(0, len(lines) - fit)
    sc.drawn.log_lines = fit
    end = len(lines) - min(sc.log_scroll, sc.drawn.log_max)
    title = typeset.text("LOG", size, pal.gold_light, bold=True)
    surface.blit(title, (box.x + pad, box.y + pad // 2))
    hint = typeset.text("F1  Keys", size, mix(pal.ivory, pal.felt, 0.35))
    sc.drawn.keys_hint_rect = surface.blit(
        hint, hint.get_rect(topright=(box.right - pad, box.y + pad // 2))
    )
    y = box.y + pad // 2 + line_h
    for ln in lines[max(0, end - fit) : end]:
        surface.blit(ln, (box.x + pad, y))
        y += line_h


# ---------------------------------------------------------------------- overlays
def covering(sc: TableReads) -> bool:
    """True while an overlay covers the whole table (zoom, final scoring, privacy screen):
    the next frame is then drawn whole. A chooser or a toast covers only its panel."""
    return bool(
        sc.zoom is not None or (sc.match.is_over() and sc.final_t >= 0) or sc.privacy is not None
    )


def preview(sc: TableReads, surface: pygame.Surface) -> pygame.Rect | None:
    """The enlarged card under a still pointer; returns where it was drawn."""
    sp = hover_preview(sc)
    if sp is None:
        return None
    w, h = sc.size
    ph = int(h * 0.42)
    pw = int(ph * sc.data.layout.card_aspect)
    r = pygame.Rect(0, 0, pw, ph)
    r.midleft = (sp.rect.right + px(12, h), sp.rect.centery)
    if r.right > sc.table_rect.right:
        r.midright = (sp.rect.x - px(12, h), sp.rect.centery)
    r.clamp_ip(pygame.Rect(0, 0, w, h))
    return surface.blit(sc.art.face(sp.card["card"], pw, ph, sp.card.get("uid")), r)


def tip(sc: TableReads, surface: pygame.Surface, beside: pygame.Rect | None) -> pygame.Rect | None:
    """The tip for what a still pointer rests on (beside the enlarged card, if one shows),
    or for the move Tab has focused; returns where it was drawn."""
    sc.drawn.tip = None
    if sc.privacy is not None or sc.zoom is not None or sc.dragging is not None or sc.chooser:
        return None
    found = tips.focus_tip(sc)
    avoid = tips.focus_rects(sc) if found is not None else []
    if found is None and sc.hover_t >= (HOVER_DELAY if beside is not None else TIP_DELAY):
        if sc.hushed_at == sc.mouse:  # a card just dropped under a still pointer
            return None
        found = _tip_under_pointer(sc)
    if found is None:
        return None
    what, near = found
    if beside is not None:
        near, avoid = beside, [near, *avoid]  # beside the enlarged card, off the small one
    sc.drawn.tip = tips.draw(sc, surface, what, near, avoid)
    return sc.drawn.tip


def _tip_under_pointer(sc: TableReads) -> tuple[tips.Tip, pygame.Rect] | None:
    """:func:`tips.tip_at` the pointer, looked up again only when the pointer, the state,
    the sprites or the chrome changed (a resting pointer costs no search a frame)."""
    drawn = sc.drawn
    key = (sc.mouse, sc.token, id(sc.sprites), drawn.bg_gen, sc.final_t, len(drawn.score_rows))
    if drawn.tip_memo is None or drawn.tip_memo[0] != key:
        drawn.tip_memo = (key, tips.tip_at(sc, sc.mouse))
    return drawn.tip_memo[1]


def overlays(sc: TableReads, surface: pygame.Surface) -> list[pygame.Rect] | None:
    """Chooser, toast, zoom, final scoring, privacy screen. Returns the panels' rects, or
    None when an overlay covers the whole table (see :func:`covering`)."""
    w, h = sc.size
    pal = sc.pal
    panels: list[pygame.Rect] = []
    if sc.chooser:
        box = (
            sc.chooser[0].rect.unionall([b.rect for b in sc.chooser]).inflate(px(12, h), px(12, h))
        )
        panels.append(surface.blit(panel(box.size, pal.felt_dark, pal.gold, 240, px(8, h)), box))
        pick = sc.chooser_pick
        for i, b in enumerate(sc.chooser):
            hover = b.rect.collidepoint(sc.mouse)
            draw_button(surface, b, pal, px(14, h), hover, i == pick)  # Enter takes the pick
    if sc.toast_t > 0 and sc.toast:
        size = px(15, h)
        lines = typeset.wrap(sc.toast, size, int(sc.table_rect.w * 0.6))
        imgs = [typeset.text(ln, size, pal.ivory, bold=True) for ln in lines]
        bw = max(i.get_width() for i in imgs) + px(24, h)
        bh = sum(i.get_height() for i in imgs) + px(16, h)
        r = pygame.Rect(0, 0, bw, bh)
        r.midtop = (sc.table_rect.centerx, sc.top_h + px(8, h))
        panels.append(surface.blit(panel(r.size, pal.crimson, pal.gold, 235, px(8, h)), r))
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
        face = sc.art.face(sc.zoom["card"], zw, zh, sc.zoom.get("uid"))
        surface.blit(face, (w // 2 - zw // 2, h // 2 - zh // 2))
    if sc.match.is_over() and sc.final_t >= 0:
        final_scoring(sc, surface)
    if sc.privacy is not None:
        privacy(sc, surface)
    return None if covering(sc) else panels


def hover_preview(sc: TableReads) -> Sprite | None:
    """The card shown enlarged: under the pointer for a moment and small on the table.

    A card whose face the seat knows (a face-down one it built, say) enlarges face up.  A
    card that moved away from under a still pointer (a trade, a drop) does not.
    """
    if sc.privacy is not None or sc.zoom is not None or sc.dragging is not None:
        return None
    if sc.hover_t < HOVER_DELAY or sc.hover_key is None or sc.hushed_at == sc.mouse:
        return None  # (nor a card just dropped, until the pointer moves)
    sp = next((s for s in sc.sprites if s.key == sc.hover_key), None)
    if sp is None or not sp.rect.collidepoint(sc.mouse):
        return None
    if sp.card.get("card") not in sc.data.cards or sp.rect.h >= sc.size[1] * 0.3:
        return None
    return sp


def final_scoring(sc: TableReads, surface: pygame.Surface) -> None:
    """The score sheet revealed one row at a time — points rows, the Total, then the
    tie-breaks set apart under their heading —, then the winners and Continue."""
    _w, h = sc.size
    pal = sc.pal
    out = sc.match.outcome()
    rows = score_sheet.sheet(out, sc.data.layout.scoring, sc.match.players)
    step = 0.45
    shown_rows = int(sc.final_t / step)
    sc.drawn.score_rows.clear()
    apart = any(r.apart for r in rows)
    col_w = px(110, h)
    name_w = px(230, h)
    row_h = px(28, h)
    bw = name_w + col_w * sc.match.players + px(30, h)
    bh = row_h * (len(rows) + apart + 3) + px(96, h)
    r = pygame.Rect(0, 0, bw, bh)
    r.center = sc.table_rect.center
    surface.blit(panel(r.size, pal.parchment, pal.gold, 255, px(10, h)), r)
    title = typeset.text("Final scoring", px(28, h), pal.crimson, title=True)
    surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(10, h))))
    y = r.y + px(46, h)
    for i in range(sc.match.players):
        t = typeset.fit(sc.match.seats[i].name, px(14, h), col_w - px(6, h), pal.ink, bold=True)
        surface.blit(t, t.get_rect(midtop=(r.x + name_w + col_w * i + col_w // 2, y)))
    y += row_h
    muted = mix(pal.ink, pal.parchment, 0.35)
    headed = False
    for k_i, row in enumerate(rows):
        if k_i >= shown_rows:
            break
        total = row.kind == score_sheet.TOTAL
        if total:
            pygame.draw.line(surface, pal.gold, (r.x + px(14, h), y), (r.right - px(14, h), y), 2)
            y += px(6, h)
        if row.apart and not headed:  # the tie-breaks' heading: not points
            headed = True
            y += px(6, h)
            band = pygame.Rect(r.x + px(8, h), y, r.w - px(16, h), row_h)
            pygame.draw.rect(surface, pal.parchment_dark, band, border_radius=px(4, h))
            head = typeset.text(score_sheet.TIEBREAK_HEADING, px(14, h), pal.ink, bold=True)
            surface.blit(head, head.get_rect(midleft=(r.x + px(14, h), band.centery)))
            y += row_h
        ink = muted if row.apart else pal.ink
        size = px(15 if total else 14, h)
        label = typeset.fit(row.label, size, name_w - px(18, h), ink, bold=total)
        surface.blit(label, (r.x + px(14, h), y))
        if not total:
            sc.drawn.score_rows[row.key] = pygame.Rect(r.x, y, r.w, row_h)
        for i, cell in enumerate(row.cells):
            colour = pal.crimson if total and i in out.winners else ink
            size = px(18 if total else 15, h)
            t = typeset.fit(cell, size, col_w - px(6, h), colour, bold=total)
            surface.blit(t, t.get_rect(midtop=(r.x + name_w + col_w * i + col_w // 2, y)))
        y += row_h + (px(6, h) if total else 0)
    if shown_rows >= len(rows):
        names = [seat.name for seat in sc.match.seats]
        t = typeset.text(
            winners_sentence(names, out.winners) + "!", px(17, h), pal.royal, bold=True
        )
        surface.blit(t, t.get_rect(midtop=(r.centerx, y)))
        b = Button(pygame.Rect(0, 0, px(140, h), px(30, h)), "Continue", None)
        b.rect.midbottom = (r.centerx, r.bottom - px(10, h))
        sc.drawn.final_button = b
        draw_button(surface, b, pal, px(14, h), b.rect.collidepoint(sc.mouse), sc.final_focus)


def privacy(sc: TableReads, surface: pygame.Surface) -> None:
    """The hot-seat hand-off: the public table dimmed, and whose turn it is."""
    w, h = sc.size
    pal = sc.pal
    dim = pygame.Surface((w, h), pygame.SRCALPHA)
    dim.fill((*pal.felt_dark, 225))
    surface.blit(dim, (0, 0))
    name = sc.match.seats[sc.privacy].name if sc.privacy is not None else ""
    t = typeset.text(f"Pass to {name}", px(44, h), pal.gold_light, title=True)
    surface.blit(t, t.get_rect(center=(w // 2, h // 2 - px(20, h))))
    s = typeset.text("click or press Enter when ready", px(18, h), pal.ivory)
    surface.blit(s, s.get_rect(center=(w // 2, h // 2 + px(24, h))))
