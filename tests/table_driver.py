"""Drive the real app headless with posted pygame events (helpers for the table tests)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from tabletop.controller import Match, SeatConfig
from tabletop.engine import BUTTON, CLICK, DRAG, Action
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.table.scene import TableScene

DT = 1 / 30
os.environ.setdefault("TABLETOP_AI_THREADS", "1")  # the process worker has its own test


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    """The real app shell on the dummy video driver, title scene at the bottom."""
    app = App(size=size, settings=Settings(animation_speed="Fast"))
    app.start()
    return app


def open_table(
    app: App, game: Any, seats: list[SeatConfig], seed: int = 3, **kw: Any
) -> TableScene:
    """Push a table for a new match (no autosave unless ``save_path`` is given; the AI's
    key fixed, so the AI seats play the same game every run)."""
    kw.setdefault("ai_key", 1)
    match = Match(game, seats, seed, **kw)
    scene = TableScene(app, match)
    app.push(scene)
    app.step(DT)
    return scene


def post(kind: int, **attrs: Any) -> None:
    """Queue one event for the next frame."""
    pygame.event.post(pygame.event.Event(kind, **attrs))


def settle(app: App, frames: int = 20) -> None:
    """Let animations and pending AI answers finish."""
    for _ in range(frames):
        app.step(DT)


def patient_frames(frames: int, patience: float = 240.0) -> Iterator[int]:
    """Count frames for a loop that waits on AI seats: at least ``frames`` of them, and on
    (up to ``patience`` seconds in all) while a slow or cold-started AI worker still thinks."""
    deadline = time.monotonic() + patience
    n = 0
    while n < frames or time.monotonic() < deadline:
        yield n
        n += 1
        if n >= frames:
            time.sleep(0.005)


def wait_for(
    app: App, until: Callable[[], bool], frames: int = 600, patience: float = 120.0
) -> None:
    """Step until ``until()`` holds: at least ``frames`` frames, and longer (up to
    ``patience`` seconds) while an AI worker is still thinking on a busy machine."""
    deadline = time.monotonic() + patience
    n = 0
    while n < frames or time.monotonic() < deadline:
        app.step(DT)
        n += 1
        if until():
            return
        if n >= frames:
            time.sleep(0.01)
    raise AssertionError("timed out")


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Press and release at ``pos``."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(DT)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at ``start``, move in steps, release at ``end`` (one frame per step)."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(DT)
    for i in range(1, steps + 1):
        p = (
            start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps,
        )
        post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        app.step(DT)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(DT)


def visible_point(scene: TableScene, key: str) -> tuple[int, int]:
    """A point of a card (uid) or zone (id) that no card drawn above it covers."""
    rect = scene.target_rect(key)
    assert rect is not None, key
    above: list[pygame.Rect] = []
    if key in scene.by_uid:
        sp = scene.by_uid[key]
        above = [s.rect for s in scene.sprites[scene.sprites.index(sp) + 1 :]]
        # a click reaches the card itself, not the stack it heads (a farm's production
        # card may lie beside its address, inside the stack's rect)
        rect = sp.rect
    else:
        above = [s.rect for s in scene.sprites]
    cols = range(rect.x + 2, rect.right - 1, max(1, rect.w // 12))
    rows = range(rect.y + 2, rect.bottom - 1, max(1, rect.h // 12))
    free = [(x, y) for y in rows for x in cols if not any(r.collidepoint(x, y) for r in above)]
    if not free:
        return rect.center
    cx, cy = rect.center
    return min(free, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)


def key(app: App, code: int, text: str = "") -> None:
    """Press one key (one frame)."""
    post(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode=text, scancode=0)
    app.step(DT)


def choose_by_keys(app: App, scene: TableScene, action: Action) -> None:
    """Pick ``action`` in the open chooser with the keyboard: its number typed, or arrows."""
    labels = [b.label for b in scene.chooser]
    i = next(i for i, b in enumerate(scene.chooser) if b.payload == action)
    word = labels[i].split()[0] if labels[i].split() else ""
    if word.isdigit():
        for ch in word:
            key(app, getattr(pygame, f"K_{ch}"), ch)
    else:
        for _ in range(i):
            key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, "\r")


def perform(app: App, scene: TableScene, action: Action, how: str = "drag") -> None:
    """Do ``action`` the way a person would: its gesture, then the chooser if one opens.

    ``how``: ``drag`` (press, move, release), ``select`` (click the card, then the target)
    or ``keys`` (choosers answered with the keyboard).
    """
    g = action.gesture
    if g.kind == DRAG:
        start = visible_point(scene, g.card or "")
        assert g.target is not None, g
        if how == "select":
            click(app, start)
            assert scene.selected is not None and scene.selected.uid == g.card, g
            click(app, visible_point(scene, g.target))
        else:
            drag(app, start, visible_point(scene, g.target))
    elif g.kind == CLICK:
        assert g.target is not None, g
        click(app, visible_point(scene, g.target))
    else:
        assert g.kind == BUTTON
        button = next(b for b in scene.buttons if b.payload[0] == "act" and action in b.payload[1])
        click(app, button.rect.center)
    if scene.chooser and how == "keys":
        choose_by_keys(app, scene, action)
    elif scene.chooser:
        choice = next(b for b in scene.chooser if b.payload == action)
        click(app, choice.rect.center)


def finish_to_results(app: App, scene: TableScene, frames: int = 400) -> None:
    """Watch the final scoring play out, press Continue, and land on the results scene."""
    for _ in range(frames):
        app.step(DT)
        if scene.final_button is not None:
            break
    assert scene.final_button is not None
    click(app, scene.final_button.rect.center)
    assert type(app.top).__name__ == "ResultsScene"
    assert app.crashes == 0


def hand_over(app: App, scene: TableScene, coin: float) -> None:
    """The privacy screen is up: one frame under it, then the next player takes over by a
    click (``coin`` < 0.5) or by Enter."""
    was = scene.privacy
    assert scene.shown is None
    app.step(DT)
    if coin < 0.5:
        click(app, (scene.size[0] // 2, scene.size[1] // 2))
    else:
        key(app, 13, "\r")
    assert scene.privacy is None and scene.shown == was
