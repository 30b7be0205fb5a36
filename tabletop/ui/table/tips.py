"""What a thing at the table is and does, in the game's own words from ``data/<id>/``.

Hovering a zone, a card, a name plate or a seat's box in the side panel (or focusing a move
with Tab) shows a tip: a title and a few lines.  Zones say what they are from layout.yaml
(``label``, ``help``, and for a zone labelled by a card's art, that card's text); cards say
their name and text from cards.yaml, their deck's ``help`` (e.g. what a frame colour means)
and the zone they lie in.  Nothing here names a game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tabletop.ui import typeset
from tabletop.ui.table import cardlayer, marks, seats, story_paint
from tabletop.ui.table.online import seat_state
from tabletop.ui.table.widgets import panel
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.table.model import Sprite
    from tabletop.ui.table.reads import TableReads

TIP_WIDTH = 280  # design pixels


@dataclass(frozen=True)
class Tip:
    """A title and its explanation (either may be empty)."""

    title: str
    body: str = ""


def zone_name(sc: TableReads, zid: str) -> str:
    """The zone's whole name as the table says it (the view's live label first)."""
    assert sc.layout is not None
    box = sc.layout.zones.get(zid)
    live = (sc.view.get("zones", {}).get(zid) or {}).get("label")
    label = box.label if box is not None else ""
    if box is not None and getattr(box.defn, "live_label", False) and live:
        return sc.names_in(str(live))
    return label or (sc.names_in(str(live)) if live else zid)


def _art_card_text(sc: TableReads, zid: str) -> str:
    """For a zone labelled by a card's art: the text of the card it stands for.

    Cards of the same kind and name (the sides of a location) are told apart by a value of
    theirs the view's label names in brackets ("Mill (B)"); when none is named, each side's
    text is given.
    """
    assert sc.layout is not None
    box = sc.layout.zones.get(zid)
    art = getattr(box, "art_card", None) if box is not None else None
    cdef = sc.data.cards.get(art) if art else None
    if cdef is None:
        return ""
    same = [c for c in sc.data.cards.values() if c.kind == cdef.kind and c.name == cdef.name]
    live = str((sc.view.get("zones", {}).get(zid) or {}).get("label") or "")
    named = set(re.findall(r"\(([^)]+)\)", live))
    picked = [c for c in same if named & {str(v) for v in c.attrs.values()}]
    if len(picked) == 1:
        return picked[0].text
    if len(same) == 1:
        return cdef.text
    keyed = []
    for c in same:
        tag = next((str(v) for v in c.attrs.values() if isinstance(v, str) and len(v) <= 2), "")
        keyed.append(f"{tag}: {c.text}" if tag else c.text)
    return "\n".join(keyed)


def zone_tip(sc: TableReads, zid: str) -> Tip:
    """What a zone is and does."""
    assert sc.layout is not None
    box = sc.layout.zones.get(zid)
    title = zone_name(sc, zid)
    if box is not None and box.seat is not None:
        title = f"{title} — {_whose(sc, box.seat)}"
    cards = (sc.view.get("zones", {}).get(zid) or {}).get("cards") or []
    parts = [_art_card_text(sc, zid), getattr(box.defn, "help", "") if box else ""]
    parts.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''} here.")
    return Tip(title, "\n".join(p for p in parts if p))


def _whose(sc: TableReads, seat: int) -> str:
    name = sc.match.seats[seat].name if 0 <= seat < sc.match.players else f"seat {seat + 1}"
    return "yours" if seat == sc.shown else name


def card_tip(sc: TableReads, sp: Sprite) -> Tip:
    """What a card is: its name and text, its deck's meaning, where it lies."""
    cid = sp.card.get("card")
    cdef = sc.data.cards.get(cid) if cid else None
    deck = sc.data.decks.get(cdef.deck) if cdef is not None and cdef.deck else None
    parts: list[str] = []
    if cdef is not None:
        title = cdef.name
        parts.append(cdef.text)
    else:
        title = "A face-down card"
    as_ = sp.card.get("as")
    if as_:
        named = sc.art.card_name(as_) if as_ in sc.data.cards else str(as_)
        parts.append(f"Counts as {named}.")
    if isinstance(deck, Mapping) and deck.get("help"):
        parts.append(str(deck["help"]))
    said = []
    for key, value in (sp.card.get("tokens") or {}).items():
        how = sc.data.layout.tokens.get(key)
        if value in (0, False, None, "") or (how is not None and how.hide):
            continue
        word = how.label if how is not None and how.label else key.replace("_", " ")
        said.append(word if value is True else f"{value} {word}")
    if said:
        parts.append("On it: " + ", ".join(said) + ".")
    parts.append(f"In {zone_name(sc, sp.zone)}.")
    mark = sc.story.mark_of(sp.uid)
    if mark is not None:  # the story's mark, in words (a rival's move since yours)
        assert sc.layout is not None
        box = sc.layout.zones.get(mark.source)
        where = zone_name(sc, mark.source)
        if box is not None and box.seat is not None:
            where = f"{where} ({_whose(sc, box.seat)})"
        when = "since your last move" if sc.shown is not None else "in the last move"
        parts.append(f"Moved by {sc.match.seats[mark.seat].name} {when}, from {where}.")
    return Tip(title, "\n".join(p for p in parts if p))


def seat_tip(sc: TableReads, seat: int) -> Tip:
    """A seat: its player, kind, score and figures, in the layout's words."""
    cfg = sc.match.seats[seat]
    who = (
        cfg.name
        + (f" (AI, {cfg.level})" if cfg.is_ai else "")
        + (" — you" if seat == sc.shown else "")
    )
    info_all = sc.view.get("seats", [])
    info = info_all[seat] if seat < len(info_all) and isinstance(info_all[seat], Mapping) else {}
    lines = []
    if "score" in info:
        lines.append(seats.score_words(sc, info))
    lines += [t for t, _icon in seats.items(sc, info) if t]
    body = " · ".join(lines)
    counted = []  # the seat's zones in numbers: its whole court at a glance
    zones = sc.view.get("zones", {})
    for zid, box in sc.layout.zones.items() if sc.layout is not None else ():
        if box.seat == seat and box.kind != "counter" and box.rect.w >= 2:
            n = len((zones.get(zid) or {}).get("cards") or [])
            counted.append(f"{zone_name(sc, zid)} {n}")
    if counted:
        body += ("\n" if body else "") + " · ".join(counted)
    last = story_paint.last_line_text(sc, seat) if seat != sc.shown else ""
    if last:  # (a crowded plate has no room for it beside the name)
        body += ("\n" if body else "") + f"Last move: {last}"
    away = seat_state(sc.match, seat)
    if away.startswith("disconnected"):
        body += (
            f"\n{cfg.name} is {away}. The seat waits for them; after a grace period the "
            "player who made the table may let the AI play it until they come back."
        )
    elif away:
        body += f"\n{away[:1].upper()}{away[1:]}."
    return Tip(who, body)


def score_label(sc: TableReads, key: str) -> str:
    """A final-scoring row's words from layout.yaml ``scoring`` (the key tidied, else)."""
    shown = sc.data.layout.scoring.get(key)
    if shown is not None and shown.label:
        return shown.label
    return key.replace("_", " ").capitalize()


def score_tip(sc: TableReads, key: str) -> Tip:
    """What a final-scoring row counts."""
    shown = sc.data.layout.scoring.get(key)
    return Tip(score_label(sc, key), shown.help if shown is not None else "")


def tip_at(sc: TableReads, pos: tuple[int, int]) -> tuple[Tip, pygame.Rect] | None:
    """The tip for what lies under ``pos`` and the rect it explains (None: nothing)."""
    assert sc.layout is not None
    for key, r in sc.drawn.score_rows.items():
        if r.collidepoint(pos):
            return score_tip(sc, key), r
    if sc.match.is_over() and sc.final_t >= 0:
        return None
    for b in sc.buttons:
        if "tip" in b.extra and b.rect.collidepoint(pos):
            return Tip(*b.extra["tip"]), b.rect
    sp = sc.sprite_at(pos)
    if sp is not None:
        return card_tip(sc, sp), sp.rect
    for seat, r in sc.drawn.last_lines.items():
        if r.collidepoint(pos):
            name = sc.match.seats[seat].name
            return Tip(f"{name}'s last move", story_paint.last_line_text(sc, seat)), r
    for seat, r in list(sc.drawn.plate_rects.items()) + list(sc.drawn.seat_boxes.items()):
        if r.collidepoint(pos):
            return seat_tip(sc, seat), r
    box = sc.zone_at(pos)
    if box is not None and box.rect.w >= 2:
        return zone_tip(sc, box.id), box.rect
    return None


def focus_tip(sc: TableReads) -> tuple[Tip, pygame.Rect] | None:
    """The tip for the move Tab has focused: its card, else the zone or card it aims at."""
    if not 0 <= sc.focus < len(sc.legal):
        return None
    g = sc.legal[sc.focus].gesture
    for key in (g.card, g.target):
        if key and key in sc.by_uid:
            return card_tip(sc, sc.by_uid[key]), sc.by_uid[key].rect
        if key and sc.layout is not None and key in sc.layout.zones:
            return zone_tip(sc, key), sc.layout.zones[key].rect
    return None


def focus_rects(sc: TableReads) -> list[pygame.Rect]:
    """Where the move Tab has focused lies: its card, the zone the card lies in (the cards
    beside it, a display to choose from), and the card or zone it aims at."""
    if not 0 <= sc.focus < len(sc.legal):
        return []
    g = sc.legal[sc.focus].gesture
    zones = sc.layout.zones if sc.layout is not None else {}
    out = []
    for i, key in enumerate((g.card, g.target)):
        if key and key in sc.by_uid:
            sp = sc.by_uid[key]
            out.append(pygame.Rect(sp.rect))
            if i == 0 and sp.zone in zones:
                out.append(pygame.Rect(zones[sp.zone].rect))
        elif key and key in zones:
            out.append(pygame.Rect(zones[key].rect))
    return out


def _covered(r: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    return sum(r.clip(o).w * r.clip(o).h for o in others)


def place(
    size: tuple[int, int],
    near: pygame.Rect,
    avoid: Sequence[pygame.Rect],
    window: pygame.Rect,
    pad: int,
) -> pygame.Rect:
    """Where a tip of ``size`` goes: beside ``near`` (right, left, below, above), else beside
    one of ``avoid`` level with ``near``, else in a corner of the window; the first such
    place on the window that covers neither ``near`` nor any of ``avoid``, or where every
    place covers some, the one covering least."""
    w, h = size

    def around(r: pygame.Rect) -> list[tuple[int, int]]:
        return [
            (r.right + pad, near.y),
            (r.x - pad - w, near.y),
            (near.x, r.bottom + pad),
            (near.x, r.y - pad - h),
        ]

    spots = [
        *around(near),
        (near.right + pad, near.bottom - h),
        (near.x - pad - w, near.bottom - h),
    ]
    for r in avoid:  # beside the rest of what it explains
        spots += around(r)
    spots += [
        (window.right - w, window.y),
        (window.x, window.y),
        (window.right - w, window.bottom - h),
        (window.x, window.bottom - h),
    ]
    described = [near, *avoid]
    best: pygame.Rect | None = None
    least = 0
    for x, y in spots:
        r = pygame.Rect(x, y, w, h).clamp(window)
        covered = _covered(r, described)
        if best is None or covered < least:
            best, least = r, covered
        if covered == 0:
            break
    assert best is not None
    return best


def draw(
    sc: TableReads,
    surface: pygame.Surface,
    tip: Tip,
    near: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """The tip in a panel beside ``near``, covering neither it nor ``avoid`` where the
    window has room (:func:`place`); returns where it was drawn."""
    w, h = sc.size
    pal = sc.pal
    width = px(TIP_WIDTH, h)
    pad = px(8, h)
    title_size, body_size = px(14, h), px(13, h)
    rows: list[pygame.Surface] = [
        typeset.text(ln, title_size, pal.gold_light, True)
        for ln in typeset.wrap(tip.title, title_size, width - 2 * pad, bold=True)
    ]
    if tip.body:
        rows.append(typeset.paragraph(tip.body, body_size, width - 2 * pad, pal.ivory))
    inner_w = max(r.get_width() for r in rows) if rows else 0
    size = (inner_w + 2 * pad, sum(x.get_height() for x in rows) + 2 * pad)
    r = place(size, near, avoid, pygame.Rect(0, 0, w, h), pad)
    surface.blit(panel(r.size, pal.felt_dark, pal.gold, 240, px(6, h)), r)
    y = r.y + pad
    for row in rows:
        surface.blit(row, (r.x + pad, y))
        y += row.get_height()
    return r


def forget_images() -> None:
    """Drop the cached pills and counts, so the next frame renders (and records) every line."""
    marks._BADGES.clear()
    cardlayer._COUNTS.clear()
