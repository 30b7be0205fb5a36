"""Marks on cards: what a card counts as (a ribbon over its name) and its tokens as pills.

Words and icons come from layout.yaml (``tokens``); images are cached, one blit per frame.
Marks belong to the card they lie on and are sized to it: they keep their size whatever the
player's text scale (as the card faces do; the card's tip says them at the text scale).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.ui import fonts, typeset
from tabletop.ui.theme import hex_colour, px

if TYPE_CHECKING:
    from tabletop.ui.table.model import Sprite
    from tabletop.ui.table.reads import TableReads

_BADGES: dict[tuple[Any, ...], pygame.Surface] = {}


def badge(
    text: str,
    size: int,
    fg: Any,
    bg: Any,
    width: int | None = None,
    most: int | None = None,
    least: int | None = None,
    short: str | tuple[str, ...] | None = None,
) -> pygame.Surface:
    """A cached pill (or ribbon of ``width``) with a label: one blit per frame.  ``most``:
    the widest the pill may be (its words shrink down to ``least``, else to the size, then
    give way to their ``short`` form; the card's tip says them whole)."""
    key = (text, size, fg, bg, width, most, least, short, fonts.text_scale())
    surf = _BADGES.get(key)
    if surf is None:
        if len(_BADGES) > 2000:
            _BADGES.clear()
        if most is not None:
            room = most - size // 2 - 4
            low = min(size, least) if least is not None else size
            t = typeset.fit(text, size, room, fg, bold=True, min_size=low, hover=True, short=short)
        else:
            t = typeset.text(text, size, fg, True)
        w = width or t.get_width() + size // 2 + 4
        if t.get_width() > w - 4:
            t = pygame.transform.smoothscale(t, (w - 4, t.get_height()))
        surf = pygame.Surface((w, t.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=surf.get_height() // 2)
        surf.blit(t, t.get_rect(center=surf.get_rect().center))
        _BADGES[key] = surf
    return surf


def _icon_badge(sc: TableReads, icon: str, text: str, size: int) -> pygame.Surface:
    """A pill holding an icon and a number (cached with the other pills)."""
    key = ("icon", icon, text, size, fonts.text_scale())
    surf = _BADGES.get(key)
    if surf is None:
        img = sc.art.art(icon, size + 4, size + 4, hex_colour(sc.pal.ink))
        t = typeset.text(text, size, sc.pal.ink, True)
        w = (img.get_width() if img else 0) + t.get_width() + size // 2 + 4
        surf = pygame.Surface((w, size + 6), pygame.SRCALPHA)
        pygame.draw.rect(
            surf, sc.pal.gold_light, surf.get_rect(), border_radius=surf.get_height() // 2
        )
        x = size // 4 + 2
        if img is not None:
            surf.blit(img, (x, 1))
            x += img.get_width()
        surf.blit(t, t.get_rect(midleft=(x, surf.get_height() // 2)))
        _BADGES[key] = surf
    return surf


def token_blits(
    sc: TableReads, sp: Sprite, r: pygame.Rect
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """What a card counts as (a ribbon) and its tokens as pills, as layout.yaml names them,
    as ``(image, position)`` pairs for a card drawn at ``r``.

    The tokens a grouped zone is built from (group, caption, aside) are not repeated as pills.
    """
    if not sp.card.get("tokens") and not sp.card.get("as"):
        return []
    with fonts.unscaled():  # sized to the card, as its face is
        return _token_blits(sc, sp, r)


def _token_blits(
    sc: TableReads, sp: Sprite, r: pygame.Rect
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    pills = token_pills(sc, sp)
    ribbon = ribbon_of(sc, sp, r)
    out: list[tuple[pygame.Surface, pygame.Rect]] = []
    least = typeset.least(sc.size[1])
    if ribbon is not None and min(ribbon[2], int(ribbon[1].h * 0.7)) >= least:
        text, at, type_size = ribbon
        out.append((_ribbon(text, at.size, type_size, sc.pal.ivory, sc.pal.royal), at))
    if r.h < 5 * least:  # no room for a readable pill: the card's tip says its tokens
        return out
    size = max(least, min(r.h // 11, px(14, sc.size[1])))
    y = r.bottom - 2
    for text, icon, short in pills:
        if icon:
            pill = _icon_badge(sc, icon, text, size)
        else:
            pill = badge(
                text, size, sc.pal.ink, sc.pal.gold_light, most=r.w - 4, least=least, short=short
            )
        y -= pill.get_height() + 1
        out.append((pill, pill.get_rect(topleft=(r.x + 2, y))))
    return out


def ribbon_of(sc: TableReads, sp: Sprite, r: pygame.Rect) -> tuple[str, pygame.Rect, int] | None:
    """("as …", where, type size) for a card that counts as something other than its name.

    On an illustrated card the ribbon covers the whole name band, so no half-hidden name
    peeks out below it (in an overlapping column only the band shows); a playing card keeps
    its index corner and gets a slim ribbon at the bottom.  A card that counts as what it
    is called (a Guard as guard) gets none.
    """
    as_ = sp.card.get("as")
    if not as_:
        return None
    name = sc.art.card_name(as_) if as_ in sc.data.cards else str(as_)
    cid = sp.card.get("card")
    if cid in sc.data.cards and sc.art.card_name(cid).strip().lower() == name.strip().lower():
        return None
    band = None if sp.turned else sc.art.name_band(cid, r.w, r.h)
    if band is not None:
        return f"as {name}", band.move(r.x, r.y), max(8, int(r.h * 0.09))  # the name's size
    size = max(8, min(r.h // 11, px(14, sc.size[1])))
    low = sc.art.style_of(cid) == "playing-card"
    y = r.bottom - size - 4 if low else r.y + 2
    return f"as {name}", pygame.Rect(r.x + 2, y, r.w - 4, size + 2), size


def _ribbon(text: str, size: tuple[int, int], most: int, fg: Any, bg: Any) -> pygame.Surface:
    """A cached ribbon of ``size`` with ``text`` as large as fits (at most ``most`` px)."""
    key = ("ribbon", text, size, most, fg, bg, fonts.text_scale())
    surf = _BADGES.get(key)
    if surf is None:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=max(2, min(w // 16, h // 2)))
        type_size = max(6, min(int(h * 0.7), most))
        short = text.removeprefix("as ") if text.startswith("as ") else None  # the name alone
        t = typeset.fit(
            text, type_size, w - 4, fg, bold=True, min_size=type_size, hover=True, short=short
        )
        surf.blit(t, t.get_rect(center=surf.get_rect().center))
        _BADGES[key] = surf
    return surf


def token_pills(sc: TableReads, sp: Sprite) -> list[tuple[str, str | None, tuple[str, ...] | None]]:
    """(text, icon, short forms) of the pills a card's tokens show, as layout.yaml names them
    (its declared short form, then the bare label when that is shorter still: a narrow card
    shows "planned" rather than a cut "attack Pl…").

    Zero, false and hidden tokens show nothing; nor do the tokens a grouped zone is built
    from (group, caption, aside): the stacks already show them.
    """
    tokens = sp.card.get("tokens") or {}
    if not tokens:
        return []
    assert sc.layout is not None
    box = sc.layout.zones.get(sp.zone)
    defn = box.defn if box is not None else None
    built = {getattr(defn, "group", None), getattr(defn, "caption", None)}
    built |= set(getattr(defn, "aside", {}) or {})
    out: list[tuple[str, str | None, tuple[str, ...] | None]] = []
    for key, value in tokens.items():
        how = sc.data.layout.tokens.get(key)
        if value in (0, False, None, "") or key in built or (how is not None and how.hide):
            continue
        if how is not None and how.icon:
            out.append(("" if value is True else str(value), how.icon, None))
        else:
            word = how.label if how is not None and how.label else key
            forms = [how.short.replace("{value}", str(value))] if how and how.short else []
            if value is not True and (not forms or len(word) < len(forms[0])):
                forms.append(word)
            out.append((word if value is True else f"{value} {word}", None, tuple(forms) or None))
    return out
