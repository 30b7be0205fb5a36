"""The figures ``tabletop simulate`` prints for Your Majesty (``summary_stats``)."""

from __future__ import annotations

import pytest
from your_majesty_helpers import (
    TWO_PRESTIGE,
    do,
    fresh,
    give,
    implement_abolition,
    near_abolition,
    seat_colony,
    seat_phil,
    seat_reform,
)

from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import ROUND_LIMIT
from tabletop.games.your_majesty.scoring import WIN_PATHS
from tabletop.tools.sim import simulate


@pytest.mark.parametrize(("tie", "path"), [(False, "several at once"), (True, "shared")])
def test_simultaneous_twenties_are_their_own_win_paths(tie: bool, path: str) -> None:
    s = near_abolition(tie)
    implement_abolition(s)
    stats = GAME.summary_stats(s)
    assert stats["win_path"] == path
    assert stats["winner_prestige"] == (20 if tie else 21)
    assert stats["lead_over_runner_up"] == (0 if tie else 1)
    assert stats["reforms_implemented"] == 3 and stats["level_5_reforms"] == 1
    assert (stats["salons_held"], stats["salon_success_rate"]) == (1, 1.0)
    assert stats["rounds"] == 1


def _reach_twenty(by_reforms: bool) -> dict:
    """Seat 0 sits at 20 and ends its turn: the game ends and reports its figures."""
    s = fresh(3)
    if by_reforms:
        for r in ("Public Museums", "Religious Tolerance", "Urban Planning", "Meritocracy"):
            seat_reform(s, 0, r)  # 12
        for n in TWO_PRESTIGE[:4]:
            seat_phil(s, 0, n)  # 8
    else:
        for n in TWO_PRESTIGE[:9]:
            seat_phil(s, 0, n)  # 18
        seat_reform(s, 0, "Public Museums")
        seat_reform(s, 0, "Public Concerts")
    do(s, 0, "end_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [0]
    return GAME.summary_stats(s)


def test_a_single_winner_is_counted_by_the_larger_source_of_prestige() -> None:
    by_reforms, by_phils = _reach_twenty(True), _reach_twenty(False)
    assert by_reforms["win_path"] == "reforms" and by_phils["win_path"] == "philosophes"
    assert by_reforms["winner_prestige"] == by_phils["winner_prestige"] == 20
    assert by_reforms["level_5_reforms"] == 1 and by_phils["level_5_reforms"] == 0
    assert "salon_success_rate" not in by_reforms  # no salon was held


def test_round_limit_path_and_counts_of_seized_colonies_and_dead_philosophes() -> None:
    s = fresh(2)
    (camp, cons) = give(s, 0, "James Wolfe", "Consumption")
    col = seat_colony(s, 1, "Peru")
    victim = seat_phil(s, 1, "Voltaire")
    do(s, 0, "campaign", card=f"a{camp}", on=f"c{col}")
    do(s, 1, "yield")
    do(s, 0, "play_event", card=f"a{cons}", on=f"p{victim}")
    while not GAME.is_over(s):
        do(s, s.active, "end_turn")
    stats = GAME.summary_stats(s)
    assert stats["win_path"] == "round limit" and stats["rounds"] == ROUND_LIMIT
    assert stats["colonies_seized"] == 1 and stats["philosophes_dead"] == 1
    assert stats["salons_held"] == 0


def test_simulate_prints_the_figures() -> None:
    summary = simulate(GAME, 3, games=4, seed=11, ai=("greedy",))
    figures = summary.game_stats()
    assert sum(figures["win_path"].values()) == 4
    assert set(figures["win_path"]) <= set(WIN_PATHS)
    assert 1 <= figures["rounds"] <= ROUND_LIMIT
    assert figures["winner_prestige"] >= 16 or "round limit" in figures["win_path"]
    table = summary.table()
    assert "mean rounds:" in table and "win_path:" in table
