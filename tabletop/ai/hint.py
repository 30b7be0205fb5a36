"""The Hint: Hard's search from the asking seat's view, and its reason in one sentence.

The advice is the move Hard would play (the same search, budget and CPU cap) among the
moves that can succeed: a game may declare, from the view alone, why a move cannot (its
``futile`` hook: a salon with no chance, an attack that can hit nobody), and such a move is
never advised while another is legal.  The reason is built from what the search saw (its
estimate for the move and for the runner-up) and from what the move does at once to the
seat's points in states re-dealt from the view; it never reads the real state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.ismcts import SearchConfig, SearchResult
from tabletop.ai.levels import HARD, level_config
from tabletop.engine import Action, Game, IllegalAction, Rng

#: re-dealt states on which the move's immediate effect on the points is measured
POINT_SAMPLES = 4


@dataclass(frozen=True)
class Advice:
    """The advised move and why, in one plain sentence."""

    action: Action
    reason: str


def hard_config(game: Game) -> SearchConfig:
    """Hard's search configuration in ``game`` (its budget and CPU cap), never blundering."""
    return replace(level_config("hard", game) or HARD, noise=0.0)


def futile_moves(game: Game, view: Any, seat: int, legal: list[Action]) -> dict[Action, str]:
    """The moves of ``legal`` that cannot succeed, each with the game's reason why."""
    futile = hooks_for(game).futile
    if futile is None:
        return {}
    out: dict[Action, str] = {}
    for a in legal:
        why = futile(game, view, seat, a)
        if why:
            out[a] = why
    return out


class HintAgent(ISMCTSAgent):
    """Hard's choice among the moves that can succeed, with :meth:`advise` saying why (the
    search agent's set-up, its own choice)."""

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """The advised move (see :meth:`advise`)."""
        return self.advise(game, view, seat, legal, rng).action

    def advise(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Advice:
        """Hard's move for ``seat`` from ``view`` and the sentence that explains it."""
        self.last = None
        if len(legal) == 1:
            return Advice(legal[0], f"{legal[0].text}: the only legal move.")
        futile = futile_moves(game, view, seat, legal)
        hopeful = [a for a in legal if a not in futile]
        if not hopeful:  # nothing can succeed: search them all, say so
            futile, hopeful = {}, legal
        candidates = without_undo(hopeful, hooks_for(game).undo_actions)
        if len(candidates) == 1:  # the others cannot succeed, or only take back a pick
            action = candidates[0]
            why = "the only move that can succeed" if futile else "the only move that goes on"
            return Advice(action, _sentence(action.text, why, futile))
        result = self.search.search(game, view, seat, legal, rng, only=hopeful if futile else None)
        self.last = result
        action = result.action
        points = points_now(game, view, seat, action, Rng(rng.next64()))
        now = f"{points:+d} point{'s' if abs(points) != 1 else ''} now and " if points else ""
        why = now + _estimate(result, action, candidates)
        return Advice(action, _sentence(action.text, why, futile))


def _estimate(result: SearchResult, action: Action, candidates: list[Action]) -> str:
    """The search's figures for ``action`` and for its runner-up, in words."""
    mine = result.values.get(action.key, 0.0)
    text = f"{_pct(mine)} to win in Hard's search"
    others = [  # a copy of the same card (same words) is no other choice
        a for a in candidates if a.text != action.text and result.visits.get(a.key, 0) > 0
    ]
    if not others:
        return text
    runner = max(others, key=lambda a: (result.visits[a.key], result.values[a.key]))
    theirs = result.values[runner.key]
    if theirs > mine:  # the anchor kept the game's own move: the other is not clearly better
        return f"{text}, and “{runner.text}” ({_pct(theirs)}) is not clearly better"
    return f"{text} (next best: “{runner.text}”, {_pct(theirs)})"


def _sentence(move: str, why: str, futile: dict[Action, str]) -> str:
    text = f"{move}: {why}"
    if futile:
        first, said = next(iter(futile.items()))
        more = len(futile) - 1
        extra = f" (and {more} more move{'s' if more > 1 else ''} like it)" if more else ""
        text += f"; not “{first.text}”{extra}, as {said}"
    return text + "."


def _pct(value: float) -> str:
    return f"{round(100 * value)} %"


def points_now(game: Game, view: Any, seat: int, action: Action, rng: Rng) -> int:
    """What ``action`` adds to ``seat``'s points at once, if the same in every re-deal of
    ``view`` tried (else 0: it depends on what the seat cannot see)."""
    found: set[int] = set()
    for _ in range(POINT_SAMPLES):
        state = game.determinize(view, seat, rng.fork())
        before = game.outcome(state).scores[seat]
        try:
            game.apply(state, seat, action)
        except IllegalAction:
            return 0
        found.add(round(game.outcome(state).scores[seat] - before))
        if len(found) > 1:
            return 0
    return found.pop() if found else 0
