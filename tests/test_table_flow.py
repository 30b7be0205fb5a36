"""Whole matches at the table: human vs AI to the results, hot-seat privacy, resume, monkey."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from court_game import COURT
from table_driver import (
    DT,
    click,
    finish_to_results,
    make_app,
    open_table,
    perform,
    settle,
    wait_for,
)

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng, state_digest
from tabletop.ui import launch
from tabletop.ui.table.scene import TableScene


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


GAMES = [COURT, *registry.games().values()]
FULL = [g for g in GAMES if g.info.id in ("court", "majesty")]  # whole games: the fixture + Majesty


@pytest.mark.parametrize("game", FULL, ids=[g.info.id for g in FULL])
def test_full_game_human_by_events_against_ai_reaches_results(tmp_path, game) -> None:
    app = make_app()
    save = tmp_path / "auto.json"
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")],
                    seed=21, save_path=save)  # fmt: skip
    m = sc.match
    rng = Rng(4)
    kinds = set()
    # 4000 frames at least, longer while the AI worker is slow (a cold start on a fresh
    # clone compiles every module first): bounded by a generous deadline
    deadline = time.monotonic() + 240
    frames = 0
    while not m.is_over() and (frames < 4000 or time.monotonic() < deadline):
        frames += 1
        if m.to_act() == [0] and not sc.tweens and not sc.ghosts:
            legal = m.legal(0)
            kind = rng.choice(sorted({a.gesture.kind for a in legal}))  # vary the gestures
            action = rng.choice([a for a in legal if a.gesture.kind == kind])
            n = len(m.history)
            perform(app, sc, action)
            assert len(m.history) == n + 1 and m.history[-1].action == action
            kinds.add(action.gesture.kind)
        else:
            app.step(DT)
            if frames >= 4000:
                time.sleep(0.01)
    assert m.is_over() and {p.seat for p in m.history} == {0, 1}
    every = {a.gesture.kind for p in m.history for a in [p.action]}
    assert kinds == every if game is not COURT else kinds == {"drag", "click", "button"}
    assert save.exists()
    finish_to_results(app, sc, 200)  # the final scoring plays out step by step
    assert not save.exists()  # a finished match leaves nothing to continue
    assert app.crashes == 0


def test_privacy_screen_between_two_humans_draws_no_private_card() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(name="Bob")], seed=8)
    m = sc.match
    sc.art.record = True

    def drawn_now() -> set[str]:
        app.step(DT)
        return set(sc.art.drawn)

    def private() -> set[str]:
        return {u for hand in m.state.hands for u in hand}

    assert sc.privacy == 0
    seen = drawn_now()
    assert seen and not seen & private()  # public cards (market) only
    click(app, (10, 10))
    assert sc.privacy is None
    seen = drawn_now()
    assert set(m.state.hands[0]) <= seen and not seen & set(m.state.hands[1])
    draw = next(a for a in m.legal(0) if a.name == "draw")  # a secret draw, then hand-off
    perform(app, sc, draw)
    assert sc.privacy == 1
    for _ in range(8):  # every frame under the screen, animations included
        seen = drawn_now()
        assert not seen & private()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    seen = drawn_now()
    assert sc.privacy is None and set(m.state.hands[1]) <= seen
    assert not seen & set(m.state.hands[0])
    assert app.crashes == 0


def test_start_and_resume_a_registered_game_through_the_menus_seam() -> None:
    from tabletop.ui.match_config import MatchConfig

    game = next(iter(registry.games().values()))
    app = make_app()
    config = MatchConfig(game.info.id, [SeatConfig(name="Ann"), SeatConfig(AI, "", "easy")], {}, 3)
    launch.start_match(app, config)
    table = app.top
    assert isinstance(table, TableScene) and table.match.seats[1].is_ai
    assert table.match.seats[1].name == "Player 2" and table.match.seats[1].level == "easy"
    rng = Rng(2)
    for _ in range(4):
        seat = table.match.to_act()[0]
        table.apply(seat, rng.choice(table.match.legal(seat)))
    digest = state_digest(game, table.match.state)
    app.go_home()  # the app is gone; the autosave stays
    launch.resume(app, launch.autosave_path())
    again = app.top
    assert isinstance(again, TableScene) and again is not table
    assert state_digest(game, again.match.state) == digest and len(again.match.history) == 4
    settle(app, 3)
    assert app.crashes == 0


def test_resume_after_crash_restores_the_exact_table(tmp_path, monkeypatch) -> None:
    app = make_app()
    path = launch.autosave_path()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(name="Bob")], seed=5,
                    save_path=path)  # fmt: skip
    m = sc.match
    rng = Rng(9)
    for _ in range(5):
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    digest = state_digest(COURT, m.state)
    del sc, m  # the "crash": only the autosave file remains
    import tabletop.registry

    monkeypatch.setattr(tabletop.registry, "get", lambda gid: COURT)
    launch.resume(app, path)
    table = app.top
    assert isinstance(table, TableScene)
    assert state_digest(COURT, table.match.state) == digest
    assert len(table.match.history) == 5 and table.match.seats[1].name == "Bob"
    settle(app, 3)
    assert app.crashes == 0


def test_all_ai_game_can_be_paused_and_stepped() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(AI, "A", "easy"), SeatConfig(AI, "B", "easy")])
    sc.ctl.watch_delay = 0.0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    settle(app, 40)
    assert sc.paused and not sc.match.history
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    wait_for(app, lambda: bool(sc.match.history), frames=100)
    settle(app, 30)
    assert len(sc.match.history) == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    wait_for(app, sc.match.is_over)  # the AI worker plays the rest: bounded, not by frames
    assert sc.match.is_over() and app.crashes == 0


KEYS = [pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_n, pygame.K_h, pygame.K_f,
        pygame.K_z, pygame.K_a, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT]  # fmt: skip
RARE_ESC = 0.002  # of key presses: Esc at a calm table opens a (slow to build) question


MINE = ("tabletop/ui/table", "tabletop/ui/cards", "tabletop/controller", "tabletop/ui/launch")


def test_monkey_random_input_across_scenes_raises_nothing() -> None:
    app = make_app()
    crashes: list[str] = []
    real = app._crashed

    def record(exc: Exception) -> None:
        import traceback

        crashes.append("".join(traceback.format_exception(exc)))
        real(exc)

    app._crashed = record  # type: ignore[method-assign]
    w, h = app.size
    r = random.Random(1234)
    seat_sets = [
        [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")],
        [SeatConfig(name="Ann"), SeatConfig(name="Bob"), SeatConfig(AI, "Cy", "easy")],
        [SeatConfig(AI, "A", "easy"), SeatConfig(AI, "B", "easy")],
    ]
    total = 0
    tables = 0
    visited: set[str] = set()
    seen_once: list[object] = []
    while total < 100_000:
        visited.add(type(app.top).__name__)
        # Esc at the table asks before leaving; mostly answer "stay" so the noise hits tables
        leaving = getattr(app.top, "title", None) == "Leave the table?"
        if leaving and r.random() < 0.9:
            app.top.choose(0)
        # the menus (pygame_gui, slow to rebuild) get a frame of noise now and then
        other = not isinstance(app.top, TableScene)
        if other and (app.top is None or app.top in seen_once or r.random() < 0.95):
            game = r.choice(GAMES)
            sc = TableScene(app, Match(game, r.choice(seat_sets), r.randrange(1000)))
            sc.ctl.watch_delay = 0.0
            app.push(sc)
            tables += 1
        seen_once.append(app.top)
        for _ in range(400):  # one frame's batch of input
            pos = (r.randrange(w), r.randrange(h))
            k = r.random()
            if k < 0.45:
                ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            elif k < 0.65:
                ev = pygame.event.Event(
                    pygame.MOUSEBUTTONDOWN, pos=pos, button=r.choice([1, 1, 1, 3])
                )
            elif k < 0.85:
                ev = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=r.choice([1, 1, 3]))
            elif k < 0.9:
                ev = pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=r.choice([-1, 1]),
                    precise_x=0.0,
                    precise_y=0.0,
                    flipped=False,
                )
            else:
                mod = pygame.KMOD_CTRL if r.random() < 0.3 else 0
                code = pygame.K_ESCAPE if r.random() < RARE_ESC else r.choice(KEYS)
                ev = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
            pygame.event.post(ev)
            total += 1
        app.step(DT)
        if not app.running:
            app.running = True
            app.go_home()
    ours = [c for c in crashes if any(m in c for m in MINE)]
    assert not ours, ours[0]
    assert tables >= 2 and {"TableScene", "TitleScene"} <= visited, visited
