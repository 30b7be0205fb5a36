"""Measure Your Majesty: games/s, mean length, win paths, heuristic vs random.

Run: ``.venv/bin/python benchmarks/your_majesty_stats.py [games]``
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from tabletop.ai.base import make_agent
from tabletop.engine import Rng
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.scoring import breakdown


def win_path(s: object) -> str:
    """How the game was won."""
    if s.end_reason == "round_limit":
        return "round limit"
    if len(s.winners) > 1:
        return "shared victory"
    w = s.winners[0]
    b = breakdown(s, w)
    over = [i for i in range(s.players) if sum(breakdown(s, i).values()) >= 20]
    if len(over) > 1:
        return "several at 20 at once"
    return "mostly reforms" if b["reforms"] >= b["philosophes"] else "mostly philosophes"


def run(kinds_for: object, games: int, label: str) -> None:
    """Play ``games`` games with the seat kinds given by ``kinds_for(seed, players)``."""
    t0, c0 = time.time(), time.process_time()
    rounds, paths, steps = [], Counter(), 0
    wins: Counter = Counter()
    seats: Counter = Counter()
    for seed in range(games):
        players = 2 + seed % 5
        s = GAME.new_game(players, seed)
        kinds = kinds_for(seed, players)
        for k in kinds:
            seats[k] += 1
        agents = [make_agent(k, GAME) for k in kinds]
        rng = Rng(seed)
        while not GAME.is_over(s):
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            view = GAME.view(s, seat) if kinds[seat] != "random" else {}
            GAME.apply(s, seat, agents[seat].choose(GAME, view, seat, legal, rng))
            steps += 1
        rounds.append(s.round)
        paths[win_path(s)] += 1
        for w in s.winners:
            wins[kinds[w]] += 1 / len(s.winners)
    wall, cpu = time.time() - t0, time.process_time() - c0
    print(
        f"{label}: {games} games, {games / wall:.1f} games/s wall, {games / cpu:.1f} games/s CPU,"
    )
    print(f"  {steps / games:.0f} decisions and {sum(rounds) / games:.1f} rounds a game")
    print(f"  win paths: {dict(paths)}")
    rate = {k: f"{wins[k] / seats[k]:.2f} wins per seat" for k in seats}
    print(f"  {rate}")


def main() -> None:
    """Print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    run(lambda seed, n: ["greedy"] * n, games, "heuristic only")
    run(
        lambda seed, n: ["greedy" if i == seed % n else "random" for i in range(n)],
        games,
        "one heuristic, rest random",
    )
    run(lambda seed, n: ["random"] * n, games, "random only")


if __name__ == "__main__":
    main()
