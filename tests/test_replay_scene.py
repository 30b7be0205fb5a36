"""The replay scene: step with the keys and buttons, change seats, never show another hand."""

from __future__ import annotations

import os

import pygame
import pytest
from table_driver import DT, click, make_app, settle
from test_replay_seat import a_finished_hidden_game, identified

from tabletop.controller.replay import Replay
from tabletop.ui.replay_scene import OPEN, ReplayScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def press(app, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(DT)


def test_keys_step_and_change_the_seat() -> None:
    match = a_finished_hidden_game(11)
    replay = Replay.of_match(match)
    app = make_app()
    sc = ReplayScene(app, replay, seat=1)
    app.push(sc)
    settle(app, 2)
    assert sc.rm.step == 0 and sc.shown == 1
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert sc.rm.step == 2
    assert identified(sc.view) == identified(replay.view(2, 1))
    press(app, pygame.K_LEFT)
    assert sc.rm.step == 1
    press(app, pygame.K_END)
    assert sc.rm.step == replay.length and "move" in sc.replay_line()
    press(app, pygame.K_HOME)
    assert sc.rm.step == 0
    press(app, pygame.K_TAB)  # seat 1 → the open view (two seats, game over)
    assert sc.seat_choice == OPEN and sc.shown is None
    assert identified(sc.view) >= identified(replay.view(0, 0)) | identified(replay.view(0, 1))
    press(app, pygame.K_TAB)
    assert sc.shown == 0
    assert identified(sc.view) == identified(replay.view(0, 0))
    assert (sc.legal == [] and not sc.busy()) or sc.tweens
    press(app, pygame.K_ESCAPE)
    assert app.top is not sc and app.crashes == 0


def test_buttons_step_and_close() -> None:
    match = a_finished_hidden_game(5)
    app = make_app()
    sc = ReplayScene(app, Replay.of_match(match), seat=0)
    app.push(sc)
    settle(app, 2)
    forward = next(b for b in sc.buttons if b.payload[0] == "forward")
    click(app, forward.rect.center)
    assert sc.rm.step == 1
    last = next(b for b in sc.buttons if b.payload[0] == "last")
    click(app, last.rect.center)
    assert sc.rm.step == sc.replay.length
    assert not next(b for b in sc.buttons if b.payload[0] == "forward").enabled
    settle(app, 30)
    close = next(b for b in sc.buttons if b.payload[0] == "close")
    click(app, close.rect.center)
    assert app.top is not sc and app.crashes == 0


def test_results_offer_the_replay() -> None:
    from tabletop.ui.scenes.results import scene_for_match

    match = a_finished_hidden_game(5)
    app = make_app()
    results = scene_for_match(app, match)
    app.push(results)
    settle(app, 2)
    button = next(b for b in results._actions if b.text == "Replay")
    click(app, button.rect.center)
    app.step(DT)
    assert isinstance(app.top, ReplayScene) and app.top.shown == 0
    assert app.crashes == 0


def test_the_scene_asks_only_for_the_shown_seats_view(monkeypatch) -> None:
    from test_replay_seat import a_game_with_secrets

    match = a_game_with_secrets(11)  # an unfinished game: no open hands to offer
    replay = Replay.of_match(match)
    game = replay.game
    asked: list[int | None] = []
    real = game.view

    def spy(state, seat):
        asked.append(seat)
        return real(state, seat)

    monkeypatch.setattr(game, "view", spy)
    app = make_app()
    sc = ReplayScene(app, replay, seat=1)  # (building it may ask for a spectator's view)
    app.push(sc)
    settle(app, 2)
    press(app, pygame.K_RETURN)  # past the hand-off screen (two people, a game going on)
    asked.clear()
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT, pygame.K_HOME):
        press(app, key)
        settle(app, 3)
    assert asked and set(asked) == {1}
    press(app, pygame.K_TAB)  # the next seat: now only seat 0 (never the open view)
    press(app, pygame.K_RETURN)
    asked.clear()
    press(app, pygame.K_RIGHT)
    settle(app, 3)
    assert not replay.may_reveal() and set(asked) == {0}
    assert app.crashes == 0


def test_an_unfinished_hot_seat_game_hands_off_between_seats() -> None:
    from test_replay_seat import a_game_with_secrets

    match = a_game_with_secrets(11)  # two people, a game still going
    replay = Replay.of_match(match)
    assert not replay.finished
    app = make_app()
    sc = ReplayScene(app, replay, seat=0, step=4)
    app.push(sc)
    settle(app, 2)
    spectator = identified(replay.view(4, None))
    assert sc.privacy == 0 and identified(sc.view) == spectator  # nothing private yet
    press(app, pygame.K_RETURN)  # "show your cards"
    assert sc.privacy is None and identified(sc.view) == identified(replay.view(4, 0))
    press(app, pygame.K_TAB)  # the next seat: the screen is handed off again
    assert sc.privacy == 1 and identified(sc.view) == spectator
    click(app, (10, 10))
    assert sc.privacy is None and identified(sc.view) == identified(replay.view(4, 1))
    assert app.crashes == 0
