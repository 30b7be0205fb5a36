"""Painting the story (see ``story.py``): what each rival just did stays on the table.

- every card a rival moved since the shown seat acted wears an outline and its mover's name;
- the zone it left wears a small "← name" pill;
- a rival's name plate is followed by its last action in one line (hover: the whole line);
- a moment (a Moon rising, a rival's card traded away, an elimination) shows as a banner
  with its card and what it did to whom, for a few seconds; a click or Esc skips it.

Drawn over the settled cards each frame; the rects drawn are returned so the next frame
restores what lay under them.  The images are cached here, like the pills of ``marks.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.ui import typeset
from tabletop.ui.seat_words import personal
from tabletop.ui.table.story import MOMENT_TIME
from tabletop.ui.table.widgets import panel
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.table.reads import TableReads
    from tabletop.ui.table.story import Moment

FADE = 0.25  # seconds a banner takes to come and to go
_CACHE: dict[tuple[Any, ...], pygame.Surface] = {}


def _cached(key: tuple[Any, ...], make: Any) -> pygame.Surface:
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 600:
            _CACHE.clear()
        surf = _CACHE[key] = make()
    return surf


def _short_name(sc: TableReads, seat: int) -> str:
    seats = sc.match.seats
    name = seats[seat].name if 0 <= seat < len(seats) else f"Player {seat + 1}"
    return name.split(" ")[0] if len(name) > 12 else name


def _pill(text: str, size: int, fg: Any, bg: Any, edge: Any) -> pygame.Surface:
    def make() -> pygame.Surface:
        t = typeset.text(text, size, fg, True)
        surf = pygame.Surface((t.get_width() + size, t.get_height() + 2), pygame.SRCALPHA)
        r = surf.get_rect()
        pygame.draw.rect(surf, bg, r, border_radius=r.h // 2)
        pygame.draw.rect(surf, edge, r, 1, border_radius=r.h // 2)
        surf.blit(t, t.get_rect(center=r.center))
        return surf

    return _cached(("pill", text, size, fg, bg, edge), make)


def draw(sc: TableReads, surface: pygame.Surface) -> list[pygame.Rect]:
    """The marks, the plates' last actions and the banner; the rects drawn."""
    if sc.privacy is not None or sc.layout is None:
        sc.drawn.banner_rect = None  # nothing to click under the hand-over screen
        return []
    out = card_marks(sc, surface)
    out += zone_marks(sc, surface)
    out += last_lines(sc, surface)
    shown = banner(sc, surface)
    if shown is not None:
        out.append(shown)
    return out


def card_marks(sc: TableReads, surface: pygame.Surface) -> list[pygame.Rect]:
    """An outline and the mover's name on every card a rival moved since the seat acted."""
    h = sc.size[1]
    pal = sc.pal
    out: list[pygame.Rect] = []
    width = max(2, px(3, h))
    least = typeset.least(h)
    moving = set(sc.tweens)
    for sp in sc.sprites:
        mark = sc.story.mark_of(sp.uid)
        if mark is None or sp.key in moving:
            continue
        r = sp.rect.inflate(width * 2, width * 2)
        pygame.draw.rect(surface, pal.royal_light, r, width, border_radius=px(6, h))
        out.append(r)
        if sp.rect.h < 4 * least or sp.rect.w < 3 * least:
            continue  # no room for a name: the outline says it (the log says who)
        size = max(least, min(sp.rect.h // 10, px(12, h)))
        pill = _pill(_short_name(sc, mark.seat), size, pal.ivory, pal.royal, pal.gold_light)
        if pill.get_width() > sp.rect.w:
            continue
        at = pill.get_rect(midbottom=(sp.rect.centerx, sp.rect.y + width))  # over its edge
        label = sc.drawn.labels.get(sp.zone)
        if label is not None and label[1].colliderect(at):  # not over the zone's name:
            at = pill.get_rect(center=sp.rect.center)  # on the art, clear of the corners
        out.append(surface.blit(pill, at))
    return out


def zone_marks(sc: TableReads, surface: pygame.Surface) -> list[pygame.Rect]:
    """A "← name" pill on each zone a rival's move took a card from."""
    assert sc.layout is not None
    h = sc.size[1]
    pal = sc.pal
    out: list[pygame.Rect] = []
    size = max(typeset.least(h), px(11, h))
    zones = sc.view.get("zones") or {}
    for zone, seat in sc.story.left.items():
        box = sc.layout.zones.get(zone)
        if box is None or box.rect.w < 2 or _a_deck(zone, zones.get(zone)):
            continue
        pill = _pill(f"← {_short_name(sc, seat)}", size, pal.ivory, pal.royal, pal.royal_light)
        at = pill.get_rect(topright=(box.rect.right - 2, box.rect.y + 2))
        label = sc.drawn.labels.get(zone)
        if pill.get_width() > box.rect.w or (label is not None and label[1].colliderect(at)):
            continue  # never over the zone's own name (the cards' marks still say it)
        out.append(surface.blit(pill, at))
    return out


def _a_deck(zone: str, shown: Any) -> bool:
    """A shared zone the seat sees only backs of (a deck): cards leave it by the rules'
    own drawing, which needs no mark."""
    if zone.startswith("p") and "." in zone and zone[1 : zone.index(".")].isdigit():
        return False
    cards = (shown or {}).get("cards") or ()
    return bool(cards) and all(c.get("card") is None for c in cards)


def last_line_text(sc: TableReads, seat: int) -> str:
    """A rival's last action as its plate shows it (names as the log says them)."""
    line = sc.story.last.get(seat, "")
    if not line:
        return ""
    shown = sc.shown
    reader = sc.match.seats[shown].name if shown is not None and sc.addresses_seat else None
    return personal(sc.names_in(line), reader)


def last_lines(sc: TableReads, surface: pygame.Surface) -> list[pygame.Rect]:
    """Each rival's last action in one line, beside its name plate: as the log says it, else
    without the rival's name (the plate beside it says whose), else not at all — never cut;
    the plate's tip always has it whole."""
    assert sc.layout is not None
    h = sc.size[1]
    pal = sc.pal
    out: list[pygame.Rect] = []
    sc.drawn.last_lines.clear()
    size = max(typeset.least(h), px(12, h))
    for seat, strip in sc.layout.plates.items():
        plate = sc.drawn.plate_rects.get(seat)
        if seat == sc.shown or plate is None:
            continue
        text = last_line_text(sc, seat)
        room = strip.right - plate.right - px(12, h)
        if not text or room < 6 * size:
            continue
        name = sc.match.seats[seat].name
        tries = [text, text[len(name) :].strip()] if text.startswith(name + " ") else [text]
        words = next((t for t in tries if typeset.measure(t, size) <= room), "")
        if not words:  # never cut: the plate's tip says it whole
            continue
        img = typeset.text(words, size, pal.gold_light)
        at = img.get_rect(midleft=(plate.right + px(8, h), plate.centery))
        out.append(surface.blit(img, at))
        sc.drawn.last_lines[seat] = at
    return out


def banner(sc: TableReads, surface: pygame.Surface) -> pygame.Rect | None:
    """The first moment waiting, as a banner over the table (fading in and out)."""
    sc.drawn.banner_rect = None
    if not sc.banners or (sc.match.is_over() and sc.final_t >= 0):
        return None
    moment = sc.banners[0]
    img = _cached(("banner", moment.key, sc.size, sc.shown), lambda: _banner_image(sc, moment))
    t = sc.banner_t
    alpha = int(255 * max(0.0, min(1.0, t / FADE, (MOMENT_TIME - t) / FADE)))
    r = img.get_rect(center=(sc.felt_rect.centerx, sc.felt_rect.y + sc.felt_rect.h * 2 // 5))
    img.set_alpha(max(alpha, 40))
    sc.drawn.banner_rect = r
    return surface.blit(img, r)


def _banner_image(sc: TableReads, moment: Moment) -> pygame.Surface:
    h = sc.size[1]
    pal = sc.pal
    pad = px(14, h)
    card_h = min(int(sc.felt_rect.h * 0.32), px(220, h))
    card_w = int(card_h * sc.data.layout.card_aspect)
    face = None
    if moment.card_id and moment.card_id in sc.data.cards:
        face = sc.art.face(moment.card_id, card_w, card_h)
    text_w = min(int(sc.felt_rect.w * 0.42), px(460, h))
    title_size, body_size = px(20, h), px(15, h)
    title = sc.art.card_name(moment.card_id) if face is not None else ""
    shown = sc.shown
    reader = sc.match.seats[shown].name if shown is not None and sc.addresses_seat else None
    rows: list[pygame.Surface] = []
    if title:
        rows += [
            typeset.text(ln, title_size, pal.gold_light, True, title=True)
            for ln in typeset.wrap(title, title_size, text_w, bold=True)
        ]
    for line in moment.lines:
        said = personal(sc.names_in(line), reader)
        rows += [
            typeset.text(ln, body_size, pal.ivory) for ln in typeset.wrap(said, body_size, text_w)
        ]
    hint = typeset.text("Click or Esc to skip", px(12, h), pal.parchment_dark)
    body_h = sum(r.get_height() for r in rows) + px(8, h) + hint.get_height()
    inner_h = max(card_h if face is not None else 0, body_h)
    width = (card_w + pad if face is not None else 0) + max(
        [text_w // 2, hint.get_width(), *[r.get_width() for r in rows]]
    )
    surf = panel((width + 2 * pad, inner_h + 2 * pad), pal.felt_dark, pal.gold, 245, px(10, h))
    x = pad
    if face is not None:
        surf.blit(face, (x, pad + (inner_h - card_h) // 2))
        x += card_w + pad
    y = pad + (inner_h - body_h) // 2
    for row in rows:
        surf.blit(row, (x, y))
        y += row.get_height()
    surf.blit(hint, (x, y + px(8, h)))
    return surf
