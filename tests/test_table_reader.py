"""The table speaks to the player whose seat it shows: "(you)" on the plate, "your" in the log;
a replay marks the watched seat instead and keeps the log in the third person."""

from __future__ import annotations

import os
from typing import Any

import pytest
from table_driver import DT, make_app, open_table, settle
from test_replay_seat import a_finished_hidden_game
from ui_shell_support import filled

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.controller.replay import Replay
from tabletop.engine import Event
from tabletop.engine.events import LOG
from tabletop.ui import typeset
from tabletop.ui.replay_scene import ReplayScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _drawn_text(app: Any, sc: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every line of text of one frame drawn from scratch."""
    lines: list[str] = []
    real = typeset.text

    def record(s: str, *args: Any, **kw: Any) -> Any:
        lines.append(s)
        return real(s, *args, **kw)

    monkeypatch.setattr(typeset, "text", record)
    sc._static = None
    sc.drawn.log_cache = None
    app.step(DT)
    monkeypatch.setattr(typeset, "text", real)
    return "\n".join(lines).replace("\n  ", " ")  # a wrapped log line read as one


def test_the_shown_seat_is_you_and_its_things_are_yours(monkeypatch) -> None:
    app = make_app()
    game = registry.get("majesty")
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(name="Bob")])
    settle(app, 5)
    line = "Player 2 has a Miller and gains 1 point from Player 1's Mill."
    real_log = sc.match.log_for
    monkeypatch.setattr(sc.match, "log_for", lambda seat: [*real_log(seat), Event(LOG, line)])
    text = _drawn_text(app, sc, monkeypatch)
    assert "Ann  (you)" in text
    assert "Bob has a Miller and gains 1 point from your Mill." in text
    assert "Ann's Mill" not in text


def test_a_replay_marks_the_watched_seat_and_keeps_the_third_person(monkeypatch) -> None:
    replay = Replay.of_match(a_finished_hidden_game(11))
    app = make_app()
    sc = ReplayScene(app, replay, seat=0)
    app.push(sc)
    settle(app, 2)
    name = sc.match.seats[0].name
    text = _drawn_text(app, sc, monkeypatch)
    assert f"{name}  (watched)" in text and "(you)" not in text


def test_r_opens_the_rules_of_this_match_with_its_options() -> None:
    from table_driver import key

    from tabletop.ui.scenes.rules import RulesScene

    app = make_app()
    game = registry.get("aristocracy")
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bob", "easy")]
    sc = open_table(app, game, seats, options={"length": "shorter", "hand_size": "5"})
    settle(app, 3)
    key(app, 114, "r")
    assert isinstance(app.top, RulesScene) and app.top.game_id == "aristocracy"
    filled(app)
    text = app.top.body.html_text
    assert "only one deck" in text and "more than 5 cards" in text  # the match's figures
    assert "3, 4 or 5 face-down cards" not in text
    key(app, 27, "")  # Esc: back to the table, still on
    assert app.top is sc and app.crashes == 0
