"""The app started over hostile user files reaches the title screen, says what it did, and the
bad files are moved aside so the next start is clean."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from save_support import deep_json, save_doc, write
from ui_shell_support import button_named, close_app, make_app

from tabletop import storage
from tabletop.ui import launch
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.load_game import LoadScene
from tabletop.ui.scenes.title import TitleScene

MB = 1024 * 1024


def _frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def _home(tmp_path):
    return tmp_path / "home"


def _big_name_save(size: int) -> str:
    doc = save_doc(4)
    doc["seats"][0]["name"] = "x" * size
    return __import__("json").dumps(doc)


@pytest.mark.parametrize(
    "content, words, tag",
    [
        (deep_json(), "nests too deeply", ".too-deep-"),
        (lambda: _big_name_save(5 * MB), "at most 18 characters", ".invalid-"),
        (lambda: _big_name_save(60 * MB), "too large", ".too-large-"),
        ('{"format": {"kind": "tabletop-save", "version": 1}, "seats": ["a", "b"]}', "", ""),
    ],
    ids=["deep", "5MB-name", "60MB-name", "seats-are-strings"],
)
def test_a_hostile_autosave_reaches_the_title(monkeypatch, tmp_path, content, words, tag) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(_home(tmp_path)))
    auto = write(launch.autosave_path(), content() if callable(content) else content)
    app = make_app(monkeypatch, tmp_path)
    try:
        _frames(app)
        assert isinstance(app.top, MessageDialog)
        assert app.top.title == "The interrupted game could not be used"
        assert words in app.top.text and "moved aside" in app.top.text
        assert "Traceback" not in app.top.text and "Error:" not in app.top.text
        assert not auto.exists()
        aside = [p for p in auto.parent.iterdir() if p.name.startswith("autosave.json.")]
        assert len(aside) == 1 and tag in aside[0].name
        app.top.choose(0)
        _frames(app)
        assert isinstance(app.top, TitleScene)
        assert not button_named(app.top, "Continue").is_enabled
        assert app.crashes == 0 and app.running
    finally:
        close_app()


def test_a_deep_settings_file_is_moved_aside_and_reported(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(_home(tmp_path)))
    path = write(storage.config_dir() / "settings.json", deep_json())
    app = make_app(monkeypatch, tmp_path)
    try:
        _frames(app)
        assert isinstance(app.top, MessageDialog) and app.top.title == "Settings were reset"
        assert "nests too deeply" in app.top.text and not path.exists()
        assert app.crashes == 0
    finally:
        close_app()


def test_load_lists_the_good_saves_and_sets_the_bad_ones_aside(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(_home(tmp_path)))
    folder = launch.saves_dir()
    write(folder / "deep.json", deep_json())
    write(folder / "good.json", save_doc(3))
    (folder / "dir.json").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(LoadScene(app))
        _frames(app)
        assert (
            isinstance(app.top, MessageDialog) and app.top.title == "Some saves could not be used"
        )
        assert "nests too deeply" in app.top.text and "is a folder" in app.top.text
        assert "Unexpected error" not in app.top.text
        app.top.choose(0)
        _frames(app)
        scene = app.top
        assert isinstance(scene, LoadScene)
        assert len(scene.rows) == 1 and "3 moves" in scene.rows[0][2]  # (path, head, details)
        assert sorted(p.name for p in folder.glob("*.json")) == ["good.json"]
        assert app.crashes == 0
    finally:
        close_app()


def test_the_app_starts_over_bad_files_in_every_folder(tmp_path) -> None:
    """The real start-up (``python -m tabletop``): exits 0 after its frames, every time."""
    home = tmp_path / "home"
    write(home / "data" / "autosave.json", deep_json())
    write(home / "config" / "settings.json", deep_json())
    write(home / "data" / "saves" / "deep.json", deep_json())
    env = dict(os.environ, TABLETOP_SMOKE_FRAMES="5", TABLETOP_HOME=str(home))
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for _ in range(2):  # the second start finds a clean folder
        r = subprocess.run(
            [sys.executable, "-m", "tabletop"], env=env, capture_output=True, text=True, timeout=120
        )
        assert r.returncode == 0, r.stdout + r.stderr
        assert "Traceback" not in r.stderr and "fatal" not in r.stderr
    assert not (home / "data" / "autosave.json").exists()
    assert not (home / "config" / "settings.json").exists()
