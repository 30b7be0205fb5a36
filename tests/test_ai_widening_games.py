"""Hard considers every legal move, in every game.

Your Majesty's and Mayflower's Hards are paired searches whose candidates widen with the
worlds dealt (progressive widening, ``SearchConfig.widen``); each test there shows, on a
seeded position of the game's own random play, what the unwidened search (``widen=0``,
main's Hard before widening) leaves out and that Hard, on its real settings with an
iteration budget in place of the CPU cap, reaches it.  Majesty's, Monarch's and
Aristocracy's Hards are trees, which search every legal root move once the budget covers
them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop import registry
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.ai.levels import level_config
from tabletop.ai.paired import PairedSearch, candidates
from tabletop.ai.positions import random_position
from tabletop.engine import Action, Game, Rng


def _hard(game: Game) -> SearchConfig:
    found = level_config("hard", game)
    assert found is not None and found.widen > 0, "Hard widens its candidates"
    return replace(found, time_limit=None)


def _position(gid: str, players: int, seed: int, steps: int) -> tuple[Game, Any, int, list[Action]]:
    game = registry.games()[gid]
    s = random_position(game, players, seed, steps)
    seat = game.to_act(s)[0]
    return game, game.view(s, seat), seat, game.legal_actions(s, seat)


def _search(game: Game, view: Any, seat: int, legal: list[Action], cfg: SearchConfig) -> Any:
    return PairedSearch(cfg).search(game, view, seat, legal, Rng(7))


def test_your_majesty_hard_stops_spying_when_taking_is_worse() -> None:
    """Espionage with three cards on offer: the heuristic scores every card above stopping
    (a card is worth its value, stopping nothing), so "Stop taking cards" is never one of its
    three candidates.  Taken, the three cards fill the spy's hand to its limit (5), and a
    hand is never discarded voluntarily; a comparison of every move over 100 paired worlds
    rates stopping 0.48 and each take 0.40."""
    game, view, seat, legal = _position("your_majesty", 2, 11, 80)
    stop = next(a for a in legal if a.name == "done")
    hard = _hard(game)
    assert stop not in candidates(game, view, seat, legal, hard, Rng(1))
    unwidened = _search(game, view, seat, legal, replace(hard, widen=0.0))
    assert unwidened.action != stop and unwidened.visits.get(stop.key, 0) == 0
    found = _search(game, view, seat, legal, hard)
    assert found.action == stop and found.visits[stop.key] > 0


def test_mayflower_hard_plays_out_every_legal_move_of_an_attack() -> None:
    """Five moves in an Attack (four clubs to lay, or none): the unwidened search plays out
    its three candidates only (the greedy move and two drawn at random); Hard, widened, plays
    out all five in the same worlds (20 of its 40 worlds here, to keep the test cheap).  (The
    position moved from step 15 to 34 when Mayflower's windows began to ask every seat that
    might answer, M38: the random play draws at those Pass-only steps too.)"""
    game, view, seat, legal = _position("mayflower", 3, 10, 34)
    assert len(legal) == 5
    hard = replace(_hard(game), iterations=20)
    unwidened = _search(game, view, seat, legal, replace(hard, widen=0.0))
    assert sum(1 for a in legal if unwidened.visits.get(a.key, 0) > 0) == 3
    found = _search(game, view, seat, legal, hard)
    assert all(found.visits.get(a.key, 0) > 0 for a in legal)


@pytest.mark.parametrize(
    ("gid", "seed", "steps"), [("majesty", 3, 10), ("monarch", 4, 40), ("aristocracy", 5, 40)]
)
def test_a_tree_hard_searches_every_legal_root_move(gid: str, seed: int, steps: int) -> None:
    """Majesty's, Monarch's and Aristocracy's Hards grow a tree, not a candidate list: a
    node's first visit tries the heuristic's move (the prior), every later one an untried
    move first, so each legal move at the root is searched once the budget covers them
    (their budgets, 1,500, 400 and 60 iterations, exceed the most legal moves seen in a
    decision in 45 random 3-player positions: 9, 22 and 37).  Here with three iterations
    per legal move."""
    game = registry.games()[gid]
    s = random_position(game, 3, seed, steps)
    seat = game.to_act(s)[0]
    legal = without_undo(game.legal_actions(s, seat), hooks_for(game).undo_actions)
    assert len(legal) > 2
    found = level_config("hard", game)
    assert found is not None and not found.paired
    cfg = replace(found, time_limit=None, iterations=3 * len(legal))
    result = ISMCTS(cfg).search(game, game.view(s, seat), seat, legal, Rng(seed))
    assert all(result.visits[a.key] > 0 for a in legal)
