"""Every game declares its AI hooks and heuristic agent as plain attributes of the game;
nothing is found by module name (issue 13's clean-up)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from tabletop import registry
from tabletop.ai import hooks as hooks_module
from tabletop.ai.hooks import AIHooks, hooks_for
from tabletop.engine import Game

GAMES = list(registry.games().values())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_each_game_declares_its_hooks_and_heuristic(game: Game) -> None:
    declared = game.ai_hooks()
    assert declared, f"{game.info.id} declares no AI hooks"
    assert game.heuristic_agent("greedy") is not None
    assert hooks_for(game).evaluate is not None


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
