"""The table explains itself from data: hovering (or focusing with Tab) a zone, a card, a seat
or a final-scoring row shows what it is and does, in the words of ``data/<id>/``."""

from __future__ import annotations

import pygame
import pytest
from table_driver import DT, make_app, post

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng
from tabletop.ui.table import tips
from tabletop.ui.table.paint import TIP_DELAY
from tabletop.ui.table.scene import TableScene

GAMES = list(registry.games().values())


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _finished(game, seed: int = 4) -> Match:
    n = game.info.min_players
    m = Match(game, [SeatConfig(name=f"P{i}") for i in range(n)], seed)
    rng = Rng(seed)
    agent = game.heuristic_agent("greedy")
    for _ in range(20000):
        if m.is_over():
            break
        seat = m.to_act()[0]
        legal = m.legal(seat)
        pick = agent.choose(game, m.view(seat), seat, legal, rng) if agent else None
        m.apply(seat, pick if pick is not None else rng.choice(legal))
    assert m.is_over()
    return m


@pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
def test_every_zone_and_every_scoring_row_has_words_in_the_data(game) -> None:
    lay = game.data.layout
    assert all(z.help.strip() for z in lay.zones), [z.id for z in lay.zones if not z.help]
    keys = {k for row in _finished(game).outcome().breakdown for k in row}
    missing = [k for k in keys if k not in lay.scoring or not lay.scoring[k].help]
    assert keys and not missing, missing


def _table(app, gid: str, n: int = 2, options: dict | None = None) -> TableScene:
    game = registry.games()[gid]
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"B{i}", "easy") for i in range(n - 1)]
    sc = TableScene(app, Match(game, seats, 5, options or {}))
    app.push(sc)
    sc.ctl.paused = True
    app.step(DT)
    return sc


def _rest_on(app, sc: TableScene, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    for _ in range(int(TIP_DELAY / DT) + 3):
        app.step(DT)


def test_resting_on_a_location_says_what_it_does_on_the_side_in_play() -> None:
    app = make_app()
    sc = _table(app, "majesty", options={"sides": "B"})
    box = sc.layout.zones["p0.loc.1"]
    _rest_on(app, sc, (box.rect.centerx, box.rect.bottom - 4))
    assert sc.drawn.tip is not None  # the tip was drawn
    tip = tips.zone_tip(sc, "p0.loc.1")
    assert tip.title.startswith("Mill")
    side_b = sc.data.cards["mill-b"].text
    assert side_b in tip.body and sc.data.cards["mill-a"].text not in tip.body
    assert "majority" in tip.body
    # a rival's location says whose it is and how many cards lie there
    rival = tips.zone_tip(sc, "p1.loc.5")
    assert "B0" in rival.title and "0 cards here" in rival.body
    # a rival's name plate sums up the whole court in numbers
    court = tips.seat_tip(sc, 1).body
    assert "Mill 0" in court and "Infirmary 0" in court


def test_display_places_say_their_cost_and_tier_frames_are_explained() -> None:
    app = make_app()
    sc = _table(app, "majesty")
    words = [w for (zid, w) in sc.drawn.slot_words if zid == "display"]
    assert words[:3] == ["free", "1 meeple", "2 meeples"]
    display = sc.layout.zones["display"].rect
    assert all(display.contains(r) for r in sc.drawn.slot_words.values())
    assert "meeple" in tips.zone_tip(sc, "display").body
    tier = {1: "Green frame", 2: "Red frame"}
    seen = set()
    for sp in sc.sprites:
        cdef = sc.data.cards.get(sp.card.get("card"))
        if cdef is not None and cdef.kind == "character":
            t = cdef.attrs["tier"]
            assert tier[t] in tips.card_tip(sc, sp).body
            seen.add(t)
    assert seen


def test_tab_focus_shows_the_tip_of_the_move_it_selects() -> None:
    app = make_app()
    sc = _table(app, "majesty")
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
    app.step(DT)
    assert sc.focus == 0 and sc.drawn.tip is not None
    found = tips.focus_tip(sc)
    assert found is not None and found[0].title


def test_final_scoring_rows_take_their_words_from_the_data_and_explain_themselves() -> None:
    app = make_app()
    game = registry.games()["majesty"]
    sc = TableScene(app, _finished(game))
    app.push(sc)
    for _ in range(400):
        app.step(DT)
        if sc.drawn.final_button is not None:
            break
    rows = sc.drawn.score_rows
    assert "overflow" in rows and "infirmary_b" in rows
    assert tips.score_label(sc, "overflow") == "Extra meeples"
    r = rows["variety"]
    _rest_on(app, sc, r.center)
    assert sc.drawn.tip is not None and sc.drawn.tip.colliderect(sc.table_rect)
    assert "squared" in tips.score_tip(sc, "variety").body


def test_the_results_screen_names_its_rows_from_the_data_and_explains_the_one_pointed_at() -> None:
    app = make_app()
    game = registry.games()["majesty"]
    m = _finished(game)
    sc = TableScene(app, m)
    app.push(sc)
    sc.open_results()
    for _ in range(5):
        app.step(DT)
    results = app.top
    assert results.row_words("overflow") == "Extra meeples"
    assert results.row_words("infirmary_b") == "Most wounded"
    r = results.row_rects["variety"]
    post(pygame.MOUSEMOTION, pos=r.center, rel=(1, 1), buttons=(0, 0, 0))
    app.step(DT)
    assert results.mouse == r.center
    app.draw()
    assert "squared" in results.help_shown


def test_a_greyed_undo_says_why_when_the_pointer_rests_on_it() -> None:
    """Majesty against the AI: every move shows a card from the deck, so Undo is greyed;
    resting on it says why, and Hint, Save and Leave say what they do and their keys."""
    app = make_app()
    sc = _table(app, "majesty")
    undo = next(b for b in sc.buttons if b.payload[0] == "undo")
    assert not undo.enabled
    _rest_on(app, sc, undo.rect.center)
    found = tips.tip_at(sc, undo.rect.center)
    assert found is not None and found[0].title == "Nothing to undo"
    assert "hidden cards" in found[0].body and sc.drawn.tip is not None
    for what, key in (("hint", "(H)"), ("save", "(Ctrl+S)"), ("leave", "(Esc)")):
        b = next(b for b in sc.buttons if b.payload[0] == what)
        found = tips.tip_at(sc, b.rect.center)
        assert found is not None and key in found[0].title, what
