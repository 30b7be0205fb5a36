"""What travels: actions with their gestures, events, and views encoded part by part."""

from __future__ import annotations

import random

import pytest

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.net import wire


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_views_encoded_part_by_part_read_as_the_whole_encoding(game_id: str) -> None:
    game = registry.get(game_id)
    match = Match(game, [SeatConfig()] * game.info.min_players, seed=4)
    coder = wire.ViewCoder()
    rng = random.Random(4)
    for _ in range(40):
        if match.is_over():
            break
        for seat in [*range(match.players), None]:
            view = match.view(seat)
            assert coder.encode(view) == wire.to_text(view)
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal(seat)))


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_a_legal_action_comes_back_whole_with_its_gesture_and_text(game_id: str) -> None:
    game = registry.get(game_id)
    match = Match(game, [SeatConfig()] * game.info.min_players, seed=5)
    seat = match.to_act()[0]
    for action in match.legal(seat):
        back = wire.action_from_wire(wire.plain(wire.action_to_wire(action)))
        assert back == action
        assert (back.gesture, back.text) == (action.gesture, action.text)
