"""The Keys sheet (F1 / ?) and its one list of keys (tabletop.ui.keys): it opens and closes on
the title and the table, lists every key the table answers (and the table answers only listed
keys), holds the table's moves while open but not the AI, and fits its panel."""

from __future__ import annotations

import os

import pygame
import pytest
from court_game import COURT
from table_driver import DT, click, drag, make_app, open_table, patient_frames, settle
from ui_shell_support import filled

from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui import keys
from tabletop.ui.scenes.keys_sheet import KeysSheet
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.table.keyboard import LOG_PAGE
from tabletop.ui.theme import TYPE_SIZES

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

HUMAN_BOT = [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")]
BOTS = [SeatConfig(AI, "A", "easy"), SeatConfig(AI, "B", "easy")]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _event(code: int, text: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


def _press(app, code: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(_event(code, text, mod))
    app.step(DT)


def test_f1_and_question_mark_open_and_close_the_sheet_on_title_and_table() -> None:
    app = make_app()
    assert isinstance(app.top, TitleScene)
    _press(app, pygame.K_F1)
    assert isinstance(app.top, KeysSheet)
    _press(app, pygame.K_F1)
    assert isinstance(app.top, TitleScene)
    _press(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)  # "?" on any keyboard layout
    assert isinstance(app.top, KeysSheet)
    _press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)  # Esc closed the sheet, not the app
    _press(app, pygame.K_F1)
    click(app, (2, 2))  # outside the panel
    assert isinstance(app.top, TitleScene) and app.running
    # the title's Keys button opens it too; the sheet's Close button closes it
    title = app.top
    button = next(b for b in title._actions if b.text == "Keys (F1)")
    click(app, button.rect.center)
    app.step(DT)  # pygame_gui posts the press for the next frame
    sheet = app.top
    assert isinstance(sheet, KeysSheet)
    click(app, sheet.default_button.rect.center)
    app.step(DT)
    assert app.top is title

    sc = open_table(app, COURT, HUMAN_BOT)
    _press(app, pygame.K_F1)
    assert isinstance(app.top, KeysSheet) and app.top.below is sc
    _press(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert app.top is sc
    settle(app, 2)  # the chrome draws the "F1 Keys" hint over the log: a click on it opens
    assert sc.keys_hint_rect is not None and sc.side_rect.contains(sc.keys_hint_rect)
    click(app, sc.keys_hint_rect.center)
    assert isinstance(app.top, KeysSheet)
    _press(app, pygame.K_ESCAPE)
    assert app.top is sc and app.crashes == 0


def test_a_question_mark_typed_into_a_text_entry_stays_text() -> None:
    from tabletop.ui.scenes.new_game import NewGameScene

    app = make_app()
    scene = NewGameScene(app)
    app.push(scene)
    filled(app)
    entry = next(e for e in scene._order if type(e).__name__ == "EntryKeys")
    scene.set_focus(scene._order.index(entry))
    assert scene._typing()
    _press(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert app.top is scene
    _press(app, pygame.K_F1)  # F1 still opens it
    assert isinstance(app.top, KeysSheet)


def _state(app, sc) -> tuple:
    return (
        sc.focus, len(sc.match.history), sc.log_scroll, sc.hint_pending, sc.toast, sc.paused,
        sc.ctl.step, sc.fast, app.settings.sound, len(app.stack), sc.privacy, len(sc.chooser),
        getattr(sc, "chooser_pick", None), getattr(sc, "chooser_typed", None),
    )  # fmt: skip


def test_every_table_handler_is_listed_and_every_listed_key_does_something() -> None:
    app = make_app()
    sc = open_table(app, COURT, HUMAN_BOT)
    table = [b for b in keys.BINDINGS if b.where == "table"]
    assert set(sc.key_handlers()) == {b.action for b in table}
    bots = _scene(app, BOTS)
    for b in table:
        scene = bots if b.action in ("pause", "step", "fast") else sc
        if b.action == "enter":
            scene.ctl.focus = 0  # a focused move to play
        if b.action == "escape":
            scene.ctl.focus = 0  # something to cancel
        if b.action == "undo" and not sc.match.can_undo(0):
            uid = sc.match.state.hands[0][0]
            sc.apply(0, sc.drags[uid][0])
        for code in b.keys:
            if b.action in ("focus", "enter", "escape", "undo") and code != b.keys[0]:
                continue  # those change the position; their first key is enough
            if b.action == "log":
                scene.ctl.log_scroll = LOG_PAGE  # room to scroll both ways
            before = _state(app, scene)
            scene.handle_event(_event(code, "", pygame.KMOD_CTRL if b.ctrl else 0))
            assert _state(app, scene) != before, (b.label, pygame.key.name(code))
    assert app.crashes == 0


def _scene(app, seats):
    """A table scene not pushed on the app: its keys are sent straight to it."""
    from tabletop.controller import Match
    from tabletop.ui.table.scene import TableScene

    return TableScene(app, Match(COURT, seats, 3))


def test_the_table_answers_no_key_that_is_not_listed() -> None:
    app = make_app()
    human = open_table(app, COURT, HUMAN_BOT)
    human.ctl.focus = 0
    bots = _scene(app, BOTS)
    listed = [b for b in keys.BINDINGS if b.where in ("table", "app")]
    codes = sorted({getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")})
    tried = 0
    for scene in (human, bots):
        for code in codes:
            for mod in (0, pygame.KMOD_CTRL):
                ev = _event(code, "", mod)
                if any(b.matches(ev) for b in listed):
                    continue
                before = _state(app, scene)
                scene.handle_event(ev)
                assert _state(app, scene) == before, (pygame.key.name(code), mod)
                tried += 1
    assert tried > 300


def test_chooser_and_hand_off_keys_are_the_listed_ones() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(name="Bob")])
    assert sc.privacy == 0
    for b in (b for b in keys.BINDINGS if b.where == "privacy"):
        for code in b.keys:
            sc.interaction.hand_over(0)
            sc.handle_event(_event(code))
            assert sc.privacy is None, pygame.key.name(code)
    uid = sc.match.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("discard").center)
    assert len(sc.chooser) == 2
    by_action = {b.action: b for b in keys.BINDINGS if b.where == "chooser"}
    assert set(by_action) == {"pick", "type", "erase"}
    for code in by_action["pick"].keys:
        before = sc.chooser_pick
        sc.handle_event(_event(code))
        assert sc.chooser_pick != before, pygame.key.name(code)
    sc.handle_event(_event(pygame.K_s, "s"))  # a typed letter jumps to "Score a point"
    assert sc.chooser_typed == "s" and sc.chooser_pick == 1
    sc.handle_event(_event(by_action["erase"].keys[0]))
    assert sc.chooser_typed == ""
    assert not sc.match.history


def test_listed_menu_keys_work_on_the_title() -> None:
    app = make_app()
    title = app.top
    by_action = {b.action: b for b in keys.BINDINGS if b.where == "menus"}
    for code in by_action["move"].keys:
        before = title.focus
        _press(app, code)
        assert title.focus != before, pygame.key.name(code)
    title.set_focus(title._order.index(title.default_button))  # New game
    _press(app, by_action["press"].keys[0])
    assert app.top is not title
    app.go_home()
    _press(app, by_action["back"].keys[0])
    assert app.top is not app.stack[0]  # Esc asks before quitting


def test_moves_wait_while_the_sheet_is_open_and_the_ai_goes_on() -> None:
    app = make_app()
    sc = open_table(app, COURT, HUMAN_BOT)
    uid = sc.match.state.hands[0][0]
    _press(app, pygame.K_F1)
    assert isinstance(app.top, KeysSheet)
    _press(app, pygame.K_TAB)  # the keys go to the sheet: Tab focuses its Close button …
    assert sc.focus == -1
    _press(app, pygame.K_RETURN)  # … and Enter presses it, playing nothing at the table
    assert app.top is sc and not sc.match.history
    _press(app, pygame.K_F1)
    sheet = app.top
    assert sheet.panel_rect.collidepoint(sc.by_uid[uid].rect.center)  # the card is under it
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("p0.court").center)
    assert app.top is sheet and not sc.match.history and sc.dragging is None
    click(app, (2, 2))  # a press outside the panel only closes the sheet
    assert app.top is sc and not sc.match.history
    _press(app, pygame.K_TAB)  # closed: the table has the keys again
    assert sc.focus == 0
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("p0.court").center)
    assert len(sc.match.history) == 1

    bots = open_table(app, COURT, BOTS)
    bots.ctl.watch_delay = 0.0
    _press(app, pygame.K_F1)
    assert isinstance(app.top, KeysSheet)
    for _ in patient_frames(200):
        app.step(DT)
        if len(bots.match.history) >= 2:
            break
    assert len(bots.match.history) >= 2  # the table below kept playing its AI seats
    assert isinstance(app.top, KeysSheet) and app.crashes == 0


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_the_sheet_draws_every_line_inside_its_panel(size) -> None:
    app = make_app(size)
    _press(app, pygame.K_F1)
    sheet = app.top
    assert isinstance(sheet, KeysSheet)
    drawn = sheet.text_rects
    assert sheet.type_size == TYPE_SIZES["body"]  # room enough: not shrunk
    lines = [b for _, group in keys.by_group() for b in group]
    assert len(lines) == len(keys.BINDINGS)
    assert len(drawn) == len(keys.GROUPS) + 2 * len(keys.BINDINGS)
    body = sheet.body_rect
    assert sheet.panel_rect.contains(body)
    for r in drawn:
        assert body.contains(r), (r, body)
    for i, a in enumerate(drawn):  # no two texts overlap
        assert a.collidelist(drawn[i + 1 :]) < 0, a
    assert not body.colliderect(sheet.default_button.rect)


def test_listed_menu_keys_scroll_and_change_drop_downs_and_no_other_key_acts() -> None:
    from tabletop.ui.scenes.base import MenuKeys
    from tabletop.ui.scenes.new_game import NewGameScene
    from tabletop.ui.scenes.rules import RulesScene

    app = make_app()
    by_action = {b.action: b for b in keys.BINDINGS if b.where == "menus"}
    rules = RulesScene(app)
    app.push(rules)
    filled(app)
    bar = rules.body.scroll_bar
    assert bar is not None
    for code, end in zip(by_action["scroll"].keys, (0.0, 1.0, 0.0, 1.0), strict=True):
        bar.set_scroll_from_start_percentage(0.5 * (1 - bar.visible_percentage))
        before = bar.start_percentage
        _press(app, code)
        assert bar.start_percentage != before, pygame.key.name(code)
        assert (bar.start_percentage > before) == bool(end), pygame.key.name(code)
    app.go_home()
    new = NewGameScene(app)
    app.push(new)
    app.step(DT)
    i = next(i for i, e in enumerate(new._order) if isinstance(e, MenuKeys) and len(e.ids) > 2)
    ids, first = new._order[i].ids, new._order[i].current
    new.set_focus(i)
    for code in by_action["change"].keys:  # Left, then Right: away and back again
        _press(app, code)
        filled(app)  # another game: its form is filled in a frame later
        now = next(e for e in new._order if isinstance(e, MenuKeys) and e.ids == ids).current
        assert (now != first) == (code == by_action["change"].keys[0]), pygame.key.name(code)
    app.go_home()
    title = app.top
    title.set_focus(1)
    listed = [b for b in keys.BINDINGS if b.where in ("menus", "app")]
    codes = sorted({getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")})
    for code in codes:
        ev = _event(code)
        if any(b.matches(ev) for b in listed):
            continue
        title.handle_event(ev)
        assert title.focus == 1 and app.top is title, pygame.key.name(code)
