"""Measure Your Majesty per player count: round-limit hits, rounds, win paths, games/s.

Run: ``.venv/bin/python benchmarks/your_majesty_stats.py [games per player count] [setups]``
where setups is a comma list of ``heuristic``, ``mixed`` (one heuristic seat, the rest
random) and ``random`` (default: all three).  Game ``i`` of a player count uses seed ``i``.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable

from tabletop.ai.base import make_agent
from tabletop.engine import Rng
from tabletop.games.your_majesty import GAME

SETUPS: dict[str, Callable[[int, int], list[str]]] = {
    "heuristic": lambda seed, n: ["greedy"] * n,
    "mixed": lambda seed, n: ["greedy" if i == seed % n else "random" for i in range(n)],
    "random": lambda seed, n: ["random"] * n,
}


def play(players: int, seed: int, kinds: list[str]) -> tuple[dict, list[str]]:
    """One game; its summary figures and the kinds of its winners."""
    s = GAME.new_game(players, seed)
    agents = [make_agent(k, GAME) for k in kinds]
    rng = Rng(seed)
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        view = GAME.view(s, seat) if kinds[seat] != "random" else {}
        GAME.apply(s, seat, agents[seat].choose(GAME, view, seat, legal, rng))
    return GAME.summary_stats(s), [kinds[w] for w in s.winners]


def run(setup: str, games: int) -> None:
    """Print one line per player count for ``setup``."""
    kinds_for = SETUPS[setup]
    print(f"{setup}:")
    for players in range(2, 7):
        c0 = time.process_time()
        paths: Counter = Counter()
        rounds = heuristic_wins = 0.0
        for seed in range(games):
            stats, winners = play(players, seed, kinds_for(seed, players))
            paths[stats["win_path"]] += 1
            rounds += stats["rounds"]
            heuristic_wins += winners.count("greedy") / len(winners)
        cpu = time.process_time() - c0
        line = (
            f"  {players}p: round limit {paths['round limit']}/{games} "
            f"({100 * paths['round limit'] / games:.1f} %), {rounds / games:.1f} rounds, "
            f"{games / cpu:.1f} games/s CPU, paths {dict(paths.most_common())}"
        )
        if setup == "mixed":
            line += f", heuristic wins {100 * heuristic_wins / games:.0f} %"
        print(line, flush=True)


def main() -> None:
    """Print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    setups = sys.argv[2].split(",") if len(sys.argv) > 2 else list(SETUPS)
    for setup in setups:
        run(setup, games)


if __name__ == "__main__":
    main()
