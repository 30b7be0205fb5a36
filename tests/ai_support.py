"""Helpers for the AI tests: the games to test and mid-game positions."""

from __future__ import annotations

from typing import Any

from toy_game import TOY

from tabletop import registry
from tabletop.engine import Game, Rng


def ai_games() -> list[Game]:
    """The toy game and every registered game."""
    return [TOY, *registry.games().values()]


def midgame(game: Game, players: int, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` random decisions (stopping before the game ends)."""
    state = game.new_game(players, seed)
    rng = Rng(seed + 1000)
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        trial = game.copy(state)
        seat = seats[0]
        game.apply(trial, seat, rng.choice(game.legal_actions(trial, seat)))
        if game.is_over(trial):
            break
        state = trial
    return state
