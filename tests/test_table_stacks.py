"""Grouped zones, counters, seat marks and live labels, as layout.yaml declares them: an
Aristocracy building reads as a stack (address on top, built cards fanned below it, exposed
ones face up, the production card crosswise underneath), coins as a pile of coins, the
herald beside its seat's name, the phase on the royal card's zone."""

from __future__ import annotations

import itertools

import pytest
from aristocracy_helpers import activate, blank, build, pull
from table_driver import make_app

from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.games.aristocracy import GAME
from tabletop.ui.table import seats as seat_panel
from tabletop.ui.table.marks import token_pills
from tabletop.ui.table.scene import TableScene


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _scene(size: tuple[int, int]) -> TableScene:
    s = blank(3, herald=1)
    farm = build(s, 0, "7h", "7s", "7c", "7d")
    farm.production = pull(s, "2c")
    estate = build(s, 0, "9h", "9s", "3c", "9c", "9d")
    estate.exposed = [estate.cards[1]]  # the mismatched 3♣, turned up by a visit
    build(s, 1, "5h", "5s", "5c", "5d")  # another seat's farm: its cards stay unknown
    s.coins = [4, 0, 2]
    s.stalls[0] = [pull(s, "4s")]
    activate(s, 0)
    seats = [
        SeatConfig(name="You"),
        SeatConfig(AI, "Hilde", "easy"),
        SeatConfig(AI, "Otto", "easy"),
    ]
    app = make_app(size)
    sc = TableScene(app, Match(GAME, seats, 1, state=s))
    sc.ctl.watch_delay = 99.0
    app.push(sc)
    sc.art.marks = []
    sc._static = None  # draw everything afresh while the marks listen
    sc.draw(app.window)
    return sc


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=["720p", "4k"])
def test_buildings_are_stacks_coins_a_pile_and_the_herald_marked(size) -> None:
    sc = _scene(size)
    zone = sc.layout.zones["p0.buildings"]
    mine = [sp for sp in sc.sprites if sp.zone == "p0.buildings"]
    stacks: dict[int, list] = {}
    for sp in mine:
        assert zone.rect.contains(sp.rect), sp.rect
        stacks.setdefault(sp.card["tokens"]["building"], []).append(sp)
    assert sorted(len(v) for v in stacks.values()) == [5, 5]  # farm + production; estate
    for cards in stacks.values():
        upright = [sp for sp in cards if not sp.turned]
        address = upright[0]
        assert address.card["tokens"]["role"] == "address" and address.card["face_up"]
        assert len({sp.rect.centerx for sp in upright}) == 1  # one column
        steps = {b.rect.y - a.rect.y for a, b in itertools.pairwise(upright)}
        assert len(steps) == 1 and 0 < steps.pop() < address.rect.h // 2  # each shows a strip
        built = upright[1:]
        exposed = [sp for sp in built if sp.card["face_up"]]
        assert len(exposed) == (1 if len(built) == 4 else 0)
        assert all(sp.card["card"] for sp in built)  # the owner knows every built card
        turned = [sp for sp in cards if sp.turned]
        if turned:  # the production card lies crosswise under the stack, drawn first
            (prod,) = turned
            assert prod.rect.w > prod.rect.h and prod.rect.centerx == address.rect.centerx
            assert all(sc.sprites.index(prod) < sc.sprites.index(sp) for sp in upright)
            assert sc.art.turned(prod.card, prod.rect.h, prod.rect.w).get_size() == prod.rect.size
        for sp in cards:  # the stack says it all: no pills for building, role or kind
            assert token_pills(sc, sp) == []
    captions = sorted(text for text, _, _ in sc.captions)
    assert captions == ["Estate", "Farm", "Farm ✓"]  # the viewer knows its farm complete
    theirs = [sp for sp in sc.sprites if sp.zone == "p1.buildings"]
    assert [sp.card["card"] is not None for sp in theirs] == [True, False, False, False]
    # coins: one coin icon per coin of each seat, up to the pile's cap
    counted = [m[1] for m in sc.art.marks if m[0] == "counter"]
    assert [counted.count(f"p{i}.coins") for i in range(3)] == [4, 0, 2]
    # the herald: marked beside Hilde's name only; the royal zone's label is the view's
    marks = [("Herald" in [t for t, _ in seat_panel.items(sc, info)]) for info in sc.view["seats"]]
    assert marks == [False, True, False]
    words, _ = sc.labels["royal"]
    # a live label ("Year 1: King") is drawn as written, its news whole (never in capitals,
    # which would cut it sooner)
    assert words == sc.view["zones"]["royal"]["label"] and words.startswith("Year 1")
    assert any(line.startswith("Year 1") for line in seat_panel.status_lines(sc))
    assert sc.plate_rects[1].w > sc.plate_rects[2].w  # Hilde's plate carries the herald too
    # a face-down card the viewer built zooms face up; another seat's unknown one does not
    known = next(sp for sp in mine if not sp.card["face_up"] and not sp.turned)
    sc._zoom_at((known.rect.x + 3, known.rect.y + 3))
    assert sc.zoom is not None and sc.zoom["card"] == known.card["card"]
    sc._zoom_at((0, 0))
    sc._zoom_at((theirs[-1].rect.centerx, theirs[-1].rect.bottom - 3))
    assert sc.zoom is None
    # the opponents' set-aside zone is the viewer's only: no frame, no label
    assert sc.layout.zones["p1.offer"].rect.size == (0, 0) and "p1.offer" not in sc.labels
    assert sc.app.crashes == 0
