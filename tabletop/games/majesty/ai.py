"""A greedy agent: the best immediate gain plus a projection of final scoring.

It sees only its view: it rebuilds a state with :func:`determinize` under a fixed seed
(the deck order never changes what one move earns), tries every legal action, follows its
own follow-up decisions (exchange, heal) and scores the result.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.games.majesty import rules
from tabletop.games.majesty.catalog import INFIRMARY
from tabletop.games.majesty.locations import side_of
from tabletop.games.majesty.state import MajestyState
from tabletop.games.majesty.view import determinize

MEEPLE_VALUES = (0.0, 1.4, 2.6, 3.6, 4.4, 5.0)  # worth of holding 0..5 meeples
MAJORITY_WEIGHT = 0.5
OPPONENT_WEIGHT = 0.5
MAX_FOLLOW_UP = 6


def projected(s: MajestyState, seat: int) -> float:
    """Points ``seat`` would get from final scoring if the game ended now (majority halved)."""
    realm = s.realms[seat]
    inf = side_of(s, INFIRMARY)
    value = -inf.penalty_per_card * len(realm[INFIRMARY])
    k = sum(1 for loc in range(INFIRMARY) if realm[loc])
    value += k * k
    for loc in range(INFIRMARY + 1):
        L = side_of(s, loc)
        if L.majority is None:
            continue
        mine = len(realm[loc])
        best = max(len(r[loc]) for r in s.realms)
        if mine >= 1 and mine == best:
            value += MAJORITY_WEIGHT * L.majority
    return value


def evaluate(s: MajestyState, seat: int) -> float:
    """Own points, projection and meeples, minus half the average opponent."""
    worth = [s.scores[p] + (0 if s.over else projected(s, p)) for p in range(s.players)]
    own = worth[seat] + MEEPLE_VALUES[min(s.meeples[seat], len(MEEPLE_VALUES) - 1)]
    others = [w for p, w in enumerate(worth) if p != seat]
    return own - OPPONENT_WEIGHT * sum(others) / len(others)


def value_after(s: MajestyState, seat: int, action: Action, depth: int = 0) -> float:
    """The evaluation after ``action``, following own follow-up decisions greedily."""
    s = s.clone()
    rules.apply_action(s, seat, action)
    if not s.over and s.current == seat and s.pending and depth < MAX_FOLLOW_UP:
        return max(value_after(s, seat, a, depth + 1) for a in rules.legal_actions(s, seat))
    if s.pending and s.current == seat:  # too deep: close the decision
        done = [a for a in rules.legal_actions(s, seat) if a.name == rules.DONE]
        if done:
            rules.apply_action(s, seat, done[0])
    return evaluate(s, seat)


class GreedyAgent:
    """Chooses the action with the best evaluation one move ahead (ties broken by ``rng``)."""

    name = "greedy"

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """The best of ``legal`` for ``seat``, judged from ``view`` only."""
        if len(legal) == 1:
            return legal[0]
        return best_action(determinize(view, seat, Rng(0)), seat, legal, rng)


def best_action(s: MajestyState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The action of ``legal`` with the best :func:`value_after` in ``s`` (ties by ``rng``)."""
    scored = [(value_after(s, seat, a), i) for i, a in enumerate(legal)]
    best = max(v for v, _ in scored)
    top = [legal[i] for v, i in scored if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)
