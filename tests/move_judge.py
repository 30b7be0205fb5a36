"""An independent judge of two moves: paired play-outs to the end of the game.

Both moves are applied in the same dealt worlds (from the seat's view) and played out to the
end by the blunder-free heuristic for every seat with the same random numbers; the result is
the mean difference of the seat's values and its standard error.  It is not Hard's search
(no tree, no cut-off, no evaluation), so a test can check that a move Hard picks is clearly
better, not only that Hard picks it.

:func:`paired_gain` gives each play-out one generator for all its tie-breaks, so the two
lines fall out of step at the first decision where one draws a number the other does not.
:func:`keyed_gain` gives every decision its own generator, keyed by the turn, the seat and
the seat's count of decisions in that turn (common random numbers): where the two lines'
states agree again (a salon won or lost by both, say) they are played alike, and the worlds
where the moves make no difference add nothing to the error.
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
    return _judge(game, state, seat, better, worse, worlds, keyed=False)


def keyed_gain(
    game: Game, state: Any, seat: int, better: Action, worse: Action, worlds: int
) -> tuple[float, float]:
    """As :func:`paired_gain`, with a generator per decision (:class:`_KeyedChoice`), so that
    a small difference between the moves is not drowned by tie-breaks falling differently
    after it."""
    return _judge(game, state, seat, better, worse, worlds, keyed=True)


def _judge(
    game: Game, state: Any, seat: int, better: Action, worse: Action, worlds: int, keyed: bool
) -> tuple[float, float]:
    cfg = level_config("hard", game)
    assert cfg is not None
    run = _Rollouts(game, hooks_for(game), replace(cfg, cutoff=-1, heuristic_rollouts=True))
    chooser = _KeyedChoice(run.choose) if keyed and run.choose is not None else None
    if chooser is not None:
        run.choose = chooser
    view = game.view(state, seat)
    rng = Rng(4242)
    diffs = []
    for _ in range(worlds):
        it = rng.fork()
        world = game.determinize(view, seat, it)
        seed = it.next64()
        values = []
        for move in (better, worse):
            if chooser is not None:
                chooser.start(seed)
            values.append(run.value(world, seat, move, seed))
        a, b = values
        if a is not None and b is not None:
            diffs.append(a - b)
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / len(diffs)
    return mean, math.sqrt(var / len(diffs))


def _turn(view: Any) -> tuple[int, ...]:
    """The turn a view is in, where the view says (its public round and active seat), else
    ``()`` (decisions are then counted over the whole play-out)."""
    public = view.get("public", {}) if hasattr(view, "get") else {}
    round_, active = public.get("round"), public.get("active")
    return (round_, active) if isinstance(round_, int) and isinstance(active, int) else ()


class _KeyedChoice:
    """The heuristic with a fresh generator for each decision, keyed by the play-out's seed,
    the turn, the seat and how many decisions the seat has made in the turn: two lines whose
    states agree at that decision break its ties alike, and lines that took a different
    number of decisions in one turn (an invitation asked and answered) are back in step at
    the next."""

    def __init__(self, choose: Any) -> None:
        self.choose = choose
        self.seed = 0
        self.turn: tuple[int, ...] = ()
        self.made: dict[int, int] = {}

    def start(self, seed: int) -> None:
        """Begin a play-out seeded with ``seed``."""
        self.seed, self.turn, self.made = seed, (), {}

    def __call__(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        turn = _turn(view)
        if turn != self.turn:
            self.turn, self.made = turn, {}
        n = self.made.get(seat, 0)
        self.made[seat] = n + 1
        key = Rng(self.seed)
        for part in (*turn, seat, n):
            key = Rng(key.next64() ^ part)
        return self.choose(game, view, seat, legal, key)  # type: ignore[no-any-return]
