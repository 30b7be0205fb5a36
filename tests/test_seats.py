"""One seat record, from the set-up form's menus to the match, its save and a rematch."""

from __future__ import annotations

import pytest
from court_game import COURT

from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI, HUMAN


@pytest.mark.parametrize("choice", ["human", "easy", "normal", "hard"])
def test_a_menu_choice_makes_the_seat_it_names_and_reads_back(choice: str) -> None:
    seat = SeatConfig.chosen(choice, "Ida")
    assert seat.choice == choice and seat.name == "Ida"
    assert seat.is_ai == (choice != HUMAN)
    assert seat.kind == (HUMAN if choice == HUMAN else AI)
    if seat.is_ai:
        assert seat.level == choice
    assert SeatConfig.from_json(seat.to_json()) == seat


def test_a_rematch_keeps_every_seat_as_it_was() -> None:
    from tabletop.ui.scenes.results import match_config

    seats = [SeatConfig(name="Ann"), SeatConfig.chosen("hard", "Bot"), SeatConfig.chosen("easy")]
    match = Match(COURT, seats, 5)
    again = match_config(match)
    assert again.seats == match.seats  # the names the match filled in, the AI levels kept
    assert [s.choice for s in again.seats] == ["human", "hard", "easy"]
    assert again.seed == 5 and again.game_id == COURT.info.id
