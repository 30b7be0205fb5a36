"""What the table shows for a refused move or drop: the rules' own words, also when the rules
raise them as an ``IllegalAction``; a plain refusal when the rules fail another way."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.engine import DRAG, Action, Gesture, IllegalAction

PLAIN = "That move is not allowed now."


def _match() -> Match:
    game = registry.games()["majesty"]
    return Match(game, [SeatConfig("human", "A"), SeatConfig("human", "B")], 5)


def _raising(error: Exception) -> Any:
    def ask(self: Any, state: Any, seat: int, what: Any) -> str:
        raise error

    return ask


@pytest.mark.parametrize(
    ("error", "words"),
    [(IllegalAction("The rules say no."), "The rules say no."), (KeyError("x"), PLAIN)],
)
def test_a_refusal_raised_by_the_rules(monkeypatch: Any, error: Exception, words: str) -> None:
    match = _match()
    seat = match.to_act()[0]
    game_type = type(match.game)
    monkeypatch.setattr(game_type, "why_illegal", _raising(error))
    monkeypatch.setattr(game_type, "explain_gesture", _raising(error))
    assert match.try_reason(seat, Action.make("no_such_move")) == words
    assert match.drop_reason(seat, Gesture(DRAG, "c0", "deck", "display")) == words


def test_the_rules_answer_is_passed_on() -> None:
    match = _match()
    seat = match.to_act()[0]
    action = Action.make("no_such_move")
    assert match.try_reason(seat, action) == match.game.why_illegal(match.state, seat, action)
    assert match.try_reason(seat, match.legal(seat)[0]) == ""
