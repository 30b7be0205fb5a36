"""What every game's heuristic shares: the greedy agent's shape and the softmax of worths.

A game's ``ai.py`` subclasses :class:`ViewGreedy` (the kit's ``heuristic`` class) and writes
only ``decide``: how it judges a position it rebuilds from the seat's view; a decision with
one legal move is answered at once, without rebuilding anything.  Its evaluation hook turns
each seat's worth into a share of the win with :func:`softmax_shares`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.rng import Rng


class ViewGreedy:
    """A greedy agent that sees only its seat's view."""

    name = "greedy"

    def choose(self, game: Any, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The lone legal move, else :meth:`decide`'s choice."""
        return legal[0] if len(legal) == 1 else self.decide(view, seat, legal, rng)

    def decide(self, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The choice among two or more legal moves, judged from ``view`` only."""
        raise NotImplementedError


def softmax_shares(
    values: Sequence[float], temperature: float, out: Sequence[int] | None = None
) -> list[float]:
    """Each seat's share of the win from its worth: ``exp((v - best) / temperature)``,
    normalised; a seat whose entry in ``out`` is true gets nothing.  A higher temperature spreads the
    shares (much of the game still to play), a lower one gives the leader more."""
    top = max(values)
    e = [0.0 if out and out[p] else math.exp((v - top) / temperature) for p, v in enumerate(values)]
    total = sum(e) or 1.0
    return [x / total for x in e]
