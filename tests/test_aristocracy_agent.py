"""The heuristic Aristocracy agent: plays every decision, beats random play."""

from __future__ import annotations

import pytest

from tabletop.ai import make_agent
from tabletop.ai.base import RandomAgent
from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.ai import GreedyAgent


def _match(seed: int, agents: list, cap_steps: int = 6000) -> tuple[list[int], bool]:
    s = GAME.new_game(len(agents), seed)
    rng = Rng(seed)
    for _ in range(cap_steps):
        if GAME.is_over(s):
            break
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        a = agents[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng)
        assert a in legal
        GAME.apply(s, seat, a)
    return GAME.winners(s), s.capped


def test_make_agent_greedy_plays_like_the_games_heuristic() -> None:
    assert isinstance(GAME.heuristic_agent("greedy"), GreedyAgent)
    agent = make_agent("greedy", GAME)
    s = GAME.new_game(3, 2)
    rng = Rng(2)
    for _ in range(60):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        a = agent.choose(GAME, GAME.view(s, seat), seat, legal, Rng(4))
        assert a == GreedyAgent().choose(GAME, GAME.view(s, seat), seat, legal, Rng(4))
        GAME.apply(s, seat, a if rng.random() < 0.7 else rng.choice(legal))


def test_greedy_games_end_by_glory() -> None:
    for seed in range(3):
        winners, capped = _match(seed, [GreedyAgent(), GreedyAgent(), GreedyAgent()])
        assert winners and not capped


def test_greedy_beats_random() -> None:
    wins = games = 0
    for seed in range(5):
        seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = GreedyAgent()
        winners, _ = _match(100 + seed, agents, cap_steps=4000)
        if winners:
            games += 1
            wins += winners == [seat]
    assert games >= 4 and wins >= games - 1, (wins, games)


@pytest.mark.fairness
def test_greedy_decision_ignores_cards_it_cannot_see() -> None:
    """Shuffling the opponents' hidden cards never changes the agent's choice."""
    s = GAME.new_game(3, 8)
    rng = Rng(8)
    agent = GreedyAgent()
    checked = 0
    for _ in range(120):
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        choice = agent.choose(GAME, GAME.view(s, seat), seat, legal, Rng(1))
        other = GAME.copy(s)
        hidden = [c for q in range(3) if q != seat for c in other.hands[q]] + list(other.draw)
        ids = [other.card_of[c] for c in hidden]
        rng.shuffle(ids)
        for c, cid in zip(hidden, ids, strict=True):
            other.card_of[c] = cid
        again = agent.choose(
            GAME, GAME.view(other, seat), seat, GAME.legal_actions(other, seat), Rng(1)
        )
        assert again == choice
        checked += 1
        GAME.apply(s, seat, choice)
    assert checked == 120
