"""The app loop: smoke frames, errors inside scenes, resizing."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
from ui_shell_support import close_app, font_height, make_app

from tabletop.ui.scene import Scene
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.title import TitleScene


def test_smoke_frames_env_runs_the_app_and_exits_zero(tmp_path) -> None:
    env = dict(
        os.environ,
        TABLETOP_SMOKE_FRAMES="3",
        TABLETOP_HOME=str(tmp_path),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    r = subprocess.run(
        [sys.executable, "-m", "tabletop"], env=env, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "logs").is_dir()


class Exploding(Scene):
    """A scene that fails on its second update."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.updates = 0

    def update(self, dt: float) -> None:
        self.updates += 1
        if self.updates == 2:
            raise RuntimeError("the chandelier fell")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_an_error_in_a_scene_is_logged_and_shown_and_the_app_goes_on(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(Exploding(app))
        app.step(1 / 60)
        assert app.crashes == 0
        app.step(1 / 60)
        assert app.crashes == 1 and app.running
        assert isinstance(app.top, MessageDialog)
        assert app.top.title == "Unexpected error"
        assert "the chandelier fell" in app.top.text and str(app.log_path) in app.top.text
        assert isinstance(app.stack[0], TitleScene) and len(app.stack) == 2
        log = app.log_path.read_text(encoding="utf-8")
        assert "RuntimeError: the chandelier fell" in log and "Traceback" in log
        assert "Exploding" in log
        for _ in range(3):
            app.step(1 / 60)
        assert app.crashes == 1 and app.running
        app.top.choose(0)  # OK closes the dialog
        assert isinstance(app.top, TitleScene)
    finally:
        close_app()


def test_repeated_errors_end_the_run_with_exit_code_one(monkeypatch, tmp_path) -> None:
    class Broken(TitleScene):
        def draw(self, surface: pygame.Surface) -> None:
            raise ValueError("no light")

    from tabletop.ui import app as app_module

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    try:
        app = app_module.App(home=Broken, size=(1280, 720))
        assert app.run(max_frames=20) == 1
        assert app.crashes >= 3 and app.frames < 20
    finally:
        close_app()


def test_resizing_rebuilds_scenes_at_the_new_scale(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        app.step(1 / 60)
        before = font_height(app.top)
        assert app.scale == 1.0
        pygame.display.set_mode((2560, 1440), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=2560, y=1440))
        app.step(1 / 60)
        assert app.size == (2560, 1440) and app.scale == 2.0
        after = font_height(app.top)
        assert 1.7 < after / before < 2.3, (before, after)
    finally:
        close_app()


def test_f11_toggles_fullscreen_and_remembers_it(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        assert not app.settings.fullscreen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.step(1 / 60)
        assert app.settings.fullscreen
        from tabletop.ui.settings import load_settings

        assert load_settings()[0].fullscreen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.step(1 / 60)
        assert not app.settings.fullscreen and not app.is_fullscreen
        assert app.crashes == 0
    finally:
        close_app()
