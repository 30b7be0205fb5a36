"""The table's cached layers: a frame drawn from what changed equals one drawn whole."""

from __future__ import annotations

import pygame
import pytest
from table_driver import DT, make_app, open_table, post

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui.table import cardlayer


def _same(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ."""
    equal = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)
    return a.get_width() * a.get_height() - equal.count()


@pytest.mark.parametrize("gid", list(registry.games()))
def test_frames_drawn_from_what_changed_equal_whole_frames(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cardlayer.time, "monotonic", lambda: 1.0)  # one glow level
    game = registry.get(gid)
    app = make_app((1280, 720))
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"B{i}", "easy") for i in (1, 2)]
    sc = open_table(app, game, seats[: max(2, game.info.min_players)], seed=4)
    sc.watch_delay = 99.0
    uid = next(u for u in sc.drags if u in sc.by_uid)
    start = sc.by_uid[uid].rect.center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(DT)
    kept = 0
    for i in range(12):
        pos = (start[0] - 40 * i, start[1] - 25 * i)
        post(pygame.MOUSEMOTION, pos=pos, rel=(-40, -25), buttons=(1, 0, 0))
        app.step(DT)
        kept += sc.screen_kept
        partial = app.window.copy()
        app.screen_touched()
        app.draw()  # the same state drawn whole
        assert _same(partial, app.window) == 0, (gid, i)
    assert kept >= 10  # the frames were drawn from what changed
    post(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1)
    app.step(DT)
    assert app.crashes == 0


def test_a_dialog_over_the_table_makes_it_draw_whole() -> None:
    app = make_app((1280, 720))
    game = next(iter(registry.games().values()))
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(AI, "B", "easy")])
    app.step(DT)
    app.step(DT)
    assert sc.screen_kept
    app.show_message("Hello", "a dialog over the table")
    app.step(DT)
    assert not sc.screen_kept
    app.pop()
    app.step(DT)
    assert not sc.screen_kept  # the dialog's pixels are gone at once
    app.step(DT)
    assert sc.screen_kept
