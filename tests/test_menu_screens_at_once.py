"""Menu screens open at once: a frame shows the scene before its slow parts are built (long
texts, the record, the saves' check), another game's player range shows on the event that picks
it, and no click is lost while a scene fills in.  Proved by order and counts, never by time."""

from __future__ import annotations

import os

import pygame
import pygame_gui
from save_support import played_match
from ui_shell_support import CourtToy, close_app, filled, make_app

from tabletop.engine.game import GameInfo
from tabletop.ui import catalog, places
from tabletop.ui.scenes import load_game, text_box
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.load_game import LoadScene
from tabletop.ui.scenes.new_game import NewGameScene
from tabletop.ui.scenes.records_scene import RecordsScene
from tabletop.ui.scenes.rules import RulesScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class BigToy(CourtToy):
    """A second game with another player range."""

    info = GameInfo("big", "Big Toy", 3, 6, information="imperfect")


def two_games(monkeypatch) -> None:
    games = {"toy": catalog.games()["toy"], "big": BigToy()}
    monkeypatch.setattr(catalog, "games", lambda: dict(games))


def record_frames(monkeypatch, cls: type, log: list[str]) -> None:
    real = cls.draw

    def draw(self, surface: pygame.Surface) -> None:
        log.append("frame")
        real(self, surface)

    monkeypatch.setattr(cls, "draw", draw)


def test_rules_and_credits_are_drawn_before_their_long_text_is_laid_out(
    monkeypatch, tmp_path
) -> None:
    from tabletop.ui.scenes.credits import CreditsScene

    app = make_app(monkeypatch, tmp_path)
    log: list[str] = []
    real = text_box.scaled_text_box
    monkeypatch.setattr(
        text_box, "scaled_text_box", lambda *a, **k: (log.append("text"), real(*a, **k))[1]
    )
    try:
        for cls, scene in ((RulesScene, RulesScene(app, "toy")), (CreditsScene, None)):
            record_frames(monkeypatch, cls, log)
            log.clear()
            app.push(scene or cls(app))
            assert log == []  # the click itself built nothing slow
            filled(app)
            assert log[:2] == ["frame", "text"], cls.__name__
            assert app.top.body is not None and "Back" in [b.text for b in app.top._actions]
        assert app.crashes == 0
    finally:
        close_app()


def test_records_and_saves_are_read_after_a_first_frame(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    log: list[str] = []
    real_offered, real_load = load_game.offered, RecordsScene.load
    monkeypatch.setattr(load_game, "offered", lambda: (log.append("read"), real_offered())[1])
    monkeypatch.setattr(RecordsScene, "load", lambda self: (log.append("read"), real_load(self))[1])
    try:
        for cls in (LoadScene, RecordsScene):
            record_frames(monkeypatch, cls, log)
            log.clear()
            app.push(cls(app))
            assert log == []
            filled(app)
            assert log[:2] == ["frame", "read"], cls.__name__
            app.pop()
        assert app.crashes == 0
    finally:
        close_app()


def count_elements(monkeypatch) -> list[object]:
    made: list[object] = []
    real = pygame_gui.core.UIElement.__init__

    def init(self, *a, **k) -> None:
        made.append(self)
        real(self, *a, **k)

    monkeypatch.setattr(pygame_gui.core.UIElement, "__init__", init)
    return made


def test_another_game_shows_its_player_range_on_the_event_that_picks_it(
    monkeypatch, tmp_path
) -> None:
    app = make_app(monkeypatch, tmp_path)
    two_games(monkeypatch)
    scene = NewGameScene(app, "toy")
    app.push(scene)
    filled(app)
    assert "(of 2–4)" in scene.players_label.text and scene.plus_button.is_enabled
    made = count_elements(monkeypatch)
    scene.handle_event(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=scene.game_menu,
            selected_option_id="big",
            text="Big Toy",
        )
    )
    # on the event itself: the new range and −/+, nothing of the form built again
    assert scene.players_label.text == "3  (of 3–6)" and len(made) <= 2
    assert not scene.minus_button.is_enabled and scene.plus_button.is_enabled
    assert not scene.form.visible  # the old game's seats and options are not left showing
    filled(app)
    assert scene.game_id == "big" and scene.form.visible and scene.summary_box is not None
    seats = [w for w, (what, _) in scene._widgets.items() if what == "seat_name"]
    assert len(seats) == 3 and app.crashes == 0
    close_app()


def click_at(pos: tuple[int, int]) -> None:
    for kind, extra in (
        (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def test_a_click_made_while_a_scene_fills_in_reaches_what_it_was_aimed_at(
    monkeypatch, tmp_path
) -> None:
    app = make_app(monkeypatch, tmp_path)
    played_match(6, seed=4).save(places.saves_dir() / "a.json")
    try:
        first = LoadScene(app)
        app.push(first)
        filled(app)
        delete = next(b for b in first._actions if b.text == "Delete").rect.center
        app.pop()
        app.step(1 / 60)
        scene = LoadScene(app)
        app.push(scene)
        click_at(delete)  # on a row not built yet: the saves are checked after a frame
        app.step(1 / 60)
        assert scene.filling and scene.rows == []
        filled(app)
        for _ in range(3):  # the press comes back as an event on the next frame
            app.step(1 / 60)
        assert isinstance(app.top, MessageDialog) and "Delete" in app.top.title
        assert app.crashes == 0
    finally:
        close_app()


def test_a_press_on_its_way_when_the_scene_is_rebuilt_still_counts(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    scene = NewGameScene(app, "toy")
    app.push(scene)
    filled(app)
    players = scene.players
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.plus_button)
    )
    scene.rebuild()  # say a drop-down changed in the same frame: the "+" above is gone
    filled(app)
    assert scene.players == players + 1 and app.crashes == 0
    close_app()
