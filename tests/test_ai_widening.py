"""Progressive widening of the paired search: a move the heuristic's ranking leaves out of
the starting candidates is still compared once enough worlds are dealt, and played when
clearly better."""

from __future__ import annotations

from dataclasses import replace

from test_ai_paired import CONFIG, GAME, _last_trick

from tabletop.ai.ismcts import SearchConfig
from tabletop.ai.paired import PairedSearch, widened
from tabletop.engine import Rng

#: the ranking puts the 8 seven points below the 1, out of a 3-point margin: the 8 is never
#: a starting candidate, though it wins the game and the 1 does not
NARROW = replace(CONFIG, margin=3.0)


def test_without_widening_a_move_outside_the_candidates_is_never_searched() -> None:
    view, legal = _last_trick()
    result = PairedSearch(NARROW).search(GAME, view, 1, legal, Rng(5))
    assert result.action["value"] == 1
    assert [k for k, n in result.visits.items() if n] == [legal[0].key]


def test_widening_finds_the_winning_move_the_ranking_left_out() -> None:
    view, legal = _last_trick()
    result = PairedSearch(replace(NARROW, widen=1.0)).search(GAME, view, 1, legal, Rng(5))
    assert result.action["value"] == 8
    assert all(n > 0 for n in result.visits.values()) and len(result.visits) == 2


def test_the_candidate_count_grows_with_the_worlds_dealt_up_to_every_move() -> None:
    cfg = SearchConfig(widen=1.0, widen_power=0.5)
    counts = [widened(n, 2, 9, cfg) for n in range(1, 101)]
    assert counts[0] == 2  # never fewer than the starting candidates
    assert counts == sorted(counts)  # it only grows
    assert counts[8] == 3 and counts[15] == 4  # ceil(sqrt(n))
    assert counts[-1] == 9  # at most every legal move, and all of them in time
    assert widened(100, 2, 9, SearchConfig()) == 2  # off by default
