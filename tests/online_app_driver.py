"""Helpers of the online app tests: two real apps in one process (dummy video driver), one
hosting a table server on loopback, driven through the menus with posted events.

pygame's event queue is shared by both apps, so an event is posted just before stepping the
app it is meant for, and that app is stepped again for what the widgets post back.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame
from ui_shell_support import button_named

from tabletop.ui import fonts
from tabletop.ui.app import App
from tabletop.ui.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DT = 1 / 30
PATIENCE = 90.0  # seconds: a cold server start on a busy 2-core machine


def online_env(monkeypatch: Any, home: Path) -> None:
    """A temporary home, any free port for the hosted server, this tree for its process."""
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("TABLETOP_HOST_PORT", "0")
    monkeypatch.setenv("TABLETOP_AI_THREADS", "1")
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), path) if p))


def new_app() -> App:
    """A real app on the title screen, its widgets built."""
    fonts.clear_cache()  # fonts made before an earlier pygame.quit cannot draw
    app = App(size=(1280, 720), settings=Settings(animation_speed="Fast"))
    app.start()
    app.step(DT)
    app.step(DT)
    return app


def press(app: App, text: str) -> None:
    """Click the top scene's button showing ``text``."""
    b = button_named(app.top, text)
    assert b.is_enabled, text
    click_at(app, b.rect.center)


def click_at(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos`` (two frames: a widget's press comes back as an event)."""
    for kind, extra in (
        (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.step(DT)
    app.step(DT)


def type_into(app: App, entry: Any, text: str) -> None:
    """Click a text entry and type ``text`` into it."""
    pos = entry.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(DT)
    app.step(DT)


def key(app: App, code: int, text: str = "", mod: int = 0) -> None:
    """Press one key at ``app``."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=text))
    app.step(DT)


def run_until(apps: Iterable[App], until: Callable[[], bool], patience: float = PATIENCE) -> None:
    """Step every app in turn until ``until()`` holds; AssertionError after ``patience``."""
    apps = list(apps)
    end = time.monotonic() + patience
    while time.monotonic() < end:
        for app in apps:
            app.step(DT)
        if until():
            return
        time.sleep(0.005)
    raise AssertionError("timed out; tops: " + ", ".join(type(a.top).__name__ for a in apps))


def top_is(app: App, name: str) -> bool:
    """Whether the top scene's class is called ``name``."""
    return type(app.top).__name__ == name


def close(*apps: App) -> None:
    """End each app's online session (the hosted server with it) and pygame."""
    for app in apps:
        s = getattr(app, "online_session", None)
        if s is not None:
            s.close()
    pygame.quit()
    fonts.clear_cache()
