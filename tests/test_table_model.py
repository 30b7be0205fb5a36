"""The table model: a view's cards in their places and the legal actions by gesture, built
without a display."""

from __future__ import annotations

import pygame
import pytest

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.game_data import game_data
from tabletop.controller.match import AI
from tabletop.engine import Rng
from tabletop.ui.table import model
from tabletop.ui.table.layout import TableLayout


def _no_display(*args: object, **kw: object) -> None:
    raise AssertionError("the table model touched the display")


@pytest.mark.parametrize("gid", list(registry.games()))
def test_every_card_of_the_view_is_placed_and_every_move_has_a_gesture(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("set_mode", "get_surface", "flip", "update"):
        monkeypatch.setattr(pygame.display, name, _no_display)
    game = registry.get(gid)
    n = game.info.max_players
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"B{i}", "easy") for i in range(1, n)]
    m, rng = Match(game, seats, 11), Rng(11)
    for _ in range(4 * n):  # into the game
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    data = game_data(game)
    felt = pygame.Rect(10, 44, 1000, 650)
    for seat in range(n):
        layout = TableLayout(data.layout, n, seat, felt, 15, 1.0, 17)
        view = m.view(seat)
        placed = model.place(view, layout)
        shown = {z: v for z, v in view["zones"].items() if z in layout.zones}
        assert len(placed.sprites) == sum(len(v.get("cards", ())) for v in shown.values())
        assert len({sp.key for sp in placed.sprites}) == len(placed.sprites)
        assert placed.rects_top_first == [sp.rect for sp in reversed(placed.sprites)]
        legal = m.legal(seat) if seat in m.to_act() else []
        moves = model.gestures(legal)
        sorted_ = [
            a for d in (moves.drags, moves.clicks, moves.presses) for v in d.values() for a in v
        ]
        assert sorted(map(repr, sorted_)) == sorted(map(repr, legal))
        assert set(moves.drags) <= set(placed.by_uid)  # a card to drag lies on the table
        for uid, acts in moves.drags.items():  # where each may go, and where that is
            targets = moves.targets(uid)
            assert sorted(repr(a) for v in targets.values() for a in v) == sorted(map(repr, acts))
            for t in targets:
                r = placed.target_rect(t, layout)
                assert r is not None, (gid, t)
                if t in placed.by_uid:  # a card target covers its whole stack
                    assert all(r.contains(sp.rect) for sp in placed.stack_of(t, layout))
