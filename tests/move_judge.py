"""An independent judge of two moves: paired play-outs to the end of the game.

Both moves are applied in the same dealt worlds (from the seat's view) and played out to the
end by the blunder-free heuristic for every seat with the same random numbers; the result is
the mean difference of the seat's values and its standard error.  It is not Hard's search
(no tree, no cut-off, no evaluation), so a test can check that a move Hard picks is clearly
better, not only that Hard picks it.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from tabletop.ai.hooks import hooks_for
from tabletop.ai.levels import level_config
from tabletop.ai.paired import _Rollouts
from tabletop.engine import Action, Game, Rng


def paired_gain(
    game: Game, state: Any, seat: int, better: Action, worse: Action, worlds: int
) -> tuple[float, float]:
    """(mean of value(better) - value(worse), its standard error) over ``worlds`` worlds."""
    cfg = level_config("hard", game)
    assert cfg is not None
    run = _Rollouts(game, hooks_for(game), replace(cfg, cutoff=-1, heuristic_rollouts=True))
    view = game.view(state, seat)
    rng = Rng(4242)
    diffs = []
    for _ in range(worlds):
        it = rng.fork()
        world = game.determinize(view, seat, it)
        seed = it.next64()
        a = run.value(world, seat, better, seed)
        b = run.value(world, seat, worse, seed)
        if a is not None and b is not None:
            diffs.append(a - b)
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / len(diffs)
    return mean, math.sqrt(var / len(diffs))
