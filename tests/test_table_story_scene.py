"""The story at the table: a moment's banner shows, holds the AI back and is skipped with
Esc or a click; a card that cannot move, clicked, is refused in the rules' words."""

from __future__ import annotations

import random

import pygame
from table_driver import DT, click, key, make_app, open_table, visible_point

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui.table import story


def _seats() -> list[SeatConfig]:
    return [SeatConfig(name="Ann"), SeatConfig(AI, "Bea", "easy"), SeatConfig(AI, "Cy", "easy")]


def test_a_moment_shows_as_a_banner_the_ai_waits_for_and_esc_skips() -> None:
    app = make_app()
    scene = open_table(app, registry.get("monarch"), _seats(), seed=11)
    m = scene.match
    rnd = random.Random(11)
    # play on until a Moon (or its pledges) has happened and an AI seat is to move
    while not (story.moments(m, 0, 0) and m.ai_to_act()):
        seat = m.to_act()[0]
        m.apply(seat, rnd.choice(m.legal(seat)))
    scene.ctl.moment_from = 0
    scene.refresh()
    assert scene.banners and scene.banners[0].lines
    played = len(m.history)
    for _ in range(int(story.MOMENT_TIME / DT) // 2):  # half its time: still on show
        app.step(DT)
    app.draw()
    assert scene.drawn.banner_rect is not None
    assert len(m.history) == played  # the AI seats wait while the moment is read
    waiting = len(scene.banners)
    key(app, pygame.K_ESCAPE)  # one frame, with half the banner's time left: Esc skips it
    assert len(scene.banners) == waiting - 1 and scene.banner_t < story.MOMENT_TIME / 2
    while scene.banners:
        key(app, pygame.K_ESCAPE)
    app.draw()
    assert scene.drawn.banner_rect is None


def test_clicking_a_card_that_cannot_move_says_the_rule() -> None:
    app = make_app()
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bea")]
    scene = open_table(app, registry.get("monarch"), seats, seed=5)
    m = scene.match
    seat = m.to_act()[0]
    m.state.food[seat], m.state.gold[seat] = 1, 0
    m.state._legal = m.state._views = None
    scene.refresh()
    stuck = [sp for sp in scene.sprites if sp.zone == "row" and sp.uid not in scene.drags]
    court = [sp for sp in stuck if "costs you" in m.drop_reason(seat, _pick(sp))]
    assert court, "no card too dear in the row"
    click(app, visible_point(scene, court[0].uid or ""))
    assert "costs you" in scene.toast and "1 food" in scene.toast, scene.toast


def _pick(sp):  # type: ignore[no-untyped-def]
    from tabletop.engine import DRAG, Gesture

    return Gesture(DRAG, sp.uid, sp.zone)


def test_a_marked_cards_tip_says_who_moved_it_and_from_where() -> None:
    from tabletop.ui.table import tips

    app = make_app()
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bea", "easy")]
    scene = open_table(app, registry.get("majesty"), seats, seed=3)
    m = scene.match
    scene.apply(0, m.legal(0)[0])
    taken = m.legal(1)[0]
    scene.apply(1, taken)  # Bea's move, played here rather than by her AI
    assert scene.shown == 0
    sp = scene.by_uid[taken.gesture.card or ""]
    body = tips.card_tip(scene, sp).body
    assert "Moved by Bea since your last move, from Display" in body, body
    assert "Last move: Bea takes" in tips.seat_tip(scene, 1).body  # her plate's tip says it
