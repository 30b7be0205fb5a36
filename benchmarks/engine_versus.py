"""Random playouts of this tree against another tree of the project, interleaved deal by deal.

    python benchmarks/engine_versus.py BASE_TREE [--game ID] [--players 2] [--games 40]
                                                 [--rounds 9] [--costs]

``BASE_TREE`` is a checkout of an older commit (``git worktree add /tmp/base fed7dfd``).
Each round starts one fresh worker process per tree; both stay alive, and the deals of the
round (1000, 1001, ...) are handed to them one at a time, each deal to both workers back to
back, alternating which goes first.  A worker plays a deal as the search's play-outs do
(each step lists the legal actions and applies a random one, with ``game.play`` where the
tree has it, else ``game.apply``) and reports the CPU seconds it took.  Interleaving single
deals (a few milliseconds each) rather than whole processes keeps a machine whose speed
drifts from favouring either side: both sides of a deal run within milliseconds of each
other.  It prints each side's actions and games per CPU second (median and p95 of the
rounds) and the ratio of the two within each round (median, lowest and highest).  A tree
that cannot load the game is refused with its error, never skipped.

With ``--costs`` it then measures, as ``benchmarks/engine.py`` does, the mean cost of a
``copy``, a JSON round trip, ``legal_actions``, ``view`` and ``determinize`` on the same
mid-game state (deal 7 replayed to its middle): batches of about 20 ms, the two trees'
batches back to back, at least nine of each.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import IO

HERE = Path(__file__).resolve().parent.parent

# run in each tree's own interpreter process; uses only what every version offers
WORKER = r"""
import json, sys, time
from tabletop import registry
from tabletop.engine import Rng

name, players = sys.argv[1], int(sys.argv[2])
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

def mid_game(seed=7):
    # as benchmarks/engine.py's mid_game_state: a random game replayed to its middle
    length = playout(seed)
    state = game.new_game(players, seed)
    rng = Rng(seed ^ 0xBE7C4)
    for _ in range(length // 2):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    deal = Rng(5)
    return {
        "copy": lambda: game.copy(state),
        "json": lambda: game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))),
        "legal_actions": lambda: game.legal_actions(state, seat),
        "view": lambda: game.view(state, seat),
        "determinize": lambda: game.determinize(view, seat, deal),
    }

playout(999)  # warm-up: data loaded, caches filled
costs = mid_game()
for fn in costs.values():
    fn()
print("ready", flush=True)
for line in sys.stdin:
    words = line.split()
    if words[0] == "cost":  # cost NAME CALLS: CPU seconds of that many calls
        fn, calls = costs[words[1]], int(words[2])
        t0 = time.process_time()
        for _ in range(calls):
            fn()
        print(json.dumps({"cpu": time.process_time() - t0}), flush=True)
        continue
    seed = int(words[0])
    t0 = time.process_time()
    actions = playout(seed)
    print(json.dumps({"actions": actions, "cpu": time.process_time() - t0}), flush=True)
"""

COSTS = ("copy", "json", "legal_actions", "view", "determinize")


class Worker:
    """One tree's worker process, playing the deals it is handed."""

    def __init__(self, tree: Path, game: str, players: int) -> None:
        self.tree = tree
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER, game, str(players)],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._expect("ready")

    def _line(self) -> str:
        out: IO[str] = self.proc.stdout  # type: ignore[assignment]
        line = out.readline()
        if not line:
            self.proc.wait()
            err = self.proc.stderr.read().strip() if self.proc.stderr else ""
            raise SystemExit(f"{self.tree}: the playouts failed:\n{err}")
        return line.strip()

    def _expect(self, word: str) -> None:
        got = self._line()
        if got != word:
            self.close()
            raise SystemExit(f"{self.tree}: the playouts failed: the worker said {got!r}")

    def play(self, seed: int) -> tuple[int, float]:
        """Actions and CPU seconds of the random play-out of deal ``seed``."""
        stdin: IO[str] = self.proc.stdin  # type: ignore[assignment]
        stdin.write(f"{seed}\n")
        stdin.flush()
        got = json.loads(self._line())
        return int(got["actions"]), float(got["cpu"])

    def cost(self, name: str, calls: int) -> float:
        """CPU seconds of ``calls`` calls of the mid-game cost ``name``."""
        stdin: IO[str] = self.proc.stdin  # type: ignore[assignment]
        stdin.write(f"cost {name} {calls}\n")
        stdin.flush()
        return float(json.loads(self._line())["cpu"])

    def close(self) -> None:
        """End the process."""
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def one_round(base: Path, game: str, players: int, games: int, first: int) -> dict[str, list]:
    """Both trees play the deals 1000.. of a round, deal by deal; actions and CPU per side."""
    workers = {"base": Worker(base, game, players)}
    try:
        workers["this"] = Worker(HERE, game, players)
        got: dict[str, list] = {"base": [0, 0.0], "this": [0, 0.0]}
        for k in range(games):
            order = ["base", "this"] if (first + k) % 2 == 0 else ["this", "base"]
            for side in order:
                actions, cpu = workers[side].play(1000 + k)
                got[side][0] += actions
                got[side][1] += cpu
        return got
    finally:
        for w in workers.values():
            w.close()


def cost_rounds(base: Path, game: str, players: int, rounds: int) -> dict[str, dict[str, list]]:
    """The mid-game costs of both trees, in µs a call: per cost, ``rounds`` batches of about
    20 ms each, the two trees' batches back to back (alternating which goes first)."""
    workers = {"base": Worker(base, game, players)}
    try:
        workers["this"] = Worker(HERE, game, players)
        out: dict[str, dict[str, list]] = {}
        for name in COSTS:
            calls = 1
            while workers["base"].cost(name, calls) < 0.02 and calls < 1 << 22:
                calls *= 2  # as many calls as take about 20 ms in the base tree
            got: dict[str, list] = {"base": [], "this": []}
            for r in range(rounds):
                for side in ("base", "this") if r % 2 == 0 else ("this", "base"):
                    got[side].append(1e6 * workers[side].cost(name, calls) / calls)
            out[name] = got
        return out
    finally:
        for w in workers.values():
            w.close()


def print_costs(costs: dict[str, dict[str, list]]) -> None:
    """One line per cost: each side's median and p95 µs, and the ratio within a round."""
    print(f"{'mid-game cost, µs a call':<24} {'base':>18} {'this':>18}  base/this in a round")
    for name, got in costs.items():
        ratios = [b / t for b, t in zip(got["base"], got["this"], strict=True)]
        sides = [
            f"{statistics.median(got[k]):>6.1f} (p95 {p95(got[k]):.1f})" for k in ("base", "this")
        ]
        print(
            f"{name:<24} {sides[0]:>18} {sides[1]:>18}  median {statistics.median(ratios):.2f}, "
            f"lowest {min(ratios):.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    """Measure both trees, interleaved, and print the comparison."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base", type=Path, help="a checkout of the commit to compare against")
    ap.add_argument("--game", default="majesty")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=40, help="deals per round")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument(
        "--costs",
        action="store_true",
        help="also the mid-game costs (copy, JSON round trip, legal_actions, view, determinize)",
    )
    args = ap.parse_args(argv)
    base = args.base.resolve()
    if not (base / "tabletop" / "__init__.py").is_file():
        raise SystemExit(f"{base} holds no tabletop package")
    rates: dict[str, list[float]] = {"base": [], "this": []}
    games_rates: dict[str, list[float]] = {"base": [], "this": []}
    ratios: list[float] = []
    for r in range(args.rounds):
        got = one_round(base, args.game, args.players, args.games, r)
        rate = {}
        for side, (actions, cpu) in got.items():
            rate[side] = actions / cpu
            rates[side].append(rate[side])
            games_rates[side].append(args.games / cpu)
        ratios.append(rate["this"] / rate["base"])
        sys.stderr.write(
            f"\rround {r + 1}/{args.rounds}: base {rate['base']:,.0f}, "
            f"this {rate['this']:,.0f} actions/s"
        )
        sys.stderr.flush()
    sys.stderr.write("\n")
    print(
        f"$ python benchmarks/engine_versus.py {args.base} --game {args.game} "
        f"--players {args.players} --games {args.games} --rounds {args.rounds}"
        + (" --costs" if args.costs else "")
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
    if args.costs:
        print_costs(cost_rounds(base, args.game, args.players, max(args.rounds, 9)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
