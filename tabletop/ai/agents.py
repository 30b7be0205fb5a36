"""Agents built on the hooks and the search: a noisy heuristic and the IS-MCTS player."""

from __future__ import annotations

from typing import Any

from tabletop.ai.hooks import default_evaluate, hooks_for, without_undo
from tabletop.ai.ismcts import ISMCTS, Search, SearchConfig, SearchResult
from tabletop.ai.paired import PairedSearch
from tabletop.engine import Action, Game, IllegalAction, Rng


def _match(action: Action, legal: list[Action]) -> Action | None:
    for a in legal:
        if a == action:
            return a
    return None


class HeuristicAgent:
    """The game's heuristic, with a chance ``noise`` of a random legal move instead.

    Uses the game's view heuristic when it has one (a hook, or the game's ``greedy``
    agent); otherwise its rollout policy on one determinization of the view; otherwise a
    one-step greedy look-ahead on the evaluation.
    """

    def __init__(self, name: str = "easy", noise: float = 0.25) -> None:
        self.name = name
        self.noise = noise

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """A heuristic choice, or (with probability ``noise``) a random one."""
        if len(legal) == 1:
            return legal[0]
        hooks = hooks_for(game)
        if self.noise > 0 and rng.random() < self.noise:
            return rng.choice(without_undo(legal, hooks.undo_actions))
        heuristic = hooks.heuristic
        if heuristic is None:
            greedy = game.heuristic_agent("greedy")
            heuristic = greedy.choose if greedy is not None else None
        if heuristic is not None:
            picked = _match(heuristic(game, view, seat, legal, rng), legal)
            if picked is not None:
                return picked
        state = game.determinize(view, seat, rng.fork())
        inner = game.legal_actions(state, seat)
        if hooks.policy is not None and inner:
            picked = _match(hooks.policy(game, state, seat, inner, rng), legal)
            if picked is not None:
                return picked
        return _greedy(game, state, seat, legal, rng, hooks.evaluate or default_evaluate)


def _greedy(
    game: Game, state: Any, seat: int, legal: list[Action], rng: Rng, evaluate: Any
) -> Action:
    """The action whose immediate result evaluates best for ``seat`` (ties broken at random)."""
    best: list[Action] = []
    best_v = -1.0
    for a in legal:
        trial = game.copy(state)
        try:
            game.apply(trial, seat, a)
        except IllegalAction:  # a determinization may not allow every move
            continue
        if game.is_over(trial):
            out = game.outcome(trial)
            v = 1.0 / len(out.winners) if seat in out.winners else 0.0
        else:
            v = evaluate(game, trial)[seat]
        if v > best_v + 1e-12:
            best, best_v = [a], v
        elif abs(v - best_v) <= 1e-12:
            best.append(a)
    return rng.choice(best) if best else rng.choice(legal)


class ISMCTSAgent:
    """Information-set MCTS from the view (see :mod:`tabletop.ai.ismcts`)."""

    def __init__(self, name: str, config: SearchConfig) -> None:
        self.name = name
        self.search: Search = PairedSearch(config) if config.paired else ISMCTS(config)
        self.last: SearchResult | None = None

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """The most visited root action after the search budget (or, by noise, a random one)."""
        if len(legal) == 1:
            return legal[0]
        noise = self.search.config.noise
        if noise > 0 and rng.random() < noise:
            return rng.choice(without_undo(legal, hooks_for(game).undo_actions))
        self.last = self.search.search(game, view, seat, legal, rng)
        return self.last.action
