"""Two table features declared in layout.yaml: a zone whose cards lie crosswise (Mayflower's
fortifying spade) and a seat mark that greys the seat's area (an eliminated player)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from table_driver import DT, make_app, open_table

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.games.mayflower.data import catalog
from tabletop.ui.table import cardlayer

MAYFLOWER = registry.get("mayflower")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _table():
    app = make_app()
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bob", "easy"), SeatConfig(AI, "Cy", "easy")]
    return app, open_table(app, MAYFLOWER, seats, seed=5)


def _take_a_spade(s) -> int:
    """A spade out of the Numbers deck or a hand."""
    names = catalog().names
    for pile in (s.numbers, *s.hands):
        for c in pile:
            if names[c].endswith("of Spades"):
                pile.remove(c)
                return c
    raise AssertionError("no spade")


def test_the_fortifying_spade_lies_crosswise_and_is_recorded_as_drawn() -> None:
    app, sc = _table()
    s = sc.match.state
    spade = _take_a_spade(s)
    s.forts[0].append(spade)
    MAYFLOWER.touch(s)
    sc.refresh()
    sc.art.record = True
    for _ in range(2):  # the second frame draws the turned image from the cache
        sc.art.drawn.clear()
        sc._static = None
        sc.drawn.cards.surface = None
        app.step(DT)
        fort = [sp for sp in sc.sprites if sp.zone == "p0.fort"]
        assert len(fort) == 1 and fort[0].turned
        assert fort[0].rect.w > fort[0].rect.h  # a card lying on its side
        assert fort[0].uid in sc.art.drawn
        box = sc.layout.zones["p0.fort"].rect
        assert box.contains(fort[0].rect)


def test_an_eliminated_seat_is_greyed_and_the_others_are_not() -> None:
    app, sc = _table()
    s = sc.match.state
    app.step(DT)
    before = sc.drawn.cards.surface.copy()
    assert cardlayer.dimmed(sc) == []
    s.out[1], s.hp[1] = 1, -4
    MAYFLOWER.touch(s)
    sc.refresh()
    sc.ctl.token += 1
    app.step(DT)
    assert cardlayer.dimmed(sc) == [1]
    after = sc.drawn.cards.surface
    for seat, r in sc.layout.seat_rects.items():
        spot = (r.x + 3, r.bottom - 3)  # a corner of felt in the seat's area
        lum_before = sum(before.get_at(spot)[:3])
        lum_after = sum(after.get_at(spot)[:3])
        if seat == 1:
            assert lum_after < lum_before * 0.8, (seat, lum_before, lum_after)
        else:
            assert lum_after == lum_before, seat
