"""The heuristic Aristocracy agent: plays every decision, beats random play."""

from __future__ import annotations

from tabletop.ai import make_agent
from tabletop.ai.base import RandomAgent
from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.agent import GreedyAgent


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


def test_make_agent_builds_the_greedy_agent() -> None:
    assert isinstance(make_agent("greedy", GAME), GreedyAgent)


def test_greedy_games_end_by_glory() -> None:
    for seed in range(3):
        winners, capped = _match(seed, [GreedyAgent(), GreedyAgent(), GreedyAgent()])
        assert winners and not capped


def test_greedy_beats_random() -> None:
    wins = games = 0
    for seed in range(6):
        seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = GreedyAgent()
        winners, _ = _match(100 + seed, agents, cap_steps=4000)
        if winners:
            games += 1
            wins += winners == [seat]
    assert games >= 4 and wins >= games - 1, (wins, games)
