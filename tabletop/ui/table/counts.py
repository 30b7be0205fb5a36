"""Numbers at the table: each other seat's zones counted, and counter zones (a seat's
resource or a public fact shown as a pile of its icon with the number)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.ui import typeset
from tabletop.ui.theme import mix, px

if TYPE_CHECKING:
    from tabletop.ui.table.reads import TableReads


def counted(sc: TableReads, box: Any) -> bool:
    """Another seat's zone shows how many cards it holds, in a number."""
    assert sc.layout is not None
    return (
        box.seat is not None
        and box.seat != sc.layout.bottom
        and box.kind != "counter"
        and box.rect.w >= 2
    )


def count_room(sc: TableReads, box: Any) -> int:
    """The width a zone's count takes from its label row (0 for an uncounted zone)."""
    if not counted(sc, box):
        return 0
    h = sc.size[1]
    return typeset.measure("00", px(12, h), True) + px(4, h)


def zone_counts(sc: TableReads, surface: pygame.Surface) -> None:
    """Each other seat's zones: the number of cards in each, top right of its frame, so a
    rival's court reads in numbers even where its cards are thumbnails."""
    h = sc.size[1]
    assert sc.layout is not None
    zones = sc.view.get("zones", {})
    size = px(12, h)
    sc.drawn.counts.clear()
    for zid, box in sc.layout.zones.items():
        if not counted(sc, box):
            continue
        n = str(len((zones.get(zid) or {}).get("cards") or []))
        fg = sc.pal.ivory if n != "0" else mix(sc.pal.ivory, sc.pal.felt, 0.45)
        t = typeset.text(n, size, fg, bold=True)
        r = t.get_rect(topright=(box.rect.right - px(5, h), box.rect.y + px(3, h)))
        surface.blit(t, r)
        sc.drawn.counts[zid] = (n, r)


def counters(sc: TableReads, surface: pygame.Surface) -> None:
    """Counter zones: the seat's resource (or a public fact) as a pile of its icon."""
    h = sc.size[1]
    assert sc.layout is not None
    seats_info = sc.view.get("seats", [])
    public = sc.view.get("public") or {}
    for box in sc.layout.zones.values():
        if box.kind != "counter" or box.defn is None:
            continue
        key = box.defn.resource
        if box.seat is not None:
            info = seats_info[box.seat] if box.seat < len(seats_info) else {}
            value = ((info or {}).get("resources") or {}).get(key)
        else:
            value = public.get(key)
        if not isinstance(value, int):
            continue
        inner = sc.layout.inner(box)
        size = px(16, h)  # as large as the zone holds, at a large text scale too
        while size > typeset.least(h) and typeset.font(size, True).get_height() > inner.h:
            size -= 1
        num = typeset.fit(
            str(value), size, inner.w, sc.pal.ivory, bold=True, min_size=typeset.least(h)
        )
        room = max(6, inner.h - num.get_height() - 1)  # the pile above the number
        shown = min(value, 8)
        size = max(6, min(inner.w * 3 // 4, inner.h // 2, room * 2 // 3))
        step = max(1, min(size // 7, (room - size) // max(1, shown - 1)))
        coin = sc.art.art(box.defn.icon, size, size)
        top = inner.y + max(0, (inner.h - size - step * max(0, shown - 1) - num.get_height()) // 2)
        base = top + step * max(0, shown - 1)
        if coin is not None:
            if shown == 0:
                faint = coin.copy()
                faint.set_alpha(70)
                surface.blit(faint, faint.get_rect(midtop=(inner.centerx, top)))
            for k in range(shown):
                surface.blit(coin, coin.get_rect(midtop=(inner.centerx, base - k * step)))
                sc.art.mark("counter", box.id)
        if coin is None:  # no icon to pile: the number alone, in the middle
            at = num.get_rect(center=inner.center)
        else:
            at = num.get_rect(midtop=(inner.centerx, base + size + 1))
        surface.blit(num, at)
        sc.drawn.numbers[box.id] = (str(value), at)
