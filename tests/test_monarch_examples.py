"""The rulebook's worked examples, as tests."""

from __future__ import annotations

from monarch_support import (
    GAME,
    acquire,
    act,
    build,
    card,
    new,
    on_deck,
    put,
    set_lands,
    set_row,
)

from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import CARDS


def test_hannahs_turn_an_improvement_first_raises_that_turns_tax_then_a_sweep_and_two_court_cards() -> (
    None
):
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    set_row(s, "royal-mint", "fireworks", "owl", "mill", "inn")
    s.food[0], s.gold[0] = 12, 3
    # she buys a village improvement first: the village it covers now gives 4 gold, not 1
    acquire(s, 0, "royal-mint", "land.5")
    assert s.food[0] == 6 and fx.tax_gold(s) == 8
    # taxing feeds the five villages 1 food each, whatever their improvements
    act(s, 0, "tax")
    assert (s.food[0], s.gold[0]) == (1, 11)
    # she sweeps the row for 3 gold and two Court cards she wants come up
    on_deck(s, "astronomer", "peacock", "herald", "stables", "theater")
    act(s, 0, "sweep")
    assert s.gold[0] == 8
    assert [CARDS[c].id for c in s.row] == ["astronomer", "peacock", "herald", "stables", "theater"]
    acquire(s, 0, "astronomer", "court")
    acquire(s, 0, "peacock", "court")
    assert s.gold[0] == 0
    assert [CARDS[c].id for c in s.courts[0]] == ["astronomer", "peacock"]
    assert card("fireworks") in s.discard  # swept


def test_the_astronomer_is_worth_four_crowns_and_nothing_beside_the_fireworks() -> None:
    s = new(2)
    put(s, s.courts[0], "astronomer")
    assert fx.court_value(s, 0, card("astronomer")) == 4 and fx.crowns(s, 0) == 4
    put(s, s.courts[0], "fireworks")
    assert fx.court_value(s, 0, card("astronomer")) == 0
    assert fx.crowns(s, 0) == 4  # the Fireworks' own 4
    # the Fireworks in another court change nothing
    put(s, s.courts[1], "fireworks")
    assert s.courts[0] == [card("astronomer")]
    assert fx.court_value(s, 0, card("astronomer")) == 4


def test_the_tiger_pelt_counts_itself_other_might_cards_and_might_improvements_on_top() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    put(s, s.courts[0], "tiger-pelt", "war-elephant", "falcon", "owl")
    build(s, 1, "stables")  # a Might farm on top: counts
    build(s, 5, "barracks")  # a Might village on top: counts
    build(s, 6, "watchtower", "royal-mint")  # a Might improvement covered: counts for nothing
    put(s, s.courts[1], "armorer")  # a Might card in another court: not hers
    assert fx.court_value(s, 0, card("tiger-pelt")) == 2 * 3 + 2 * 2
    # the board's Might improvements also count for another sister's Tiger Pelt
    assert fx.path_improvements(s, "might") == 2


def test_the_game_ends_at_the_end_of_the_round_in_which_a_court_fills() -> None:
    # Kayla (seat 0) went first, Jordan second, Xavier third: Jordan fills her court on her
    # turn, Xavier still plays, and the game ends when Xavier's turn ends.
    s = new(3)
    act(s, 0, "end")
    put(s, s.courts[1], "owl", "falcon", "peacock", "herald", "oracle", "healer")
    set_row(s, "crown-jewels", "mill", "inn", "theater", "library")
    s.gold[1] = 7
    acquire(s, 1, "crown-jewels", "court")
    assert len(s.courts[1]) == 7
    act(s, 1, "end")
    assert not GAME.is_over(s) and GAME.to_act(s) == [2]
    act(s, 2, "end")
    assert GAME.is_over(s) and s.ended == "court"
    assert GAME.outcome(s).winners == [1]
