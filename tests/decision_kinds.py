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
from dataclasses import replace

from tabletop import registry
from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.base import make_agent
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.levels import level_config
from tabletop.engine import Rng

Kind = tuple[str, ...]


def hard_answers(
    gid: str, players: tuple[int, ...], seeds: range, every: int, per_kind: int
) -> dict[Kind, Counter[str]]:
    """Hard's answers by decision kind, at most ``per_kind`` decisions of each kind."""
    game = registry.get(gid)
    cfg = level_config("hard", game)
    assert cfg is not None
    hard = ISMCTSAgent("hard", replace(cfg, time_limit=None))
    greedy = make_agent("greedy", game)
    undo = hooks_for(game).undo_actions
    found: dict[Kind, Counter[str]] = defaultdict(Counter)
    for n in players:
        for seed in seeds:
            state = game.new_game(n, seed)
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
                kind = tuple(sorted({a.name for a in searched}))
                if (
                    choices % every == 0
                    and len(searched) > 1
                    and sum(found[kind].values()) < per_kind
                ):
                    pick = hard.choose(game, view, seat, searched, Rng(seed * 1000 + choices))
                    answer = pick.name if len(kind) > 1 else str(searched.index(pick))
                    found[kind][answer] += 1
                game.apply(state, seat, greedy.choose(game, view, seat, legal, rng))
    return found
