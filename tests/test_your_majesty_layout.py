"""Six courts fit the table: no zone overlaps another, every card keeps a readable size."""

from __future__ import annotations

import itertools

import pygame
import pytest
from table_driver import make_app
from your_majesty_helpers import seat_colony, seat_phil, seat_reform

from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import catalog
from tabletop.ui.table.scene import TableScene

MIN_CARD = 0.045  # of the window height, for every card of every seat
STRIP = 0.0075  # of the height: what stays visible of a card under the next one in its zone


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _crowded_six() -> Match:
    """A 6-seat game some rounds in, with one court crowded far beyond the usual."""
    s = GAME.new_game(6, 4)
    rng = Rng(8)
    for _ in range(120):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        if s.over:
            break
    assert not s.over
    cat = catalog()
    # six politics philosophes at the court of the seat left of the viewer (of eight in all)
    for p in [p.name for p in cat.phils if p.muse == "politics"][:6]:
        seat_phil(s, 1, p)
    for c in [c.name for c in cat.colonies][:6]:
        seat_colony(s, 2, c)
    for r in [r.name for r in cat.reforms if r.level == 1]:
        if catalog().reform_named(r) in s.reforms:
            seat_reform(s, 3, r)
    seats = [SeatConfig(name="You")] + [SeatConfig(AI, f"AI {i}", "easy") for i in range(1, 6)]
    return Match(GAME, seats, 4, state=s)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_six_courts_fit_without_overlap_and_with_readable_cards(size) -> None:
    app = make_app(size)
    sc = TableScene(app, _crowded_six())
    sc.ctl.watch_delay = 99.0
    app.push(sc)
    sc.draw(app.window)
    w, h = size
    boxes = sc.layout.zones
    felt = sc.felt_rect.inflate(2, 2)  # fractions are rounded to whole pixels
    for box in boxes.values():
        assert felt.contains(box.rect), (box.id, box.rect, felt)
    for a, b in itertools.combinations(boxes.values(), 2):
        assert not a.rect.inflate(-2, -2).colliderect(b.rect), (a.id, a.rect, b.id, b.rect)
    # the philosophes of an opponent sit in real columns, not slivers
    assert boxes["p3.politics"].rect.w >= 0.03 * w
    for box in boxes.values():
        if box.id.endswith(".court"):  # a drop target for cards aimed at a player, never filled
            continue
        assert box.card_h >= MIN_CARD * h and box.card_w >= 0.7 * MIN_CARD * h, box.id
    zones = sc.view["zones"]
    assert len(sc.sprites) == sum(len(v["cards"]) for v in zones.values())
    by_zone: dict[str, list[pygame.Rect]] = {}
    for sp in sc.sprites:
        assert boxes[sp.zone].rect.contains(sp.rect), (sp.zone, sp.rect)
        by_zone.setdefault(sp.zone, []).append(sp.rect)
    for zid, rects in by_zone.items():
        if boxes[zid].kind in ("stack", "pile", "slot"):
            continue  # piles are meant to lie on each other
        for r0, r1 in itertools.pairwise(rects):
            assert max(abs(r1.x - r0.x), abs(r1.y - r0.y)) >= STRIP * h, (zid, r0, r1)
    assert len(by_zone["p1.politics"]) == 6 and len(by_zone["p2.colonies"]) >= 6
    assert app.crashes == 0


def test_courts_use_the_compact_layout_only_from_four_players() -> None:
    from tabletop.engine.data import load_game_data
    from tabletop.ui.table.layout import TableLayout

    lay = load_game_data("your_majesty").layout
    arts = next(z for z in lay.zones if z.id == "arts")
    area = pygame.Rect(0, 0, 1000, 600)
    for players, expected in ((2, arts.rect), (3, arts.rect), (4, arts.other_rect)):
        t = TableLayout(lay, players, 0, area, 15, plate_h=17)
        seat = t.seat_rects[1]
        box = t.zones["p1.arts"].rect
        top = seat.y + t.plates[1].h
        frac = ((box.x - seat.x) / seat.w, (box.y - top) / (seat.bottom - top))
        assert frac == pytest.approx(expected[:2], abs=0.01), players
