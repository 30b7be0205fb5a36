"""Monarch in the real app: a human (posted mouse events only) against two AI sisters, from the
first turn to the results screen, building an improvement by drag and answering a Moon."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_driver import DT, finish_to_results, make_app, open_table, patient_frames, perform

from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng
from tabletop.games.monarch import GAME
from tabletop.games.monarch.data import catalog


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def test_a_human_plays_against_two_ai_sisters_to_the_results() -> None:
    app = make_app()
    sc = open_table(
        app,
        GAME,
        [SeatConfig(name="Ann"), SeatConfig(AI, "Hilde", "easy"), SeatConfig(AI, "Konrad", "easy")],
        seed=4,
    )
    m = sc.match
    # the Invaders lie second from the top of the deck: an early refill reveals them
    invaders = catalog().named("invaders-at-the-border")
    m.state.deck.remove(invaders)
    m.state.deck.insert(len(m.state.deck) - 1, invaders)
    GAME.touch(m.state)
    greedy = GAME.heuristic_agent("greedy")
    rng = Rng(9)
    built = pledged = 0
    for _ in patient_frames(20000):
        if m.is_over():
            break
        if m.to_act() == [0] and not sc.tweens and not sc.ghosts:
            legal = m.legal(0)
            view = m.view(0)
            action = greedy.choose(GAME, view, 0, legal, rng)
            if not built:  # build an improvement by drag as soon as one can be paid for
                action = next(
                    (a for a in legal if a.name == "acquire" and a["to"].startswith("land.")),
                    action,
                )
            n = len(m.history)
            perform(app, sc, action)
            assert len(m.history) == n + 1 and m.history[-1].action == action
            if action.name == "acquire" and action["to"].startswith("land."):
                built += 1
                land = int(action["to"].split(".")[1]) - 1
                assert m.state.lands[land][-1] == int(action["card"][1:])
            if action.name == "pledge":
                pledged += 1
                assert "need" in view["prompt"] and view["prompt"].endswith("Pledge?")
        else:
            app.step(DT)
    assert m.is_over() and built and pledged
    assert {p.seat for p in m.history} == {0, 1, 2}
    finish_to_results(app, sc, 300)
