"""The Hint: Hard's move among the moves that can succeed, with its reason in one sentence."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.ai.guard import ViewOnlyGame
from tabletop.ai.hint import HintAgent, futile_moves, hard_config, position_rng
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


@pytest.fixture
def no_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A CPU clock that never moves: every search runs its whole iteration budget, so that
    Hard and the Hint compare alike on a loaded machine."""
    import time

    monkeypatch.setattr(time, "thread_time", lambda: 0.0)


def test_the_hint_is_hards_choice_and_its_reason_names_the_move(no_cap: None) -> None:
    state = MAJESTY.new_game(2, 3)  # the first turn: no move is futile here
    seat, view, legal = _turn(MAJESTY, state)
    assert not futile_moves(MAJESTY, view, seat, legal)
    hard = make_agent("hard", MAJESTY)
    hards = hard.choose(MAJESTY, view, seat, legal, position_rng(view, seat, legal))
    for k in range(2):  # seeded by the position: whatever generator it is handed
        advice = _hint(MAJESTY).advise(MAJESTY, view, seat, legal, Rng(k))
        assert advice.action == hards
        assert advice.reason.startswith(advice.action.text + ": ") and advice.reason.endswith(".")


def test_the_hint_equals_hard_in_your_majesty_mid_game(no_cap: None) -> None:
    state = _random_moves(YOUR_MAJESTY, 4, 9, 66)
    seat, view, legal = _turn(YOUR_MAJESTY, state)
    assert len(legal) > 1 and not futile_moves(YOUR_MAJESTY, view, seat, legal)
    hint, hard = _hint(YOUR_MAJESTY), make_agent("hard", YOUR_MAJESTY)
    advice = hint.advise(YOUR_MAJESTY, view, seat, legal, Rng(0))
    rng = position_rng(view, seat, legal)
    assert advice.action == hard.choose(YOUR_MAJESTY, view, seat, legal, rng)
    assert advice.action.text in advice.reason


def test_no_filter_hides_a_knight_that_wounds_nobody_but_scores() -> None:
    # Majesty, deal 2, the first turn: the Miller / Knight for 5 meeples as a Knight attacks
    # a realm that is still empty.  Majesty's hook calls it futile (its attack would wound
    # nobody), but the Barracks still pays for the Knight: a scoring move is never hidden.
    from tabletop.ai.hooks import hooks_for

    state = MAJESTY.new_game(2, 2)
    seat, view, legal = _turn(MAJESTY, state)
    knight = next(a for a in legal if a.text.endswith("Knight at the Barracks"))
    futile = hooks_for(MAJESTY).futile
    assert futile is not None and "would wound nobody" in futile(MAJESTY, view, seat, knight)
    before = MAJESTY.outcome(state).scores[seat]
    after = MAJESTY.copy(state)
    MAJESTY.apply(after, seat, knight)
    assert MAJESTY.outcome(after).scores[seat] > before  # it scores
    assert knight not in futile_moves(MAJESTY, view, seat, legal)


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
    visits = {one.key: 30, copy.key: 20, other.key: 10}
    values = {a.key: 0.5 for a in (one, copy, other)}
    result = SearchResult(one, 60, visits, values, False)
    said = _estimate(result, one, [one, copy, other])
    assert said == "rated best by Hard's search (next best: “Stall ready”)"
    # every play-out of both moves reached the end: the share won is a chance to win
    wins = {one.key: 0.5, copy.key: 0.4, other.key: 0.25}
    result = SearchResult(one, 60, visits, values, False, dict(visits), wins)
    said = _estimate(result, one, [one, copy, other])
    assert said == "won 50 % of Hard's play-outs (next best: “Stall ready”, 25 %)"


def _greedy_game(game: Game, seed: int) -> list[Any]:
    """The states before each move of a 2-player greedy game."""
    state = game.new_game(2, seed)
    greedy, rng = make_agent("greedy", game), Rng(seed)
    states = []
    while not game.is_over(state):
        seat, view, legal = _turn(game, state)
        states.append(game.copy(state))
        game.apply(state, seat, greedy.choose(game, view, seat, legal, rng))
    return states


def test_a_chance_to_win_only_where_it_is_one() -> None:
    """The search's values blend the share of the win with points and a mid-game evaluation:
    no "to win" figure comes from them.  Near the end every play-out reaches it, and the
    figure is the share of them the seat won."""
    seat, view, legal = _turn(MAJESTY, MAJESTY.new_game(2, 3))
    hint = _hint(MAJESTY)
    advice = hint.advise(MAJESTY, view, seat, legal, Rng(0))
    assert "to win" not in advice.reason and "%" not in advice.reason
    assert "rated best by Hard's search" in advice.reason
    assert hint.last is not None and hint.last.win_chance(advice.action) is None
    last = _greedy_game(MAJESTY, 0)[-1]  # one move from the end: every play-out ends
    seat, view, legal = _turn(MAJESTY, last)
    advice = hint.advise(MAJESTY, view, seat, legal, Rng(0))
    assert hint.last is not None
    chance = hint.last.win_chance(advice.action)
    assert chance is not None
    assert f"won {round(100 * chance)} % of Hard's play-outs" in advice.reason


def test_points_now_are_what_the_move_scores_not_the_end_game_scoring() -> None:
    from tabletop.games.majesty.state import BREAKDOWN_FINAL

    last = _greedy_game(MAJESTY, 0)[-1]
    seat, view, legal = _turn(MAJESTY, last)
    advice = _hint(MAJESTY).advise(MAJESTY, view, seat, legal, Rng(0))
    after = MAJESTY.copy(last)
    MAJESTY.apply(after, seat, advice.action)
    assert MAJESTY.is_over(after)
    was, now = MAJESTY.outcome(last), MAJESTY.outcome(after)
    total = now.scores[seat] - was.scores[seat]
    final = sum(now.breakdown[seat][k] - was.breakdown[seat][k] for k in BREAKDOWN_FINAL)
    assert final > 0  # the end-game scoring counts for something here
    assert f"+{total - final} points now" in advice.reason
    assert f"+{total} points" not in advice.reason


def test_the_same_advice_when_asked_twice_in_one_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loaded machine cuts the search short at a different point each time (the CPU cap);
    the advice given in a position stands, and the search is seeded by the position."""
    import time

    state = MAJESTY.new_game(2, 2)
    seat, view, legal = _turn(MAJESTY, state)
    limit = hard_config(MAJESTY).time_limit
    assert limit is not None
    clock = {"now": 0.0, "step": limit / 30}

    def thread_time() -> float:
        clock["now"] += clock["step"]
        return clock["now"]

    monkeypatch.setattr(time, "thread_time", thread_time)
    hint = _hint(MAJESTY)
    first = hint.advise(MAJESTY, view, seat, legal, Rng(1))
    clock["step"] = limit / 300  # the machine is quieter now: ten times the iterations
    assert hint.advise(MAJESTY, view, seat, legal, Rng(1)) == first
    # another agent (the worker restarted), another generator: the same position, one seed
    monkeypatch.undo()
    budget = HintAgent("hint", replace(hard_config(MAJESTY), iterations=60, time_limit=None))
    again = HintAgent("hint", replace(hard_config(MAJESTY), iterations=60, time_limit=None))
    a = budget.advise(MAJESTY, view, seat, legal, Rng(1))
    assert again.advise(MAJESTY, view, seat, legal, Rng(2)) == a
