"""Tips never cover what they describe: the tip for a move Tab has focused stays off its card
and its target, a hover tip off the card or zone it explains (and off the enlarged card), and
no tip pops up over a card just dropped until the pointer moves."""

from __future__ import annotations

import pygame
import pytest
from table_driver import DT, drag, make_app, post, visible_point

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import DRAG
from tabletop.ui.table import paint, tips
from tabletop.ui.table.paint import TIP_DELAY
from tabletop.ui.table.scene import TableScene

REST = int(TIP_DELAY / DT) + 3  # frames for a resting pointer's tip to show


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _table(app, gid: str, n: int = 2) -> TableScene:
    game = registry.games()[gid]
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"B{i}", "easy") for i in range(n - 1)]
    sc = TableScene(app, Match(game, seats, 5, {}))
    app.push(sc)
    sc.ctl.paused = True
    app.step(DT)
    return sc


def test_place_keeps_off_the_described_rect_wherever_it_lies() -> None:
    window = pygame.Rect(0, 0, 1280, 720)
    size = (280, 160)
    for near in (
        pygame.Rect(600, 300, 80, 110),  # a card mid-table
        pygame.Rect(1180, 300, 90, 110),  # at the right edge
        pygame.Rect(40, 560, 1000, 150),  # a wide zone along the bottom
        pygame.Rect(0, 0, 1000, 560),  # one filling most of the window
    ):
        r = tips.place(size, near, [], window, 8)
        assert window.contains(r) and not r.colliderect(near), near
    card, target = pygame.Rect(300, 80, 80, 110), pygame.Rect(380, 80, 600, 130)
    r = tips.place(size, card, [target], window, 8)
    assert not r.colliderect(card) and not r.colliderect(target)


@pytest.mark.parametrize("n", [2, 4])
def test_the_focused_moves_tip_covers_neither_its_card_nor_its_target(n) -> None:
    app = make_app()
    gid = "majesty"  # a display of six cards to take from
    sc = _table(app, gid, n)
    assert sc.legal, gid
    for i in range(min(len(sc.legal), 12)):
        sc.ctl.focus = i
        app.draw()
        shown = sc.drawn.tip
        if shown is None:
            continue
        for r in tips.focus_rects(sc):  # its card, its target, the display it lies in
            assert not shown.colliderect(r), (gid, sc.legal[i].text, shown, r)
        card = sc.by_uid.get(sc.legal[i].gesture.card or "")
        if card is not None:  # the cards beside it stay in sight (the display's six)
            assert not shown.colliderect(sc.layout.zones[card.zone].rect), sc.legal[i].text
    assert app.crashes == 0


def test_a_hover_tip_keeps_off_the_card_it_explains() -> None:
    app = make_app()
    sc = _table(app, "majesty", 4)
    checked = 0
    for sp in [s for s in sc.sprites if s.rect.w > 4][:10]:
        pos = visible_point(sc, sp.uid) if sp.uid else sp.rect.center
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        for _ in range(REST):
            app.step(DT)
        shown, big = sc.drawn.tip, paint.preview(sc, pygame.Surface(sc.size))
        if shown is None:
            continue
        checked += 1
        assert not shown.colliderect(sc.sprite_at(pos).rect), sp.key
        assert big is None or not shown.colliderect(big), sp.key
    assert checked and app.crashes == 0


def test_no_tip_pops_up_over_a_card_just_dropped_until_the_pointer_moves() -> None:
    app = make_app()
    sc = _table(app, "majesty")
    act = next(a for a in sc.legal if a.gesture.kind == DRAG)
    start = visible_point(sc, act.gesture.card)
    end = visible_point(sc, act.gesture.target)
    drag(app, start, end)
    assert sc.match.history  # the card was played
    for _ in range(2 * REST):  # long enough for the enlarged card and the tip to show
        app.step(DT)
        assert sc.drawn.tip is None and paint.hover_preview(sc) is None
    post(pygame.MOUSEMOTION, pos=(end[0] + 1, end[1]), rel=(1, 0), buttons=(0, 0, 0))
    app.step(DT)
    assert sc.hushed_at is None  # moved: tips show again as usual
    assert app.crashes == 0
