"""The Load screen tells saves apart (seats, scores, where the game stood, time to the
second) and renames or deletes them only when confirmed, never over another file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest
from save_support import played_match
from table_driver import DT, click, make_app, settle
from ui_shell_support import filled

from tabletop.controller.saving import save_files
from tabletop.ui import places
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.load_game import LoadScene, row_texts
from tabletop.ui.scenes.rename_dialog import RenameDialog

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def two_saves() -> tuple[Path, Path]:
    folder = places.saves_dir()
    a = played_match(6, seed=4).save(folder / "a.json")
    b = played_match(9, seed=4).save(folder / "b.json")
    now = time.time()
    os.utime(a, (now - 3, now - 3))  # saved three seconds apart
    os.utime(b, (now, now))
    return a, b


def test_two_saves_made_seconds_apart_read_differently() -> None:
    a, b = two_saves()
    ta, tb = row_texts(a), row_texts(b)
    assert ta != tb
    assert "Ada" in ta[0] and "Hugo (AI)" in ta[0]
    s = save_files.summary(a)
    assert s.moves == 6 and save_files.summary(b).moves == 9
    assert all(isinstance(x, int) for x in s.scores)
    assert str(s.scores[0]) in ta[0]
    assert time.strftime("%H:%M:%S", time.localtime(a.stat().st_mtime)) in ta[1]
    assert "6 moves" in ta[1] and "9 moves" in tb[1]


def open_load():
    app = make_app()
    scene = LoadScene(app)
    app.push(scene)
    settle(app, 2)
    return app, scene


def press(app, scene, text: str, row: int = 0) -> None:
    buttons = [b for b in scene._actions if b.text == text]
    click(app, buttons[row].rect.center)
    app.step(DT)


def test_delete_asks_first() -> None:
    a, b = two_saves()
    app, scene = open_load()
    assert [r[0] for r in scene.rows] == [b, a]
    press(app, scene, "Delete")  # the newest: b
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and "Delete" in dialog.title
    click(app, next(x for x in dialog._actions if x.text == "Cancel").rect.center)
    app.step(DT)
    assert b.exists() and app.top is scene
    press(app, scene, "Delete")
    click(app, next(x for x in app.top._actions if x.text == "Delete").rect.center)
    filled(app)  # the saves checked again after a frame
    assert not b.exists() and a.exists()
    assert [r[0] for r in scene.rows] == [a]
    assert app.crashes == 0


def test_rename_never_overwrites() -> None:
    a, b = two_saves()
    before = a.read_bytes()
    app, scene = open_load()
    press(app, scene, "Rename", row=0)  # b
    dialog = app.top
    assert isinstance(dialog, RenameDialog)
    dialog.entry.set_text("a")  # taken
    click(app, dialog.default_button.rect.center)
    app.step(DT)
    assert app.top is dialog and "already a save" in dialog.problem
    assert b.exists() and a.read_bytes() == before
    dialog.entry.set_text("Before the last round")
    click(app, dialog.default_button.rect.center)
    filled(app)
    assert app.top is scene
    assert not b.exists() and (b.parent / "Before the last round.json").exists()
    assert "Before the last round.json" in scene.rows[0][2]
    assert app.crashes == 0


def test_rename_refuses_empty_names(tmp_path: Path) -> None:
    a, _ = two_saves()
    with pytest.raises(save_files.SaveFileError):
        save_files.rename(a, " / ")
    assert save_files.rename(a, "keep") == a.with_name("keep.json")


def test_the_autosave_cannot_be_renamed_and_replay_opens() -> None:
    from tabletop.ui.replay_scene import ReplayScene

    m = played_match(5, seed=4)
    m.save(places.autosave_path())
    app, scene = open_load()
    assert scene.rows[0][1].startswith("Interrupted:")
    rename = next(b for b in scene._actions if b.text == "Rename")
    assert not rename.is_enabled
    press(app, scene, "Replay")
    assert isinstance(app.top, ReplayScene) and app.top.rm.step == 5
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(DT)
    assert app.top is scene and app.crashes == 0


def test_many_saves_page() -> None:
    folder = places.saves_dir()
    m = played_match(3, seed=4)
    for i in range(7):
        m.save(folder / f"s{i}.json")
    app, scene = open_load()
    assert len(scene.rows) == 5
    press(app, scene, "Older ▶")
    assert len(scene.rows) == 2 and scene.page == 1
    assert app.crashes == 0
