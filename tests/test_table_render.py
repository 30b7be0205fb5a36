"""The table renders every registered game (and the fixture) at every player count, small and 4K."""

from __future__ import annotations

import pygame
import pytest
from court_game import COURT
from table_driver import make_app

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import Rng
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


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=["720p", "4k"])
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
        known = [sp for sp in sc.sprites if sp.card.get("card") and sp.card.get("face_up", True)]
        assert len(sc.art.drawn) >= len(known)
        # the static layer is cached: a second frame reuses it
        static = sc._static
        sc.draw(app.window)
        assert sc._static is static
        app.pop()
    assert app.crashes == 0
