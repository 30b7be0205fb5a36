"""Hot seat in the real app for the games written on the rules kit after the first three.

Two humans share the screen with an AI seat, from the deal to the results screen. Every frame is checked against the game's own
zone table: while the privacy screen is up, no card either human holds privately is drawn
face up; while one human's seat is shown, no card that seat may not identify is drawn face up,
and the shown seat's own hand is on screen. The humans play by posted mouse events (the
greedy agent picks what they do), and hand over by clicking or pressing Enter.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

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
from tabletop.engine import Rng
from tabletop.engine.game import IMPERFECT

HUMANS = (0, 1)
MAX_FRAMES = 30_000


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _unseen(game, state, players: int, seat: int | None) -> set[str]:
    """The view uids of the cards ``seat`` may not identify where they lie now."""
    zones = game.zones
    return {zones.uid(c) for c in zones.unseen(state, players, seat)}


def _play(game_id: str, seed: int, *, leak: bool = False) -> Counter:
    game = registry.get(game_id)
    app = make_app()
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bob"), SeatConfig(AI, "Cleo", "easy")]
    sc = open_table(app, game, seats, seed=seed)
    m = sc.match
    sc.art.record = True
    seen: Counter = Counter()
    real_step = app.step

    def checked_step(dt: float) -> None:
        real_step(dt)
        drawn = set(sc.art.drawn)
        if sc.privacy is not None:
            mine = {0: _unseen(game, m.state, 3, 1), 1: _unseen(game, m.state, 3, 0)}
            if leak:  # the planted bug: the screen shows one of Ann's own cards
                drawn |= set(sorted(mine[0] - mine[1])[:1])
            assert not drawn & (mine[0] | mine[1]), "the privacy screen shows a card"
            seen["privacy"] += 1
        elif sc.shown in HUMANS:
            hidden = _unseen(game, m.state, 3, sc.shown)
            assert not drawn & hidden, (sc.shown, drawn & hidden)
            seen[f"shown:{sc.shown}"] += 1

    app.step = checked_step  # type: ignore[method-assign]
    greedy = game.heuristic_agent("greedy")
    rng = Rng(seed)
    was = sc.privacy
    for _ in patient_frames(MAX_FRAMES):
        if m.is_over():
            break
        if sc.privacy is not None:
            if sc.privacy != was:
                seen["screens"] += 1
            was = sc.privacy
            hand_over(app, sc, rng.random())
            continue
        was = None
        seat = sc.shown
        if seat in HUMANS and seat in m.to_act() and not sc.tweens and not sc.ghosts:
            action = greedy.choose(game, m.view(seat), seat, m.legal(seat), rng)
            n = len(m.history)
            perform(app, sc, action)
            assert any(p.seat == seat and p.action == action for p in m.history[n:])
            seen["actions"] += 1
        else:
            app.step(DT)
    assert m.is_over(), seen
    finish_to_results(app, sc, 300)
    return seen


@pytest.mark.parametrize("game_id", ["monarch", "mayflower"])
def test_two_humans_share_the_screen_and_never_see_each_others_cards(game_id: str) -> None:
    seen = _play(game_id, seed=7)
    assert seen["actions"] >= 40, seen  # both humans really played
    assert seen["shown:0"] and seen["shown:1"], seen
    if registry.get(game_id).info.information == IMPERFECT:  # hands to hide: a screen between
        assert seen["screens"] >= 6 and seen["privacy"] >= seen["screens"], seen
    else:  # everything but the deck lies open (Monarch): the seats simply take turns
        assert seen["privacy"] == 0, seen


def test_the_check_catches_a_privacy_screen_that_shows_a_hand() -> None:
    with pytest.raises(AssertionError, match="privacy screen shows a card"):
        _play("mayflower", seed=7, leak=True)
