"""Random playouts of this tree against another tree of the project, interleaved.

    python benchmarks/engine_versus.py BASE_TREE [--game ID] [--players 2] [--games 40]
                                                 [--rounds 9]

``BASE_TREE`` is a checkout of an older commit (``git worktree add /tmp/base fed7dfd``).
Every round runs one fresh process per tree, in the order base, this, this, base, ... (so
neither side always goes first), and each process plays the same seeded random playouts
(deals 1000, 1001, ...; each step lists the legal actions and applies a random one, with
``game.play`` where the tree has it, as the search's play-outs do, else ``game.apply``),
timing them in CPU seconds after one warm-up game.  It prints each side's actions and games
per CPU second (median and p95 of the rounds) and the ratio of the two within each round (median,
lowest and highest): a machine whose speed drifts during the run moves both sides of a
round alike.  A tree that cannot load the game is refused with its error, never skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# run in each tree's own interpreter process; uses only what every version offers
WORKER = r"""
import json, sys, time
from tabletop import registry
from tabletop.engine import Rng

name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
known = registry.games()
game = known.get(name) or known.get(name.replace("_", "-"))
if game is None:
    sys.exit(f"no game {name!r} here (known: {', '.join(sorted(known))})")
step = getattr(game, "play", None) or game.apply

def playout(seed):
    state = game.new_game(players, seed)
    rng = Rng(seed ^ 0xBE7C4)
    steps = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        step(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
    return steps

playout(999)  # warm-up: data loaded, caches filled
t0 = time.process_time()
actions = sum(playout(1000 + k) for k in range(games))
print(json.dumps({"actions": actions, "cpu": time.process_time() - t0}))
"""


def run(tree: Path, game: str, players: int, games: int) -> dict[str, float]:
    """One process of ``tree`` playing the playouts; its actions and CPU seconds."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", WORKER, game, str(players), str(games)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"{tree}: the playouts failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Measure both trees, interleaved, and print the comparison."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base", type=Path, help="a checkout of the commit to compare against")
    ap.add_argument("--game", default="majesty")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=40, help="playouts per process")
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args(argv)
    base = args.base.resolve()
    if not (base / "tabletop" / "__init__.py").is_file():
        raise SystemExit(f"{base} holds no tabletop package")
    rates: dict[str, list[float]] = {"base": [], "this": []}
    games_rates: dict[str, list[float]] = {"base": [], "this": []}
    ratios: list[float] = []
    for r in range(args.rounds):
        order = [("base", base), ("this", HERE)]
        if r % 2:
            order.reverse()
        got = {}
        for side, tree in order:
            m = run(tree, args.game, args.players, args.games)
            got[side] = m["actions"] / m["cpu"]
            rates[side].append(got[side])
            games_rates[side].append(args.games / m["cpu"])
        ratios.append(got["this"] / got["base"])
        sys.stderr.write(
            f"\rround {r + 1}/{args.rounds}: base {got['base']:,.0f}, "
            f"this {got['this']:,.0f} actions/s"
        )
        sys.stderr.flush()
    sys.stderr.write("\n")
    print(
        f"$ python benchmarks/engine_versus.py {args.base} --game {args.game} "
        f"--players {args.players} --games {args.games} --rounds {args.rounds}"
    )
    for side in ("base", "this"):
        print(
            f"{side:>4}: {statistics.median(rates[side]):>9,.0f} actions per CPU second "
            f"(median; p95 {p95(rates[side]):,.0f}), "
            f"{statistics.median(games_rates[side]):,.0f} games per CPU second "
            f"(median; p95 {p95(games_rates[side]):,.0f})"
        )
    print(
        f"ratio this/base within a round: median {statistics.median(ratios):.2f}, "
        f"lowest {min(ratios):.2f}, highest {max(ratios):.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
