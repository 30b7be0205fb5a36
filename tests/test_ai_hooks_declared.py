"""The AI hooks are optional, as ``ai/hooks.py`` reads them: a game declares what it has as
plain attributes (``ai_hooks()``, ``heuristic_agent(kind)``), nothing is found by module
name, and a game declaring nothing (the template game ``tests/high_card``) gets the generic
defaults and plays with every agent (issue 13's clean-up; issue 32: no hook a test requires
that the search treats as optional)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from high_card import GAME as HIGH_CARD

from tabletop import registry
from tabletop.ai import hooks as hooks_module
from tabletop.ai import make_agent
from tabletop.ai.hooks import AIHooks, hooks_for
from tabletop.engine import Game
from tabletop.engine.play import play

GAMES = list(registry.games().values())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_what_a_game_declares_is_what_the_search_reads(game: Game) -> None:
    declared = game.ai_hooks()
    found = hooks_for(game)
    assert isinstance(found, AIHooks)
    if declared is not None:  # a dict or AIHooks: every hook it gives is read, none made up
        given = declared if isinstance(declared, dict) else vars(declared)
        for name in ("policy", "evaluate", "heuristic", "observed", "futile", "rank"):
            assert (getattr(found, name) is None) == (given.get(name) is None), name
    greedy = game.heuristic_agent("greedy")
    assert greedy is None or callable(greedy.choose)


def test_a_game_declaring_no_hooks_plays_with_every_agent() -> None:
    assert HIGH_CARD.ai_hooks() is None and HIGH_CARD.heuristic_agent("greedy") is None
    assert hooks_for(HIGH_CARD) == AIHooks()
    for kind in ("random", "greedy", "easy", "normal", "hard", "hint", "mcts:20:4"):
        agents = [make_agent(kind, HIGH_CARD), make_agent("random", HIGH_CARD)]
        played = play(HIGH_CARD, 2, 3, None, agents)
        assert HIGH_CARD.is_over(played.state), kind


def test_hooks_are_never_looked_up_by_module_name() -> None:
    source = inspect.getsource(hooks_module)
    assert "import_module" not in source and "tabletop.games." not in source

    class Bare(type(GAMES[0])):  # type: ignore[misc]
        """A game that declares no hooks gets the generic defaults, not a module's."""

        def ai_hooks(self) -> Any:
            return None

    bare = Bare()
    hooks_module._cached.cache_clear()
    try:
        assert hooks_for(bare) == AIHooks()
    finally:
        hooks_module._cached.cache_clear()
