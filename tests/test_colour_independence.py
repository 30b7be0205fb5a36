"""Colour independence: every distinction the table draws with colour is kept for players
with a colour-vision deficiency.

Each game's busiest table (the most seats, some moves in, a move focused so a card is
lifted and its target glows) is drawn headless at 1280×720, with the colour-blind-safe
palette off and on. The colour-coded marks on it are collected with their declared colours
and cues (``colour_vision.Mark``): each seat's badge, a legal target's glow and a selected
card's frame, the plates of seats to act and waiting, and the cards' own codes (a path,
muse or land tint, a deck's frame and back, a suit). ``colour_vision.not_apart`` then asks
of each pair: do the colours stay :data:`colour_vision.THRESHOLD` apart (CIE76) for normal
vision, protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1.0)? If
not, do both carry distinct cues that were really drawn — the badge's pixels found in the
frame where the painter says it put it, the dashed and solid edges found in the frame's
pixels, the emblem, number or suit recorded by the card painter (``CardArt.marks``)?

The canary plants the bug the check exists for: two seats' colours made equal for a
deuteranope and the badges' shapes made alike; the check must name that pair.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache

import numpy as np
import pygame
import pytest
from colour_vision import MACHADO, THRESHOLD, Mark, closest, confusable, not_apart, simulate
from table_driver import make_app

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import DRAG, Rng
from tabletop.ui import theme
from tabletop.ui.cards import playing
from tabletop.ui.cards.faces import DEFAULT_FACE, CardArt
from tabletop.ui.table import cardlayer, seat_badge
from tabletop.ui.table.scene import TableScene
from tabletop.ui.table.seat_badge import badge as declared_badge
from tabletop.ui.table.widgets import dash_length
from tabletop.ui.theme import px

SIZE = (1280, 720)
GAMES = sorted(registry.games())
PALETTES = {"courtly": False, "colour-safe": True}


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One app for the module, its home a folder of its own from the start."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))
        yield make_app(SIZE)


def _can_drag(m: Match) -> bool:
    return 0 in m.to_act() and any(a.gesture.kind == DRAG and a.gesture.target for a in m.legal(0))


@cache
def busiest(gid: str) -> Match:
    """A seeded game at its most seats, some moves in, at the first seat's own move where
    it may drag a card somewhere (so a card can be lifted and its target glow)."""
    game = registry.games()[gid]
    n = game.info.max_players
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"Seat {i}", "easy") for i in range(1, n)]
    m = Match(game, seats, 17)
    rng = Rng(9)
    for i in range(80 * n):
        if m.is_over() or (i >= 10 * n and _can_drag(m)):
            break
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    return m


def draw_table(app, monkeypatch, gid: str, safe: bool) -> tuple[TableScene, pygame.Surface]:
    """The busiest table of ``gid`` drawn once, a drag move focused (a card lifted in its
    solid frame, its target glowing dashed, the glow at its brightest); the frame drawn."""
    monkeypatch.setattr(app, "settings", replace(app.settings, colour_safe=safe))
    pal = theme.palette(safe)
    monkeypatch.setattr(cardlayer, "glow_look", lambda sc: (pal.gold, px(6, sc.size[1])))
    sc = TableScene(app, busiest(gid))
    app.push(sc)
    sc.ctl.paused = True
    sc.mouse = (-100, -100)  # no hover tip over the table
    assert sc.pal == pal
    drags = [i for i, a in enumerate(sc.legal) if a.gesture.kind == DRAG and a.gesture.target]
    if drags:
        sc.ctl.focus = drags[0]
    sc.draw(app.window)
    frame = app.window.copy()
    app.pop()
    return sc, frame


# ---------------------------------------------------------------- what the frame shows
def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    return pygame.surfarray.array3d(surface.subsurface(rect)).astype(int)


def badge_drawn(sc: TableScene, frame: pygame.Surface, seat: int) -> bool:
    """The seat's badge (its colour and shape) is in the frame wherever the painter says
    it drew one, and it drew at least one."""
    rects = sc.drawn.badges.get(seat, [])
    for r in rects:
        img = declared_badge(sc.pal, seat, r.w)
        solid = pygame.surfarray.array_alpha(img) == 255
        if r.size != img.get_size() or not solid.any():
            return False
        shown = _pixels(frame, r)
        want = pygame.surfarray.array3d(img).astype(int)
        if (np.abs(shown - want).max(axis=2)[solid] > 6).mean() > 0.02:
            return False
    return bool(rects)


def _near(px_rgb: np.ndarray, colour: tuple[int, ...], tol: int = 24) -> np.ndarray:
    return np.abs(px_rgb - np.array(colour[:3])).max(axis=-1) <= tol


def edge_runs(sc: TableScene, frame: pygame.Surface, colour: tuple[int, ...]) -> list[float]:
    """For each target glowing in the frame: the share of the dash places along its top
    and left edges in ``colour`` minus the share of the gap places in it (near 1: dashed;
    near 0: solid)."""
    h = sc.size[1]
    width = px(6, h)
    dash = dash_length(width)
    bounds = frame.get_rect()
    out = []
    for t in sc.drawn.glowing:
        r = sc.target_rect(t)
        if r is None:
            continue
        edge = r.inflate(2 * width, 2 * width).inflate(-2 * width + 4, -2 * width + 4)
        top = [(x, edge.top + 1) for x in range(edge.left + dash // 2, edge.right - dash, dash)]
        left = [(edge.left + 1, y) for y in range(edge.top + dash // 2, edge.bottom - dash, dash)]
        on, off = [], []
        for places in (top, left):
            for k, p in enumerate(places):
                if bounds.collidepoint(p):
                    hit = bool(_near(np.array(frame.get_at(p)[:3]), colour))
                    (off if k % 2 else on).append(hit)
        if len(on) >= 2 and len(off) >= 2:
            out.append(float(np.mean(on) - np.mean(off)))
    return out


def solid_frames(sc: TableScene, frame: pygame.Surface) -> list[float]:
    """For each card the painter framed as lifted: the share of its top edge in ivory."""
    out = []
    for r in sc.drawn.cards.outlined.values():
        y = r.top + 1
        xs = range(r.left + r.w // 6, r.right - r.w // 6)
        row = np.array([frame.get_at((x, y))[:3] for x in xs])
        out.append(float(_near(row, sc.pal.ivory).mean()))
    return out


def seat_marks(sc: TableScene, frame: pygame.Surface) -> list[Mark]:
    """Each seat's colour, with its badge's shape as its cue (checked in the frame)."""
    return [
        Mark(
            f"seat {i}",
            seat_badge.seat_colour(sc.pal, i),
            seat_badge.seat_shape(i),
            badge_drawn(sc, frame, i),
        )
        for i in range(sc.match.players)
    ]


def move_marks(sc: TableScene, frame: pygame.Surface) -> list[Mark]:
    """A legal target's glow (dashed) and a selected card's frame (solid), each cue
    checked in the frame's pixels; a draggable card's thin edge and the outline of a card
    a rival moved (its seat's name beside it, but held here to its colour)."""
    dashed = edge_runs(sc, frame, sc.pal.gold)
    solid = solid_frames(sc, frame)
    return [
        Mark("legal target", sc.pal.gold, "dashed edge", bool(dashed) and min(dashed) > 0.5),
        Mark("selected card", sc.pal.ivory, "solid frame", bool(solid) and min(solid) > 0.9),
        # colour alone: the thin edge of a card that may be picked up, a rival's last move
        Mark("draggable card", sc.pal.gold_light),
        Mark("a rival's move", sc.pal.royal_light),
    ]


def plate_marks(pal: theme.Palette) -> list[Mark]:
    """A seat to act's name plate and a waiting seat's (no cue but the colour)."""
    return [Mark("plate to act", pal.gold), Mark("plate waiting", pal.felt_dark)]


# ---------------------------------------------------------------- the cards' own codes
def _value(card, attr: str) -> str:
    return str((card.attrs or {}).get(attr, "")).lower()


def _deck_framed(art: CardArt, kind: str) -> bool:
    """Cards of ``kind`` take their frame's colour from their deck."""
    f = art.faces.get(kind, DEFAULT_FACE)
    return f.style != "playing-card" and not f.tint and not f.tint_attr


def _faces_of(art: CardArt, cards: list, w: int, h: int) -> set[tuple[str, str | None]]:
    """What the card painter recorded drawing each of ``cards`` (fresh, not cached)."""
    art.marks = []
    for card in cards:
        art._faces.clear()
        art.face(card.id, w, h)
    found = {(what, detail) for what, detail, _ in art.marks}
    art.marks = None
    return found


def card_marks(art: CardArt, w: int = 64, h: int = 90) -> list[list[Mark]]:
    """Groups of marks that must be told apart on the cards of one game: each kind's tints
    by attr value (its emblem or badge icon for that value), each deck's frame (the marks
    common to its cards) and back (its icon or letters), each suit (its symbol)."""
    groups: list[list[Mark]] = []
    cards = list(art.data.cards.values())
    for kind, f in art.faces.items():
        if f.style == "playing-card" or not f.tint_attr:
            continue
        group = []
        for value, hexc in f.tint_colours.items():
            some = [c for c in cards if c.kind == kind and _value(c, f.tint_attr) == value]
            if not some:
                continue
            badges = [b for b in (*f.badges, f.emblem) if b and b.attr == f.tint_attr]
            icons = {b.icon_for(value) for b in badges}
            icons.discard(None)
            seen = _faces_of(art, some[:1], w, h) | _faces_of(art, some[:1], w // 2, h // 2)
            drawn = bool(icons) and bool(icons & {d for _, d in seen})
            rgb = pygame.Color(hexc)
            cue = "+".join(sorted(icons)) or None
            group.append(Mark(f"{kind} {value}", (rgb.r, rgb.g, rgb.b), cue, drawn))
        groups.append(group)
    decks = [d for d in art.data.decks if isinstance(art.data.decks[d], dict)]
    fronts, backs = [], []
    for deck in decks:
        colour = art._deck_colour(deck)
        info = art.data.decks[deck]
        cue = info.get("mark") or info.get("icon")
        art.marks = []
        art._backs.clear()
        art.back(deck, w, h)
        seen = {d for _, d, _ in art.marks}
        art.marks = None
        backs.append(Mark(f"{deck} back", colour, cue, cue in seen))
        own = [c for c in cards if c.deck == deck and _deck_framed(art, c.kind)]
        if own:
            common = None
            for c in own:
                seen = _faces_of(art, [c], w, h)
                common = seen if common is None else common & seen
            cue = ",".join(sorted(f"{a}:{b}" for a, b in common)) or None
            fronts.append(Mark(f"{deck} frame", colour, cue, cue is not None))
    groups += [backs, fronts]
    suits = {}
    for c in cards:
        f = art.faces.get(c.kind)
        if f is not None and f.style == "playing-card":
            suit = _value(c, f.suit)[:1]
            if suit:  # a joker's colour follows a suit's
                suits.setdefault(suit, c)
    group = []
    for suit, c in sorted(suits.items()):
        seen = _faces_of(art, [c], w, h) | _faces_of(art, [c], w // 2, h // 2)
        drawn = any(what in ("pip", "symbol", "court", "joker") and d == suit for what, d in seen)
        group.append(Mark(f"suit {suit}", playing.ink(suit), suit, drawn))
    groups.append(group)
    return [g for g in groups if len(g) > 1]


# ---------------------------------------------------------------- the tests
@pytest.mark.parametrize("gid", GAMES)
def test_the_busiest_table_keeps_every_colour_code_apart(app, monkeypatch, gid) -> None:
    found = []
    for name, safe in PALETTES.items():
        sc, frame = draw_table(app, monkeypatch, gid, safe)
        moves = move_marks(sc, frame)
        groups = [seat_marks(sc, frame), moves, plate_marks(sc.pal), *card_marks(sc.art)]
        found += [f"{name}: {p}" for g in groups for p in not_apart(g)]
        # the pattern cues are drawn even where the colours alone would do
        found += [
            f"{name}: {m.name}: its {m.cue} is not in the frame"
            for m in moves
            if m.cue and not m.drawn
        ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("diameter", [13, 24])
def test_each_seat_badge_shape_is_drawn_differently(diameter) -> None:
    """Distinct shape names are distinct pixels: the ivory insides of any two seats' badges
    (one colour given to all, so only the shape counts) differ in a good share of their
    pixels — at the smallest size a plate draws them (13 pixels at 1280×720) for as many
    seats as a game has, and at 24 pixels for every shape."""
    pal = replace(theme.COURTLY, seats=((120, 120, 120),))
    most = max(g.info.max_players for g in registry.games().values())
    masks = {}
    for seat in range(most if diameter < 20 else len(seat_badge.SHAPES)):
        img = seat_badge.badge(pal, seat, diameter)
        masks[seat] = _near(pygame.surfarray.array3d(img).astype(int), pal.ivory, 8)
    for a, b in itertools.combinations(masks, 2):
        union = (masks[a] | masks[b]).sum()
        assert (masks[a] ^ masks[b]).sum() > 0.15 * union, (
            f"{seat_badge.seat_shape(a)} and {seat_badge.seat_shape(b)} look alike"
        )


def test_the_simulation_confuses_what_it_should() -> None:
    """The matrices: red and green that a deuteranope confuses, blue and yellow that a
    tritanope keeps apart less than others, and the canary's colour pair."""
    red, green = (200, 60, 40), confusable((200, 60, 40), "deuteranopia")
    assert closest(red, green)[0] < 2 and closest(red, green)[1] == "deuteranopia"
    from colour_vision import delta_e

    assert delta_e(red, green) > 15  # different to normal vision
    for v in MACHADO:
        assert simulate((255, 255, 255), v) == (255, 255, 255)  # white stays white


def _collide_two_seats(monkeypatch, pal: theme.Palette) -> theme.Palette:
    """Seat 1 given a colour a deuteranope cannot tell from seat 0's."""
    seats = list(pal.seats)
    seats[1] = confusable(seats[0], "deuteranopia")
    return replace(pal, seats=tuple(seats))


@pytest.mark.parametrize("safe", PALETTES.values(), ids=PALETTES)
def test_canary_two_seats_alike_for_a_deuteranope_without_a_shape_are_caught(
    app, monkeypatch, safe
) -> None:
    """The planted bug: seats 0 and 1 coloured alike for a deuteranope and every badge
    given the same shape. The check names the pair; with the shapes back it passes."""
    planted = _collide_two_seats(monkeypatch, theme.palette(safe))
    monkeypatch.setattr(theme, "palette", lambda colour_safe=False: planted)
    monkeypatch.setattr(type(app), "palette", property(lambda self: planted))
    sc, frame = draw_table(app, monkeypatch, "majesty", safe)
    assert sc.pal.seats[1] == planted.seats[1]
    assert not any("seat 0 / seat 1" in p for p in not_apart(seat_marks(sc, frame)))
    monkeypatch.setattr(seat_badge, "seat_shape", lambda seat: "circle")
    sc, frame = draw_table(app, monkeypatch, "majesty", safe)
    found = not_apart(seat_marks(sc, frame))
    assert any("seat 0 / seat 1" in p and "deuteranopia" in p for p in found), found


def test_canary_a_badge_not_drawn_is_caught(app, monkeypatch) -> None:
    """A shape declared but never drawn is no cue: with the plates' and panel's badges
    left out, the colliding seats are named again."""
    planted = _collide_two_seats(monkeypatch, theme.COURTLY)
    monkeypatch.setattr(theme, "palette", lambda colour_safe=False: planted)
    monkeypatch.setattr(type(app), "palette", property(lambda self: planted))
    blank = pygame.Surface((1, 1), pygame.SRCALPHA)
    monkeypatch.setattr(seat_badge, "badge", lambda pal, seat, d: blank)
    sc, frame = draw_table(app, monkeypatch, "majesty", False)
    found = not_apart(seat_marks(sc, frame))
    assert any("seat 0 / seat 1" in p and "not drawn" in p for p in found), found


def test_canary_a_solid_target_glow_is_caught(app, monkeypatch) -> None:
    """Legal target and selected card told apart only by colour is not enough when their
    colours meet: a plain (undashed) glow in the selected frame's colour is named."""
    from tabletop.ui.table import widgets

    real = widgets.glow
    monkeypatch.setattr(
        cardlayer, "glow", lambda w, h, c, width, dashed=False: real(w, h, c, width)
    )
    pal = replace(theme.COURTLY, gold=theme.COURTLY.ivory)
    monkeypatch.setattr(theme, "palette", lambda colour_safe=False: pal)
    monkeypatch.setattr(type(app), "palette", property(lambda self: pal))
    sc, frame = draw_table(app, monkeypatch, "majesty", False)
    found = not_apart(move_marks(sc, frame))
    assert any("legal target / selected card" in p for p in found), found


def test_canary_tiers_without_their_numbers_are_caught(app, monkeypatch) -> None:
    """Majesty's green and red tiers meet for a deuteranope: without the deck letters
    on the backs, the check names them."""
    sc, _ = draw_table(app, monkeypatch, "majesty", False)
    decks = {k: {**v, "mark": None} for k, v in sc.art.data.decks.items()}
    art = CardArt(replace(sc.art.data, decks=decks), sc.pal)
    found = [p for g in card_marks(art) for p in not_apart(g)]
    assert any("tier1 back / tier2 back" in p for p in found), found
    assert closest((0x2F, 0x6B, 0x3A), (0x8C, 0x2A, 0x2A))[0] < THRESHOLD
