"""Single-observer information-set Monte Carlo tree search over the game protocol.

Each iteration samples a full state consistent with the observer's view
(``game.determinize``), then walks one shared tree whose edges are keyed by what the
observer learns: its own actions and every visible action by their :attr:`Action.key`
identity, actions hidden from it by what it sees of them (the redacted events).  Selection
is UCB1 with *availability* counts (an action's exploration term counts the visits in
which it was legal, not the visits of its parent), so determinizations with different
legal moves share statistics soundly.  Values are vectors (one entry per seat); at each
decision the deciding seat maximises its own entry, so the search handles any number of
players.  Chance is sampled when it happens: the determinized state carries a fresh
random generator and ``determinize`` already hides the order of face-down decks.

Simultaneous decisions (several seats in ``to_act``) use decoupled selection: every
acting seat picks from its own statistics in the same node, then the picks are applied in
turn; the tree only branches on the joint, observed result, so no seat's choice depends
on another's secret one.

The agent receives the view and the legal actions, never the real state.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tabletop.ai.budget import heap_frozen
from tabletop.ai.hooks import (
    AIHooks,
    default_evaluate,
    hooks_for,
    random_policy,
    terminal_values,
    without_undo,
)
from tabletop.engine import IMPERFECT, Action, Game, Rng


@dataclass(frozen=True)
class SearchConfig:
    """Budget and knobs of one search."""

    iterations: int = 500
    #: a budget in simulated moves too (``None``: none): the search goes on past
    #: ``iterations`` until it has simulated ``iterations * moves_per_iteration`` moves (steps
    #: in the tree and in play-outs), so a position near the end of the game, whose
    #: play-outs are short and cheap, gets more iterations, and one whose play-outs are about
    #: this long gets ``iterations``; scaling ``iterations`` scales both budgets
    moves_per_iteration: float | None = None
    #: cap in CPU seconds of the searching thread (``None``: none): a loaded machine makes a
    #: decision slower, never weaker; results are reproducible when it is not hit
    time_limit: float | None = 2.0
    #: UCB exploration constant (values are in ``[0, 1]``)
    exploration: float = 0.7
    #: use the game's rollout policy, or its greedy agent (``False``: uniform random rollouts)
    game_policy: bool = True
    #: rollout steps before the evaluation cuts in; ``None`` = the game's hook, ``-1`` = never
    cutoff: int | None = None
    #: a node's first visit tries the game's heuristic move first (its view heuristic if it
    #: has one, else its rollout policy or greedy agent)
    prior: bool = True
    #: if set, the game's heuristic move is played unless the search's choice has a mean
    #: value this many standard errors higher (a safety net for small budgets)
    anchor: float | None = None
    #: rollouts play the game's view heuristic for every seat (costlier, closer to real play)
    heuristic_rollouts: bool = False
    #: chance of a uniformly random move instead of a search (a level's blunder rate, as
    #: Easy's noise; undo moves are never drawn)
    noise: float = 0.0
    #: if > 0, no tree: the game's ``rank`` hook's best moves (at most this many, within
    #: ``margin`` of the best score) are compared in paired play-outs (:mod:`tabletop.ai.paired`)
    paired: int = 0
    margin: float = math.inf
    #: progressive widening of a paired search (``0``: off): after ``n`` dealt worlds the
    #: first ``ceil(widen * n ** widen_power)`` moves in the heuristic's order are compared
    #: (never fewer than the starting candidates), so every legal move is reached in time
    widen: float = 0.0
    widen_power: float = 0.5
    #: a paired search's bar grows with the number of rivals compared (a Bonferroni
    #: correction of ``anchor``; :func:`tabletop.ai.paired.bar`), so comparing more moves
    #: does not let more of them through by luck
    anchor_per_rival: bool = False


class _Stat:
    __slots__ = ("avail", "ended", "square", "total", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.square = 0.0  # sum of squared values, for the anchor's confidence test
        self.ended = 0  # visits whose play-out reached the end of the game
        self.wins = 0.0  # the seat's share of the win, summed over those play-outs


class _Node:
    __slots__ = ("children", "stats", "tried")

    def __init__(self) -> None:
        self.stats: dict[tuple[int, Action], _Stat] = {}
        self.children: dict[Any, _Node] = {}
        #: seats whose first visit here already tried the rollout policy's move
        self.tried: list[int] = []


@dataclass
class SearchResult:
    """What a search found: the chosen action and the root statistics."""

    action: Action
    iterations: int
    visits: dict[str, int]
    values: dict[str, float]
    timed_out: bool
    #: per root move: the play-outs that reached the end of the game, and the mean share of
    #: the win the seat had in them (the values blend that with points and evaluations)
    ended: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    #: moves simulated in the tree and the play-outs (what a move budget counts)
    moves: int = 0

    def win_chance(self, action: Action) -> float | None:
        """The share of the search's play-outs of ``action`` the seat won, if every one of
        them was played to the end (else ``None``: its value is an estimate, not a chance)."""
        n = self.visits.get(action.key, 0)
        if n == 0 or self.ended.get(action.key, 0) != n:
            return None
        return self.wins.get(action.key, 0.0)


#: the clock the CPU cap reads: seconds of this thread's CPU time
CPU_CLOCK: Callable[[], float] = time.thread_time


class Start(NamedTuple):
    """What a search starts from: the seat's view and legal moves, the generator it draws
    from, the game's hooks; ``allowed``, the root moves the seat may search and choose
    (``None``: every legal one)."""

    game: Game
    view: dict[str, Any]
    seat: int
    legal: list[Action]
    rng: Rng
    hooks: AIHooks
    allowed: frozenset[Action] | None


class Search:
    """A search as the agents and the Hint call it, ``search(game, view, seat, legal, rng,
    only=None)``; each kind (:class:`ISMCTS`, :class:`~tabletop.ai.paired.PairedSearch`)
    writes its own :meth:`run`.

    ``clock`` is what the CPU cap reads (this thread's CPU seconds; a test may inject another).
    """

    def __init__(
        self, config: SearchConfig | None = None, clock: Callable[[], float] = CPU_CLOCK
    ) -> None:
        self.config = config or SearchConfig()
        self.clock = clock

    def search(
        self,
        game: Game,
        view: dict[str, Any],
        seat: int,
        legal: list[Action],
        rng: Rng,
        only: list[Action] | None = None,
    ) -> SearchResult:
        """Search from ``view`` for ``seat``: the action chosen and the root's figures.

        ``only``: the root moves the seat may search and choose (``legal`` when ``None``);
        the Hint leaves out the moves that cannot succeed.
        """
        allowed = None if only is None else frozenset(only)
        return self.run(Start(game, view, seat, legal, rng, hooks_for(game), allowed))

    def run(self, start: Start) -> SearchResult:
        """The search from ``start`` (each kind of search writes its own)."""
        raise NotImplementedError


class ISMCTS(Search):
    """The tree search: the most visited legal action (see the module's docstring).

    The cap is checked before each iteration and before each step of a play-out, so a long
    play-out is cut (and judged by the evaluation) when the cap passes in its middle.
    """

    def run(self, start: Start) -> SearchResult:
        """Search from ``start`` and return the most visited legal action."""
        game, view, seat, legal, rng, hooks, allowed = start
        cfg = self.config
        ctx = _Context(game, hooks, cfg, seat)
        if allowed is not None:
            ctx.allowed = allowed
            legal = [a for a in legal if a in allowed] or legal
        root = _Node()
        search_rng = Rng(rng.next64())
        # CPU time of this thread, not wall time: strength must not depend on the load
        clock = self.clock
        deadline = None if cfg.time_limit is None else clock() + cfg.time_limit
        ctx.clock, ctx.deadline = clock, deadline
        done = 0
        timed_out = False
        per = cfg.moves_per_iteration
        moves = 0.0 if per is None else cfg.iterations * per
        with heap_frozen():  # a full collection would traverse the whole heap in one go
            # (an iteration simulates at least one move, so the move budget ends by ``moves``
            # iterations at the latest)
            while done < cfg.iterations or (ctx.moves < moves and done < moves):
                if deadline is not None and clock() > deadline:
                    timed_out = True
                    break
                it_rng = search_rng.fork()
                state = game.determinize(view, seat, it_rng)
                ctx.iterate(root, state, it_rng)
                done += 1
                if ctx.cut:  # the cap passed inside this iteration's play-out
                    timed_out = True
                    break
        visits: dict[str, int] = {}
        values: dict[str, float] = {}
        ended: dict[str, int] = {}
        wins: dict[str, float] = {}
        best = None
        best_rank: tuple[int, float] = (-1, -1.0)
        for a in without_undo(legal, hooks.undo_actions):
            st = root.stats.get((seat, a))
            n = st.visits if st else 0
            mean = st.total / n if st and n else 0.0
            visits[a.key] = n
            values[a.key] = mean
            ended[a.key] = st.ended if st else 0
            wins[a.key] = st.wins / st.ended if st and st.ended else 0.0
            if (n, mean) > best_rank:
                best, best_rank = a, (n, mean)
        assert best is not None
        if cfg.anchor is not None and ctx.heuristic is not None:
            # the game's own move stands unless the search finds one clearly better
            own = ctx.heuristic(game, view, seat, legal, Rng(rng.next64()))
            if own != best and not _clearly_better(
                root.stats[(seat, best)], root.stats.get((seat, own)), cfg.anchor
            ):
                best = own
        return SearchResult(best, done, visits, values, timed_out, ended, wins, ctx.moves)


def _clearly_better(a: _Stat, b: _Stat | None, z: float) -> bool:
    """Whether ``a``'s mean value beats ``b``'s by ``z`` standard errors (``b`` unvisited: yes)."""
    if b is None or not b.visits:
        return True
    if not a.visits:
        return False
    err = 0.0
    for st in (a, b):
        mean = st.total / st.visits
        var = max(st.square / st.visits - mean * mean, 0.01)
        err += var / st.visits
    return a.total / a.visits - b.total / b.visits > z * math.sqrt(err)


def _on_view(choose: Any) -> Any:
    """A move choice from a view (``choose(game, view, seat, legal, rng)``) as a state policy."""

    def policy(game: Game, state: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        return choose(game, game.view(state, seat), seat, legal, rng)

    return policy


def _view_heuristic(game: Game) -> Any:
    """The ``choose`` of the game's ``greedy`` agent (``None`` if it has none)."""
    agent = game.heuristic_agent("greedy")
    return None if agent is None else agent.choose


def _view_policy(game: Game) -> Any:
    """A rollout policy from the game's ``greedy`` agent, fed the acting seat's view."""
    choose = _view_heuristic(game)
    return None if choose is None else _on_view(choose)


class _Context:
    """One search's fixed parts and the iteration loop."""

    def __init__(self, game: Game, hooks: AIHooks, cfg: SearchConfig, observer: int) -> None:
        self.game = game
        self.observer = observer
        self.c = cfg.exploration
        game_policy = hooks.policy or _view_policy(game)
        self.policy = game_policy if cfg.game_policy and game_policy else random_policy
        #: the game's move choice from a view (its heuristic hook, else its greedy agent)
        self.heuristic = hooks.heuristic or _view_heuristic(game)
        if cfg.heuristic_rollouts and self.heuristic is not None:
            self.policy = _on_view(self.heuristic)
        self.prior = None
        if cfg.prior:
            self.prior = game_policy if hooks.heuristic is None else _on_view(hooks.heuristic)
        self.evaluate = hooks.evaluate or default_evaluate
        cutoff = hooks.cutoff if cfg.cutoff is None else cfg.cutoff
        self.cutoff = None if cutoff is None or cutoff < 0 else cutoff
        self.max_steps = hooks.max_game_length
        self.score_weight = hooks.score_weight
        self.imperfect = game.info.information == IMPERFECT or game.info.simultaneous
        self.observed = hooks.observed
        self.undo = hooks.undo_actions
        #: the observer's root moves a search is held to (``None``: every legal one)
        self.allowed: frozenset[Action] | None = None
        #: each seat's share of the win in the last play-out, if it reached the end
        self.win: list[float] | None = None
        #: the CPU cap, checked before each play-out step (``None``: no cap)
        self.clock: Callable[[], float] = CPU_CLOCK
        self.deadline: float | None = None
        #: whether the last play-out was cut because the cap passed
        self.cut = False
        #: moves simulated so far (tree and play-out steps), for the move budget
        self.moves = 0

    def _legal(self, state: Any, seat: int) -> list[Action]:
        return without_undo(self.game.legal_actions(state, seat), self.undo)

    def _root_legal(
        self, at_root: bool, state: Any, seat: int, legal: list[Action] | None = None
    ) -> list[Action]:
        """``seat``'s searched moves; at the root the observer's are held to ``allowed``."""
        if legal is None:
            legal = self._legal(state, seat)
        if not at_root or seat != self.observer or self.allowed is None:
            return legal
        return [b for b in legal if b in self.allowed] or legal

    # --- one iteration --------------------------------------------------------------
    def iterate(self, root: _Node, state: Any, rng: Rng) -> None:
        """Select and expand in the tree, roll out, back the value vector up."""
        game = self.game
        node = root
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        while not game.is_over(state):
            seats = game.to_act(state)
            if not seats:
                break
            picks: list[tuple[int, Action]] = []
            keys: list[Any] = []
            if len(seats) == 1:
                s = seats[0]
                legal = self._legal(state, s)
                if not legal:
                    break
                if node is root and self.allowed is not None:
                    legal = self._root_legal(True, state, s, legal)
                a = self._select(node, s, legal, rng, state)
                events = game._apply(state, s, a)
                self.moves += 1
                picks.append((s, a))
                keys.append(self._observed(events, s, a))
            else:
                chosen = [
                    (s, self._select(node, s, self._root_legal(node is root, state, s), rng))
                    for s in seats
                ]
                for s, a in chosen:
                    if s not in game.to_act(state):
                        continue
                    now = self._legal(state, s)
                    if not now:
                        continue
                    if a not in now:
                        # an earlier seat's move changed what this one may do (in a
                        # determinized state a seat may pass by itself): a random legal
                        # move stands in, counted as available like a selected one
                        a = now[rng.randrange(len(now))]
                        st = node.stats.get((s, a))
                        if st is None:
                            st = node.stats[(s, a)] = _Stat()
                        st.avail += 1
                    events = game._apply(state, s, a)
                    self.moves += 1
                    picks.append((s, a))
                    keys.append(self._observed(events, s, a))
                if not picks:
                    break
            path.append((node, picks))
            key = keys[0] if len(keys) == 1 else tuple(keys)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        values = self._rollout(state, rng)
        win = self.win
        for n, picks in path:
            for s, a in picks:
                st = n.stats[(s, a)]
                st.visits += 1
                v = values[s]
                st.total += v
                st.square += v * v
                if win is not None:
                    st.ended += 1
                    st.wins += win[s]

    def _select(
        self, node: _Node, seat: int, legal: list[Action], rng: Rng, state: Any = None
    ) -> Action:
        stats = node.stats
        if self.prior is not None and state is not None and seat not in node.tried:
            # a node's first visit for this seat tries the game's preferred move first
            node.tried.append(seat)
            a = self.prior(self.game, state, seat, legal, rng)
            for b in legal:
                st = stats.get((seat, b))
                if st is None:
                    st = stats[(seat, b)] = _Stat()
                st.avail += 1
            return a if (seat, a) in stats else legal[rng.randrange(len(legal))]
        fresh: list[Action] = []
        best = legal[0]
        best_u = -math.inf
        c = self.c
        for a in legal:
            st = stats.get((seat, a))
            if st is None:
                st = stats[(seat, a)] = _Stat()
            st.avail += 1
            if st.visits == 0:
                fresh.append(a)
            elif not fresh:
                u = st.total / st.visits + c * math.sqrt(math.log(st.avail) / st.visits)
                if u > best_u:
                    best, best_u = a, u
        if fresh:
            return fresh[rng.randrange(len(fresh))]
        return best

    def _observed(self, events: list[Any], actor: int, action: Action) -> Any:
        """The edge key: what the observer learns of ``actor`` taking ``action``."""
        if self.observed is not None:
            return self.observed(self.game, events, actor, action, self.observer)
        if actor == self.observer or not self.imperfect:
            return action
        seen = []
        for e in events:
            if e.private_to is not None and self.observer not in e.private_to:
                r = e.redacted
                seen.append(json.dumps(r.to_json(), sort_keys=True, default=str) if r else "-")
        if not seen:
            return action
        return ("hidden", actor, action.name, tuple(seen))

    def _rollout(self, state: Any, rng: Rng) -> list[float]:
        """The value vector of a play-out from ``state``; ``self.win`` is each seat's share
        of the win if the play-out reached the end of the game, else ``None``."""
        game = self.game
        policy = self.policy
        steps = 0
        limit = self.max_steps
        self.win = None
        deadline = self.deadline
        while not game.is_over(state):
            if (self.cutoff is not None and steps >= self.cutoff) or steps >= limit:
                return self.evaluate(game, state)
            if deadline is not None and self.clock() > deadline:
                self.cut = True  # the cap passed mid-play-out: judge the position now
                return self.evaluate(game, state)
            seats = game.to_act(state)
            if not seats:
                break
            s = seats[0]
            legal = self._legal(state, s)
            if not legal:
                break
            a = legal[0] if len(legal) == 1 else policy(game, state, s, legal, rng)
            game._play(state, s, a)
            steps += 1
            self.moves += 1
        if not game.is_over(state):
            return self.evaluate(game, state)
        out = game.outcome(state)
        self.win = terminal_values(out.scores, out.winners, 0.0)
        return terminal_values(out.scores, out.winners, self.score_weight)
