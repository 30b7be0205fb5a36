"""Mid-game positions reached by random play, for tests and benchmarks of the AI."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game, Rng


def random_position(game: Game, players: int, seed: int, steps: int) -> Any:
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
