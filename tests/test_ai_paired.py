"""The paired search: candidates from the game's ranking, compared in the same worlds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from toy_game import ToyGame

from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.ismcts import SearchConfig
from tabletop.ai.paired import PairedSearch, bar, candidates, pick
from tabletop.engine import Action, Game, GameInfo, Rng


def _lowest(game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
    return min(legal, key=lambda a: a["value"])


def _rank_low_first(game: Game, view: Any, seat: int, legal: list[Action]) -> list[Any]:
    return sorted(((a, -float(a["value"])) for a in legal), key=lambda x: -x[1])


class LowCardToy(ToyGame):
    """The toy game with a poor heuristic: always play the lowest card."""

    info = GameInfo("toy-low-card", "Toy", 2, 4, information="imperfect")

    def ai_hooks(self) -> Any:
        return {"heuristic": _lowest, "rank": _rank_low_first, "cutoff": -1}


GAME = LowCardToy()
CONFIG = SearchConfig(iterations=30, time_limit=None, paired=3, anchor=1.0, heuristic_rollouts=True)


def _last_trick() -> tuple[Any, list[Action]]:
    """Seat 1 to play the last cards: a 1 (scores nothing on the 5) or an 8 (scores 8, and
    wins 8 to 6; the 1 first lets seat 0's 2 score and ties at 8).  Every other card lies on
    the pile, so each world the search deals is this one."""
    s = GAME.new_game(2, 3)
    s.deck, s.scores, s.turn = [], [6, 0], 1
    s.pile = [1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 5]
    s.hands = [[2], [1, 8]]
    return GAME.view(s, 1), GAME.legal_actions(s, 1)


def test_a_candidate_clearly_better_than_the_heuristic_move_is_played() -> None:
    view, legal = _last_trick()
    result = PairedSearch(CONFIG).search(GAME, view, 1, legal, Rng(5))
    assert result.action["value"] == 8
    assert result.values[result.action.key] > result.values[legal[0].key]


def test_the_heuristic_move_stands_unless_the_gain_is_clear() -> None:
    view, legal = _last_trick()
    sure = replace(CONFIG, anchor=1e9)  # no difference is ever clear enough
    assert PairedSearch(sure).search(GAME, view, 1, legal, Rng(5)).action["value"] == 1


def test_candidates_follow_the_ranking_within_the_margin() -> None:
    view, legal = _last_trick()
    assert [a["value"] for a in candidates(GAME, view, 1, legal, CONFIG, Rng(1))] == [1, 8]
    narrow = replace(CONFIG, margin=3.0)  # the 8 scores 7 below the 1 in the ranking
    assert [a["value"] for a in candidates(GAME, view, 1, legal, narrow, Rng(1))] == [1]


def test_a_lone_candidate_still_reports_its_value() -> None:
    view, legal = _last_trick()
    result = PairedSearch(replace(CONFIG, margin=3.0)).search(GAME, view, 1, legal, Rng(5))
    assert result.action["value"] == 1
    assert result.iterations > 0


def test_the_search_agent_uses_the_paired_search_when_configured() -> None:
    assert isinstance(ISMCTSAgent("x", CONFIG).search, PairedSearch)


class UnrankedToy(LowCardToy):
    info = GameInfo("toy-unranked", "Toy", 2, 4, information="imperfect")

    def ai_hooks(self) -> Any:
        return {"heuristic": _lowest, "cutoff": -1}


def test_without_a_ranking_the_heuristic_move_comes_first() -> None:
    view, legal = _last_trick()
    game = UnrankedToy()
    for seed in range(6):
        found = candidates(game, view, 1, list(reversed(legal)), CONFIG, Rng(seed))
        assert found[0]["value"] == 1 and len(found) == 2


def _sums(mean: float, z: float, n: int = 30) -> tuple[float, float, int]:
    """Paired sums over ``n`` worlds of a rival whose mean difference is ``mean``, ``z``
    standard errors above 0."""
    var = (mean / z) ** 2 * n
    return mean * n, (var + mean * mean) * n, n


def test_the_bar_grows_with_the_rivals_only_where_a_level_asks_for_it() -> None:
    fixed = replace(CONFIG, anchor=1.0)
    grows = replace(fixed, anchor_per_rival=True)
    assert bar(6, fixed) == 1.0  # the default (Mayflower's Hard): one bar however many
    assert bar(1, grows) == 1.0
    assert 1.40 < bar(2, grows) < 1.42 < bar(5, grows) < 1.87 < 1.95 < bar(7, grows) < 2.01
    # a rival 1.2 standard errors ahead, with four others no better than the kept move
    rivals = [_sums(0.1, 1.2), *[_sums(-0.01, 0.5) for _ in range(4)]]
    diff, square, count = (list(x) for x in zip((0.0, 0.0, 30), *rivals, strict=True))
    assert pick(diff, square, count, fixed) == 1
    assert pick(diff, square, count, grows) == 0  # 5 rivals: the bar is 1.86
    diff[1], square[1], _ = _sums(0.1, 2.0)
    assert pick(diff, square, count, grows) == 1
