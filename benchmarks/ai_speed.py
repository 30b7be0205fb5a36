"""Search speed: IS-MCTS iterations per CPU second, per game and level, with a profile.

    python benchmarks/ai_speed.py [--game ID] [--level hard] [--iterations 200] [--profile]

Searches from four mid-game positions (2 players, seeds 0–3, reached by random play)
with the level's settings but an iteration budget instead of its time cap, and prints
iterations per CPU second (``time.process_time``, fair on a busy machine).  ``--profile``
adds the 30 costliest functions by cumulative time (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from dataclasses import replace

from tabletop import registry
from tabletop.ai.ismcts import ISMCTS
from tabletop.ai.levels import level_config
from tabletop.ai.positions import random_position
from tabletop.engine import Game, Rng


def rate(game: Game, level: str, iterations: int, profile: cProfile.Profile | None) -> float:
    """Iterations per CPU second of ``level``'s search over four positions."""
    cfg = replace(level_config(level, game), iterations=iterations, time_limit=None)
    done, cpu = 0, 0.0
    for seed in range(4):
        state = random_position(game, 2, seed, 10 + 5 * seed)
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        c0 = time.process_time()
        if profile:
            profile.enable()
        done += ISMCTS(cfg).search(game, view, seat, legal, Rng(seed)).iterations
        if profile:
            profile.disable()
        cpu += time.process_time() - c0
    return done / cpu


def main() -> None:
    """Print the rates (and a profile)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game id (default: every game)")
    ap.add_argument("--level", action="append", help="normal, hard or mcts:N (default: both)")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    games = [registry.get(g) for g in args.game] if args.game else list(registry.games().values())
    for game in games:
        for level in args.level or ["normal", "hard"]:
            prof = cProfile.Profile() if args.profile else None
            r = rate(game, level, args.iterations, prof)
            print(f"{game.info.id:<14}{level:<10}{r:8.0f} iterations / CPU s")
            if prof:
                pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
