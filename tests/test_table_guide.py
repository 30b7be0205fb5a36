"""The first-game guide: what it says and points at, when it shows, and that it fits."""

from __future__ import annotations

import pygame
import pytest
from table_driver import DT, key, make_app, open_table, settle, wait_for
from test_table_layers import _model, _ReadOnly

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.history.records import GameRecord, Records, SeatRecord
from tabletop.controller.match import AI
from tabletop.engine import DataError
from tabletop.engine.data.models import GUIDE
from tabletop.ui import typeset
from tabletop.ui.first_game import guide_starts_on
from tabletop.ui.settings import Settings, load_settings
from tabletop.ui.table import guide, paint
from tabletop.ui.table.scene import TableScene


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path) -> object:
    """User folders in a temporary home (settings, the record of finished games)."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _table(game_id: str, seats: list[SeatConfig], seed: int = 3) -> tuple[object, TableScene]:
    """A table with the guide on, waited on until the first person may act."""
    app = make_app((1280, 720))
    sc = open_table(app, registry.get(game_id), seats, seed=seed)
    sc.ctl.guide_on = True
    wait_for(app, lambda: bool(sc.legal) or sc.privacy is not None)
    sc.ctl.watch_delay = 99.0
    app.step(DT)
    return app, sc


def _me_and(n: int) -> list[SeatConfig]:
    return [SeatConfig(name="Ann")] + [SeatConfig(AI, f"Bot{i}", "easy") for i in range(1, n)]


def _label(sc: TableScene, zid: str) -> str:
    assert sc.layout is not None
    return sc.layout.zones[zid].label


# ---------------------------------------------------------------------- the data
def test_every_game_says_its_goal_and_turn_in_one_sentence() -> None:
    from tabletop.controller.game_data import game_data

    for gid, game in registry.games().items():
        about = game_data(game).game.guide
        assert 40 <= len(about) <= 400, gid
        assert about.count(". ") == 0 and about.endswith("."), gid  # one sentence
    assert GUIDE.check({"about": "Win."}, "game.yaml", "guide") == {"about": "Win."}
    with pytest.raises(DataError, match="unknown field"):
        GUIDE.check({"abut": "Win."}, "game.yaml", "guide")


# ---------------------------------------------------------------------- the words
def test_a_drag_names_its_source_and_target_zones_by_their_table_labels(home) -> None:
    app, sc = _table("majesty", _me_and(2))
    said = guide.advice(sc)
    assert said is not None
    first = said.steps[0]
    sources = {sc.by_uid[u].zone for u in sc.drags if u in sc.by_uid}
    targets = {sc.by_uid[t].zone if t in sc.by_uid else t for t in
               (a.gesture.target for acts in sc.drags.values() for a in acts)}  # fmt: skip
    assert first.startswith("Drag a card from ")
    for zid in sources:
        assert f"the {_label(sc, zid)}" in first, (zid, first)
    order = [z for z in sc.layout.zones if z in targets]
    for zid in order[:2]:  # the first targets in table order are named; the rest counted
        assert f"your {_label(sc, zid)}" in first, (zid, first)
    assert all(z not in first for z in sources | targets if z != _label(sc, z))  # no ids
    assert about_is_the_games(sc, said)
    # it outlines where the cards come from, and draws it all inside the side panel
    sc.draw(app.window)
    drawn = sc.drawn.guide
    assert drawn is not None
    assert [sc.layout.zones[z].rect for z in sources] == drawn.points
    assert sc.side_rect.contains(drawn.box)
    assert app.crashes == 0


def about_is_the_games(sc: TableScene, said: guide.Advice) -> bool:
    return said.about == sc.data.game.guide != ""


def test_a_panel_button_and_an_open_chooser_are_said(home) -> None:
    app, sc = _table("aristocracy", _me_and(2))
    said = guide.advice(sc)
    assert said is not None
    pressed = [b for b in sc.buttons if b.payload[0] == "act"]
    assert pressed, "the stall has a button to press"
    assert any(f"“{pressed[0].label}”" in s and s.endswith(" above.") for s in said.steps)
    assert pressed[0].rect in [r for p in said.points for r in [p] if p.contains(pressed[0].rect)]
    sc._act(list(sc.legal[:2]), (400, 300))  # several moves for one gesture: the chooser opens
    assert sc.chooser
    said = guide.advice(sc)
    assert said is not None and said.steps[0].startswith("Choose one of the options")
    assert app.crashes == 0


# ---------------------------------------------------------------------- when it is silent
def test_silent_on_an_ai_turn(home) -> None:
    app = make_app((1280, 720))
    game = registry.get("majesty")
    for seed in range(1, 40):  # an opening where the AI seat moves first
        sc = open_table(app, game, [SeatConfig(AI, "Bo", "easy"), SeatConfig(name="Ann")], seed)
        if sc.match.to_act() == [0]:
            break
    assert sc.match.to_act() == [0]
    sc.ctl.guide_on = True
    sc.ctl.watch_delay = 99.0
    assert guide.advice(sc) is None
    sc.draw(app.window)
    assert sc.drawn.guide is None
    wait_for(app, lambda: bool(sc.legal))  # the AI moved: now the person's turn
    assert guide.advice(sc) is not None
    assert app.crashes == 0


def test_silent_for_a_hidden_seat_and_points_only_at_what_the_seat_sees(home) -> None:
    """Two people at one screen, secret stalls: under the hand-off screen nothing is said;
    after it, only zones of the table and the panel's buttons are outlined, never a card."""
    app, sc = _table("aristocracy", [SeatConfig(name="Ann"), SeatConfig(name="Cy")])
    assert sc.privacy is not None and sc.shown is None
    assert guide.advice(sc) is None
    sc.draw(app.window)
    assert sc.drawn.guide is None
    key(app, pygame.K_RETURN, "\r")  # Ann takes the screen
    assert sc.shown is not None
    said = guide.advice(sc)
    assert said is not None
    zones = [b.rect for b in sc.layout.zones.values()]
    panel = [b.rect for b in sc.buttons]
    for r in said.points:
        assert r in zones or any(r.contains(b) for b in panel), r
    hidden = {
        str(c.get("card"))
        for zid, z in sc.view.get("zones", {}).items()
        for c in z.get("cards") or []
        if sc.layout.zones.get(zid) is not None
        and sc.layout.zones[zid].seat not in (None, sc.shown)
    }
    names = {sc.data.cards[c].name for c in hidden if c in sc.data.cards}
    assert not any(n in s for n in names for s in said.steps)
    assert app.crashes == 0


def test_drawing_the_guide_changes_no_scene_state(home) -> None:
    app, sc = _table("majesty", _me_and(3))
    before = _model(sc)
    sc.drawn.bg = None  # the chrome (where the guide is painted) drawn afresh each time
    sc.draw(app.window)
    assert _model(sc) == before
    sc.art.drawn.clear()
    sc.drawn.bg = None
    paint.frame(_ReadOnly(sc), app.window)
    assert sc.drawn.guide is not None
    assert _model(sc) == before


# ---------------------------------------------------------------------- on and off
def _record(game: str, kinds: list[str]) -> GameRecord:
    """A finished game with these seats (its seed told apart by them: one record each)."""
    seats = [SeatRecord(f"P{i}", k, None if k == "human" else "easy", 3, i == 0)
             for i, k in enumerate(kinds)]  # fmt: skip
    seed = sum(ord(c) * (i + 1) for i, c in enumerate("".join(kinds)))
    return GameRecord(game, {}, seed, 1.0, seats, [{"seat": 0, "action": {"n": 1}}])


def test_on_in_a_first_game_off_after_a_finished_one_or_once_dismissed(tmp_path) -> None:
    path = tmp_path / "records.sqlite3"
    s = Settings()
    assert guide_starts_on(s, "majesty", 1, path)  # no record at all
    assert not path.exists()  # asking creates nothing
    assert not guide_starts_on(s, "majesty", 0, path)  # nobody to guide
    with Records(path) as records:
        records.add(_record("majesty", ["ai", "ai"]))  # watched, not played
        records.add(_record("monarch", ["human", "ai"]))
    assert guide_starts_on(s, "majesty", 1, path)
    assert not guide_starts_on(s, "monarch", 1, path)
    with Records(path) as records:
        records.add(_record("majesty", ["ai", "human"]))
    assert not guide_starts_on(s, "majesty", 1, path)
    assert guide_starts_on(s, "mayflower", 1, path)
    s.guide_titles["mayflower"] = False  # G pressed in a Mayflower game
    assert not guide_starts_on(s, "mayflower", 1, path)
    s.guide_titles["monarch"] = True  # turned back on: kept on
    assert guide_starts_on(s, "monarch", 1, path)
    assert not guide_starts_on(Settings(guide=False), "aristocracy", 1, path)  # Settings: off


def test_a_damaged_record_is_left_alone_and_the_guide_helps(tmp_path) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"this is not a database" * 50)
    assert guide_starts_on(Settings(), "majesty", 1, path)
    assert path.read_bytes() == b"this is not a database" * 50  # not moved aside, not changed


def test_old_settings_files_load_and_bad_guide_entries_are_dropped() -> None:
    old = {"animation_speed": "Fast", "sound": False}  # written before the guide
    s = Settings.from_json(old)
    assert s.guide is True and s.guide_titles == {}
    s = Settings.from_json({"guide": False, "guide_titles": {"majesty": False, "x": "no", "y": 1}})
    assert s.guide is False and s.guide_titles == {"majesty": False}


def test_the_launch_turns_it_on_for_a_first_game_only(home) -> None:
    from tabletop.controller import Match
    from tabletop.ui import launch

    app = make_app((1280, 720))
    game = registry.get("majesty")
    launch._table(app, Match(game, _me_and(2), 3))
    assert app.top.guide_on
    with Records() as records:
        records.add(_record("majesty", ["human", "ai"]))
    launch._table(app, Match(game, _me_and(2), 4))
    assert not app.top.guide_on
    launch._table(app, Match(game, [SeatConfig(AI, "A", "easy"), SeatConfig(AI, "B", "easy")], 5))
    assert not app.top.guide_on


def test_the_g_key_toggles_it_and_the_choice_is_kept_for_the_title(home) -> None:
    app, sc = _table("majesty", _me_and(2))
    sc.draw(app.window)
    assert sc.drawn.guide is not None
    key(app, pygame.K_g, "g")
    assert not sc.guide_on
    sc.draw(app.window)
    assert sc.drawn.guide is None
    assert app.settings.guide_titles == {"majesty": False}
    assert load_settings()[0].guide_titles == {"majesty": False}  # written at once
    key(app, pygame.K_g, "g")
    assert sc.guide_on and load_settings()[0].guide_titles == {"majesty": True}
    assert app.crashes == 0


# ---------------------------------------------------------------------- it fits
@pytest.mark.parametrize("gid", list(registry.games()))
def test_no_guide_text_is_cut_at_720p(gid: str, home) -> None:
    game = registry.get(gid)
    for n in sorted({game.info.min_players, game.info.max_players}):
        app, sc = _table(gid, _me_and(n))
        assert sc.legal, (gid, n)
        with typeset.recording() as said:
            sc.draw(app.window)
        drawn = sc.drawn.guide
        assert drawn is not None, (gid, n)
        screen = pygame.Rect(0, 0, *app.window.get_size())
        assert screen.contains(drawn.box) and sc.side_rect.contains(drawn.box), (gid, n)
        inner = drawn.box.inflate(-2, -2)
        for words, r in drawn.rows:
            assert inner.contains(r), (gid, n, words, r, drawn.box)
        rows = {w for w, _ in drawn.rows}
        assert not [s for s in said if s.words in rows and s.full], (gid, n)
        steps = " ".join(w for w, _ in drawn.rows)
        assert "Drag" in steps or "Press" in steps or "Click" in steps, (gid, n, steps)
        for r in drawn.points:
            assert screen.contains(r), (gid, n, r)
        settle(app, 1)
        assert app.crashes == 0


@pytest.mark.parametrize("gid", ["majesty", "aristocracy"])
def test_frames_drawn_from_what_changed_show_the_guide_as_whole_frames(
    gid: str, home, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guide is painted with the chrome: while a card is carried over the table, each
    frame drawn from what changed equals the same frame drawn whole."""
    from table_driver import post
    from test_table_layers import _same

    from tabletop.ui.table import cardlayer

    monkeypatch.setattr(cardlayer.time, "monotonic", lambda: 1.0)  # the glows hold still

    app, sc = _table(gid, _me_and(2))
    uid = next(u for u in sc.drags if u in sc.by_uid)
    start = sc.by_uid[uid].rect.center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(DT)
    kept = 0
    for i in range(8):
        pos = (start[0] - 30 * i, start[1] - 20 * i)
        post(pygame.MOUSEMOTION, pos=pos, rel=(-30, -20), buttons=(1, 0, 0))
        app.step(DT)
        kept += sc.screen_kept
        assert sc.drawn.guide is not None
        partial = app.window.copy()
        app.screen_touched()
        app.draw()
        assert _same(partial, app.window) == 0, (gid, i)
    assert kept >= 6
    post(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1)
    app.step(DT)
    assert app.crashes == 0


def _crowded(room_from_bottom: int):
    """A Monarch table with its guide on, the panel's free room cut to ``room_from_bottom``
    design pixels above its foot (as if seats and buttons filled it), drawn once: the app,
    the scene and the guide's advice before the cut."""
    app = make_app((1280, 720))
    sc = open_table(app, registry.get("monarch"), _me_and(2), seed=4)
    sc.ctl.guide_on = True
    wait_for(app, lambda: bool(sc.legal))
    said = guide.advice(sc)
    assert said is not None and len(said.steps) >= 2
    sc.log_top = sc.size[1] - room_from_bottom
    sc.drawn.bg = None
    sc.draw(app.window)
    assert sc.drawn.guide is not None and app.crashes == 0
    return app, sc, said


def test_a_crowded_panel_keeps_the_likeliest_steps_whole(home) -> None:
    """Little room under the buttons: the game's sentence goes, then the last steps, and
    what is left still fits on screen, uncut."""
    _, sc, said = _crowded(95)
    drawn = sc.drawn.guide
    assert drawn.box.bottom <= sc.side_rect.bottom - 8  # its margin
    assert all(drawn.box.contains(r) for _, r in drawn.rows)
    shown = " ".join(w for w, _ in drawn.rows)
    assert said.steps[0].split()[0] in shown and said.about.split()[0] not in shown


def test_a_crowded_panel_leaves_the_log_its_lines(home) -> None:
    """With room for all the guide's steps or for a few log lines, not both, the guide
    drops steps and the log below it keeps guide.MIN_LOG design pixels."""
    from tabletop.ui.theme import px

    _, sc, _ = _crowded(160)
    assert sc.side_rect.bottom - sc.drawn.guide.box.bottom >= px(guide.MIN_LOG, sc.size[1])
