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

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """A uniform choice."""
        return rng.choice(legal)


def make_agent(kind: str, game: Game) -> Agent:
    """An agent by name: ``random``, ``greedy`` (the game's heuristic), or a level name.

    Games offer their heuristic agent through ``game.heuristic_agent(kind)`` (returning
    ``None`` for kinds they do not know).
    """
    if kind == "random":
        return RandomAgent()
    maker = getattr(game, "heuristic_agent", None)
    agent = maker(kind) if maker else None
    if agent is None:
        raise ValueError(f"unknown AI {kind!r} for {game.info.id}")
    return agent
