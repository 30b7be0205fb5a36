"""Reduced motion: with the setting on, a move schedules no flight or slide, a refused drop
jumps back, the target glow does not pulse, and the table ends exactly as with motion."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_driver import make_app, open_table, settle

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui import motion
from tabletop.ui.table import cardlayer

MOVES = 4


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _play(reduced: bool) -> tuple[list[bool], dict, list[tuple[str, tuple[int, int]]]]:
    """Four moves of Majesty by two humans taking turns, with reduced motion on or off:
    whether each move scheduled motion, the final view and the cards' places."""
    app = make_app()
    app.settings.reduced_motion = reduced
    game = registry.get("majesty")
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(name="Bob")], seed=4)
    moved: list[bool] = []
    for _ in range(MOVES):
        seat = sc.shown
        assert seat is not None and seat in sc.match.to_act(), seat
        start = sc.sprites[0].rect if sc.sprites else pygame.Rect(0, 0, 1, 1)
        assert sc.apply(seat, sc.legal[0], from_rect=start.move(40, 40))
        moved.append(bool(sc.tweens or sc.ghosts))
        settle(app, 40)
    return moved, sc.match.view(0), [(sp.key, sp.rect.topleft) for sp in sc.sprites]


def test_no_motion_is_scheduled_and_the_table_ends_the_same() -> None:
    moving, view, places = _play(reduced=False)
    assert all(moving), moving  # the check can fail: moves do fly with motion on
    still, view_still, places_still = _play(reduced=True)
    assert not any(still), still
    assert view_still == view
    assert places_still == places


def test_a_dropped_card_jumps_back_and_the_glow_holds_steady(monkeypatch) -> None:
    app = make_app()
    game = registry.get("majesty")
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(AI, "Bob", "easy")], seed=4)
    clock = iter([0.0, 0.3, 0.0, 0.3] * 4)
    monkeypatch.setattr(cardlayer.time, "monotonic", lambda: next(clock))
    sp = sc.sprites[-1]
    for reduced in (False, True):
        app.settings.reduced_motion = reduced
        sc.tweens.clear()
        motion.slide(sc, sp.key, sp.rect.move(50, 0), sp.rect, 0.18)
        assert bool(sc.tweens) is not reduced, reduced
        glows = {cardlayer.glow_look(sc)[0] for _ in range(2)}
        assert (len(glows) == 1) is reduced, (reduced, glows)
    settle(app, 2)
