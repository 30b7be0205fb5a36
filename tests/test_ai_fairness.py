"""Hidden information stays hidden from the AI: same view, same decision; views only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from ai_support import ai_games, midgame
from toy_game import TOY

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.ai.guard import StateLeak, ViewOnlyGame
from tabletop.engine import Game, Rng, state_digest

pytestmark = pytest.mark.fairness

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


def _agree(game: Game, state: object, other: object, seat: int) -> None:
    """``other`` looks the same to ``seat`` and every agent decides the same in it."""
    view = game.view(state, seat)
    assert game.view(other, seat) == view
    legal = game.legal_actions(state, seat)
    assert game.legal_actions(other, seat) == legal
    for kind in KINDS:
        a = make_agent(kind, game).choose(game, view, seat, legal, Rng(5))
        b = make_agent(kind, game).choose(game, game.view(other, seat), seat, legal, Rng(5))
        assert a == b, f"{game.info.id} {kind}: decision depends on hidden cards"


def _greedy_until(game: Game, seed: int, wanted: Callable[[Any, int], bool]) -> tuple[Any, int]:
    """Greedy 2-player play from ``seed`` until ``wanted(state, seat to act)`` holds."""
    state = game.new_game(2, seed)
    greedy = make_agent("greedy", game)
    rng = Rng(seed)
    for _ in range(2000):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and wanted(state, seat):
            return state, seat
        game.apply(state, seat, greedy.choose(game, game.view(state, seat), seat, legal, rng))
    raise AssertionError(f"{game.info.id}: the wanted position was never reached")


def test_aristocracy_face_down_buildings_and_secret_stalls_are_resampled() -> None:
    game = registry.get("aristocracy")

    def hidden_buildings(s: Any, q: int, seat: int) -> list[int]:
        return [c for b in s.buildings[q] for c in b.cards if not s.seen[c] >> seat & 1]

    def wanted(s: Any, seat: int) -> bool:
        q = 1 - seat
        return bool(hidden_buildings(s, q, seat)) and s.ready[q] and bool(s.stalls[q])

    changed_buildings = changed_commits = 0
    for seed in (0, 2):
        state, seat = _greedy_until(game, seed, wanted)
        q = 1 - seat
        real_b = [state.card_of[c] for c in hidden_buildings(state, q, seat)]
        real_cards = sorted(state.card_of[c] for c in state.hands[q] + state.stalls[q])
        for k in range(4):
            other = game.determinize(game.view(state, seat), seat, Rng(300 + k))
            _agree(game, state, other, seat)
            new_b = [other.card_of[c] for b in other.buildings[q] for c in b.cards]
            changed_buildings += new_b != real_b
            cards = sorted(other.card_of[c] for c in other.hands[q] + other.stalls[q])
            changed_commits += cards != real_cards
    assert changed_buildings >= 4 and changed_commits >= 4


def test_your_majesty_opponent_hand_and_decks_are_resampled() -> None:
    game = registry.get("your_majesty")

    def wanted(s: Any, seat: int) -> bool:
        return len(s.hands[1 - seat]) >= 2 and len(s.deck) >= 4 and len(s.phil_deck) >= 2

    changed_hand = changed_deck = changed_phils = 0
    for seed in (1, 2):
        state, seat = _greedy_until(game, seed, wanted)
        q = 1 - seat
        for k in range(4):
            other = game.determinize(game.view(state, seat), seat, Rng(400 + k))
            _agree(game, state, other, seat)
            changed_hand += sorted(other.hands[q]) != sorted(state.hands[q])
            changed_deck += other.deck != state.deck
            changed_phils += other.phil_deck != state.phil_deck
    assert changed_hand >= 4 and changed_deck >= 6 and changed_phils >= 4
