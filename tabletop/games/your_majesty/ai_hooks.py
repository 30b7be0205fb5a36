"""Hooks for the generic IS-MCTS of tabletop.ai: a rollout policy and a position value.

Returned as a plain dict (this package does not import tabletop.ai).  The policy and the
evaluation only ever run on states the search determinized from the agent's own view.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.games.your_majesty.scoring import prestige, target, wealth
from tabletop.games.your_majesty.state import YMState

# how likely a rollout picks each kind of decision (then a uniform one of that kind)
WEIGHTS = {
    "hold_salon": 20.0,
    "attend": 10.0,
    "draw_philosophe": 6.0,
    "propose_salon": 4.0,
    "lend": 3.0,
    "defend": 2.0,
    "block": 2.0,
    "cancel_place": 2.0,
    "take": 2.0,
    "choose_colony": 1.5,
    "pay": 1.0,
    "play_event": 1.0,
    "invite": 1.0,
    "refuse": 1.0,
    "yield": 1.0,
    "allow": 1.0,
    "campaign": 0.5,
    "end_turn": 0.5,
    "done": 0.5,
    "abandon_salon": 0.2,
}


def policy(game: Game, s: YMState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A cheap rollout move: a kind of decision by weight, then one of that kind at random."""
    groups: dict[str, list[Action]] = {}
    for a in legal:
        groups.setdefault(a.name, []).append(a)
    names = list(groups)
    hand = len(s.hands[seat])
    weights = [(4.0 if hand <= 1 else 0.5) if n == "refill" else WEIGHTS.get(n, 1.0) for n in names]
    pick = rng.random() * sum(weights)
    for n, w in zip(names, weights, strict=True):
        pick -= w
        if pick <= 0:
            return rng.choice(groups[n])
    return rng.choice(groups[names[-1]])


def worth(s: YMState, seat: int) -> float:
    """Prestige now, plus a little for the means to gain more."""
    if s.over:
        return float(prestige(s, seat))
    return prestige(s, seat) + 0.25 * min(wealth(s, seat), 5) + 0.15 * len(s.hands[seat])


def evaluate(game: Game, s: YMState) -> list[float]:
    """Each seat's share of the win: a softmax of the worths, sharper near the goal."""
    values = [worth(s, i) for i in range(s.players)]
    top = max(values)
    temperature = max(1.5, (target(s) - top) / 3 + 1.5)
    e = [math.exp((v - top) / temperature) for v in values]
    total = sum(e)
    return [x / total for x in e]


def heuristic(game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy heuristic as a view-only hook."""
    from tabletop.games.your_majesty.ai import HeuristicAgent

    return HeuristicAgent().choose(game, view, seat, legal, rng)


def ai_hooks(game: Game) -> dict[str, Any]:
    """The hooks, as a dict of ``tabletop.ai.hooks.AIHooks`` fields."""
    return {
        "policy": policy,
        "evaluate": evaluate,
        "heuristic": heuristic,
        "cutoff": 24,
        "max_game_length": 8000,
        # both levels keep the heuristic's move unless the search is confident (anchor, in
        # standard errors).  Measured (docs/ai.md): rollouts by the heuristic with a cut-off
        # of 12 lost to these weighted ones cut off after 8 (Hard 60 it 16.7 % vs Normal).
        # Hard: 15 times Normal's iterations (~0.35 s of CPU a decision, ~1700 it/s).
        # The search seldom overrules the heuristic, so the levels are spaced by blunder
        # rates measured on the heuristic itself (2 players, 400 games each): no blunders
        # beat 15 % in 68.5 %, 15 % beat 40 % in 85.2 %, 40 % beat Random in 99.2 %
        "levels": {
            "easy": {"noise": 0.4},
            "normal": {
                "iterations": 40,
                "time_limit": 0.45,
                "cutoff": 8,
                "noise": 0.15,
                **_ANCHORED,
            },
            "hard": {"iterations": 600, "time_limit": 1.5, "cutoff": 8, **_ANCHORED},
        },
    }


_ANCHORED = {"game_policy": True, "prior": True, "anchor": 1.5}
