"""Safe files: atomic writes, versioned JSON, move-aside; settings persist and survive damage."""

from __future__ import annotations

import json

import pygame
import pytest
from ui_shell_support import button_named, click, close_app, make_app

from tabletop import storage
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.settings import KIND, VERSION, Settings, load_settings, save_settings


@pytest.fixture
def home(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_folders_follow_tabletop_home(home) -> None:
    assert storage.config_dir() == home / "config" and storage.config_dir().is_dir()
    assert storage.data_dir() == home / "data"
    assert storage.log_dir() == home / "logs"


def test_atomic_write_replaces_and_leaves_no_temp_files(home) -> None:
    path = home / "x" / "doc.json"
    storage.write_json(path, "thing", 2, {"a": 1})
    storage.write_json(path, "thing", 2, {"a": 2})
    assert json.loads(path.read_text())["a"] == 2
    assert [p.name for p in path.parent.iterdir()] == ["doc.json"]
    assert storage.read_json(path, "thing", 2)["format"] == {"kind": "thing", "version": 2}
    assert storage.read_json(home / "missing.json", "thing", 2) is None


def test_atomic_write_failure_keeps_the_old_file(home, monkeypatch) -> None:
    path = home / "doc.txt"
    storage.atomic_write_text(path, "old")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(storage.os, "replace", boom)
    with pytest.raises(OSError):
        storage.atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in home.iterdir()] == ["doc.txt"]


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", "not valid JSON"),
        ('["a list"]', "JSON object"),
        ('{"x": 1}', "no 'format' header"),
        ('{"format": {"kind": "save", "version": 1}}', "holds 'save' data"),
        ('{"format": {"kind": "thing", "version": 9}}', "newer Tabletop"),
    ],
)
def test_read_json_explains_what_is_wrong(home, content, words) -> None:
    path = home / "f.json"
    home.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    with pytest.raises(storage.StorageError) as e:
        storage.read_json(path, "thing", 1)
    assert words in str(e.value) and str(path) in str(e.value)


def test_move_aside_never_overwrites(home) -> None:
    home.mkdir(parents=True)
    a = home / "s.json"
    a.write_text("1")
    first = storage.move_aside(a, now=0)
    a.write_text("2")
    second = storage.move_aside(a, now=0)
    assert first != second and first.read_text() == "1" and second.read_text() == "2"
    assert ".corrupt-" in first.name and not a.exists()


def test_settings_persist_and_reload(home) -> None:
    s = Settings(animation_speed="Fast", card_size="Large", colour_safe=True, sound=False)
    path = save_settings(s)
    assert json.loads(path.read_text())["format"] == {"kind": KIND, "version": VERSION}
    loaded, message = load_settings()
    assert message is None and loaded == s
    assert loaded.animation_factor == 2.0 and loaded.card_scale > 1.0


def test_settings_scene_saves_each_change(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        app.step(1 / 60)  # widgets learn where the mouse is during update
        click(button_named(app.top, "Settings"))
        app.step(1 / 60)
        app.step(1 / 60)
        scene = app.top
        assert type(scene).__name__ == "SettingsScene"
        # Toggle rows show On/Off: reduced motion, fullscreen, the colour-blind-safe palette,
        # the first-game guide, sound and read aloud.
        toggles = [b for b in scene._actions if b.text in ("On", "Off")]
        assert [b.text for b in toggles] == ["Off", "Off", "Off", "On", "On", "Off"]
        # Sound is on but the dummy driver plays nothing: the screen says so.
        assert "no sound device works" in scene.sound_note
        click(toggles[2])  # colour-blind-safe palette
        app.step(1 / 60)
        app.step(1 / 60)
        assert app.settings.colour_safe
        assert load_settings()[0].colour_safe
        assert app.palette.good == (0, 114, 178)
        assert app.crashes == 0
    finally:
        close_app()


@pytest.mark.parametrize(
    "content, words, tag",
    [
        ("{ this is not json", "not valid JSON", ".not-json-"),
        (
            json.dumps({"format": {"kind": KIND, "version": VERSION + 1}, "settings": {}}),
            "newer",
            ".newer-version-",
        ),
    ],
)
def test_a_damaged_settings_file_is_moved_aside_and_reported(
    monkeypatch, tmp_path, content, words, tag
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    path = storage.config_dir() / "settings.json"
    path.write_text(content, encoding="utf-8")
    app = make_app(monkeypatch, tmp_path)
    try:
        assert isinstance(app.top, MessageDialog)
        assert app.top.title == "Settings were reset"
        assert words in app.top.text and tag in app.top.text  # renamed with the reason
        aside = [p for p in path.parent.iterdir() if tag in p.name]
        assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content
        assert not path.exists()  # not overwritten silently: defaults are used until a change
        assert app.settings == Settings()
        assert words in app.log_path.read_text(encoding="utf-8")
    finally:
        close_app()


def test_every_setting_offered_is_acted_on() -> None:
    """No toggle that does nothing: each setting the scene shows is read outside the settings."""
    from pathlib import Path

    import tabletop
    from tabletop.ui.scenes.settings_scene import CHOICES, TOGGLES

    root = Path(tabletop.__file__).parent
    skip = {"settings.py", "settings_scene.py"}
    code = "".join(p.read_text(encoding="utf-8") for p in root.rglob("*.py") if p.name not in skip)
    uses = {
        "animation_speed": "animation_factor",
        "card_size": "card_scale",
        "volume": "volume_factor",
    }
    for key in [k for k, _ in TOGGLES] + [k for k, _, _ in CHOICES]:
        word = uses.get(key, key)
        assert f".{word}" in code or f'"{word}"' in code, key


def test_saves_are_described_by_game_players_and_moves(home) -> None:
    from tabletop import registry
    from tabletop.controller import Match
    from tabletop.controller import SeatConfig as Seat
    from tabletop.ui import launch
    from tabletop.ui.scenes.load_game import describe

    game = registry.get("majesty")
    m = Match(game, [Seat(name="Ann"), Seat("ai", "Bo", "easy")], 5)
    for _ in range(2):
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])
    path = m.save(launch.autosave_path())
    assert describe(path) == "Majesty: For the Realm · Ann vs 1 AI · 2 moves"
    broken = launch.saves_dir() / "broken.json"
    broken.write_text("{ nope", encoding="utf-8")
    assert describe(broken) == "broken (unreadable)"
    assert broken.is_file()  # describing never moves a file aside


def test_settings_drop_downs_change_with_the_arrow_keys(monkeypatch, tmp_path) -> None:
    from ui_shell_support import post_key

    from tabletop.ui.scenes.settings_scene import SettingsScene

    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(SettingsScene(app))
        post_key(pygame.K_TAB)  # the first control: animation speed (Normal)
        post_key(pygame.K_RIGHT)
        app.step(1 / 60)
        assert (
            app.settings.animation_speed == "Fast" and load_settings()[0].animation_speed == "Fast"
        )
        post_key(pygame.K_RIGHT)
        app.step(1 / 60)
        assert app.settings.animation_speed == "Instant" and app.crashes == 0
    finally:
        close_app()
