"""A save never replaces another file: Ctrl+S with a name already taken gets a new name, and
the names a player types are checked (text gate, names Windows keeps for devices)."""

from __future__ import annotations

import os
import time

import pytest
from save_support import played_match
from table_driver import make_app, open_table

from tabletop import storage
from tabletop.controller import SeatConfig
from tabletop.controller.saving import save_files, saves
from tabletop.ui import places


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def test_ctrl_s_with_the_clock_set_back_keeps_the_earlier_save(monkeypatch) -> None:
    import pygame

    from tabletop.ui import fonts

    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20260101-120000")
    game = played_match(0).game
    app = make_app()
    try:
        scene = open_table(app, game, [SeatConfig(name="Ada"), SeatConfig(name="Ben")])
        folder = places.saves_dir()
        earlier = folder / f"{game.info.id}-20260101-120000.json"
        earlier.write_text("the player's earlier save", encoding="utf-8")
        scene.save_named()
        scene.save_named()
        assert earlier.read_text(encoding="utf-8") == "the player's earlier save"
        names = sorted(p.name for p in folder.glob("*.json"))
        stem = earlier.stem
        assert names == [f"{stem}-2.json", f"{stem}-3.json", f"{stem}.json"]
    finally:
        pygame.quit()
        fonts.clear_cache()


def test_write_new_never_replaces_a_file_that_appears(monkeypatch, tmp_path) -> None:
    target = tmp_path / "g.json"
    real = storage.write_new_text

    def racing(path, text):  # another program takes the name between the check and the write
        if path == target and not target.exists():
            target.write_text("theirs", encoding="utf-8")
        return real(path, text)

    monkeypatch.setattr(storage, "write_new_text", racing)
    got = saves.write_new(tmp_path, "g", played_match(2).to_json())
    assert got.name == "g-2.json" and target.read_text(encoding="utf-8") == "theirs"


def test_write_new_text_refuses_an_existing_file(tmp_path) -> None:
    path = tmp_path / "x.json"
    path.write_text("keep", encoding="utf-8")
    with pytest.raises(FileExistsError):
        storage.write_new_text(path, "new")
    assert path.read_text(encoding="utf-8") == "keep"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temporary file left


def test_keeping_the_unfinished_game_never_overwrites(monkeypatch) -> None:
    from tabletop.ui import launch
    from tabletop.ui.scenes import unfinished

    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20260101-120000")
    auto = played_match(3).save(launch.autosave_path())
    game_id = saves.read_save(auto)["game"]
    taken = places.saves_dir() / f"{game_id}-20260101-120000.json"
    taken.parent.mkdir(parents=True, exist_ok=True)
    taken.write_text("older", encoding="utf-8")
    kept = unfinished.keep(auto)
    assert kept != taken and taken.read_text(encoding="utf-8") == "older"


@pytest.mark.parametrize(
    "typed", ["CON", "nul", "COM1", "lpt9", "con.txt", "Aux ", "NUL.json", "conin$"]
)
def test_names_windows_keeps_are_refused(typed: str) -> None:
    with pytest.raises(save_files.SaveFileError, match="Windows"):
        save_files.clean_name(typed)


@pytest.mark.parametrize("typed", ["console", "COM10x", "my nul game", "Ada's game"])
def test_names_near_the_kept_ones_are_fine(typed: str) -> None:
    assert save_files.clean_name(typed) == typed


@pytest.mark.parametrize("typed", ["a\x00b", "x\ud800", "\u202egame", "\u200d\u200d"])
def test_a_save_name_the_gate_refuses_gets_a_message(typed: str) -> None:
    with pytest.raises(save_files.SaveFileError) as e:
        save_files.clean_name(typed)
    assert "Error" not in str(e.value)


def test_renaming_to_a_kept_name_leaves_the_file(tmp_path) -> None:
    path = played_match(2).save(tmp_path / "a.json")
    with pytest.raises(save_files.SaveFileError):
        save_files.rename(path, "COM1")
    assert path.exists() and not os.path.lexists(tmp_path / "COM1.json")
