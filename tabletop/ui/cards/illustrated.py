"""Illustrated card faces: name band, art or emblem, rules text, and corner badges from attrs.

Sizes decide what is drawn: a large card shows everything; a middling one drops the text; a
small one drops the name too and enlarges its badges and emblem, so what matters in play (a
number, a muse, a coin) stays readable when the words could not be.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from tabletop.engine.data.faces import Badge, FaceDef
from tabletop.ui import fonts, typeset
from tabletop.ui.cards.artist import Artist
from tabletop.ui.theme import hex_colour, mix

Colour = tuple[int, int, int]
TINY_H = 62  # below this height: no name, only large badges
SERIF_H = 150  # from this height the name is set in the display serif (below: bold, 2 lines)
TEXT_H = 170  # from this height: the rules text is printed
NAME_LEAST = 8  # a card's name is never set smaller (design pixels)


def parse_colour(name: str | None, fallback: Colour) -> Colour:
    """A colour from a name or ``#rrggbb`` (``fallback`` when missing or unknown)."""
    if not name:
        return fallback
    try:
        c = pygame.Color(name)
    except (ValueError, TypeError):
        return fallback
    return (c.r, c.g, c.b)


def tint_of(f: FaceDef, attrs: dict[str, Any], fallback: Colour) -> Colour:
    """The card's colour: its kind's tint, or the tint of its attr value, else ``fallback``."""
    if f.tint_attr:
        return parse_colour(f.tint_colours.get(str(attrs.get(f.tint_attr, "")).lower()), fallback)
    return parse_colour(f.tint, fallback)


def outlined(text: str, size: int, fg: Colour, edge: Colour) -> pygame.Surface:
    """Bold text with a one-pixel (or more) outline, readable on any picture."""
    t = typeset.text(text, size, fg, bold=True)
    e = typeset.text(text, size, edge, bold=True)
    o = max(1, size // 14)
    out = pygame.Surface((t.get_width() + 2 * o, t.get_height() + 2 * o), pygame.SRCALPHA)
    for dx in (-o, 0, o):
        for dy in (-o, 0, o):
            if dx or dy:
                out.blit(e, (o + dx, o + dy))
    out.blit(t, (o, o))
    return out


def badge_image(
    art: Artist, b: Badge, value: Any, size: int, tint: Colour
) -> pygame.Surface | None:
    """One badge as an image (``None`` when its attr is unset or false)."""
    if b.attr is not None and value in (None, False, "", 0):
        return None
    pal = art.pal
    colour = parse_colour(b.colour, tint)
    icon = b.icon_for(value) if b.attr is not None else b.icon
    if b.show == "repeat":
        n = max(0, min(int(value), 6)) if isinstance(value, int | float) else 1
        one = int(size * 0.8)
        step = max(1, int(one * 0.72))
        img = art.art(icon, one, one, hex_colour(colour))
        if img is None or n == 0:
            return None
        out = pygame.Surface((one, one + step * (n - 1)), pygame.SRCALPHA)
        for i in range(n):
            out.blit(img, (0, i * step))
            art.mark("icon", icon, (0, i * step))
        return out
    if b.show == "icon":
        art.mark("icon", icon)
        return art.art(icon, size, size, hex_colour(colour))
    if b.show == "text":
        t = typeset.text(str(value), max(6, int(size * 0.5)), pal.ivory, bold=True)
        out = pygame.Surface((t.get_width() + size // 3, int(size * 0.75)), pygame.SRCALPHA)
        pygame.draw.rect(out, colour, out.get_rect(), border_radius=out.get_height() // 2)
        out.blit(t, t.get_rect(center=out.get_rect().center))
        return out
    # a number: on its icon, or in a disc of the badge's colour
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    img = art.art(icon, size, size, hex_colour(colour)) if icon else None
    if img is not None:
        out.blit(img, (0, 0))
    else:
        r = size // 2
        pygame.draw.circle(out, pal.gold, (r, r), r)
        pygame.draw.circle(out, colour, (r, r), max(1, r - max(1, size // 12)))
    if img is not None:
        art.mark("icon", icon)
    art.mark("number", str(value))
    num = outlined(str(value), max(6, int(size * 0.62)), pal.ivory, pal.ink)
    out.blit(num, num.get_rect(center=(size // 2, size // 2 + size // 20)))
    return out


def _place(surf: pygame.Surface, img: pygame.Surface, corner: str, area: pygame.Rect) -> None:
    r = img.get_rect()
    top = corner.startswith("top")
    left = corner.endswith("left")
    if top and left:
        r.topleft = area.topleft
    elif top:
        r.topright = area.topright
    elif left:
        r.bottomleft = area.bottomleft
    else:
        r.bottomright = area.bottomright
    surf.blit(img, r)


def draw_face(art: Artist, surf: pygame.Surface, card: Any, f: FaceDef, deck: Colour) -> None:
    """Paint an illustrated card onto ``surf`` (its size is the card's)."""
    pal = art.pal
    w, h = surf.get_size()
    attrs = card.attrs or {}
    tint = tint_of(f, attrs, deck)
    radius = max(2, w // 14)
    pygame.draw.rect(surf, mix(tint, pal.ink, 0.25), surf.get_rect(), border_radius=radius)
    inner, pad = _frame(w, h)
    edge = inner.x
    pygame.draw.rect(surf, pal.parchment, inner, border_radius=max(1, radius - 1))
    lh = h / art.scale  # the card's height in design pixels decides what it shows
    small = lh < TINY_H
    top = inner.y
    if not small:
        top = _name_band(surf, card, inner, tint, pad, pal, lh >= SERIF_H, name_least(art.scale))
    text_h, text_size = _text_room(card.text, w - 2 * (edge + pad), h) if lh >= TEXT_H else (0, 0)
    pic = pygame.Rect(
        inner.x + pad, top + pad, inner.w - 2 * pad, inner.bottom - top - 2 * pad - text_h
    )
    size = max(6, int(w * (0.48 if small else 0.34 if lh < SERIF_H else 0.27)))
    if any(b.corner.startswith("bottom") for b in f.badges):  # top and bottom ones must not meet
        size = max(6, min(size, pic.h // 2 - 1))
    marks = []
    for b in f.badges:
        img = badge_image(art, b, attrs.get(b.attr) if b.attr else True, size, tint)
        if img is not None:
            marks.append((img, b.corner))
    if not (small and len(marks) > 1):  # a small card shows its numbers, not its picture
        _picture(art, surf, card, f, pic, tint, small)
    if text_h:
        box = pygame.Rect(inner.x + pad, inner.bottom - text_h, inner.w - 2 * pad, text_h - pad)
        _rules_text(surf, card.text, box, pal, text_size)
    for img, corner in marks:
        _place(surf, img, corner, pic)


def _band_lines(
    name: str,
    w: int,
    h: int,
    room: int,
    pad: int,
    ink: Colour,
    serif: bool,
    short: str | None = None,
    least: int = 8,
) -> tuple[list[pygame.Surface], int]:
    """The name's rendered lines and the band's height for a card ``w``×``h`` pixels.

    Large cards set it in the display serif on one line; smaller ones in bold sans on up
    to two lines, broken between words only, as large as fits down to ``least`` pixels;
    a name that fits no way gives way to the card's declared ``short`` name (the full one
    shows on hover), and only a card with neither has its name cut (the recorder sees it).
    """
    if serif:
        size = max(7, min(int(h * 0.085), int(w / max(5, len(name)) * 2.0)))
        title = typeset.text(name, size, ink, title=True)
        if title.get_width() > room:
            scaled = max(1, title.get_height() * room // title.get_width())
            title = pygame.transform.smoothscale(title, (room, scaled))
        return [title], int(size * 1.45) + pad
    size = max(least, int(h * 0.1))
    for words in (name, short):
        found = _name_rows(words, size, least, room) if words else None
        if found is None:
            continue
        rows, n = found
        if words != name:
            typeset.abbreviated(name, words, n)
        lines = [typeset.text(t, n, ink, bold=True) for t in rows]
        return lines, sum(t.get_height() for t in lines) + pad
    parts = name.split()
    half = max(1, len(parts) // 2)
    rows = [" ".join(parts[:half]), " ".join(parts[half:])] if len(parts) > 1 else parts
    lines = [typeset.fit(t, least, room, ink, bold=True, min_size=least, hover=True) for t in rows]
    return lines, sum(t.get_height() for t in lines) + pad


def _name_rows(words: str, size: int, least: int, room: int) -> tuple[list[str], int] | None:
    """(rows, type size): ``words`` broken between words on two lines, else three, at the
    largest size from ``size`` down to ``least`` that fits ``room`` (``None``: none does)."""
    for most in (2, 3):  # smaller type before a third line
        for n in range(size, least - 1, -1):
            if any(typeset.measure(piece, n, True) > room for piece in _pieces(words)):
                continue
            rows = typeset.lines(words, typeset.font(n, True), room)
            if len(rows) <= most:
                return rows, n
    return None


def _pieces(words: str) -> list[str]:
    """The parts of ``words`` no line break may split: each word, or each part of it up to
    a hyphen, soft or written (with the "-" it shows at the break)."""
    out = []
    for word in words.split():
        parts = word.replace("-", typeset.SHY).split(typeset.SHY)
        out += [p + "-" for p in parts[:-1]] + parts[-1:]
    return out


def _frame(w: int, h: int) -> tuple[pygame.Rect, int]:
    """The parchment inside the card's coloured edge, and the padding used within it."""
    edge = max(2, w // 22)
    return pygame.Rect(0, 0, w, h).inflate(-2 * edge, -2 * edge), max(1, w // 24)


def name_least(scale: float) -> int:
    """The least type size of a card's name, in screen pixels, at window ``scale``."""
    return max(NAME_LEAST, round(NAME_LEAST * scale))


@lru_cache(maxsize=4096)
def name_fits(name: str, short: str | None, w: int, h: int, scale: float) -> bool:
    """True when a card ``w``×``h`` pixels prints ``name``, or its declared ``short`` form,
    uncut (a card too small for a name, or large enough for the serif title, counts too)."""
    lh = h / scale
    if lh < TINY_H or lh >= SERIF_H:
        return True
    inner, pad = _frame(w, h)
    least = name_least(scale)
    size = max(least, int(h * 0.1))
    with fonts.unscaled():  # a card's face keeps its size whatever the text scale
        return any(_name_rows(x, size, least, inner.w - 2 * pad) for x in (name, short) if x)


def name_band(
    name: str, w: int, h: int, scale: float, ink: Colour, short: str | None = None
) -> pygame.Rect | None:
    """Where the name band of an illustrated card ``w``×``h`` lies (``None``: too small for
    a name), so a ribbon over the card can cover exactly the name."""
    lh = h / scale
    if lh < TINY_H:
        return None
    inner, pad = _frame(w, h)
    _, band_h = _band_lines(
        name, w, h, inner.w - 2 * pad, pad, ink, lh >= SERIF_H, short, name_least(scale)
    )
    return pygame.Rect(inner.x, inner.y, inner.w, band_h)


def _name_band(
    surf: pygame.Surface,
    card: Any,
    inner: pygame.Rect,
    tint: Colour,
    pad: int,
    pal: Any,
    serif: bool = True,
    least: int = NAME_LEAST,
) -> int:
    """The name across the top, as large as fits; returns the band's bottom."""
    w, h = surf.get_size()
    short = getattr(card, "short", None)
    lines, band_h = _band_lines(
        card.name, w, h, inner.w - 2 * pad, pad, pal.ink, serif, short, least
    )
    band = pygame.Rect(inner.x, inner.y, inner.w, band_h)
    corner = max(1, w // 16)
    pygame.draw.rect(
        surf,
        mix(tint, pal.parchment, 0.78),
        band,
        border_top_left_radius=corner,
        border_top_right_radius=corner,
    )
    line_w = max(1, h // 160)
    pygame.draw.line(surf, mix(tint, pal.ink, 0.2), band.bottomleft, band.bottomright, line_w)
    y = band.centery - sum(t.get_height() for t in lines) // 2
    for t in lines:
        surf.blit(t, t.get_rect(midtop=(band.centerx, y)))
        y += t.get_height()
    return band.bottom


def _picture(
    art: Artist,
    surf: pygame.Surface,
    card: Any,
    f: FaceDef,
    pic: pygame.Rect,
    tint: Colour,
    small: bool,
) -> None:
    """The card's own art, else its kind's emblem, else its name in large letters."""
    pal = art.pal
    if pic.w < 4 or pic.h < 4:
        return
    img = art.art(card.art, pic.w, pic.h) if card.art else None
    if img is None and f.emblem is not None:
        e = f.emblem
        icon = e.icon_for((card.attrs or {}).get(e.attr)) if e.attr else e.icon
        compact = surf.get_height() < SERIF_H * art.scale and not small  # clear of badges
        side = int(min(pic.w * (0.7 if small else 0.5 if compact else 0.6), pic.h * 0.72))
        centre = (pic.centerx, pic.y + int(pic.h * 0.6)) if compact else pic.center
        glow = mix(tint, pal.parchment, 0.82)
        pygame.draw.circle(surf, glow, centre, int(side * 0.62))
        img = art.art(icon, side, side, hex_colour(tint))
        if img is not None:
            surf.blit(img, img.get_rect(center=centre))
            art.mark("emblem", icon, centre)
        return
    if img is not None:
        surf.blit(img, img.get_rect(center=pic.center))
        return
    pygame.draw.rect(surf, mix(tint, pal.parchment, 0.75), pic, border_radius=max(2, pic.w // 12))
    size = max(
        7, min(pic.h // 3, int(pic.w / max(4, max(len(x) for x in card.name.split())) * 1.6))
    )
    lines = typeset.wrap(card.name, size, pic.w - 4, bold=True)
    line_h = typeset.font(size, True).get_linesize()
    y = pic.centery - line_h * len(lines) // 2
    for line in lines:
        t = typeset.text(line, size, pal.ink, bold=True)
        surf.blit(t, t.get_rect(midtop=(pic.centerx, y)))
        y += line_h


def _text_room(text: str, width: int, h: int) -> tuple[int, int]:
    """(height, type size) for a card's rules text: a third of the card, more for long
    texts (up to half, in smaller type) before it is cut."""
    if not text:
        return 0, 0
    for frac, size in ((0.3, h // 17), (0.38, h // 19), (0.46, h // 21), (0.5, h // 23)):
        size = max(8, size)
        room = int(h * frac)
        lines = typeset.wrap(text, size, width)
        if len(lines) * typeset.font(size).get_linesize() <= room - h // 40:
            break
    return room, size


def _rules_text(surf: pygame.Surface, text: str, box: pygame.Rect, pal: Any, size: int) -> None:
    """The card's rules text, wrapped and centred (cut with … when it does not fit)."""
    h = surf.get_height()
    pygame.draw.line(surf, pal.parchment_dark, box.topleft, box.topright, max(1, h // 150))
    lines = typeset.wrap(text, size, box.w)
    line_h = typeset.font(size).get_linesize()
    max_lines = max(1, box.h // line_h)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], lines[max_lines - 1] + "…"]
    y = box.y + max(1, (box.h - line_h * len(lines)) // 2)
    for line in lines:
        t = typeset.text(line, size, pal.ink)
        surf.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += line_h
