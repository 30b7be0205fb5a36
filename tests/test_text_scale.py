"""The text scale (Settings: Text scale, 100–200 %) reaches every kind of text — the table's
log, prompt and panel, the menus' pygame_gui widgets, the headings drawn by hand — and
leaves the cards alone: the zones' card sizes and a face's pixels do not change with it.
It is saved with the other settings, and Ctrl + / Ctrl − step it at the table."""

from __future__ import annotations

import pygame
import pytest
from table_driver import make_app

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng
from tabletop.ui import fonts, typeset
from tabletop.ui.scenes.settings_scene import SettingsScene
from tabletop.ui.settings import TEXT_SCALES, Settings, load_settings, save_settings
from tabletop.ui.table import paint
from tabletop.ui.table.scene import TableScene


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _table(text_scale: int, gid: str = "majesty") -> TableScene:
    app = make_app((1280, 720), text_scale)
    game = registry.games()[gid]
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bob", "easy")]
    sc = TableScene(app, Match(game, seats, 5))
    app.push(sc)
    sc.ctl.paused = True
    sc.draw(app.window)
    return sc


def _sizes(sc: TableScene) -> dict[str, object]:
    """What a frame of ``sc`` drew: each kind of text's height, and the cards' sizes."""
    with typeset.recording() as said:
        sc.drawn.static = sc.drawn.bg = None
        sc.draw(sc.app.window)
    log = [s.size for s in said if s.words == "LOG"]  # the log's heading, at its lines' size
    turn = [s.size for s in said if s.words == paint.turn_line(sc)]
    cid = next(iter(sc.data.cards))
    return {
        "log_size": max(log),
        "turn": max(turn),
        "button": max(b.rect.h for b in sc.buttons),
        "cards": sorted((z, b.card_w, b.card_h) for z, b in sc.layout.zones.items()),
        "face": sc.art.face(cid, 90, 126).get_size(),
        "felt": sc.felt_rect.size,
    }


def test_the_scale_reaches_the_table_text_and_not_the_cards() -> None:
    """At 150 % the log's type is about 1.5 times as tall, so is the turn line and the panel's
    buttons; the zones' card sizes, the table's felt and a card face stay as they were."""
    small = _sizes(_table(100))
    large = _sizes(_table(150))
    assert 1.35 <= large["log_size"] / small["log_size"] <= 1.65
    assert 1.35 <= large["turn"] / small["turn"] <= 1.65, (small["turn"], large["turn"])
    assert large["button"] >= small["button"] * 1.3  # padding grows less than the words
    assert large["cards"] == small["cards"]
    assert large["felt"] == small["felt"]
    assert large["face"] == small["face"]


def test_card_faces_are_drawn_unscaled() -> None:
    """A face's words are set inside :func:`fonts.unscaled`: the pixels of a face drawn at
    150 % text are the pixels drawn at 100 %."""
    faces = []
    for scale in (100, 150):
        sc = _table(scale)
        sc.art._faces.clear()
        cid = next(c for c in sc.data.cards if sc.art.style_of(c) == "illustrated")
        faces.append(pygame.image.tobytes(sc.art.face(cid, 120, 168), "RGBA"))
    assert faces[0] == faces[1]


def _gui_font_height(app, object_id: str) -> int:
    ui = app.make_ui()
    return ui.get_theme().get_font([object_id, "button"]).get_rect("Ag").height


@pytest.mark.parametrize("object_id", ["#menu_button", "button", "label"])
def test_the_scale_reaches_the_menus(object_id: str) -> None:
    """pygame_gui's theme sets a menu button's, a button's and a label's type 1.5 times
    larger at 150 %, and a menu's heading drawn by hand grows too."""
    heights = {}
    for scale in (100, 150):
        app = make_app((1280, 720), scale)
        heights[scale] = _gui_font_height(app, object_id)
    assert 1.35 <= heights[150] / heights[100] <= 1.65, heights


def test_fonts_scale_in_one_place_and_card_faces_opt_out() -> None:
    fonts.set_text_scale(150)
    try:
        assert fonts.font("body", 20).get_height() > fonts._load("body", 20).get_height()
        assert fonts.scaled(20) == 30
        with fonts.unscaled():
            assert fonts.scaled(20) == 20
            assert fonts.font("body", 20) is fonts._load("body", 20)
    finally:
        fonts.set_text_scale(100)
    with_100 = typeset.measure("Court", 20)
    fonts.set_text_scale(200)
    try:
        assert typeset.measure("Court", 20) >= with_100 * 1.8  # the width cache keys on it
    finally:
        fonts.set_text_scale(100)


def test_the_setting_is_saved_and_checked(tmp_path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(text_scale=175), path)
    assert load_settings(path)[0].text_scale == 175
    for bad in (130, "150", True, 0, 500):
        assert Settings.from_json({"text_scale": bad}).text_scale == 100
    assert TEXT_SCALES == (100, 125, 150, 175, 200)


def test_the_settings_scene_offers_the_scale_and_fits_at_every_scale() -> None:
    """Text scale is a row of the Settings scene, and at every scale each row's control
    and label lie inside the window, above the Back button."""
    for scale in TEXT_SCALES:
        app = make_app((1280, 720), scale)
        scene = SettingsScene(app)
        app.push(scene)
        scene.draw(app.window)
        assert "text_scale" in scene._menus.values()
        window = pygame.Rect((0, 0), app.size)
        back = scene.default_button.rect
        for widget in scene.ui.get_sprite_group().sprites():
            r = getattr(widget, "rect", None)
            if r is None or not r.w or widget is scene.default_button:
                continue
            assert window.contains(r), (scale, r)
        rows = [m.rect for m in scene._menus]
        assert max(r.bottom for r in rows) <= back.top, scale


def _final_sheet(text_scale: int, gid: str, players: int) -> tuple[TableScene, list]:
    """A finished game's table with its whole score sheet shown, and what it said."""
    app = make_app((1280, 720), text_scale)
    game = registry.games()[gid]
    seats = [SeatConfig(name="Marie-Antoinette")] + [
        SeatConfig(AI, f"Bartholomew {i}", "easy") for i in range(1, players)
    ]
    m = Match(game, seats, 11)
    rng = Rng(4)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    sc = TableScene(app, m)
    app.push(sc)
    sc.ctl.paused = True
    sc.ctl.final_t = 99.0  # every row shown
    with typeset.recording() as said:
        sc.draw(app.window)
    return sc, said


@pytest.mark.parametrize("gid", ["mayflower", "your_majesty"])
def test_the_score_sheet_grows_and_cuts_nothing_at_150(gid: str) -> None:
    """Six seats' final scoring at 150 %: its rows taller than at 100 %, every word whole
    (a name or figure too wide shrinks, never cut), and Continue inside the window."""
    rows = {}
    for scale in (100, 150):
        sc, said = _final_sheet(scale, gid, 6)
        cuts = [s for s in said if s.full and not s.planned]
        assert not cuts, cuts
        b = sc.drawn.final_button
        assert b is not None and pygame.Rect((0, 0), sc.size).contains(b.rect)
        rows[scale] = min(r.h for r in sc.drawn.score_rows.values())
    assert rows[150] > rows[100]


def test_ctrl_plus_and_minus_step_the_scale_at_the_table() -> None:
    """Ctrl + (or Ctrl =) and Ctrl − step the text scale at the table, saved at once; the
    felt, and so the cards, keep their size; it stops at 100 % and 200 %."""
    sc = _table(100)
    app = sc.app
    felt = sc.felt_rect.size
    steps = [(pygame.K_EQUALS, 125), (pygame.K_KP_PLUS, 150), (pygame.K_MINUS, 125)]
    for key, want in steps:
        sc.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL))
        assert app.settings.text_scale == want
        assert fonts.text_scale() == want / 100
    assert load_settings()[0].text_scale == 125  # saved at once
    sc.draw(app.window)
    assert sc.felt_rect.size == felt
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS, mod=0))
    assert app.settings.text_scale == 125  # without Ctrl: not this binding
    for _ in range(6):
        app.step_text_scale(+1)
    assert app.settings.text_scale == 200
    for _ in range(6):
        app.step_text_scale(-1)
    assert app.settings.text_scale == 100


@pytest.mark.parametrize("gid", sorted(registry.games()))
def test_at_200_the_crowded_table_stays_usable(gid: str) -> None:
    """At 200 % on 1280×720, each game at its most players keeps every panel button inside
    the window, the viewer's own box, and a log of at least two lines (the other seats'
    boxes give way to their name plates where even folded they leave less)."""
    game = registry.games()[gid]
    n = game.info.max_players
    app = make_app((1280, 720), 200)
    seats = [SeatConfig(name="Marie-Antoinette")] + [
        SeatConfig(AI, f"Bartholomew {i}", "easy") for i in range(1, n)
    ]
    m = Match(game, seats, 17)
    rng = Rng(9)
    for i in range(40 * n):  # some moves in, then on to the player's own move
        if m.is_over() or (i >= 10 * n and 0 in m.to_act()):
            break
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    sc = TableScene(app, m)
    app.push(sc)
    sc.ctl.paused = True
    sc.draw(app.window)
    window = pygame.Rect((0, 0), sc.size)
    assert sc.buttons and all(window.contains(b.rect) for b in sc.buttons)
    assert sc.drawn.log_lines >= 2
    assert sc.shown in sc.drawn.seat_boxes
