"""Prompts that fit: long instructions wrap and are never cut; a drop anywhere on a stack
reaches the stack; Hint and Tab never disagree about what Enter plays; the results wait for
an explicit choice."""

from __future__ import annotations

import pygame
import pytest
from table_driver import DT, make_app, post, wait_for

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import DRAG, Rng
from tabletop.ui import typeset
from tabletop.ui.table import paint
from tabletop.ui.table.scene import TableScene


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _key(app, key: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="")
    app.step(DT)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_instruction_wraps_and_is_never_cut(size) -> None:
    app = make_app(size)
    game = registry.games()["your_majesty"]
    sc = TableScene(app, Match(game, [SeatConfig(name="Ann"), SeatConfig(name="Bo")], 3))
    app.push(sc)
    words = "Salon: drag philosophes in (up to 6), then press Done to draw the randomizer " * 4
    surf = pygame.Surface(app.window.get_size())
    with typeset.recording() as said:
        paint.prompt_line(sc, surf, words.strip())
    assert not [s for s in said if s.full]  # nothing cut
    shown = " ".join(s.words for s in said)
    assert shown.split() == words.split()  # every word drawn, in order
    assert min(s.size for s in said) >= typeset.least(size[1])


def test_a_card_dropped_anywhere_on_a_building_reaches_it() -> None:
    """Aristocracy: adding to a building aims at its address card, which the building cards
    on it cover but for a strip; a drop on any card of the stack counts."""
    app = make_app()
    game = registry.games()["aristocracy"]
    m = Match(game, [SeatConfig(name="A"), SeatConfig(AI, "B", "easy")], 0)
    rng, agent = Rng(0), game.heuristic_agent("greedy")
    for _ in range(12):  # seed 0: after 12 greedy moves seat 0 may add to a building
        s = m.to_act()[0]
        legal = m.legal(s)
        m.apply(s, agent.choose(game, m.view(s), s, legal, rng) or rng.choice(legal))
    sc = TableScene(app, m)
    app.push(sc)
    adds = [
        a for a in sc.legal
        if a.gesture.kind == DRAG and a.gesture.target in sc.by_uid
        and len(sc.stack_of(a.gesture.target)) > 1
    ]  # fmt: skip
    assert adds, "no drop onto a building stack at this position"
    a = adds[0]
    head = sc.by_uid[a.gesture.target]
    others = [sp for sp in sc.stack_of(head.uid) if sp is not head]
    low = max(others, key=lambda sp: sp.rect.bottom)  # the lowest card of the stack
    point = (low.rect.centerx, low.rect.bottom - 3)
    assert not head.rect.collidepoint(point)  # well away from the address card's strip
    assert a in sc._target_at(a.gesture.card, point)
    assert sc.target_rect(head.uid).contains(low.rect)  # the glow covers the whole stack


def test_hint_and_tab_agree_on_what_enter_plays() -> None:
    app = make_app()
    game = registry.games()["majesty"]
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bo", "easy")]
    sc = TableScene(app, Match(game, seats, 5))
    app.push(sc)
    app.step(DT)
    _key(app, pygame.K_TAB)
    _key(app, pygame.K_TAB)
    assert sc.focus == 1
    _key(app, pygame.K_h)
    wait_for(app, lambda: sc.hint is not None)
    assert sc.focus == -1  # the hint replaced the Tab choice ...
    assert paint.turn_line(sc).startswith("Hint:")  # ... and the top line says so
    _, _, shown = paint._highlight_targets(sc)
    assert shown == [sc.hint]  # only the hint is lit
    _key(app, pygame.K_TAB)  # Tab again: the hint gives way
    assert sc.hint is None and sc.focus == 0
    assert paint.turn_line(sc).startswith("Tab 1/")
    chosen = sc.legal[sc.focus]
    before = len(sc.match.history)
    _key(app, pygame.K_RETURN)
    assert len(sc.match.history) == before + 1
    assert sc.match.history[before].action == chosen


def test_enter_does_not_leave_the_final_scoring_or_the_results_unread() -> None:
    app = make_app()
    game = registry.games()["majesty"]
    m = Match(game, [SeatConfig(name="Ann"), SeatConfig(name="Bo")], 2)
    rng = Rng(2)
    while not m.is_over():
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal(s)))
    sc = TableScene(app, m)
    app.push(sc)
    wait_for(app, lambda: sc.drawn.final_button is not None, frames=10)
    for _ in range(5):
        _key(app, pygame.K_RETURN)
    assert app.top is sc  # Enter alone leaves the final scoring up
    _key(app, pygame.K_TAB)
    _key(app, pygame.K_RETURN)  # Tab chose Continue: now Enter goes on
    results = app.top
    assert results is not sc
    for _ in range(10):
        app.step(DT)
    for _ in range(5):
        _key(app, pygame.K_RETURN)
    assert app.top is results  # no rematch, no menu: the results stay up
