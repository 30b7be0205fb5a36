"""Aristocracy in the real app: humans play only by posted mouse and keyboard events.

(a) one human against three AI seats, from the first King phase to the results scene;
(b) two humans hot-seat with two AI seats: the privacy screen hides both hands, and one
human's secret commit (stall, Ball, bid, Tax) never reaches the other's screen before the
reveal.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from table_driver import (
    DT,
    finish_to_results,
    hand_over,
    make_app,
    open_table,
    patient_frames,
    perform,
)

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import BUTTON, DRAG, Action, Rng
from tabletop.games.aristocracy.data import UIDS
from tabletop.games.aristocracy.state import BALL, BID, STALL, TAX
from tabletop.ui.table.scene import TableScene

uid = UIDS.__getitem__  # the view uid of a card

SHORT = {"length": "shorter"}  # one deck, farms of 1 card: games end within a few years
SECRET = {"stall_put", "stall_ready", "bid", "ball_give", "ball_ready", "tax_discard"}
MAX_FRAMES = 20_000


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def policy(legal: list[Action], view: dict[str, Any], seat: int, rng: Rng) -> Action:
    """A simple player: a card or two in each stall and at each Ball, small bids, any action."""
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a.name, []).append(a)
    zones = view["zones"]
    if "glory_end" in by:
        return by["glory_end"][0]
    if "stall_ready" in by:
        n = len(zones[f"p{seat}.stall"]["cards"])
        if by.get("stall_take") and rng.random() < 0.1:
            return rng.choice(by["stall_take"])
        if n < 1 + rng.randrange(3) and by.get("stall_put"):
            return rng.choice(by["stall_put"])
        return by["stall_ready"][0]
    if "ball_ready" in by:
        n = len(zones[f"p{seat}.offer"]["cards"])
        if n < 1 and by.get("ball_give"):
            return rng.choice(by["ball_give"])
        return by["ball_ready"][0]
    if "bid" in by:
        return by["bid"][min(len(by["bid"]) - 1, rng.randrange(3))]
    if "pass" in by and rng.random() < 0.3:
        return by["pass"][0]
    kinds = sorted(by)
    return rng.choice(by[rng.choice(kinds)])


def gesture_style(action: Action, rng: Rng) -> str:
    """Vary how a person does it: drags or click-then-click, chooser by mouse or keys."""
    if action.gesture.kind == DRAG:
        return rng.choice(["drag", "drag", "select"])
    if action.gesture.kind == BUTTON and action.gesture.choice:
        return rng.choice(["mouse", "keys"])
    return "mouse"


def play_human(app: Any, sc: TableScene, seat: int, rng: Rng, used: Counter) -> None:
    """One move of the human at ``seat``: the policy chooses, then the gesture does it."""
    m = sc.match
    action = policy(m.legal(seat), m.view(seat), seat, rng)
    n = len(m.history)
    how = gesture_style(action, rng)
    perform(app, sc, action, how)
    mine = [p.action for p in m.history[n:] if p.seat == seat]
    assert mine == [action], (action, how, sc.toast)  # AI seats may commit meanwhile
    used[action.name] += 1
    used[f"{action.gesture.kind}:{how}"] += 1


def test_human_plays_aristocracy_against_three_ai_through_the_ui() -> None:
    game = registry.get("aristocracy")
    app = make_app()
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"Bot {i}", "greedy") for i in (1, 2, 3)]
    sc = open_table(app, game, seats, seed=12, options=SHORT)  # a game long enough for all
    m = sc.match
    assert m.view(0)["public"]["royal"] == "King" and m.view(0)["public"]["year"] == 1
    rng = Rng(7)
    used: Counter = Counter()
    for _ in patient_frames(MAX_FRAMES):
        if m.is_over():
            break
        if 0 in m.to_act() and not sc.tweens and not sc.ghosts:
            play_human(app, sc, 0, rng, used)
        else:
            app.step(DT)
    assert m.is_over()
    done = {p.action.name for p in m.history if p.seat == 0}
    assert done >= SECRET, SECRET - done  # every kind of secret commit, all by gesture
    assert set(used) >= SECRET
    assert used["drag:drag"] and used["drag:select"] and used["button:keys"], used
    assert {p.seat for p in m.history} == {0, 1, 2, 3}
    finish_to_results(app, sc)


def test_two_humans_hot_seat_privacy_and_secret_commits() -> None:
    game = registry.get("aristocracy")
    app = make_app()
    humans = (0, 1)
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bob")] + [
        SeatConfig(AI, f"Bot {i}", "greedy") for i in (1, 2)
    ]
    sc = open_table(app, game, seats, seed=5, options=SHORT)
    m = sc.match
    s = m.state
    sc.art.record = True
    seen_frames = Counter()

    def secret_of(p: int) -> set[str]:
        """What only seat ``p`` may see now: hand, set-aside cards, an unrevealed stall."""
        cards = list(s.hands[p]) + list(s.offers[p])
        if s.step == STALL:
            cards += s.stalls[p]
        return {uid(c) for c in cards}

    real_step = app.step

    def checked_step(dt: float) -> None:
        """Every frame: the privacy screen draws no private card, nor the other's commit."""
        real_step(dt)
        drawn = set(sc.art.drawn)
        if sc.privacy is not None:
            assert not drawn & (secret_of(0) | secret_of(1)), drawn
            seen_frames["privacy"] += 1
        elif sc.shown in humans:
            me, other = sc.shown, 1 - sc.shown
            assert not drawn & secret_of(other)
            committed = s.offers[other] if s.step in (TAX, BALL) else []
            committed = committed + (s.stalls[other] if s.step == STALL else [])
            if committed:  # the other human's secret commit is on the table, face down
                seen_frames[f"hidden:{s.step}"] += 1
                assert not drawn & {uid(c) for c in committed}
            if s.step == BID and s.ready[other]:
                assert sc.view["public"]["bids"][other] is None
                assert all(e.private_to is None or me in e.private_to for e in m.log_for(me))
                seen_frames["hidden:bid"] += 1
            assert {uid(c) for c in s.hands[me]} <= drawn  # the own hand is on screen

    app.step = checked_step  # type: ignore[method-assign]
    rng = Rng(3)
    used: Counter = Counter()
    screens = 0
    was = sc.privacy
    for _ in patient_frames(MAX_FRAMES):
        if m.is_over():
            break
        if sc.privacy is not None:
            if sc.privacy != was:
                screens += 1
            was = sc.privacy
            hand_over(app, sc, rng.random())
            continue
        was = None
        seat = sc.shown
        if seat in humans and seat in m.to_act() and not sc.tweens and not sc.ghosts:
            play_human(app, sc, seat, rng, used)
        else:
            app.step(DT)
    assert m.is_over()
    for p in humans:
        done = {x.action.name for x in m.history if x.seat == p}
        assert {"stall_ready", "bid", "ball_ready"} <= done, (p, done)
    done = {x.action.name for x in m.history if x.seat in humans}
    assert done >= SECRET, SECRET - done
    assert screens >= 10 and seen_frames["privacy"] >= screens
    for what in (f"hidden:{STALL}", f"hidden:{BALL}", f"hidden:{TAX}", "hidden:bid"):
        assert seen_frames[what] > 0, (what, seen_frames)
    finish_to_results(app, sc)


def test_the_new_game_forms_about_box_fills_in_the_chosen_sizes() -> None:
    """The About box shows the summary with its figures for the form's options, never the
    raw placeholders."""
    from table_driver import make_app
    from ui_shell_support import filled

    from tabletop.ui.scenes.new_game import NewGameScene

    app = make_app()
    scene = NewGameScene(app, "aristocracy")
    app.push(scene)
    filled(app)
    text = scene.summary_box.html_text
    assert "{" not in text and "}" not in text
    assert "3 for a farm, 4" in text and "5 for a château" in text
    assert "shorter 1/2/3 with one deck" in text
    scene.options["length"] = "longer"
    scene.rebuild()
    filled(app)
    assert "4 for a farm, 5" in scene.summary_box.html_text
