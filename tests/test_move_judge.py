"""The two judges of ``move_judge``: the keyed one agrees with the plain one where a move's
gain is known, and is steadier where two moves differ in a single chance."""

from __future__ import annotations

import math

from move_judge import keyed_gain, paired_gain

from tabletop import registry
from tabletop.ai.base import make_agent
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.positions import greedy_position
from tabletop.engine import Rng


def test_the_keyed_judge_agrees_with_the_plain_one_on_a_known_gain() -> None:
    """Majesty, 2 players, seed 0, the second seat's first turn (the position of
    ``test_ai_unusual_moves.test_majesty_hard_takes_the_free_miller_over_the_heuristics_knight``):
    the free Miller beats the heuristic's Knight by +0.30 (standard error 0.04) on 150
    worlds by the plain judge.  On 60 worlds the two judges give +0.298 (0.069) and
    +0.305 (0.067); they must agree within two standard errors of their difference."""
    game = registry.get("majesty")
    state = greedy_position(game, 2, 0, 1)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    knight = make_agent("greedy", game).choose(game, game.view(state, seat), seat, legal, Rng(1))
    miller = next(a for a in legal if (a["character"], a["slot"]) == ("miller", 0))
    plain, plain_error = paired_gain(game, state, seat, miller, knight, 60)
    keyed, keyed_error = keyed_gain(game, state, seat, miller, knight, 60)
    assert abs(keyed - plain) < 2 * math.hypot(plain_error, keyed_error), (plain, keyed)
    assert keyed > 3 * keyed_error > 0


def test_the_keyed_judge_keeps_two_salons_lines_in_step() -> None:
    """Your Majesty, 3 players, seed 54 after 29 moves: Catherine's salon for a level-1
    reform, one seated, three seats; asking Frederick for Carl Linnaeus (2 sophia) against
    seating her own G.F. Handel (1).  The two lines differ only when the randomizer falls
    on the one sophia between them; otherwise the salon ends alike and the states agree
    again.  The plain judge's play-outs still fall apart (standard error 0.06 on 60 worlds);
    the keyed judge's stay in step in most worlds, and its error must be under half."""
    game = registry.get("your_majesty")
    state = greedy_position(game, 3, 54, 29)
    seat = game.to_act(state)[0]
    legal = without_undo(game.legal_actions(state, seat), hooks_for(game).undo_actions)
    linnaeus = next(a for a in legal if a.text == "Ask Frederick for Carl Linnaeus")
    handel = next(a for a in legal if a.text == "G.F. Handel attends")
    _, plain_error = paired_gain(game, state, seat, linnaeus, handel, 60)
    _, keyed_error = keyed_gain(game, state, seat, linnaeus, handel, 60)
    assert 0 < keyed_error < plain_error / 2, (keyed_error, plain_error)
