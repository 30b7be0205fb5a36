"""Who is who: the side panel (title, status lines, a box per seat) and the seats' name plates.

Words come from layout.yaml: ``resources`` (labels or icons for the view's resource keys),
``seat_marks`` (seat facts such as the herald, shown while true) and ``status`` (lines
formatted from the view's public facts).  Resource lines wrap between items, never clip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.ui import typeset
from tabletop.ui.table import seat_badge
from tabletop.ui.table.online import seat_state
from tabletop.ui.theme import hex_colour, px

if TYPE_CHECKING:
    from tabletop.ui.table.reads import TableReads


def status_lines(sc: TableReads) -> list[str]:
    """The layout's status lines that the view's public facts can fill."""
    public = sc.view.get("public") or {}
    return [sc.names_in(line) for line in sc.data.layout.filled_status(public)]


def _words(shown: Any, key: str, count: Any = None) -> str:
    if shown is not None and count == 1 and shown.one:
        return shown.one
    if shown is not None and shown.label:
        return shown.label
    if shown is not None and shown.icon:
        return ""
    return key.replace("_", " ").capitalize()


def score_words(sc: TableReads, info: Mapping[str, Any]) -> str:
    """A seat's score as its name plate says it: the figure, its unit from the layout, and
    what a running figure counts when the game says ("16 diamonds on the table")."""
    shown = sc.data.layout.resources.get("score")
    words = _words(shown, "score", info.get("score")) if shown else "points"
    note = str(info.get("score_note") or "")
    return " ".join(w for w in (str(info.get("score", "")), words, note) if w)


def items(sc: TableReads, info: dict[str, Any]) -> list[tuple[str, str | None]]:
    """(text, icon) for a seat's marks then resources, as the layout names them."""
    lay = sc.data.layout
    out: list[tuple[str, str | None]] = []
    for key, shown in lay.seat_marks.items():
        if info.get(key) and not shown.hide:
            out.append((_words(shown, key), shown.icon))
    for key, value in (info.get("resources") or {}).items():
        shown = lay.resources.get(key)
        if shown is not None and shown.hide:
            continue
        words = _words(shown, key, value)
        out.append((f"{words} {value}".strip(), shown.icon if shown else None))
    return out


def _item_image(
    sc: TableReads, text: str, icon: str | None, size: int, colour: Any
) -> pygame.Surface:
    t = typeset.text(text, size, colour)
    img = sc.art.art(icon, int(size * 1.3), int(size * 1.3), hex_colour(colour)) if icon else None
    if img is None:
        return t
    out = pygame.Surface(
        (img.get_width() + 2 + t.get_width(), max(img.get_height(), t.get_height())),
        pygame.SRCALPHA,
    )
    out.blit(img, (0, (out.get_height() - img.get_height()) // 2))
    out.blit(t, (img.get_width() + 2, (out.get_height() - t.get_height()) // 2))
    return out


def flow(images: list[pygame.Surface], width: int, gap: int) -> list[list[pygame.Surface]]:
    """Images in lines no wider than ``width`` (an item wider than a line gets its own)."""
    lines: list[list[pygame.Surface]] = [[]]
    used = 0
    for img in images:
        w = img.get_width()
        if lines[-1] and used + gap + w > width:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(img)
    return [ln for ln in lines if ln]


SMALL_BUTTONS = ("Undo", "Hint", "Save", "Leave")  # the panel's row of small buttons


def small_rows(sc: TableReads) -> int:
    """How many rows the small buttons take: one of four, or two of two where the words
    at the text scale do not fit a quarter of the panel even a fifth smaller (a button's
    words may shrink that far, see :func:`~tabletop.ui.table.widgets.draw_button`)."""
    h = sc.size[1]
    pad = px(8, h)
    quarter = (sc.side_rect.w - 2 * pad - 3 * (pad // 2)) // 4
    widest = max(typeset.measure(w, px(14, h) * 4 // 5, True) for w in SMALL_BUTTONS)
    return 1 if widest <= quarter - 8 else 2


LOG_LINES = 6  # the side panel keeps room for this many lines of the log, however many seats


@dataclass
class SeatBox:
    """One seat's box in the side panel, measured before it is drawn (``lines`` empty: a
    summary, its name and score only; the box's tip gives the rest)."""

    seat: int
    rect: pygame.Rect
    lines: list[list[pygame.Surface]]
    folded: bool = False
    hidden: bool = False  # given way to the seat's name plate (a large text scale, many seats)


def _below_boxes(sc: TableReads) -> int:
    """The height the panel needs under the seat boxes: its buttons and a log of
    :data:`LOG_LINES` lines."""
    h = sc.size[1]
    pad, bh = px(8, h), typeset.grown(30, h)
    rows = len(getattr(sc, "presses", {}) or {}) + 1  # the moves offered, Undo · Hint · …
    rows += sc.match.all_ai and not sc.match.is_over()  # Pause · Fast
    buttons = (rows + (small_rows(sc) - 1)) * (bh + pad // 2) + 2 * pad
    line_h = typeset.font(px(12, h)).get_linesize()
    return px(6, h) + buttons + (LOG_LINES + 1) * line_h + 2 * pad


def _room(sc: TableReads, part: Any, need: int) -> int:
    """The height kept for a part of the side panel: the most it has needed at this window
    size.  It grows, never shrinks, so what lies below (the seat boxes, the buttons) does not
    move back and forth as words change.  Nor does it grow while the pointer is over the
    panel (``drawn.panel_held`` then asks the scene to lay the panel out again once the
    pointer has left): the buttons never move under the pointer."""
    rooms = sc.drawn.panel_rooms
    key = (part, tuple(sc.size))
    kept = rooms.get(key, 0)
    if need > kept and kept and sc.side_rect.collidepoint(sc.mouse):
        sc.drawn.panel_held = True
        return kept
    rooms[key] = max(need, kept)
    return rooms[key]


def _status_box(sc: TableReads, i: int, line: str, size: int, width: int) -> list[pygame.Surface]:
    """Status line ``i`` in its box: as many rows as it has needed at this size (a longer
    text first tries smaller type, down to the least size, before the box grows), the rows
    not used kept as blank space."""
    h = sc.size[1]
    colour = sc.pal.gold_light
    rows = typeset.wrap(line, size, width, bold=True) if line.strip() else []
    kept = sc.drawn.panel_rooms.get((("status", i), tuple(sc.size)), 0)
    chosen = size
    if len(rows) * typeset.font(size, True).get_height() > kept:
        for smaller in range(size - 1, typeset.least(h) - 1, -1):
            fits = typeset.wrap(line, smaller, width, bold=True)
            if len(fits) * typeset.font(smaller, True).get_height() <= kept:
                rows, chosen = fits, smaller
                break
    images = [typeset.text(row, chosen, colour, bold=True) for row in rows]
    used = sum(img.get_height() for img in images)
    room = _room(sc, ("status", i), used)
    if used > room:  # held while the pointer is over the panel: the rows that fit, for now
        least = typeset.least(h)
        rows = typeset.wrap(line, least, width, bold=True)
        fit = max(1, room // typeset.font(least, True).get_height())
        images = [typeset.text(row, least, colour, bold=True) for row in rows[: fit - 1]]
        rest = " ".join(rows[fit - 1 :])  # the last row cut with "…" until the room grows
        images.append(typeset.fit(rest, least, width, colour, True, least))
        used = sum(img.get_height() for img in images)
    if room > used:
        images.append(pygame.Surface((1, room - used), pygame.SRCALPHA))
    return images


def panel_top(h: int) -> int:
    """Where the status lines start: under the game's name at the top of the panel (drawn in
    the display face at 22 design pixels from 10 down, taller at a larger text scale)."""
    return max(px(40, h), px(12, h) + typeset.display(px(22, h)).get_height())


def _status_size(sc: TableReads, lines: list[str], width: int, room: int) -> int:
    """The type size of the status lines: the body size, or, where a large text scale
    leaves no room for them and every seat box folded, the largest smaller one that fits
    (down to the least size)."""
    h = sc.size[1]
    for size in range(px(13, h), typeset.least(h) - 1, -1):
        line_h = typeset.font(size, True).get_height()
        need = sum(len(typeset.wrap(ln, size, width, bold=True)) * line_h for ln in lines)
        if need + (px(4, h) if lines else 0) <= room:
            return size
    return typeset.least(h)


def panel_boxes(sc: TableReads) -> tuple[list[pygame.Surface], list[SeatBox], int]:
    """(status line images, seat boxes, y below the last box) for the current view.

    Where a box per seat with all its figures would leave the log fewer than
    :data:`LOG_LINES` lines, the other seats' boxes fold to a summary (name and score; the
    box's tip and the seat's area on the table say the rest, and a click opens it), then
    the one the player opened, then the viewer's own."""
    h = sc.size[1]
    pal = sc.pal
    side = sc.side_rect
    pad = px(8, h)
    width = side.w - 2 * pad
    size = px(12, h)
    y = panel_top(h)
    lines = status_lines(sc)
    least_boxes = sc.match.players * (typeset.grown(24, h) + px(4, h))  # every box folded
    size_s = _status_size(sc, lines, width, side.bottom - _below_boxes(sc) - y - least_boxes)
    status: list[pygame.Surface] = []
    for i, line in enumerate(lines):
        status += _status_box(sc, i, line, size_s, width)
    y += sum(s.get_height() for s in status) + (px(4, h) if status else 0)
    seats = sc.view.get("seats", [])
    line_h = typeset.font(size).get_linesize()
    flows = []
    for i in range(sc.match.players):
        info = seats[i] if i < len(seats) and isinstance(seats[i], Mapping) else {}
        imgs = [_item_image(sc, t, icon, size, pal.ink) for t, icon in items(sc, info)]
        flows.append(flow(imgs, width - 2 * pad, px(10, h)))
    room = side.bottom - _below_boxes(sc) - y
    mine = [sc.shown] if sc.shown is not None and 0 <= sc.shown < sc.match.players else []
    opened = getattr(sc, "opened_seat", None)
    if opened is not None and opened not in mine and 0 <= opened < sc.match.players:
        mine.append(opened)  # the box the player asked for folds last, after their own
    order = [i for i in range(sc.match.players) if i not in mine] + mine
    full = dict.fromkeys(order, True)

    def height(i: int) -> int:
        if not full[i]:
            return typeset.grown(24, h)
        return typeset.grown(26, h) + max(1, len(flows[i])) * line_h + px(4, h)

    for i in order:  # fold the others first, the viewer's own last
        if sum(height(j) + px(4, h) for j in order) <= room:
            break
        full[i] = False
    # even folded, the boxes would leave the log under two lines (a large text scale, many
    # seats): the other seats' boxes all give way to their name plates, which say the same
    spare = (LOG_LINES - 2) * typeset.font(px(12, h)).get_linesize()
    hidden: set[int] = set()
    if sum(height(j) + px(4, h) for j in order) > room + spare:
        hidden = {j for j in order if j not in mine}
    boxes = []
    for i in range(sc.match.players):
        if i in hidden:
            boxes.append(SeatBox(i, pygame.Rect(side.x + pad, y, width, 0), [], True, True))
            continue
        bh = _room(sc, ("seat", i), height(i)) if full[i] else height(i)
        lines = flows[i][: max(1, (bh - typeset.grown(30, h)) // line_h)] if full[i] else []
        rect = pygame.Rect(side.x + pad, y, width, bh)  # (fewer lines while the room is held)
        boxes.append(SeatBox(i, rect, lines, not full[i]))
        y += bh + px(4, h)
    return status, boxes, y


def _header(sc: TableReads, seat: int, room: int, h: int) -> list[pygame.Surface]:
    """A seat box's first line: the name in bold (with "(you)"), then away, thinking and the
    AI's level, the last ones left out first where they do not fit at the body size (the box's
    tip says them all); the name alone may shrink to the least size, and is cut only when
    it is longer than the box at that size."""
    cfg = sc.match.seats[seat]
    away = seat_state(sc.match, seat)
    name = cfg.name + (sc.seat_mark if seat == sc.shown else "")  # "Ann  (you)"
    extras = [
        away,
        "thinking…" if seat in sc.thinking else "",
        f"AI {cfg.level}" if cfg.is_ai else "",
    ]
    extras = [e for e in extras if e]
    gap = px(6, h)
    parts: list[pygame.Surface] = []
    least = typeset.least(h)
    for keep in range(len(extras), -1, -1):  # fewer facts before smaller type
        for size in range(px(13, h), (px(12, h) if keep else least) - 1, -1):
            parts = [typeset.text(name, size, sc.pal.ink, bold=True)]
            parts += [typeset.text(f"· {e}", size, sc.pal.ink) for e in extras[:keep]]
            if _row_width(parts, gap) <= room:
                return parts
    if _row_width(parts, gap) > room:  # a name longer than the box: cut (its tip says it)
        parts = [typeset.fit(name, least, room, sc.pal.ink, True, least, hover=True)]
    return parts


def draw_panel(sc: TableReads, surface: pygame.Surface, to_act: list[int]) -> None:
    """Status lines and the seat boxes (the seats to act framed in gold, with a pointer)."""
    h = sc.size[1]
    pal = sc.pal
    pad = px(8, h)
    status, boxes, _ = panel_boxes(sc)
    y = panel_top(h)
    for img in status:
        surface.blit(img, (sc.side_rect.x + pad, y))
        y += img.get_height()
    seats = sc.view.get("seats", [])
    line_h = typeset.font(px(12, h)).get_linesize()
    sc.drawn.seat_boxes.clear()
    sc.drawn.folded = {b.seat for b in boxes if b.folded}
    for box in boxes:
        if box.hidden:
            continue
        i, r = box.seat, box.rect
        sc.drawn.seat_boxes[i] = r
        active = i in to_act
        pygame.draw.rect(
            surface, pal.parchment if active else pal.parchment_dark, r, border_radius=px(6, h)
        )
        if active:
            pygame.draw.rect(surface, pal.gold, r, max(2, px(2, h)), border_radius=px(6, h))
            tri = [
                (r.x - pad + 2, r.y + px(13, h) - pad // 2),
                (r.x - 2, r.y + px(13, h)),
                (r.x - pad + 2, r.y + px(13, h) + pad // 2),
            ]
            pygame.draw.polygon(surface, pal.gold, tri)
        info = seats[i] if i < len(seats) and isinstance(seats[i], Mapping) else {}
        size = px(20, h)  # large, as far as the box's first line holds it
        while size > px(13, h) and typeset.font(size, True).get_height() > typeset.grown(24, h):
            size -= 1
        score = typeset.text(str(info.get("score", "")), size, pal.crimson, bold=True)
        surface.blit(score, score.get_rect(topright=(r.right - pad, r.y + px(2, h))))
        mark = seat_badge.badge(pal, i, px(15, h))
        at = surface.blit(
            mark,
            (
                r.x + pad // 2,
                r.y + typeset.grown(5, h) + (typeset.grown(16, h) - mark.get_height()) // 2,
            ),
        )
        sc.drawn.badges.setdefault(i, []).append(at)
        x = at.right + pad // 2
        for part in _header(sc, i, r.w - 3 * pad - score.get_width() - mark.get_width(), h):
            at_y = r.y + typeset.grown(5, h) + (typeset.grown(16, h) - part.get_height()) // 2
            surface.blit(part, (x, at_y))
            x += part.get_width() + px(6, h)
        ly = r.y + typeset.grown(25, h)
        for line in box.lines:
            x = r.x + pad
            for img in line:
                surface.blit(img, (x, ly + (line_h - img.get_height()) // 2))
                x += img.get_width() + px(10, h)
            ly += line_h


def _row_width(parts: list[pygame.Surface], gap: int) -> int:
    return sum(p.get_width() for p in parts) + gap * (len(parts) - 1)


def _plate_parts(
    sc: TableReads,
    seat: int,
    info: Mapping[str, Any],
    size: int,
    ink: Any,
    active: bool,
    brief: bool = False,
) -> list[pygame.Surface]:
    """A name plate's pieces at ``size``: the name, the score, seat marks, "thinking…"
    (``brief``: the score without the note on what it counts; the seat's tip says it)."""
    pal = sc.pal
    score_shown = sc.data.layout.resources.get("score")
    parts = [typeset.text(sc.match.seats[seat].name, size, ink, bold=True)]
    if "score" in info and not (score_shown and score_shown.hide):
        parts.append(
            _item_image(
                sc,
                score_words(sc, {**info, "score_note": ""} if brief else info),
                score_shown.icon if score_shown else None,
                size,
                pal.gold_light if not active else pal.crimson,
            )
        )
    for key, shown in sc.data.layout.seat_marks.items():
        if info.get(key) and not shown.hide:
            parts.append(_item_image(sc, _words(shown, key), shown.icon, size, ink))
    if seat in sc.thinking:
        parts.append(typeset.text("thinking…", size, ink))
    away = seat_state(sc.match, seat)
    if away:
        parts.insert(1, typeset.text(away, size, pal.crimson if active else pal.gold_light))
    return parts


def draw_plates(sc: TableReads, surface: pygame.Surface, to_act: list[int]) -> None:
    """A name plate in the strip at the top of each seat area (gold for a seat to act)."""
    h = sc.size[1]
    pal = sc.pal
    assert sc.layout is not None
    seats = sc.view.get("seats", [])
    for seat, strip in sc.layout.plates.items():
        if strip.h < 6:
            continue
        active = seat in to_act
        ink = pal.ink if active else pal.ivory
        top = max(typeset.least(h), min(typeset.strip_size(13, h), strip.h - px(4, h)))
        info = seats[seat] if seat < len(seats) and isinstance(seats[seat], Mapping) else {}
        mark = seat_badge.badge(pal, seat, min(px(15, h), strip.h - px(4, h)))
        gap, edge = px(10, h), px(16, h) + mark.get_width() + px(4, h)
        room = strip.w - px(8, h)
        size = top
        for size in range(top, typeset.least(h) - 1, -1):  # smaller type before fewer facts
            parts = _plate_parts(sc, seat, info, size, ink, active)
            if _row_width(parts, gap) + edge <= room:
                break
        if _row_width(parts, gap) + edge > room:  # the score's note goes before any fact
            parts = _plate_parts(sc, seat, info, size, ink, active, brief=True)
        while len(parts) > 1 and _row_width(parts, gap) + edge > room:  # the name comes first
            parts.pop()
        if _row_width(parts, gap) + edge > room:
            name = sc.match.seats[seat].name
            parts = [
                typeset.fit(name, size, room - edge, ink, bold=True, min_size=size, hover=True)
            ]
        plate = pygame.Rect(
            strip.x + px(4, h), strip.y + 1, _row_width(parts, gap) + edge, strip.h - 2
        )
        sc.drawn.plate_rects[seat] = plate
        pygame.draw.rect(
            surface, pal.gold if active else pal.felt_dark, plate, border_radius=plate.h // 2
        )
        pygame.draw.rect(surface, pal.gold, plate, max(1, px(1, h)), border_radius=plate.h // 2)
        x = plate.x + px(6, h)
        at = surface.blit(mark, (x, plate.centery - mark.get_height() // 2))
        sc.drawn.badges.setdefault(seat, []).append(at)
        x += mark.get_width() + px(6, h)
        for p in parts:
            surface.blit(p, (x, plate.centery - p.get_height() // 2))
            x += p.get_width() + gap
