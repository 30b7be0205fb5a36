"""Hidden information stays hidden from the AI: same view, same decision; views only."""

from __future__ import annotations

import pytest
from ai_support import ai_games, midgame
from toy_game import TOY

from tabletop.ai import make_agent
from tabletop.ai.guard import StateLeak, ViewOnlyGame
from tabletop.engine import Game, Rng, state_digest

GAMES = ai_games()
# small searches without a time cap, so the decisions are reproducible
KINDS = ("easy", "greedy", "mcts:24")


def _decision_points(game: Game, want: int = 3) -> list[tuple[object, int]]:
    """Mid-game states where the seat to act has a real choice."""
    found = []
    for seed in range(40):
        n = game.info.min_players
        state = midgame(game, n, seed, steps=3 + seed % 9)
        seats = game.to_act(state)
        if seats and len(game.legal_actions(state, seats[0])) > 1:
            found.append((state, seats[0]))
        if len(found) == want:
            break
    assert found, f"{game.info.id}: no decision with a choice found"
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_resampled_hidden_information_never_changes_a_decision(game: Game) -> None:
    different = 0
    for state, seat in _decision_points(game):
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        for k in range(2):
            # a second state the seat cannot tell apart: hidden cards dealt anew
            other = game.determinize(view, seat, Rng(1234 + k))
            assert game.view(other, seat) == view, "determinize must agree with the view"
            assert game.legal_actions(other, seat) == legal
            different += state_digest(game, other) != state_digest(game, state)
            for kind in KINDS:
                agent = make_agent(kind, game)
                a = agent.choose(game, game.view(state, seat), seat, legal, Rng(77))
                b = make_agent(kind, game).choose(
                    game, game.view(other, seat), seat, game.legal_actions(other, seat), Rng(77)
                )
                assert a == b, f"{game.info.id} {kind}: decision depends on hidden cards"
    assert different, "the resampled states never differed from the real one"


def test_permuting_opponent_hand_and_deck_keeps_the_toy_decision() -> None:
    for seed in range(6):
        state = midgame(TOY, 3, seed, steps=2)
        seat = TOY.to_act(state)[0]
        other = TOY.copy(state)
        opp = (seat + 1) % 3
        # swap an opponent's card with the deck's, then reverse the deck: all hidden to seat
        other.hands[opp][0], other.deck[0] = other.deck[0], other.hands[opp][0]
        other.deck.reverse()
        assert TOY.view(other, seat) == TOY.view(state, seat)
        for kind in KINDS:
            a = make_agent(kind, TOY).choose(
                TOY, TOY.view(state, seat), seat, TOY.legal_actions(state, seat), Rng(seed)
            )
            b = make_agent(kind, TOY).choose(
                TOY, TOY.view(other, seat), seat, TOY.legal_actions(other, seat), Rng(seed)
            )
            assert a == b


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_agents_only_ever_receive_views(game: Game) -> None:
    guard = ViewOnlyGame(game)
    n = game.info.min_players
    state = guard.new_game(n, 3)
    agents = [make_agent(k, game) for k in ("easy", "mcts:8", "greedy", "random")[:n]]
    rng = Rng(5)
    decisions = 0
    while not guard.is_over(state) and decisions < 60:
        for seat in guard.to_act(state):
            if seat not in guard.to_act(state):
                continue
            view = guard.view(state, seat)
            legal = guard.legal_actions(state, seat)
            with guard.armed():
                action = agents[seat % len(agents)].choose(guard, view, seat, legal, rng)
            guard.apply(state, seat, action)
            decisions += 1
    assert decisions > 0 and guard.calls > 0


def test_the_guard_catches_an_agent_that_reads_the_state() -> None:
    guard = ViewOnlyGame(TOY)
    state = guard.new_game(2, 1)

    class Cheat:
        name = "cheat"

        def choose(self, game, view, seat, legal, rng):  # type: ignore[no-untyped-def]
            return game.legal_actions(state, seat)[0]  # peeks at the real state

    view = guard.view(state, 0)
    with guard.armed(), pytest.raises(StateLeak):
        Cheat().choose(guard, view, 0, [], Rng(1))
