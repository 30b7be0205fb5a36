"""Mayflower in the real app: a human plays a 3-player game against two AI seats only by
posted mouse events, from the first Fortify to the results screen, parrying by drag and
answering a favour request."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from table_driver import DT, finish_to_results, make_app, open_table, patient_frames, perform

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import DRAG, Action, Rng
from tabletop.ui.table.scene import TableScene

MAX_FRAMES = 30_000


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def policy(legal: list[Action], view: Any, seat: int, rng: Rng) -> Action:
    """A plain player: a club or two, every parry it can make, help when asked."""
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a.name, []).append(a)
    if "help" in by:  # a favour request: say yes
        return by["help"][0]
    if "parry" in by:
        return by["parry"][0]
    if "defend_done" in by:
        return by["defend_done"][0]
    if "attack_done" in by:
        planned = view["public"]["stack"][-1]["data"]["secret"].get(str(seat)) or ()
        if by.get("attack") and len(planned) < 2:
            return rng.choice(by["attack"])
        return by["attack_done"][0]
    if "heal" in by and view["seats"][seat]["resources"]["hp"] < 14:
        return by["heal"][0]
    for name in ("rebuild_done", "no_fortify", "pass", "favours_done", "hoard_done"):
        if name in by and rng.random() < 0.8:
            return by[name][0]
    return rng.choice(legal)


def test_human_plays_mayflower_against_two_ai_through_the_ui() -> None:
    game = registry.get("mayflower")
    app = make_app()
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"Bot {i}", "greedy") for i in (1, 2)]
    sc: TableScene = open_table(app, game, seats, seed=4)
    m = sc.match
    rng = Rng(7)
    used: Counter = Counter()
    for _ in patient_frames(MAX_FRAMES):
        if m.is_over():
            break
        if 0 in m.to_act() and not sc.tweens and not sc.ghosts:
            action = policy(m.legal(0), m.view(0), 0, rng)
            n = len(m.history)
            perform(app, sc, action, "drag")
            mine = [p.action for p in m.history[n:] if p.seat == 0]
            assert mine == [action], (action, sc.toast)
            used[action.name] += 1
            used[action.gesture.kind] += 1
        else:
            app.step(DT)
    assert m.is_over(), used
    assert used["parry"] and used["help"] and used["attack"] and used[DRAG], used
    finish_to_results(app, sc)
