"""The Hint: Hard's move among the moves that can succeed, with its reason in one sentence."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.ai.guard import ViewOnlyGame
from tabletop.ai.hint import HintAgent, futile_moves
from tabletop.engine import Action, Game, Rng

MAJESTY = registry.get("majesty")
YOUR_MAJESTY = registry.get("your_majesty")


def _turn(game: Game, state: Any) -> tuple[int, Any, list[Action]]:
    seat = game.to_act(state)[0]
    return seat, game.view(state, seat), game.legal_actions(state, seat)


def _random_moves(game: Game, seed: int, rng_seed: int, steps: int) -> Any:
    state = game.new_game(2, seed)
    rng = Rng(rng_seed)
    for _ in range(steps):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state


def _hint(game: Game) -> HintAgent:
    agent = make_agent("hint", game)
    assert isinstance(agent, HintAgent)
    return agent


def test_the_hint_is_hards_choice_and_its_reason_names_the_move() -> None:
    state = MAJESTY.new_game(2, 3)  # the first turn: no move is futile here
    seat, view, legal = _turn(MAJESTY, state)
    assert not futile_moves(MAJESTY, view, seat, legal)
    hint, hard = _hint(MAJESTY), make_agent("hard", MAJESTY)
    for k in range(3):
        advice = hint.advise(MAJESTY, view, seat, legal, Rng(k))
        assert advice.action == hard.choose(MAJESTY, view, seat, legal, Rng(k))
        assert advice.reason.startswith(advice.action.text + ": ")
        assert "% to win in Hard's search" in advice.reason and advice.reason.endswith(".")


def test_the_hint_equals_hard_in_your_majesty_mid_game() -> None:
    state = _random_moves(YOUR_MAJESTY, 4, 9, 66)
    seat, view, legal = _turn(YOUR_MAJESTY, state)
    assert len(legal) > 1 and not futile_moves(YOUR_MAJESTY, view, seat, legal)
    hint, hard = _hint(YOUR_MAJESTY), make_agent("hard", YOUR_MAJESTY)
    for k in range(2):
        advice = hint.advise(YOUR_MAJESTY, view, seat, legal, Rng(k))
        assert advice.action == hard.choose(YOUR_MAJESTY, view, seat, legal, Rng(k))
        assert advice.action.text in advice.reason


def test_no_knight_whose_attack_wounds_nobody_on_turn_one() -> None:
    # Majesty, deal 2, the first turn: the Miller / Knight for 5 meeples as a Knight attacks
    # a realm that is still empty.  The old Hint (Normal's search) advised it every time.
    state = MAJESTY.new_game(2, 2)
    seat, view, legal = _turn(MAJESTY, state)
    futile = futile_moves(MAJESTY, view, seat, legal)
    assert [a.text for a in futile] == [
        "Take the Miller / Knight for 5 meeples and place a Knight at the Barracks"
    ]
    hint = _hint(MAJESTY)
    for k in range(3):
        advice = hint.advise(MAJESTY, view, seat, legal, Rng(k))
        assert advice.action not in futile
        assert "would wound nobody" in advice.reason


def test_a_knight_that_can_wound_is_not_futile() -> None:
    state = MAJESTY.new_game(2, 2)
    for _ in range(2):  # both seats place a character: now a Knight can wound
        seat, _view, legal = _turn(MAJESTY, state)
        MAJESTY.apply(state, seat, next(a for a in legal if a["character"] == "miller"))
        while MAJESTY.to_act(state) and MAJESTY.to_act(state)[0] == seat:
            MAJESTY.apply(state, seat, MAJESTY.legal_actions(state, seat)[-1])
    seat, view, legal = _turn(MAJESTY, state)
    knights = [a for a in legal if a.name == "take" and a["character"] == "knight"]
    assert knights and not set(knights) & set(futile_moves(MAJESTY, view, seat, legal))


def test_no_salon_held_at_no_chance_while_another_move_exists() -> None:
    # Your Majesty, deal 0 after 375 random moves: a staged salon at 0 % to succeed, with
    # philosophes still free to attend.  The old Hint held it with these seeds.
    state = _random_moves(YOUR_MAJESTY, 0, 7, 375)
    seat, view, legal = _turn(YOUR_MAJESTY, state)
    assert view["public"]["salon"]["chance"] == 0
    futile = futile_moves(YOUR_MAJESTY, view, seat, legal)
    assert [a.name for a in futile] == ["hold_salon"] and len(legal) > 1
    hint = _hint(YOUR_MAJESTY)
    for k in range(2):
        advice = hint.advise(YOUR_MAJESTY, view, seat, legal, Rng(k))
        assert advice.action not in futile and advice.action.text in advice.reason
        assert "no chance to succeed" in advice.reason


def test_a_salon_that_cannot_succeed_is_held_when_nothing_else_is_legal() -> None:
    state = _random_moves(YOUR_MAJESTY, 0, 7, 375)
    seat, view, legal = _turn(YOUR_MAJESTY, state)
    hold = [a for a in legal if a.name == "hold_salon"]
    advice = _hint(YOUR_MAJESTY).advise(YOUR_MAJESTY, view, seat, hold, Rng(0))
    assert advice.action == hold[0] and advice.reason.startswith("Hold the salon")


@pytest.mark.fairness
def test_the_reason_comes_from_the_view_only() -> None:
    guard = ViewOnlyGame(MAJESTY)
    state = guard.new_game(2, 2)
    seat = guard.to_act(state)[0]
    view, legal = guard.view(state, seat), guard.legal_actions(state, seat)
    with guard.armed():  # touching the real state now raises StateLeak
        advice = _hint(MAJESTY).advise(guard, view, seat, legal, Rng(1))
    assert advice.reason and guard.calls > 0


def test_the_reason_travels_through_the_ai_worker_process() -> None:
    from tabletop.controller import AiWorker

    state = MAJESTY.new_game(2, 2)
    seat, view, legal = _turn(MAJESTY, state)
    worker = AiWorker(process=True)
    try:
        worker.submit("h", MAJESTY, "hint", view, seat, legal, 5)
        worker.submit("g", MAJESTY, "greedy", view, seat, legal, 5)
        answers: dict[str, Any] = {}
        while len(answers) < 2:
            got = worker.wait(120)
            assert got, "the worker did not answer"
            answers.update((a.token, a) for a in got)
        assert worker._thread is None  # answered by the process, not the thread
    finally:
        worker.stop()
    hint = answers["h"]
    assert hint.action is not None and hint.reason.startswith(hint.action.text)
    assert hint.reason == _hint(MAJESTY).advise(MAJESTY, view, seat, legal, Rng(5)).reason
    assert answers["g"].reason == ""  # the other agents give no reason


def test_the_runner_up_is_another_move_not_a_copy_of_the_same_card() -> None:
    from tabletop.ai.hint import _estimate
    from tabletop.ai.ismcts import SearchResult

    one, copy, other = (
        Action.make("put", None, text, card=n)
        for n, text in enumerate(["Put 4♠ in the stall", "Put 4♠ in the stall", "Stall ready"])
    )
    result = SearchResult(
        one,
        60,
        {one.key: 30, copy.key: 20, other.key: 10},
        {a.key: 0.5 for a in (one, copy, other)},
        False,
    )
    said = _estimate(result, one, [one, copy, other])
    assert said == "50 % to win in Hard's search (next best: “Stall ready”, 50 %)"
