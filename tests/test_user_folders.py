"""User folders that cannot be used give a message and a way on, never a traceback: the app
says why and closes, a saves "folder" that is a file is moved aside, the log goes elsewhere,
a lock that is a folder is replaced; and no dialog names an exception class."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

import pytest
from save_support import save_doc, write
from ui_shell_support import close_app, make_app

from tabletop import instance_lock, storage
from tabletop.controller.saving import saves
from tabletop.ui import launch, places
from tabletop.ui.scenes.dialogs import MessageDialog, attempt
from tabletop.ui.scenes.load_game import LoadScene, describe

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    return home


def test_a_file_where_the_data_folder_belongs_is_named(home) -> None:
    (home / "data").write_text("x", encoding="utf-8")
    assert storage.user_folders_problem().endswith("data is a file, not a folder.")
    with pytest.raises(OSError, match="is a file, not a folder"):
        storage.data_dir()


@needs_fifo
def test_a_fifo_where_the_config_folder_belongs_is_named(home) -> None:
    os.mkfifo(home / "config")
    assert "config is a pipe (FIFO), not a folder" in storage.user_folders_problem()


def test_a_folder_that_cannot_be_written_is_named(home, monkeypatch) -> None:
    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert "cannot be written to (permission denied)" in storage.user_folders_problem()


def test_a_folder_that_cannot_be_created_is_named(home) -> None:
    (home / "data").write_text("x", encoding="utf-8")
    with pytest.raises(storage.FolderProblem, match=r"cannot be created|not a folder"):
        storage.ensure_folder(home / "data" / "saves")


def test_the_log_goes_to_the_temporary_folder_when_its_own_is_a_file(home) -> None:
    (home / "logs").write_text("x", encoding="utf-8")
    assert storage.log_dir() == storage.fallback_log_dir()


@pytest.mark.parametrize("what", ["data-file", "config-fifo"])
def test_the_app_says_why_it_cannot_start_and_closes(tmp_path, what) -> None:
    if what == "config-fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    home = tmp_path / "home"
    home.mkdir()
    if what == "data-file":
        (home / "data").write_text("x", encoding="utf-8")
    else:
        os.mkfifo(home / "config")
    env = dict(os.environ, TABLETOP_SMOKE_FRAMES="5", TABLETOP_HOME=str(home))
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run(
        [sys.executable, "-m", "tabletop"], env=env, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in r.stderr and "fatal" not in r.stderr, r.stderr
    assert "not a folder" in r.stderr


def test_the_folder_dialog_offers_a_way_on(home, monkeypatch, tmp_path) -> None:
    from tabletop.ui import app as app_module

    (home / "data").write_text("x", encoding="utf-8")
    shown = {}

    class Stop(Exception):
        pass

    def fake_app(**kw):
        shown.update(kw)
        raise Stop

    monkeypatch.setattr(app_module, "App", fake_app)
    with pytest.raises(Stop):
        app_module.main()
    assert shown["locked_title"] == "Tabletop cannot use its folders"
    assert "is a file, not a folder" in shown["locked_out"]
    assert storage.HOME_ENV in shown["locked_out"]


def test_a_saves_file_is_moved_aside_and_load_still_opens(home, monkeypatch, tmp_path) -> None:
    data = storage.data_dir()
    (data / "saves").write_text("not a folder", encoding="utf-8")
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(LoadScene(app))
        for _ in range(3):
            app.step(1 / 60)
        assert isinstance(app.top, MessageDialog) and "moved aside" in app.top.text
        assert app.crashes == 0
        assert (data / "saves").is_dir()
        assert any(p.name.startswith("saves.not-a-folder-") for p in data.iterdir())
    finally:
        close_app()
        places.NOTES.clear()


def test_a_lock_that_is_a_folder_is_replaced_and_held(tmp_path) -> None:
    (tmp_path / instance_lock.LOCK_NAME).mkdir()
    try:
        path = instance_lock.acquire(tmp_path)
        assert path.is_file()
        assert any(p.name.startswith("tabletop.lock.not-a-file-") for p in tmp_path.iterdir())
    finally:
        instance_lock.release(tmp_path)


def test_a_failed_action_shows_words_not_a_class_name(home, monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:

        def fail() -> None:
            raise ValueError("the seed must be a whole number")

        assert not attempt(app, "Cannot start the match", fail)
        app.step(1 / 60)
        assert isinstance(app.top, MessageDialog)
        assert app.top.text == "the seed must be a whole number"
        assert "ValueError" not in app.top.text
    finally:
        close_app()


def test_a_wrong_finished_mark_does_not_hide_an_unfinished_game(home) -> None:
    doc = save_doc(4)
    doc["over"] = True  # claimed, but the moves say the game goes on
    auto = write(launch.autosave_path(), json.dumps(doc))
    assert saves.peek(auto)["over"] is False
    assert "finished" not in describe(auto)
    from tabletop.ui.scenes import unfinished

    assert "is unfinished" in unfinished.unfinished_text(auto)  # a new game asks first


def test_a_log_folder_that_cannot_be_written_sends_the_log_elsewhere(home, monkeypatch) -> None:
    import logging.handlers

    from tabletop.ui import app as app_module

    real = logging.handlers.RotatingFileHandler
    refused = []

    def handler(path, *a, **k):
        if not refused:
            refused.append(path)
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *a, **k)

    monkeypatch.setattr(logging.handlers, "RotatingFileHandler", handler)
    path = app_module.setup_logging()
    try:
        assert refused and path.parent == storage.fallback_log_dir()
    finally:
        for h in list(logging.getLogger("tabletop").handlers):
            if getattr(h, "_tabletop", False):
                logging.getLogger("tabletop").removeHandler(h)
                h.close()
