"""The first-game guide: what the shown seat may do next, in the table's own words, and where.

The sentences come from what the table already knows: the legal moves by gesture (cards to
drag and where they may go, things to click, buttons in the panel), the open chooser, and the
zones' labels from layout.yaml; then the game's one sentence of orientation (game.yaml
``guide.about``).  Only the zones and buttons are named and outlined, never a card, so the
guide shows nothing the shown seat cannot see.  It speaks only while a person's seat is shown
and may act.  Nothing here names a game.

:func:`advice` is the model (no drawing); :func:`draw` paints it in the side panel, between
the buttons and the log, and outlines the places it points at.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from tabletop.ui import typeset
from tabletop.ui.table.drawn import GuideDrawn
from tabletop.ui.table.tips import zone_name
from tabletop.ui.table.widgets import panel
from tabletop.ui.theme import mix, px

if TYPE_CHECKING:
    from tabletop.ui.table.reads import TableReads

TITLE = "First-game guide"
KEY_WORDS = "G hides it"
MAX_NAMED = 3  # zones named in one sentence before "and N more places"
MIN_LOG = 80  # design pixels the log keeps under the guide (when the guide can spare them)

Row = tuple[str, int, bool, tuple[int, int, int], int]  # words, size, bold, colour, gap above


@dataclass(frozen=True)
class Advice:
    """What to do next (most likely first), the game's sentence, and the rects pointed at."""

    steps: tuple[str, ...]
    about: str = ""
    points: tuple[pygame.Rect, ...] = ()


# ---------------------------------------------------------------------- the model
def advice(sc: TableReads) -> Advice | None:
    """The guide's words for the table as it is, or None when it has nothing to say: it is
    off, nobody's cards are shown (the hand-off screen), the game is over, or the shown seat
    is not a person's or may not act now."""
    seat = sc.shown
    if not sc.guide_on or seat is None or sc.privacy is not None or sc.layout is None:
        return None
    if sc.match.is_over() or not sc.legal or sc.match.seats[seat].is_ai:
        return None
    about = _about(sc)
    if sc.chooser:
        return Advice(
            (f"Choose one of the options in the box {_chooser_place(sc)} (or use the arrow "
             "keys and Enter).",),
            about,
        )  # fmt: skip
    steps: list[str] = []
    points: list[pygame.Rect] = []
    drags: dict[str, list[str]] = {}  # source zone → the zones its cards may go to
    for uid, acts in sc.drags.items():
        sp = sc.by_uid.get(uid)
        if sp is None:
            continue
        for a in acts:
            _add(drags.setdefault(sp.zone, []), _zone_of(sc, a.gesture.target))
    for sources, targets in _drag_groups(drags):
        where = f": {_names(sc, targets, 'or')}" if targets else ""
        steps.append(
            f"Drag a card from {_names(sc, sources)} and drop it on a place that glows{where}."
        )
        points += _rects(sc, sources)
    cards_in: list[str] = []
    zones: list[str] = []
    for target in sc.clicks:
        if target in sc.by_uid:
            _add(cards_in, sc.by_uid[target].zone)
        elif target in sc.layout.zones:
            _add(zones, target)
    if cards_in:
        steps.append(f"Click a card in {_names(sc, cards_in, 'or')}.")
        points += _rects(sc, cards_in)
    if zones:
        steps.append(f"Click {_names(sc, zones, 'or')}.")
        points += _rects(sc, zones)
    pressed = [b for b in sc.buttons if b.payload[0] == "act"]
    if pressed:
        labels = [f"“{b.label}”" for b in pressed]
        said = (
            _listed(labels, "or")
            if len(labels) <= MAX_NAMED
            else f"one of the {len(labels)} buttons"
        )
        steps.append(f"Press {said} above.")
        points.append(pressed[0].rect.unionall([b.rect for b in pressed[1:]]))
    if not steps:
        return None
    steps = [steps[0]] + ["Or " + s[0].lower() + s[1:] for s in steps[1:]]
    return Advice(tuple(steps), about, tuple(points))


def _about(sc: TableReads) -> str:
    """The game's sentence of orientation, its figures filled in for this match's options
    (a variant's goal only when the variant is on)."""
    about = str(getattr(sc.data.game, "guide", "") or "")
    game = getattr(sc.match, "game", None)
    if game is None or "{" not in about:
        return about
    return str(game.rules_text(about, getattr(sc.match, "options", None)))


def _chooser_place(sc: TableReads) -> str:
    """Where the open chooser lies, in words: it opens where its gesture was made (over the
    table, or over the side panel for a button there)."""
    box = sc.chooser[0].rect.unionall([b.rect for b in sc.chooser[1:]])
    if sc.table_rect.contains(box):
        return "over the table"
    if sc.side_rect.collidepoint(box.center):
        return "over the side panel"
    return "that opened"


def _drag_groups(drags: dict[str, list[str]]) -> list[tuple[list[str], list[str]]]:
    """(source zones, target zones) for one sentence each: sources whose cards go to the
    same places share one, and more than two sentences' worth are said as one."""
    groups: list[tuple[list[str], list[str]]] = []
    for source, targets in drags.items():
        same = next((g for g in groups if sorted(g[1]) == sorted(targets)), None)
        if same is not None:
            same[0].append(source)
        else:
            groups.append(([source], list(targets)))
    if len(groups) > 2:
        sources = [z for g in groups for z in g[0]]
        targets: list[str] = []
        for g in groups:
            for z in g[1]:
                _add(targets, z)
        groups = [(sources, targets)]
    return groups


def _add(ids: list[str], zid: str | None) -> None:
    if zid and zid not in ids:
        ids.append(zid)


def _zone_of(sc: TableReads, target: str | None) -> str | None:
    """The zone a gesture's target lies in (a card's zone, or the zone itself)."""
    if target is None:
        return None
    if target in sc.by_uid:
        return sc.by_uid[target].zone
    assert sc.layout is not None
    return target if target in sc.layout.zones else None


def _called(sc: TableReads, zid: str) -> str:
    """A zone as the table labels it, said as whose it is: "your Hand", "Bo's Court", "the
    Market"."""
    assert sc.layout is not None
    box = sc.layout.zones.get(zid)
    name = zone_name(sc, zid)
    if box is None or box.seat is None:
        return f"the {name}"
    if box.seat == sc.shown:
        return f"your {name}"
    who = sc.match.seats[box.seat].name if 0 <= box.seat < sc.match.players else "another"
    return f"{who}’s {name}"


def _names(sc: TableReads, ids: list[str], last: str = "or") -> str:
    """Zones named in layout order, a few at most ("your Mill, your Inn and 5 more places")."""
    assert sc.layout is not None
    order = list(sc.layout.zones)
    ids = sorted(ids, key=lambda z: order.index(z) if z in order else len(order))
    said = [_called(sc, z) for z in ids]
    if len(said) > MAX_NAMED:
        rest = len(said) - (MAX_NAMED - 1)
        return ", ".join(said[: MAX_NAMED - 1]) + f" {last} one of {rest} more places"
    return _listed(said, last)


def _listed(words: list[str], last: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _rects(sc: TableReads, ids: Iterable[str]) -> list[pygame.Rect]:
    """The on-screen rects of zones (a zone drawn too small to see is not pointed at)."""
    assert sc.layout is not None
    out = []
    for zid in ids:
        box = sc.layout.zones.get(zid)
        if box is not None and box.rect.w >= 2 and box.rect.h >= 2:
            out.append(pygame.Rect(box.rect))
    return out


# ---------------------------------------------------------------------- drawing
def lines(sc: TableReads, said: Advice, width: int, size: int, about: bool) -> list[Row]:
    """The callout's rows (words, type size, bold, colour, gap above), wrapped to
    ``width`` pixels (nothing is cut)."""
    pal = sc.pal
    title = size + max(1, size // 8)
    rows: list[Row] = [(ln, title, True, pal.crimson, 0) for ln in
                         typeset.wrap(TITLE, title, width, bold=True)]  # fmt: skip
    gap = px(4, sc.size[1])
    for i, step in enumerate(said.steps):
        for j, ln in enumerate(typeset.wrap(step, size, width, bold=i == 0)):
            rows.append((ln, size, i == 0, pal.ink, gap if j == 0 else 0))
    if about and said.about:
        soft = mix(pal.ink, pal.parchment, 0.3)
        for j, ln in enumerate(typeset.wrap(said.about, size - 1, width)):
            rows.append((ln, size - 1, False, soft, 2 * gap if j == 0 else 0))
    return rows


def _height(rows: list[Row]) -> int:
    return sum(typeset.font(r[1], r[2]).get_linesize() + r[4] for r in rows)


def draw(sc: TableReads, surface: pygame.Surface) -> int:
    """The guide's callout in the side panel under the buttons, and a gold outline around
    each place it points at; returns where the log may start (``sc.log_top`` without it)."""
    sc.drawn.guide = None
    said = advice(sc)
    if said is None:
        return sc.log_top
    h = sc.size[1]
    side = sc.side_rect
    pad = px(8, h)
    box = pygame.Rect(side.x + pad, sc.log_top, side.w - 2 * pad, 0)
    inner = box.w - 2 * pad
    room = side.bottom - pad - box.y - 2 * pad
    spare = room - px(MIN_LOG, h)
    rows: list[Row] = []
    small = typeset.least(h) + 1
    for size, about in ((px(13, h), True), (small, True), (px(13, h), False), (small, False)):
        rows = lines(sc, said, inner, size, about)
        if _height(rows) <= spare:
            break
    while _height(rows) > spare and len(said.steps) > 1:  # crowded: the likeliest steps, and
        said = replace(said, steps=said.steps[:-1])  # the log keeps its few lines
        rows = lines(sc, said, inner, small, False)
    box.h = _height(rows) + 2 * pad
    for r in said.points:  # the places it points at, outlined over their frames
        pygame.draw.rect(
            surface, sc.pal.gold_light, r.inflate(px(4, h), px(4, h)), max(2, px(3, h)),
            border_radius=px(10, h),
        )  # fmt: skip
    surface.blit(panel(box.size, sc.pal.parchment, sc.pal.gold, 245, px(8, h)), box)
    drawn = GuideDrawn(box, points=list(said.points))
    y = box.y + pad
    for i, (words, size, bold, colour, gap) in enumerate(rows):
        y += gap
        img = typeset.text(words, size, colour, bold)
        drawn.rows.append((words, surface.blit(img, (box.x + pad, y))))
        if i == 0:  # the key that hides it, on the title's line when there is room
            key = typeset.text(
                KEY_WORDS, typeset.least(h) + 1, mix(sc.pal.ink, sc.pal.parchment, 0.4)
            )
            at = key.get_rect(bottomright=(box.right - pad, y + img.get_height() - px(2, h)))
            if at.x > box.x + pad + img.get_width() + pad:
                drawn.rows.append((KEY_WORDS, surface.blit(key, at)))
        y += typeset.font(size, bold).get_linesize()
    sc.drawn.guide = drawn
    return box.bottom + pad
