"""The side panel's buttons never move under the pointer: a status line that re-wraps ("Waiting
for: …" growing and shrinking) keeps its box, and a box grows only once the pointer has left
the panel."""

from __future__ import annotations

import pygame
import pytest
from court_game import COURT
from table_driver import DT, make_app, open_table, post, settle

from tabletop.controller import SeatConfig
from tabletop.ui.table import seats as seat_panel
from tabletop.ui.theme import px

SHORT = "Waiting for: Ann (choosing a ship)"
LONG = "Waiting for: Ann, Aurelia, Bastian, Cosima and Dorian (choosing where to sail)"
LONGER = LONG + " while the favour round is open and every seat may answer in turn"


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def test_buttons_keep_their_rects_while_the_waiting_line_rewraps(monkeypatch) -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(name="Bo")])
    settle(app, 3)
    said = [SHORT]
    monkeypatch.setattr(seat_panel, "status_lines", lambda _sc: list(said))

    def rects() -> list[tuple[int, ...]]:
        sc._build_buttons()  # as after any move
        app.step(DT)
        return [tuple(b.rect) for b in sc.buttons]

    first = rects()
    leave = next(b for b in sc.buttons if b.payload[0] == "leave").rect.center
    post(pygame.MOUSEMOTION, pos=leave, rel=(0, 0), buttons=(0, 0, 0))
    app.step(DT)
    for text in (LONG, SHORT, LONGER, "", SHORT):
        said[:] = [text]
        assert rects() == first, text  # the pointer rests on Leave: nothing moves
        status, boxes, _ = seat_panel.panel_boxes(sc)  # the line kept inside its box
        assert px(40, 720) + sum(i.get_height() for i in status) <= boxes[0].rect.top + 4
    said[:] = [LONGER]
    rects()
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))  # off the panel
    app.step(DT)
    grown = [tuple(b.rect) for b in sc.buttons]  # laid out again as the pointer left
    assert grown != first  # now the long line has its rows, the buttons below it
    assert all(g[1] >= f[1] for g, f in zip(grown, first, strict=True))
    for text in (SHORT, "", LONG, LONGER):  # and they stay there, whatever the line says
        said[:] = [text]
        assert rects() == grown, text
    assert app.crashes == 0
