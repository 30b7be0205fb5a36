"""The AI's decision itself: which agent answers, and its choice as an index.

Shared by the AI process (:mod:`tabletop.controller.ai_seats.process`) and the in-app thread
(:mod:`tabletop.controller.ai_seats.worker`), so neither imports the other for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.ai import make_agent
from tabletop.engine import Action, Game, Rng

FALLBACKS = ("greedy", "random")


def agent_for(kind: str, game: Game) -> Any:
    """``make_agent(kind)``, falling back to ``greedy`` and then ``random`` when unknown."""
    for k in (kind, *FALLBACKS):
        try:
            return make_agent(k, game)
        except ValueError:
            continue
    raise ValueError(f"no agent available for {game.info.id}")


_AGENTS: dict[tuple[str, str], Any] = {}


def decide(
    game: Game, kind: str, view: Mapping[str, Any], seat: int, legal: Sequence[Action], seed: int
) -> int:
    """The index in ``legal`` of the agent's choice (runs in the worker)."""
    return decide_why(game, kind, view, seat, legal, seed)[0]


def decide_why(
    game: Game, kind: str, view: Mapping[str, Any], seat: int, legal: Sequence[Action], seed: int
) -> tuple[int, str]:
    """The index in ``legal`` of the agent's choice and, from an agent that gives one (the
    Hint's), the reason in a sentence ("" otherwise)."""
    key = (game.info.id, kind)
    if key not in _AGENTS:
        _AGENTS[key] = agent_for(kind, game)
    agent = _AGENTS[key]
    reason = ""
    if hasattr(agent, "advise"):
        advice = agent.advise(game, view, seat, list(legal), Rng(seed))
        action, reason = advice.action, advice.reason
    else:
        action = agent.choose(game, view, seat, list(legal), Rng(seed))
    return (legal.index(action) if action in legal else 0), reason
