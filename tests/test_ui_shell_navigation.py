"""Driving the menus with posted events: title → new game → back, and starting a match."""

from __future__ import annotations

import pygame
from ui_shell_support import button_named, click, close_app, filled, make_app, post_key

from tabletop.controller import SeatConfig
from tabletop.ui import launch
from tabletop.ui.app import App
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.new_game import NewGameScene
from tabletop.ui.scenes.title import TitleScene


def _frames(app, n: int = 2) -> None:
    """``n`` frames, then until the top scene has filled in (input made while it filled in
    is handled then) and two more for the presses that come back as events."""
    for _ in range(n):
        app.step(1 / 60)
    filled(app)
    for _ in range(2):
        app.step(1 / 60)


def _new_game(monkeypatch, tmp_path):
    """The app with the New game form on top; matches it starts are collected, not opened."""
    started: list = []
    monkeypatch.setattr(launch, "start_match", lambda app, config: started.append(config))
    app = make_app(monkeypatch, tmp_path)
    app.push(NewGameScene(app))
    return app, app.top, started


def test_title_to_new_game_and_back_with_keys_and_clicks(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        _frames(app)
        assert isinstance(app.top, TitleScene)
        # Continue is disabled without an autosave, so Enter picks New game.
        assert not button_named(app.top, "Continue").is_enabled
        post_key(pygame.K_RETURN)
        _frames(app)
        assert isinstance(app.top, NewGameScene) and len(app.stack) == 2
        post_key(pygame.K_ESCAPE)
        _frames(app)
        assert isinstance(app.top, TitleScene) and len(app.stack) == 1
        # The same with the mouse, and Back.
        click(button_named(app.top, "New game"))
        _frames(app)
        assert isinstance(app.top, NewGameScene)
        click(button_named(app.top, "Back"))
        _frames(app)
        assert isinstance(app.top, TitleScene)
        # Arrow keys move the focus (past Play online, Load and Records); Enter: Rules.
        for _ in range(5):
            post_key(pygame.K_DOWN)
        post_key(pygame.K_RETURN)
        _frames(app)
        assert type(app.top).__name__ == "RulesScene"
        assert app.crashes == 0
    finally:
        close_app()


def test_continue_never_offers_an_autosave_that_fails(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(NewGameScene(app))
        launch.autosave_path().write_text("{}", encoding="utf-8")  # a broken autosave appears
        app.pop()
        # It is checked before Continue is offered: moved aside, and the title says why.
        assert isinstance(app.top, MessageDialog)
        assert app.top.title == "The interrupted game could not be used"
        assert "moved aside" in app.top.text and "Error" not in app.top.text
        assert not launch.autosave_path().exists()
        app.top.choose(0)
        assert not button_named(app.top, "Continue").is_enabled
        assert app.crashes == 0
    finally:
        close_app()


def test_new_game_builds_the_match_config(monkeypatch, tmp_path) -> None:
    started = []
    monkeypatch.setattr(launch, "start_match", lambda app, config: started.append(config))
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(NewGameScene(app))
        _frames(app)
        scene = app.top
        assert scene.players == 2
        click(button_named(scene, "+"))
        _frames(app)
        assert scene.players == 3
        click(button_named(scene, "+"))
        _frames(app)
        click(button_named(scene, "+"))  # 4 is the maximum
        _frames(app)
        assert scene.players == 4 and not button_named(scene, "+").is_enabled
        click(button_named(scene, "−"))
        _frames(app)
        assert scene.players == 3
        click(button_named(scene, "No"))  # the bool option "Short game"
        _frames(app)
        assert scene.options["short"] is True
        scene.seats[2] = SeatConfig.chosen("hard", scene.seats[2].name)
        scene.seats[1] = SeatConfig.chosen(scene.seats[1].choice, "  Bo  ")
        scene.options["rounds"] = "5"
        scene.seed_text = "77"
        post_key(pygame.K_RETURN)  # Start is the default button
        _frames(app)
        assert len(started) == 1
        config = started[0]
        assert config.game_id == "toy" and config.players == 3 and config.seed == 77
        assert config.options == {"variant": "plain", "short": True, "rounds": 5}
        assert [s.choice for s in config.seats] == ["human", "normal", "hard"]
        assert [s.is_ai for s in config.seats] == [False, True, True]
        assert config.names[1] == "Bo"
        assert config.to_json()["seats"][2] == {"kind": "ai", "name": "Bastian", "level": "hard"}
    finally:
        close_app()


def test_start_problems_are_explained_in_a_dialog(monkeypatch, tmp_path) -> None:
    def refuse(app, config):
        raise ValueError(f"no table for {config.game_id} today")

    monkeypatch.setattr(launch, "start_match", refuse)
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(NewGameScene(app))
        scene = app.top
        scene.options["rounds"] = "many"
        scene.start()
        assert isinstance(app.top, MessageDialog) and "rounds" in app.top.text
        post_key(pygame.K_ESCAPE)
        _frames(app)
        assert app.top is scene
        scene.options["rounds"] = "4"
        scene.start()
        assert isinstance(app.top, MessageDialog)
        assert app.top.title == "Cannot start the match"
        assert "no table for toy today" in app.top.text
        assert app.crashes == 0
    finally:
        close_app()


def test_new_game_remembers_the_last_set_up(monkeypatch, tmp_path) -> None:
    app, scene, started = _new_game(monkeypatch, tmp_path)
    try:
        # the first seat is named, not "You" (the log would read "You takes…")
        assert scene.seats[0].name == "Player 1"
        scene.set_players(3)
        scene.seats[0] = SeatConfig.chosen("human", "Mara")
        scene.seats[2] = SeatConfig.chosen("hard", scene.seats[2].name)
        scene.options["rounds"] = "5"
        scene.options["variant"] = "royal"
        scene.start()
        assert started and started[0].names[0] == "Mara"
        app.pop()
        # a new form, and a new app reading the settings file, show the same set-up
        for _ in range(2):
            app.push(NewGameScene(app))
            again = app.top
            assert again.players == 3
            assert [(s.choice, s.name) for s in again.seats[:3]] == [
                ("human", "Mara"),
                ("normal", "Aurelia"),
                ("hard", "Bastian"),
            ]
            assert again.options == {"variant": "royal", "short": False, "rounds": 5}
            app.pop()
            close_app()
            app = App(size=(1280, 720))  # same home, same fake catalog
            app.start()
        # a remembered value the game no longer accepts falls back to the default
        app.settings.last_setup["options"]["toy"]["variant"] = "imperial"
        app.push(NewGameScene(app))
        assert app.top.options["variant"] == "plain" and app.crashes == 0
    finally:
        close_app()


def test_new_game_can_be_set_up_with_the_keyboard_alone(monkeypatch, tmp_path) -> None:
    from tabletop.ui.scenes.base import EntryKeys, MenuKeys

    app, scene, started = _new_game(monkeypatch, tmp_path)
    try:

        def role(target):
            element = getattr(target, "menu", None) or getattr(target, "entry", None) or target
            return scene._widgets.get(element) or getattr(element, "text", None)

        def tab_to(wanted) -> None:
            for _ in range(30):
                post_key(pygame.K_TAB)
                _frames(app, 1)
                if role(scene.focused_button) == wanted:
                    return
            raise AssertionError(f"Tab never reached {wanted}")

        tab_to("+")
        post_key(pygame.K_RETURN)
        _frames(app, 1)
        assert scene.players == 3
        tab_to(("seat_kind", 2))
        assert isinstance(scene.focused_button, MenuKeys)
        post_key(pygame.K_RIGHT)  # human, easy, normal, hard: normal → hard
        _frames(app, 1)
        assert scene.seats[2].choice == "hard" and role(scene.focused_button) == ("seat_kind", 2)
        tab_to(("seat_name", 2))
        assert isinstance(scene.focused_button, EntryKeys) and scene.focused_button.entry.is_focused
        scene.focused_button.entry.set_text("")
        for ch in "Zed":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        _frames(app, 2)
        assert scene.seats[2].name == "Zed"
        tab_to(("option", "variant"))  # Tab leaves the text entry
        post_key(pygame.K_LEFT)  # plain → royal (wrapping round)
        _frames(app, 1)
        assert scene.options["variant"] == "royal"
        tab_to("Start")
        post_key(pygame.K_RETURN)
        _frames(app, 1)
        assert started and started[0].players == 3 and started[0].names[2] == "Zed"
        assert started[0].seats[2].level == "hard" and started[0].options["variant"] == "royal"
        assert app.crashes == 0
    finally:
        close_app()
