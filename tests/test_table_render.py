"""The table renders every registered game (and the fixture) at every player count, from 720p
to 4K, legibly: labels inside their frames and clear of the name plates, panel lines wrapped
within their boxes, resource words from the data."""

from __future__ import annotations

import itertools

import pygame
import pytest
from court_game import COURT
from table_driver import make_app

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng
from tabletop.ui.table import seats as seat_panel
from tabletop.ui.table.scene import TableScene

GAMES = [COURT, *registry.games().values()]
CASES = [(g, n) for g in GAMES for n in range(g.info.min_players, g.info.max_players + 1)]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _mid_game(game, n: int) -> Match:
    seats = [SeatConfig(name="You")] + [SeatConfig(AI, f"AI {i}", "easy") for i in range(1, n)]
    m = Match(game, seats, 11)
    rng = Rng(5)
    for _ in range(6 * n):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    return m


def _legible(sc: TableScene, tag: tuple) -> None:
    """Labels in their frames and off the plates; the side panel wraps inside its boxes."""
    h = sc.size[1]
    assert sc.labels and sc.plate_rects, tag
    for zid, (words, r) in sc.labels.items():
        assert sc.layout.zones[zid].rect.contains(r), (tag, zid, r)
        assert not words or r.h >= 8, (tag, zid, r)
        assert "…" not in words or len(words) > 4, (tag, zid, words)
        for seat, plate in sc.plate_rects.items():
            assert not r.colliderect(plate), (tag, zid, seat)
    for seat, plate in sc.plate_rects.items():
        assert sc.layout.seat_rects[seat].contains(plate), (tag, seat)
    for a, b in itertools.combinations(sc.plate_rects.values(), 2):
        assert not a.colliderect(b), tag
    _, boxes, bottom = seat_panel.panel_boxes(sc)
    gap = round(10 * h / 720)
    for box in boxes:
        assert sc.side_rect.contains(box.rect), tag
        for line in box.lines:  # a line of items never runs past its box
            assert sum(i.get_width() for i in line) + gap * (len(line) - 1) <= box.rect.w, tag
    for a, b in itertools.pairwise(boxes):
        assert a.rect.bottom <= b.rect.top, tag
    assert all(b.rect.top >= bottom for b in sc.buttons), tag
    for info in sc.view.get("seats", []):  # words from layout.yaml, never raw keys
        for text, _icon in seat_panel.items(sc, info):
            assert "_" not in text, (tag, text)


@pytest.mark.parametrize(
    "size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"]
)
def test_table_renders_every_game_at_every_player_count(size) -> None:
    app = make_app(size)
    for game, n in CASES:
        m = _mid_game(game, n)
        sc = TableScene(app, m)
        app.push(sc)
        sc.art.record = True
        sc.draw(app.window)
        w, h = size
        zones = sc.view["zones"]
        missing = [z for z, v in zones.items() if v.get("cards") and z not in sc.layout.zones]
        assert not missing, f"{game.info.id} {n}p: zones without a place in layout.yaml: {missing}"
        assert len(sc.sprites) == sum(len(v.get("cards", [])) for v in zones.values())
        screen = pygame.Rect(0, 0, w, h)
        for sp in sc.sprites:
            assert screen.contains(sp.rect), (game.info.id, n, sp.zone, sp.rect)
        # nothing tiny: the viewer's own cards stay readable at every size
        mine = [sp.rect.h for sp in sc.sprites if sp.zone.startswith("p0.")]
        if mine:  # the seat's main cards are large; none is a speck
            assert max(mine) >= 0.05 * h, (game.info.id, n, max(mine))
            assert min(mine) >= 0.035 * h, (game.info.id, n, min(mine))
        _legible(sc, (game.info.id, n, size))
        rects = [sp.rect for sp in sc.sprites]
        known = [
            sp
            for i, sp in enumerate(sc.sprites)
            if sp.card.get("card")
            and sp.card.get("face_up", True)
            and not any(above.contains(sp.rect) for above in rects[i + 1 :])
        ]  # every face not wholly under a later card is drawn (covered ones are culled)
        assert len(sc.art.drawn) >= len(known)
        # the static layer is cached: a second frame reuses it
        static = sc._static
        sc.draw(app.window)
        assert sc._static is static
        app.pop()
    assert app.crashes == 0


def test_a_count_of_one_takes_the_singular_words_from_the_layout() -> None:
    from tabletop.engine.data.loader import load_game_data

    shown = load_game_data("majesty").layout.resources["score"]
    assert (shown.label, shown.one) == ("points", "point")
    assert seat_panel._words(shown, "score", 1) == "point"
    assert seat_panel._words(shown, "score", 2) == "points"
    assert seat_panel._words(shown, "score", 0) == "points"
