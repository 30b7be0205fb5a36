"""Drag and drop, chooser, clicks, buttons, keyboard and undo at the table (posted events)."""

from __future__ import annotations

import time

import pygame
import pytest
from court_game import COURT
from table_driver import click, drag, make_app, open_table, perform, post, settle

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng, state_digest


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _table(seats=None):
    app = make_app()
    seats = seats or [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")]
    return app, open_table(app, COURT, seats)


def test_drag_card_onto_its_target_applies_the_action() -> None:
    app, sc = _table()
    m = sc.match
    uid = m.state.hands[0][0]
    court = sc.target_rect("p0.court")
    assert uid in sc.drags and court is not None
    drag(app, sc.by_uid[uid].rect.center, court.center)
    assert m.history and m.history[0].seat == 0
    assert m.history[0].action.name == "play" and m.history[0].action["card"] == uid
    assert uid in m.state.courts[0] and uid not in m.state.hands[0]
    assert app.crashes == 0


def test_only_cards_of_legal_drags_can_be_picked_up() -> None:
    app, sc = _table()
    theirs = sc.sprites[[s.zone for s in sc.sprites].index("p1.hand")]
    market = next(s for s in sc.sprites if s.zone == "market")
    assert theirs.uid is None and theirs.uid not in sc.drags
    before = state_digest(COURT, sc.match.state)
    drag(app, theirs.rect.center, sc.target_rect("p0.court").center)
    assert sc.dragging is None and not sc.match.history
    # market cards are draggable: seat 0 starts with a coin, so buying is legal
    assert market.uid in sc.drags
    assert state_digest(COURT, sc.match.state) == before


def test_illegal_drop_changes_nothing_and_shows_the_engines_reason() -> None:
    app, sc = _table()
    m = sc.match
    before = state_digest(COURT, m.state)
    uid = m.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("market").center)
    assert not m.history and state_digest(COURT, m.state) == before
    assert sc.toast == (
        "The market only sells cards; it takes none back. It can go to: Court or Discard."
    )
    assert sc.toast_t > 0
    settle(app, 10)
    assert sc.by_uid[uid].key not in sc.tweens  # snapped back home
    assert app.crashes == 0


def test_one_gesture_with_two_actions_opens_a_chooser() -> None:
    app, sc = _table()
    m = sc.match
    uid = m.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("discard").center)
    assert not m.history
    assert [b.label for b in sc.chooser] == ["Gain a coin", "Score a point"]
    click(app, sc.chooser[1].rect.center)
    assert m.history[0].action.name == "discard" and m.history[0].action["mode"] == "point"
    assert m.state.points[0] == 1 and not sc.chooser


def test_click_then_click_click_targets_buttons_and_keyboard() -> None:
    app, sc = _table([SeatConfig(name="Ann"), SeatConfig(name="Bob")])
    m = sc.match
    click(app, (5, 5))  # dismiss the hand-off screen
    assert sc.privacy is None and sc.shown == 0
    uid = m.state.hands[0][0]
    click(app, sc.by_uid[uid].rect.center)  # pick up with a click …
    assert sc.selected is not None and sc.selected.uid == uid
    click(app, sc.target_rect("p0.court").center)  # … and put down with another
    assert m.history[-1].action.name == "play"
    settle(app, 5)
    assert sc.privacy == 1
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.step(1 / 30)
    draw = next(a for a in m.legal(1) if a.name == "draw")
    perform(app, sc, draw)  # a CLICK gesture on the deck
    assert m.history[-1].action == draw and m.history[-1].barrier
    settle(app, 5)
    click(app, (5, 5))
    passing = next(a for a in m.legal(0) if a.name == "pass")
    perform(app, sc, passing)  # a BUTTON gesture
    assert m.history[-1].action == passing
    settle(app, 5)
    click(app, (5, 5))
    # keyboard: Tab cycles the legal actions, Enter applies the focused one
    for _ in range(3):
        post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
    app.step(1 / 30)
    focused = sc.legal[sc.focus]
    assert sc.focus == 2
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.step(1 / 30)
    assert m.history[-1].action == focused and m.history[-1].seat == 1
    assert app.crashes == 0


def test_ctrl_z_undoes_own_moves_back_to_the_last_barrier() -> None:
    app, sc = _table([SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")])
    m = sc.match
    start = state_digest(COURT, m.state)
    uid = m.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("p0.court").center)
    assert len(m.history) == 1
    # the AI waits for the move's animation, so Ctrl+Z comes first: the play is taken back
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z")
    app.step(1 / 30)
    assert len(m.history) == 0 and state_digest(COURT, m.state) == start
    assert uid in sc.drags
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("p0.court").center)
    settle(app, 30)  # the AI replies; now Ann cannot undo across Bob's move
    while m.to_act() != [0]:
        settle(app, 5)
    n = len(m.history)
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z")
    app.step(1 / 30)
    assert len(m.history) == n and "Nothing to undo" in sc.toast


def test_hint_zoom_hover_and_named_save(tmp_path) -> None:
    app, sc = _table()
    m = sc.match
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    deadline = time.monotonic() + 60  # the hint comes from the AI worker: wait for it, bounded
    while sc.hint is None and time.monotonic() < deadline:
        app.step(1 / 30)
        time.sleep(0.01)
    assert sc.hint in m.legal(0)  # what the normal AI (or greedy) would do
    # the hinted card and its target glow; the chrome shows it
    from tabletop.ui.table.paint import _highlight_targets

    lift, targets, shown = _highlight_targets(sc)
    assert sc.hint in shown
    g = sc.hint.gesture  # a drag lifts its card; a click (draw a card) has none to lift
    assert (g.card is None or g.card in lift) and g.target in targets
    # hover enlarges, right-click zooms, any click closes the zoom
    uid = m.state.market[0]
    sc.art.record = True
    post(pygame.MOUSEMOTION, pos=sc.by_uid[uid].rect.center, rel=(1, 1), buttons=(0, 0, 0))
    settle(app, 15)
    assert sc.art.drawn.count(uid) == 2  # the card and its enlarged preview
    click(app, sc.by_uid[uid].rect.center, button=3)
    assert sc.zoom is not None and sc.zoom["uid"] == uid
    click(app, (5, 5))
    assert sc.zoom is None
    # Save writes a named save that loads back to the same state
    save = next(b for b in sc.buttons if b.label == "Save")
    click(app, save.rect.center)
    from tabletop.controller import Match
    from tabletop.ui import launch

    files = list(launch.saves_dir().glob("court-*.json"))
    assert len(files) == 1 and sc.toast.startswith("Saved as")
    again = Match.load(files[0], COURT)
    assert state_digest(COURT, again.state) == state_digest(COURT, m.state)


@pytest.mark.parametrize("game", list(registry.games().values()), ids=list(registry.games()))
def test_registered_game_drag_and_illegal_drop(game) -> None:
    app = make_app()
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(name="Bob")])
    m = sc.match
    rng = Rng(6)
    for _ in range(300):  # play on until the seat on screen has a card to drag
        if sc.privacy is not None:
            click(app, (3, 3))
        if sc.drags or m.is_over():
            break
        seat = m.to_act()[0]
        sc.apply(seat, rng.choice(m.legal(seat)))
        settle(app, 2)
    assert sc.drags, "no card of this game is ever moved by dragging"
    uid, actions = next(iter(sc.drags.items()))
    targets = {a.gesture.target for a in actions}
    wrong = next(z for z in sc.layout.zones if z not in targets and z != sc.by_uid[uid].zone)
    before = state_digest(game, m.state)
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect(wrong).center)
    assert not m.history and state_digest(game, m.state) == before
    assert sc.toast and sc.toast_t > 0  # the engine's words, shown over the table
    a = actions[0]
    perform(app, sc, a)
    assert m.history and m.history[0].action == a
    assert app.crashes == 0
