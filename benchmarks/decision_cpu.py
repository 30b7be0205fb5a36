"""CPU seconds of one decision of a level, as shipped (caps included), in mid-game positions.

    python benchmarks/decision_cpu.py --game mayflower --players 2 6 --level normal hard

Positions: every ``--every``-th decision with at least two legal moves of seeded games the
heuristic plays for every seat (``--games`` games per player count).  Each level decides
from the seat's view; the figure is the CPU time of the deciding thread (median / p95 /
max), the number a level's cap (Normal 0.5 s, Hard 2 s) is about.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import registry
from tabletop.ai.base import make_agent
from tabletop.ai.tournament import quantile
from tabletop.engine import Rng


def decision_times(gid: str, players: int, level: str, games: int, every: int) -> list[float]:
    """CPU seconds of ``level``'s decisions in the sampled positions."""
    game = registry.get(gid)
    greedy = make_agent("greedy", game)
    agent = make_agent(level, game)
    out = []
    for seed in range(games):
        state = game.new_game(players, seed)
        rng = Rng(seed + 7)
        choices = 0
        while not game.is_over(state) and game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if len(legal) > 1:
                choices += 1
                if choices % every == 0:
                    t0 = time.thread_time()
                    agent.choose(game, view, seat, legal, Rng(seed * 7919 + choices))
                    out.append(time.thread_time() - t0)
                action = greedy.choose(game, view, seat, legal, rng)
            else:
                action = legal[0]
            game.apply(state, seat, action)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line per player count and level."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, nargs="+", default=[2])
    ap.add_argument("--level", nargs="+", default=["normal", "hard"])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--every", type=int, default=5)
    args = ap.parse_args(argv)
    for n in args.players:
        for level in args.level:
            xs = decision_times(args.game, n, level, args.games, args.every)
            print(
                f"{args.game} {n} players {level}: {len(xs)} decisions, CPU s median "
                f"{quantile(xs, 0.5):.3f} / p95 {quantile(xs, 0.95):.3f} / max "
                f"{max(xs, default=0.0):.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
