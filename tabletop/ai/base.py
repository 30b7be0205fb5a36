"""The agent interface and the factory that builds agents by name."""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.engine import Action, Game, Rng


class Agent(Protocol):
    """Chooses an action from a seat's view and legal actions (never from the state)."""

    name: str

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """One of ``legal``."""
        ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"
    #: the play loop need not build a view for it (it chooses from the legal list alone)
    reads_view = False

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """A uniform choice."""
        return rng.choice(legal)


#: the levels offered in menus, weakest first
LEVELS = ("easy", "normal", "hard")


def make_agent(kind: str, game: Game) -> Agent:
    """An agent by name.

    ``random``; the levels ``easy`` (the game's heuristic with noise), ``normal`` and
    ``hard`` (information-set MCTS with growing budgets and better rollouts); ``greedy``
    (the heuristic without noise); ``noisy:P`` (the heuristic with a chance ``P`` of a
    random move); ``hint`` (Hard's search among the moves that can succeed, with
    its reason, for the Hint button); ``mcts:N[:C[:r]]`` (a search of ``N`` iterations, no time
    cap, rollouts cut off after ``C`` steps, ``r``: uniformly random rollouts).
    Other names are offered to ``game.heuristic_agent(kind)`` (``None`` for unknown kinds).
    """
    from tabletop.ai.levels import level_agent

    if kind == "random":
        return RandomAgent()
    if kind == "hint":
        from tabletop.ai.hint import HintAgent, hard_config

        return HintAgent(kind, hard_config(game))
    agent = level_agent(kind, game)
    if agent is not None:
        return agent
    agent = game.heuristic_agent(kind)
    if agent is None:
        raise ValueError(f"unknown AI {kind!r} for {game.info.id}")
    return agent
