"""Helpers for the AI tests: the games to test and mid-game positions."""

from __future__ import annotations

from toy_game import TOY

from tabletop import registry
from tabletop.ai.positions import random_position as midgame
from tabletop.engine import Game

__all__ = ["ai_games", "midgame"]


def ai_games() -> list[Game]:
    """The toy game and every registered game."""
    return [TOY, *registry.games().values()]
