"""Hard's answers grouped by decision kind, over seeded games (for the decision-kind test).

A decision's *kind* is the set of move names on offer (Monarch's ``dismiss``/``keep``, say);
its *answer* is the name of the move chosen.  Where every move on offer has one name (a
Majesty turn: take one of the display's cards), the answer is the chosen move's place in
the list of legal moves (for Majesty, the display slot).

The positions are those of seeded games the blunder-free heuristic plays for every seat:
every ``every``-th decision with a choice, Hard (its shipped settings, an iteration budget in
place of the CPU cap, so deterministic) is asked what it would play; the heuristic's move is
the one played on.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, NamedTuple

from tabletop import registry
from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.base import make_agent
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.levels import level_config
from tabletop.engine import Action, Game, Rng

Kind = tuple[str, ...]


def hard_answers(
    gid: str, players: tuple[int, ...], seeds: range, every: int, per_kind: int
) -> dict[Kind, Counter[str]]:
    """Hard's answers by decision kind, at most ``per_kind`` decisions of each kind."""
    game = registry.get(gid)
    cfg = level_config("hard", game)
    assert cfg is not None
    hard = ISMCTSAgent("hard", replace(cfg, time_limit=None))
    found: dict[Kind, Counter[str]] = defaultdict(Counter)
    for n in players:
        for pos in heuristic_positions(game, n, seeds, every):
            kind = tuple(sorted({a.name for a in pos.searched}))
            if sum(found[kind].values()) < per_kind:
                pick = hard.choose(
                    game, pos.view, pos.seat, pos.searched, Rng(pos.seed * 1000 + pos.choices)
                )
                answer = pick.name if len(kind) > 1 else str(pos.searched.index(pick))
                found[kind][answer] += 1
    return found


class Position(NamedTuple):
    """A sampled decision: the state (played on once the caller is done with it), the seat
    to move, its view, its moves less undo, the game's seed and the decision's number."""

    state: Any
    seat: int
    view: dict[str, Any]
    searched: list[Action]
    seed: int
    choices: int


def heuristic_positions(game: Game, players: int, seeds: range, every: int) -> Iterator[Position]:
    """Every ``every``-th decision with a choice of seeded games the blunder-free heuristic
    plays for every seat (the heuristic's move is played on after each is yielded)."""
    greedy = make_agent("greedy", game)
    undo = hooks_for(game).undo_actions
    for seed in seeds:
        state = game.new_game(players, seed)
        rng = Rng(seed + 7)
        choices = 0
        while not game.is_over(state) and game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if len(legal) == 1:
                game.apply(state, seat, legal[0])
                continue
            view = game.view(state, seat)
            choices += 1
            searched = without_undo(legal, undo)
            if choices % every == 0 and len(searched) > 1:
                yield Position(state, seat, view, searched, seed, choices)
            game.apply(state, seat, greedy.choose(game, view, seat, legal, rng))
