"""Hooks for the generic IS-MCTS (tabletop.ai): how to judge an Aristocracy position.

A plain dict, so this package does not import tabletop.ai.  Rollouts are cut short (random
Aristocracy games last 25 years) and the position is judged by each seat's worth: points
of complete buildings, partial credit for buildings that mostly match, coins (worth about a
card each) and cards in hand, turned into win shares with a softmax.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine import Game
from tabletop.games.aristocracy.agent import GreedyAgent
from tabletop.games.aristocracy.scoring import POINTS
from tabletop.games.aristocracy.state import State


def worth(s: State, seat: int) -> float:
    """Points now plus progress towards complete buildings, coins and cards."""
    total = 0.0
    for b in s.buildings[seat]:
        if len(b.cards) < s.farm:
            continue
        r = s.rank(b.address)
        share = sum(1 for c in b.cards if s.rank(c) == r) / len(b.cards)
        total += POINTS[s.kind(b)] * (share if share == 1.0 else 0.5 * share)
    return total + 0.1 * s.coins[seat] + 0.05 * (len(s.hands[seat]) + len(s.stalls[seat]))


def evaluate(game: Game, s: State) -> list[float]:
    """Each seat's share of the win, from the worths (softmax)."""
    if s.over:
        out = game.outcome(s)
        return [1.0 if p in out.winners else 0.0 for p in range(s.players)]
    values = [worth(s, p) for p in range(s.players)]
    top = max(values)
    e = [math.exp((v - top) / 1.5) for v in values]
    total = sum(e)
    return [x / total for x in e]


KINDS = ("farm", "estate", "château")


def balance_cards(game: Game, s: State) -> list[list[str]]:
    """Per seat at the end: each building's kind (complete or not) and its address rank."""
    out = []
    for seat in range(s.players):
        labels = []
        for b in s.buildings[seat]:
            state = "complete" if s.complete(b) else "incomplete"
            labels += [
                f"{KINDS[max(0, min(s.kind(b), 2))]} {state}",
                f"address {s.rank(b.address)}",
            ]
        out.append(labels)
    return out


def ai_hooks(game: Game) -> dict[str, Any]:
    """The hooks, as a dict of :class:`tabletop.ai.hooks.AIHooks` fields."""
    return {
        "evaluate": evaluate,
        "heuristic": GreedyAgent().choose,
        "cutoff": 24,
        "max_game_length": 12000,
        # taking a card back out of the Ball or the stall only undoes a pick
        "undo_actions": ("ball_take", "stall_take"),
        "balance_cards": balance_cards,
        # small budgets (a game has ~110 decisions a seat, ~5 ms an iteration): both levels
        # keep the greedy move unless the search is confident (anchor, in standard errors).
        # No search we could afford beat the greedy agent clearly (docs/ai.md), so Normal
        # stands between Easy (30 % random moves) and Hard by a 10 % blunder rate
        "levels": {
            "normal": {
                "iterations": 20,
                "time_limit": 0.45,
                "cutoff": 8,
                "noise": 0.1,
                **_ANCHORED,
            },
            "hard": {"iterations": 60, "time_limit": 1.5, "cutoff": 16, **_ANCHORED},
        },
    }


_ANCHORED = {"game_policy": True, "prior": True, "anchor": 1.5}
