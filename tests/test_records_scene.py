"""The Records screen: reachable from the title, the same figures as `tabletop stats`, a chart,
the latest games replayable, a damaged record said in words."""

from __future__ import annotations

import os

import pygame
import pytest
from table_driver import DT, click, make_app, settle
from test_replay_seat import a_finished_hidden_game
from ui_shell_support import filled

from tabletop.controller.history import records
from tabletop.controller.history.records import Records
from tabletop.controller.history.stats import player_stats
from tabletop.ui.replay_scene import ReplayScene
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.records_scene import RecordsScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def press(app, scene, starts: str) -> None:
    b = next(b for b in scene._actions if b.text.startswith(starts))
    click(app, b.rect.center)
    app.step(DT)


def test_from_the_title_to_a_replay() -> None:
    match = a_finished_hidden_game(11)
    gid, note = records.record_match(match)
    assert gid is not None and note == ""
    app = make_app()
    settle(app, 2)
    press(app, app.top, "Records")
    scene = app.top
    assert isinstance(scene, RecordsScene)
    filled(app)
    with Records() as db:
        assert [s.name for s in scene.stats] == [s.name for s in player_stats(db)]
    assert scene.stats and scene.stats[0].games == 1
    surface = pygame.Surface(app.size)
    scene.draw(surface)  # the table and the chart draw without error
    assert surface.get_at(scene.chart_rect.center) != surface.get_at((1, 1))
    press(app, scene, "Replay:")
    assert isinstance(app.top, ReplayScene)
    assert app.top.replay.length == len(match.history)
    assert app.crashes == 0


def test_a_damaged_record_is_said_and_moved_aside(tmp_path) -> None:
    path = records.default_path()
    path.write_bytes(b"garbage" * 500)
    app = make_app()
    app.push(RecordsScene(app))
    settle(app, 2)
    assert isinstance(app.top, MessageDialog) and "moved aside" in app.top.text
    assert any(p.name.startswith("records.sqlite3.corrupt-") for p in path.parent.iterdir())
    assert app.crashes == 0


def test_a_hot_seat_game_played_in_the_app_is_recorded() -> None:
    from tabletop.controller import SeatConfig
    from tabletop.engine import Rng
    from tabletop.ui import launch
    from tabletop.ui.match_config import MatchConfig

    done = a_finished_hidden_game(11)  # a game id and seed that end quickly at random
    config = MatchConfig(
        done.game.info.id, [SeatConfig(name="Ann"), SeatConfig(name="Bea")], {}, 11
    )
    app = make_app()
    launch.start_match(app, config)
    table = app.top
    match = table.match
    rng = Rng(11)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal(seat)))
    assert match.record_id is not None
    with Records() as db:
        got = db.get(match.record_id)
    assert got is not None and [s.who() for s in got.seats] == ["Ann", "Bea"]
    assert len(got.actions) == len(match.history)
    app.replace(app.results_scene(match))
    app.step(DT)
    assert app.crashes == 0


def test_a_failed_recording_is_said_on_the_results(monkeypatch) -> None:
    from tabletop.ui.scenes.results import scene_for_match

    match = a_finished_hidden_game(5)
    match.record_note = "The finished game could not be recorded: disk full"
    app = make_app()
    app.push(scene_for_match(app, match))
    app.step(DT)
    assert isinstance(app.top, MessageDialog) and "disk full" in app.top.text


def test_the_results_replay_reads_the_record() -> None:
    from tabletop.ui.scenes.results import scene_for_match

    match = a_finished_hidden_game(5)
    app = make_app()
    results = scene_for_match(app, match)
    app.push(results)
    settle(app, 2)
    record = records.record_of_match(match)
    record.actions = record.actions[:3]  # told apart from the match by its length
    with Records() as db:
        match.record_id = db.add(record)
    press(app, results, "Replay")
    assert isinstance(app.top, ReplayScene) and app.top.replay.length == 3
    app.pop()
    match.record_id = 999  # gone from the record: the match's own moves are used
    press(app, results, "Replay")
    assert isinstance(app.top, ReplayScene)
    assert app.top.replay.length == len(match.history) and app.crashes == 0


def test_the_game_button_filters_the_figures() -> None:
    from tabletop.controller.history.records import GameRecord, SeatRecord

    with Records() as db:
        for i, game in enumerate(["majesty", "monarch", "majesty"]):
            db.add(GameRecord(game, {}, i, float(i), [SeatRecord("Ada", "human", None, i, True)]))
    app = make_app()
    scene = RecordsScene(app)
    app.push(scene)
    settle(app, 2)
    assert {s.game for s in scene.stats} == {"majesty", "monarch"}
    press(app, app.top, "Game:")
    assert scene.game == "majesty" and [s.games for s in scene.stats] == [2]
    assert all(r.game == "majesty" for r in scene.recent) and len(scene.recent) == 2
    press(app, app.top, "Game:")
    press(app, app.top, "Game:")
    assert scene.game == "" and app.crashes == 0
