"""Mid-game positions reached by random play or by the heuristic, for tests and benchmarks
of the AI."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.ai.base import make_agent
from tabletop.engine import Action, Game, Rng


def _played(
    game: Game,
    players: int,
    seed: int,
    steps: int,
    pick: Callable[[Any, int, list[Action]], Action],
) -> Any:
    """A state after up to ``steps`` decisions, each ``pick(state, seat, legal)`` of the first
    seat to act, stopping before the game ends."""
    state = game.new_game(players, seed)
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        trial = game.copy(state)
        seat = seats[0]
        game.apply(trial, seat, pick(trial, seat, game.legal_actions(trial, seat)))
        if game.is_over(trial):
            break
        state = trial
    return state


def random_position(game: Game, players: int, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` random decisions (stopping before the game ends)."""
    rng = Rng(seed + 1000)
    return _played(game, players, seed, steps, lambda state, seat, legal: rng.choice(legal))


def greedy_position(game: Game, players: int, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` decisions of the blunder-free heuristic for every seat
    (its ties broken by a generator seeded from ``seed``), stopping before the game ends:
    positions of balanced play, where a lost or won game does not flatten every move's value."""
    greedy = make_agent("greedy", game)
    rng = Rng(seed + 7)

    def pick(state: Any, seat: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return greedy.choose(game, game.view(state, seat), seat, legal, rng)

    return _played(game, players, seed, steps, pick)
