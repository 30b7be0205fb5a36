"""The Hint: Hard's search from the asking seat's view, and its reason in one sentence.

The advice is the move Hard would play (the same search, budget and CPU cap) among the
moves that can succeed: a game may declare, from the view alone, why a move cannot (its
``futile`` hook: a salon with no chance, an attack that can hit nobody), and such a move is
never advised while another is legal — unless it scores points at once: no filter hides a
legal scoring move.  The reason is built from what the search saw and from what the move
does at once to the seat's points in states re-dealt from the view; it never reads the real
state.  It claims only what holds: a chance to win only where every play-out of the move
reached the end of the game (the share of them the seat won), else that Hard's search rates
the move best; the points the move itself scores now, never the end-game scoring it sets
off.  The search is seeded by the position (the view, the seat and the legal moves), and an
agent remembers its last answers, so asking twice in one position gives the same advice
even when the CPU cap cut the first search short.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.ismcts import SearchConfig, SearchResult
from tabletop.ai.levels import HARD, level_config
from tabletop.engine import Action, Game, IllegalAction, Rng
from tabletop.engine.frozen import canonical

#: re-dealt states on which the move's immediate effect on the points is measured
POINT_SAMPLES = 4
#: positions whose advice an agent remembers
MEMO = 64


@dataclass(frozen=True)
class Advice:
    """The advised move and why, in one plain sentence."""

    action: Action
    reason: str


def hard_config(game: Game) -> SearchConfig:
    """Hard's search configuration in ``game`` (its budget and CPU cap), never blundering."""
    return replace(level_config("hard", game) or HARD, noise=0.0)


def futile_moves(game: Game, view: Any, seat: int, legal: list[Action]) -> dict[Action, str]:
    """The moves of ``legal`` that cannot succeed, each with the game's reason why (a move
    that scores points at once is never one of them, whatever the game's hook says)."""
    futile = hooks_for(game).futile
    if futile is None:
        return {}
    out: dict[Action, str] = {}
    for a in legal:
        why = futile(game, view, seat, a)
        if why and points_now(game, view, seat, a, position_rng(view, seat, [a])) <= 0:
            out[a] = why
    return out


def position_key(view: Any, seat: int, legal: list[Action]) -> bytes:
    """A digest of the position as the seat knows it: its view and its legal moves."""
    text = f"{canonical(view)}|{seat}|{'|'.join(a.key for a in legal)}"
    return hashlib.blake2b(text.encode(), digest_size=16, person=b"tabletop-hint").digest()


def position_rng(view: Any, seat: int, legal: list[Action]) -> Rng:
    """A generator seeded by the position alone (see :func:`position_key`)."""
    return Rng(int.from_bytes(position_key(view, seat, legal)[:8], "little") >> 1)


class HintAgent(ISMCTSAgent):
    """Hard's choice among the moves that can succeed, with :meth:`advise` saying why (the
    search agent's set-up, its own choice)."""

    def __init__(self, name: str, config: SearchConfig) -> None:
        super().__init__(name, config)
        self.memo: OrderedDict[bytes, Advice] = OrderedDict()

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """The advised move (see :meth:`advise`)."""
        return self.advise(game, view, seat, legal, rng).action

    def advise(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Advice:
        """Hard's move for ``seat`` from ``view`` and the sentence that explains it.

        The search draws from a generator seeded by the position, not from ``rng``, and the
        advice given in a position is remembered: the same position, the same advice."""
        key = position_key(view, seat, legal) + game.info.id.encode()
        if key in self.memo:
            self.memo.move_to_end(key)
            return self.memo[key]
        advice = self._advise(game, view, seat, legal, position_rng(view, seat, legal))
        self.memo[key] = advice
        while len(self.memo) > MEMO:
            self.memo.popitem(last=False)
        return advice

    def _advise(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Advice:
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
    """What the search found for ``action`` and for its runner-up, in words: a chance to win
    only where it is one (every play-out of the move reached the end; the share it won)."""
    chance = result.win_chance(action)
    text = (
        f"won {_pct(chance)} of Hard's play-outs"
        if chance is not None
        else "rated best by Hard's search"
    )
    others = [  # a copy of the same card (same words) is no other choice
        a for a in candidates if a.text != action.text and result.visits.get(a.key, 0) > 0
    ]
    if not others:
        return text
    runner = max(others, key=lambda a: (result.visits[a.key], result.values[a.key]))
    theirs = result.win_chance(runner)
    # the runner-up's figure only where it is a chance and no higher than the advised move's:
    # the sentence must never print a better figure for a move it does not advise
    higher = chance is not None and theirs is not None and round(100 * theirs) > round(100 * chance)
    figure = f", {_pct(theirs)}" if chance is not None and theirs is not None else ""
    if higher or result.values[runner.key] > result.values.get(action.key, 0.0):
        # the anchor kept the game's own move: the other is not clearly better
        kept = "Hard's search keeps it" if chance is None else f"{text}; Hard keeps it"
        return f"{kept}, as “{runner.text}” is not clearly better"
    return f"{text} (next best: “{runner.text}”{figure})"


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
    """What ``action`` itself adds to ``seat``'s points at once, if the same in every
    re-deal of ``view`` tried (else 0: it depends on what the seat cannot see).  A move that
    ends the game sets off the end-game scoring: only the game's ``final_scoring`` breakdown
    entries tell those points apart, so without them such a move claims none."""
    final = hooks_for(game).final_scoring
    found: set[int] = set()
    for _ in range(POINT_SAMPLES):
        state = game.determinize(view, seat, rng.fork())
        was = game.outcome(state)
        try:
            game.apply(state, seat, action)
        except IllegalAction:
            return 0
        now = game.outcome(state)
        gained = now.scores[seat] - was.scores[seat]
        if game.is_over(state):
            if not final or not now.breakdown or not was.breakdown:
                return 0
            gained -= sum(
                now.breakdown[seat].get(k, 0) - was.breakdown[seat].get(k, 0) for k in final
            )
        found.add(round(gained))
        if len(found) > 1:
            return 0
    return found.pop() if found else 0
