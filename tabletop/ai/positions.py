"""Mid-game positions reached by random play or by the heuristic, for tests and benchmarks
of the AI."""

from __future__ import annotations

from typing import Any

from tabletop.ai.base import make_agent
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


def greedy_position(game: Game, players: int, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` decisions of the blunder-free heuristic for every seat
    (its ties broken by a generator seeded from ``seed``), stopping before the game ends:
    positions of balanced play, where a lost or won game does not flatten every move's value."""
    greedy = make_agent("greedy", game)
    state = game.new_game(players, seed)
    rng = Rng(seed + 7)
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = greedy.choose(game, game.view(state, seat), seat, legal, rng)
        trial = game.copy(state)
        game.apply(trial, seat, action)
        if game.is_over(trial):
            break
        state = trial
    return state
