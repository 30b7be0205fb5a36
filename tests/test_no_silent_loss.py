"""No silent loss: a new game over an unfinished match asks; one instance per user folder."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from save_support import a_game, played_match
from ui_shell_support import close_app, make_app

from tabletop import registry
from tabletop.ui import launch
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.new_game import NewGameScene


@pytest.fixture
def new_game(monkeypatch, tmp_path):
    """The app with the New game form on top and an unfinished real match in the autosave."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    started = []
    monkeypatch.setattr(launch, "start_match", lambda app, config: started.append(config))
    app = make_app(monkeypatch, tmp_path)
    from tabletop.ui import catalog

    game = a_game()
    monkeypatch.setattr(catalog, "games", lambda: {**registry.games(), "toy": game})
    m = played_match(15, save_path=launch.autosave_path())
    m.flush()
    app.push(NewGameScene(app, "toy"))
    app.step(1 / 60)
    yield app, started, m
    close_app()


def test_new_game_over_an_unfinished_match_asks_first(new_game) -> None:
    app, started, m = new_game
    app.top.start()
    assert not started  # nothing was overwritten yet
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and dialog.title == "Unfinished game"
    name = m.game.info.name
    assert f"A game of {name} with Ada and Hugo, 15 moves in, is unfinished." in dialog.text
    assert [b[0] for b in dialog.buttons] == ["Cancel", "Discard it", "Keep it"]


def test_cancel_leaves_everything_as_it_was(new_game) -> None:
    app, started, _m = new_game
    before = launch.autosave_path().read_bytes()
    app.top.start()
    app.top.back()  # Esc = Cancel
    assert not started and launch.autosave_path().read_bytes() == before
    assert isinstance(app.top, NewGameScene)


def test_keep_moves_the_match_into_saved_games_then_starts(new_game) -> None:
    app, started, m = new_game
    app.top.start()
    app.top.choose(2)  # Keep it
    assert len(started) == 1
    (kept,) = launch.saves_dir().glob("*.json")
    again = type(m).load(kept)
    assert len(again.history) == 15 and again.seats[0].name == "Ada"
    assert not launch.autosave_path().exists()


def test_discard_deletes_it_then_starts(new_game) -> None:
    app, started, _m = new_game
    app.top.start()
    app.top.choose(1)
    assert len(started) == 1 and not launch.autosave_path().exists()
    assert not list(launch.saves_dir().glob("*.json"))


def test_a_finished_match_is_not_asked_about(new_game, monkeypatch) -> None:
    app, started, _m = new_game
    from tabletop.controller.saving import saves

    real = saves.peek
    monkeypatch.setattr(saves, "peek", lambda p: {**real(p), "over": True})
    app.top.start()
    assert len(started) == 1


# --- the instance lock -------------------------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from tabletop import instance_lock
    instance_lock.acquire(Path(sys.argv[1]))
    print("held", flush=True)
    time.sleep(60)
    """
)


def test_a_second_instance_is_told_and_writes_nothing(tmp_path, monkeypatch) -> None:
    from tabletop import instance_lock

    folder = tmp_path / "home" / "data"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(instance_lock.AlreadyRunning) as info:
            instance_lock.acquire(folder)
        assert f"process {holder.pid}" in str(info.value)
        monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
        from tabletop.ui import app as app_module

        message = app_module.claim_user_folders()
        assert message and "already open" in message and str(holder.pid) in message
        app = app_module.App(size=(800, 600), locked_out=message)
        app.start()
        assert isinstance(app.top, MessageDialog) and app.top.title == "Tabletop is already open"
        assert len(app.stack) == 1  # no title, no Continue check: this instance touches nothing
        app.top.choose(0)
        assert not app.running
    finally:
        holder.kill()
        holder.wait()
        close_app()


def test_a_stale_lock_is_taken_over(tmp_path) -> None:
    from tabletop import instance_lock

    folder = tmp_path / "data"
    folder.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    (folder / instance_lock.LOCK_NAME).write_text(dead)
    path = instance_lock.acquire(folder)
    try:
        assert path.read_text().strip() == str(os.getpid())
        assert instance_lock.acquire(folder) == path  # again in the same process: fine
    finally:
        instance_lock.release(folder)


def test_start_up_removes_stale_temporary_files(tmp_path, monkeypatch) -> None:
    from tabletop import instance_lock

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    left = [data / ".autosave.json.x1y2.tmp", data / "saves" / ".mine.json.ab.tmp"]
    for p in left:
        p.write_text("{half")
    from tabletop.ui import app as app_module

    try:
        assert app_module.claim_user_folders() is None
        assert not any(p.exists() for p in left)
    finally:
        instance_lock.release(data)
