"""Names no screen can draw, read from user files: the app still shows the title, the Load
screen and the table, with the names cleaned (never a crash loop)."""

from __future__ import annotations

import json
import os

import pytest
from save_support import save_doc, write
from ui_shell_support import button_named, close_app, make_app

from tabletop import registry, text_gate
from tabletop.controller import Match, SeatConfig
from tabletop.controller.saving import saves
from tabletop.ui import launch
from tabletop.ui.scenes.load_game import LoadScene
from tabletop.ui.scenes.title import TitleScene

BAD_NAMES = {"nul": "B\x00ob", "surrogate": "Bo\ud800b", "zwj": "\u200d" * 18, "esc": "\x1b[2J"}


def _frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def _save_with_name(name: str) -> str:
    doc = save_doc(4)
    doc["seats"][0]["name"] = name
    return json.dumps(doc)  # a lone surrogate is written as the escape "\ud800"


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_bad_name_in_the_autosave_is_cleaned_and_the_title_runs(
    monkeypatch, tmp_path, name
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    write(launch.autosave_path(), _save_with_name(name))
    info = saves.peek(launch.autosave_path())
    assert info is not None and text_gate.problem(info["names"][0]) == ""
    app = make_app(monkeypatch, tmp_path)
    try:
        _frames(app, 5)
        assert isinstance(app.top, TitleScene)
        assert button_named(app.top, "Continue").is_enabled
        assert app.crashes == 0 and app.running
    finally:
        close_app()


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_bad_name_in_a_named_save_is_cleaned_on_the_load_screen(
    monkeypatch, tmp_path, name
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    write(launch.saves_dir() / "odd.json", _save_with_name(name))
    data = saves.read_save(launch.saves_dir() / "odd.json")
    assert text_gate.problem(data["seats"][0]["name"]) == ""
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(LoadScene(app))
        _frames(app, 5)
        assert isinstance(app.top, LoadScene) and len(app.top.rows) == 1
        assert app.crashes == 0
    finally:
        close_app()


@pytest.mark.skipif(os.name == "nt", reason="file names are always text on Windows")
def test_a_save_whose_file_name_is_not_utf8_is_listed(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    folder = launch.saves_dir()
    raw = os.fsencode(folder) + b"/caf\xe9.json"
    try:
        with open(raw, "w", encoding="utf-8") as f:
            f.write(json.dumps(save_doc(3)))
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(LoadScene(app))
        _frames(app, 5)
        scene = app.top
        assert isinstance(scene, LoadScene) and len(scene.rows) == 1
        assert "caf\ufffd.json" in scene.rows[0][2]
        assert app.crashes == 0
    finally:
        close_app()


@pytest.mark.parametrize("game_id", ["mayflower", "your_majesty"])
def test_six_invisible_names_at_a_six_seat_table_draw(monkeypatch, tmp_path, game_id) -> None:
    from table_driver import make_app as table_app
    from table_driver import open_table

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    game = registry.get(game_id)
    app = table_app()
    try:
        seats = [SeatConfig(name="\u200d" * 18) for _ in range(6)]
        open_table(app, game, seats, seed=2)
        _frames(app, 4)
        assert app.crashes == 0
    finally:
        close_app()


def test_a_match_cleans_its_seat_names() -> None:
    game = registry.get("mayflower")
    m = Match(game, [SeatConfig(name="B\x00ob"), SeatConfig(name="\u200d" * 3)], seed=1)
    assert [s.name for s in m.seats][:1] == ["Bob"]
    assert m.seats[1].name and "\u200d" not in m.seats[1].name


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_the_new_game_form_refuses_a_bad_name(monkeypatch, tmp_path, name) -> None:
    from tabletop.ui.scenes.new_game import NewGameScene

    app = make_app(monkeypatch, tmp_path)
    try:
        scene = NewGameScene(app)
        app.push(scene)
        _frames(app, 1)
        scene.seats[0] = SeatConfig(name=name)
        with pytest.raises(ValueError, match="seat 1 cannot be used"):
            scene.config()
    finally:
        close_app()
