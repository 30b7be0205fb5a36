"""Per-game hooks for the AI: a rollout policy, a position evaluation and a view heuristic.

A game declares them as a plain attribute: its method ``game.ai_hooks()`` (part of the
game protocol, :class:`~tabletop.engine.game.Game`) returns an :class:`AIHooks` or a plain
``dict`` of its fields, so that game packages need not import :mod:`tabletop.ai`.  Nothing
is looked up by module name.

Every field is optional; what a game leaves out falls back to a generic default (uniform
random rollouts, evaluation by share of the current points).  Policies and evaluations
run only on *determinized* states that the search built from the agent's own view, never
on the real state of a match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tabletop.engine import Action, Game, Rng

#: ``policy(game, state, seat, legal, rng) -> Action``: a fast move choice for rollouts.
Policy = Callable[[Game, Any, int, list[Action], Rng], Action]
#: ``evaluate(game, state) -> [value per seat]``, values in ``[0, 1]`` (expected share of a win).
Evaluate = Callable[[Game, Any], list[float]]
#: ``heuristic(game, view, seat, legal, rng) -> Action``: a move choice from a view alone.
Heuristic = Callable[[Game, dict[str, Any], int, list[Action], Rng], Action]
#: ``observed(game, events, actor, action, observer) -> hashable``: what ``observer`` learns.
Observed = Callable[[Game, list[Any], int, Action, int], Any]
#: ``futile(game, view, seat, action) -> str``: why ``action`` cannot succeed, judged from
#: the view alone ("" when it can); the Hint never advises such a move while another exists.
Futile = Callable[[Game, Any, int, Action], str]


@dataclass(frozen=True)
class AIHooks:
    """What a game tells the generic search about itself (all optional)."""

    policy: Policy | None = None
    evaluate: Evaluate | None = None
    heuristic: Heuristic | None = None
    observed: Observed | None = None
    futile: Futile | None = None
    #: ``rank(game, view, seat, legal) -> [(action, score), ...]`` best first: the
    #: heuristic's scores, from which a paired search takes its candidates
    rank: Callable[..., list[tuple[Any, float]]] | None = None
    #: names of actions that only take back an earlier pick of the same seat (a card put in
    #: a secret commit, say): the search never plays them, so it cannot toggle forever
    undo_actions: frozenset[str] = frozenset()
    #: ``balance_cards(game, final_state) -> [labels per seat]`` for the tournament's
    #: per-card win figures, where the end view hides too much (default: the cards seen
    #: in each seat's zones of the spectator's view)
    balance_cards: Callable[[Game, Any], list[list[str]]] | None = None
    #: rollout steps after which the evaluation replaces playing to the end (``None``: play out)
    cutoff: int | None = 30
    #: an upper bound on the number of decisions in one game (for the OpenSpiel bridge)
    max_game_length: int = 20000
    #: weight of the points share in a terminal value (the rest is the share of the win)
    score_weight: float = 0.2
    #: the entries of ``Outcome.breakdown`` that only the end-game scoring fills (the Hint
    #: leaves them out of what a game-ending move scores now)
    final_scoring: tuple[str, ...] = ()
    #: per-level search settings overriding the defaults (``{"hard": SearchConfig(...)}``)
    levels: dict[str, Any] = field(default_factory=dict)


def _coerce(found: Any) -> AIHooks | None:
    """Hooks from an :class:`AIHooks` or a plain dict (games need not import tabletop.ai)."""
    if found is None or isinstance(found, AIHooks):
        return found
    if isinstance(found, dict):
        fields = dict(found)
        if "undo_actions" in fields:
            fields["undo_actions"] = frozenset(fields["undo_actions"])
        return AIHooks(**fields)
    raise TypeError(f"AI hooks must be AIHooks or a dict, not {type(found).__name__}")


@cache
def _cached(game_id: str, game: Game) -> AIHooks:
    return _coerce(game.ai_hooks()) or AIHooks()


def hooks_for(game: Game) -> AIHooks:
    """The hooks of ``game`` (generic defaults where the game offers none)."""
    inner = getattr(game, "inner", game)  # a wrapped game (tests) shares its hooks
    return _cached(inner.info.id, inner)


def terminal_values(
    scores: list[int] | list[float], winners: list[int], score_weight: float = 0.2
) -> list[float]:
    """Per-seat value of a finished game: share of the win, blended with share of points."""
    n = len(scores)
    win = [0.0] * n
    for w in winners:
        win[w] = 1.0 / len(winners)
    return _blend(win, scores, score_weight)


def _blend(win: list[float], scores: list[int] | list[float], weight: float) -> list[float]:
    n = len(scores)
    low = min(scores) if scores else 0
    shifted = [s - min(low, 0) for s in scores]
    total = sum(shifted)
    share = [s / total for s in shifted] if total > 0 else [1.0 / n] * n
    return [(1 - weight) * w + weight * s for w, s in zip(win, share, strict=True)]


def default_evaluate(game: Game, state: Any) -> list[float]:
    """Value of an unfinished position: the current leaders share the win, blended with points."""
    scores = game.outcome(state).scores
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    n = len(scores)
    # a lead is uncertain mid-game: give the leaders most, not all, of the win
    win = [(0.5 / n) + (0.5 / len(leaders) if i in leaders else 0.0) for i in range(n)]
    return _blend(win, scores, 0.5)


def random_policy(game: Game, state: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Uniformly random: the default rollout policy."""
    return legal[rng.randrange(len(legal))]


def without_undo(legal: list[Action], undo: frozenset[str]) -> list[Action]:
    """``legal`` less the actions that only take back a pick (all of it if nothing else is left)."""
    if not undo:
        return legal
    kept = [a for a in legal if a.name not in undo]
    return kept or legal
