"""Picking a card up (and dropping it back) repaints the card layer where it changed, in
place, and the result is the very layer and frame a whole rebuild gives."""

from __future__ import annotations

import pygame
import pytest
from table_driver import DT, make_app, open_table, post

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui.table import cardlayer


def _differ(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ."""
    equal = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)
    return a.get_width() * a.get_height() - equal.count()


def _whole(sc: object) -> pygame.Surface:
    """The layer of the current display list composed from scratch."""
    cache = sc.drawn.cards  # type: ignore[attr-defined]
    full = sc.drawn.bg.copy()  # type: ignore[attr-defined]
    full.fblits(cache.items)
    cardlayer.dim_seats(sc, full)  # type: ignore[arg-type]
    return full


@pytest.mark.parametrize("gid", list(registry.games()))
def test_a_pick_up_and_a_drop_repaint_the_layer_as_a_rebuild_would(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cardlayer.time, "monotonic", lambda: 1.0)  # one glow level
    game = registry.get(gid)
    app = make_app((1280, 720))
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"B{i}", "easy") for i in (1, 2)]
    for seed in range(4, 40):  # a table whose opening lets the human drag a card
        sc = open_table(app, game, seats[: max(2, game.info.min_players)], seed=seed)
        sc.ctl.watch_delay = 99.0
        uid = next((u for u in sc.drags if u in sc.by_uid), None)
        if uid is not None:
            break
    assert uid is not None, f"{gid}: no opening with a card to drag"
    start = sc.by_uid[uid].rect.center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(3):
        app.step(DT)
    repainted = 0
    for event in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        layer = sc.drawn.cards.surface
        post(event, pos=start, button=1)
        app.step(DT)
        for _ in range(30):  # a dropped card flies home first
            if not sc.tweens:
                break
            app.step(DT)
        repainted += sc.drawn.cards.surface is layer
        assert _differ(sc.drawn.cards.surface, _whole(sc)) == 0, (gid, event)
        partial = app.window.copy()
        app.screen_touched()
        app.draw()  # the same state drawn whole
        assert _differ(partial, app.window) == 0, (gid, event)
    assert repainted >= 1  # the layer was repainted in place, not rebuilt
    assert app.crashes == 0
