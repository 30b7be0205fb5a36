"""Paired root rollouts: the heuristic's best few moves, each played out in the same worlds.

A search for games whose heuristic is already good and whose tree search cannot tell its
root moves apart (root values differing by less than their noise).  Each iteration deals
one world consistent with the observer's view (``game.determinize``); every candidate
move is applied to a copy of that world and played out with the same random numbers
(common random numbers), so the candidates' values differ only by what the move changed.
The move kept is the heuristic's own unless another beats it on the *paired* differences
by ``anchor`` standard errors.

The candidates come from the game's ``rank`` hook (``rank(game, view, seat, legal)`` →
``[(action, score), ...]``, best first): the moves within ``margin`` of the best score, at
most ``paired`` of them.  A game without one gives its heuristic's move and others drawn at
random.  With one candidate there is nothing to compare.

Rollouts play the game's view heuristic for every seat with ``heuristic_rollouts`` (the
blunder-free heuristic is the opponent this search means to beat), else the game's rollout
policy (or uniformly random moves), up to ``cutoff`` steps, then the game's evaluation.
The budget is in iterations and CPU seconds, never wall time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import NormalDist
from typing import Any, cast

from tabletop.ai.budget import heap_frozen
from tabletop.ai.hooks import default_evaluate, hooks_for, terminal_values, without_undo
from tabletop.ai.ismcts import CPU_CLOCK, Search, SearchConfig, SearchResult, Start
from tabletop.engine import Action, Game, Rng

#: play-outs of a move that has no rival among the candidates (its value is only reported)
ALONE = 6


class PairedSearch(Search):
    """The paired search: the heuristic's move, or a candidate that beats it clearly in
    paired play-outs.

    The CPU cap (read from ``clock``) is checked before each world and before each step of
    every play-out: a world whose play-outs the cap cuts is left out whole (its candidates
    would not be compared alike) and the search ends there.
    """

    def run(self, start: Start) -> SearchResult:
        """The heuristic's move, or a candidate that beats it clearly in paired play-outs."""
        game, view, seat, legal, rng, hooks, allowed = start
        cfg = self.config
        moves = without_undo(legal, hooks.undo_actions)
        if allowed is not None:
            moves = [a for a in moves if a in allowed] or moves
        order, first = ordered(game, view, seat, moves, cfg, Rng(rng.next64()))
        # one candidate and no widening: nothing to compare, a few play-outs only to tell
        # its value (the Hint)
        alone = first == 1 and (cfg.widen <= 0 or len(order) == 1)
        iterations = min(cfg.iterations, ALONE) if alone else cfg.iterations
        run = _Rollouts(game, hooks, cfg)
        clock = self.clock
        k = len(order)
        total = [0.0] * k
        count = [0] * k  # worlds in which each move was played out
        ended = [0] * k  # play-outs that reached the end of the game
        wins = [0.0] * k  # the seat's share of the win in those
        diff = [0.0] * k  # sum of (value - the first candidate's value), same world
        square = [0.0] * k
        live = first  # moves compared so far (the first ones of ``order``)
        n = 0
        search_rng = Rng(rng.next64())
        deadline = None if cfg.time_limit is None else clock() + cfg.time_limit
        run.clock, run.deadline = clock, deadline
        timed_out = False
        with heap_frozen():  # a full collection would traverse the whole heap in one go
            for dealt in range(1, iterations + 1):
                if deadline is not None and clock() > deadline:
                    timed_out = True
                    break
                grown = max(live, widened(dealt, first, k, cfg))
                it_rng = search_rng.fork()
                world = game.determinize(view, seat, it_rng)
                seed = it_rng.next64()
                values, won = [], []
                for a in order[:grown]:
                    values.append(run.value(world, seat, a, seed))
                    won.append(run.win)
                    if run.cut:
                        break
                if run.cut:  # the cap passed mid-play-out: this world is left out, and the rest
                    timed_out = True
                    break
                live = grown
                if any(v is None for v in values[:first]):
                    continue  # a move this world does not allow: the world tells nothing
                n += 1
                base = cast(float, values[0])  # (``first`` >= 1 values were found not None above)
                for i, v in enumerate(values):
                    if v is None:  # a widened move this world does not allow: it sits out
                        continue
                    count[i] += 1
                    w = won[i]
                    if w is not None:
                        ended[i] += 1
                        wins[i] += w
                    total[i] += v
                    d = v - base
                    diff[i] += d
                    square[i] += d * d
        means = [t / c if c else 0.0 for t, c in zip(total, count, strict=True)]
        best = pick(diff, square, count, cfg)
        cands = order[: max(live, 1)]
        return SearchResult(
            order[best],
            n,
            {a.key: c for a, c in zip(cands, count, strict=False)},
            {a.key: m for a, m in zip(cands, means, strict=False)},
            timed_out,
            {a.key: e for a, e in zip(cands, ended, strict=False)},
            {a.key: w / e if e else 0.0 for a, w, e in zip(cands, wins, ended, strict=False)},
        )


def widened(dealt: int, first: int, total: int, cfg: SearchConfig) -> int:
    """How many moves (in the heuristic's order) a paired search compares in its ``dealt``-th
    world: ``ceil(widen * dealt ** widen_power)``, at least the ``first`` starting candidates
    and at most every legal move (progressive widening; ``widen = 0``: the first only)."""
    if cfg.widen <= 0:
        return first
    return max(first, min(total, math.ceil(cfg.widen * dealt**cfg.widen_power)))


def ordered(
    game: Game, view: dict[str, Any], seat: int, legal: list[Action], cfg: SearchConfig, rng: Rng
) -> tuple[list[Action], int]:
    """Every move in the order the heuristic likes them (its own choice first), and how many
    of them are the starting candidates (see :func:`candidates`)."""
    hooks = hooks_for(game)
    if hooks.rank is None:  # the heuristic's move, then others drawn at random
        choose = hooks.heuristic
        if choose is None:
            agent = game.heuristic_agent("greedy")
            choose = agent.choose if agent is not None else None
        own = choose(game, view, seat, legal, rng) if choose is not None else legal[0]
        others = [a for a in legal if a != own]
        rng.shuffle(others)
        order = [own, *others]
        return order, min(len(order), max(1, cfg.paired))
    ranked = hooks.rank(game, view, seat, legal)
    top = ranked[0][1]
    order = [a for a, _ in ranked]
    near = sum(1 for _, score in ranked if score >= top - cfg.margin)
    return order, max(1, min(near, cfg.paired))


def candidates(
    game: Game, view: dict[str, Any], seat: int, legal: list[Action], cfg: SearchConfig, rng: Rng
) -> list[Action]:
    """The moves compared from the first world, the heuristic's choice first: the ``rank``
    hook's moves within ``margin`` of its best score (else the heuristic's move and others
    drawn at random), at most ``paired`` of them."""
    order, first = ordered(game, view, seat, legal, cfg, rng)
    return order[:first]


def pick(diff: list[float], square: list[float], count: list[int], cfg: SearchConfig) -> int:
    """The index of the move kept: 0 (the heuristic's), or the rival with the highest mean
    paired difference among those that beat it by the bar (:func:`bar`).  ``diff`` and
    ``square`` are each move's sums of (value - the first move's value) and of its square
    over the ``count`` worlds it was played out in."""
    z = bar(sum(1 for c in count[1:] if c >= 2), cfg)
    best = 0
    for i in range(1, len(diff)):
        n = count[i]
        ahead = n > 0 and diff[i] / n > (diff[best] / count[best] if best else 0.0)
        if ahead and _clearly_better(diff[i], square[i], n, z):
            best = i
    return best


def bar(rivals: int, cfg: SearchConfig) -> float:
    """How many standard errors a rival must beat the heuristic's move by: ``anchor``, or
    with ``anchor_per_rival`` the bar at which the chance that *any* of ``rivals`` equal
    moves passes it by luck is the chance one passes ``anchor`` (Bonferroni: the one-sided
    tail beyond ``anchor`` divided by the number of rivals)."""
    z = cfg.anchor if cfg.anchor is not None else 0.0
    if not cfg.anchor_per_rival or rivals <= 1:
        return z
    normal = NormalDist()
    return normal.inv_cdf(1.0 - (1.0 - normal.cdf(z)) / rivals)


def _clearly_better(diff: float, square: float, n: int, z: float) -> bool:
    """Whether the mean paired difference beats 0 by ``z`` standard errors."""
    if n < 2:
        return False
    mean = diff / n
    var = max(square / n - mean * mean, 1e-6)
    return mean > z * math.sqrt(var / n)


class _Rollouts:
    """One candidate's play-out in one world: the heuristic for every seat, then the value."""

    def __init__(self, game: Game, hooks: Any, cfg: SearchConfig) -> None:
        self.game = game
        choose = None
        if cfg.heuristic_rollouts:  # the view heuristic (else the state policy, cheaper)
            choose = hooks.heuristic
            if choose is None:
                agent = game.heuristic_agent("greedy")
                choose = agent.choose if agent is not None else None
        self.choose = choose
        self.policy = hooks.policy if cfg.game_policy else None
        self.evaluate = hooks.evaluate or default_evaluate
        self.cutoff = cfg.cutoff if cfg.cutoff is not None and cfg.cutoff >= 0 else None
        self.limit = hooks.max_game_length
        self.score_weight = hooks.score_weight
        self.undo = hooks.undo_actions
        #: the seat's share of the win in the last play-out, if it reached the end
        self.win: float | None = None
        #: the CPU cap, checked before each play-out step (``None``: no cap)
        self.clock: Callable[[], float] = CPU_CLOCK
        self.deadline: float | None = None
        #: whether a play-out was cut because the cap passed
        self.cut = False

    def value(self, world: Any, seat: int, action: Action, seed: int) -> float | None:
        """``seat``'s value after ``action`` in a copy of ``world`` (``None``: not legal there);
        ``self.win`` is then its share of the win if the play-out reached the end, else ``None``."""
        game = self.game
        self.win = None
        state = game.copy(world)
        move = next((a for a in game.legal_actions(state, seat) if a == action), None)
        if move is None:
            return None
        game.play(state, seat, move)
        rng = Rng(seed)
        steps = 0
        deadline = self.deadline
        while not game.is_over(state):
            if (self.cutoff is not None and steps >= self.cutoff) or steps >= self.limit:
                return self.evaluate(game, state)[seat]
            if deadline is not None and self.clock() > deadline:
                self.cut = True
                return None
            seats = game.to_act(state)
            if not seats:
                break
            s = seats[0]
            legal = without_undo(game.legal_actions(state, s), self.undo)
            if not legal:
                break
            if len(legal) == 1:
                a = legal[0]
            elif self.choose is not None:
                a = self.choose(game, game.view(state, s), s, legal, rng)
            else:
                a = self.policy(game, state, s, legal, rng) if self.policy else rng.choice(legal)
            game.play(state, s, a)
            steps += 1
        if not game.is_over(state):
            return self.evaluate(game, state)[seat]
        out = game.outcome(state)
        self.win = terminal_values(out.scores, out.winners, 0.0)[seat]
        return terminal_values(out.scores, out.winners, self.score_weight)[seat]
