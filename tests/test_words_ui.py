"""Words on the menus: the title's Quit speaks of quitting; Settings says when sound is on but
nothing can be heard."""

from __future__ import annotations

import os

import pygame
import pytest
from table_driver import DT, make_app

from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.settings_scene import SettingsScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def test_quit_on_the_title_asks_about_quitting() -> None:
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(DT)
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert dialog.title == "Quit Tabletop?"
    assert "Leave the table" not in dialog.title and "Continue" in dialog.text


@pytest.mark.parametrize("on, works", [(True, False), (True, True), (False, False)])
def test_settings_say_when_sound_cannot_be_heard(monkeypatch, on: bool, works: bool) -> None:
    app = make_app()
    app.settings.sound = on
    monkeypatch.setattr(app.sound, "working", lambda: works)
    scene = SettingsScene(app)
    app.push(scene)
    app.step(DT)
    assert bool(scene.sound_note) == (on and not works)
