"""The cost of a play-out step by tenth of a game, in figures a busy machine blurs much less
than ``engine.py``'s one pass: CPU time, each step at its best of several replays, or the
Python bytecodes each step runs (``--opcodes``: exact, the same on any machine and load).

    python benchmarks/cost_by_tenth.py [--game ID] [--players N] [--games G] [--replays R]
                                       [--opcodes]

Plays the same seeded random games as ``engine.py`` (seed 2000 on, one step = list the legal
actions and ``play`` one), each ``--replays`` times over; a step's cost is its least over the
replays (the games are replayed exactly, so step i is the same step each time).  Prints the
mean cost of a step in each tenth of a game, the ninth tenth over the second, and the mean.
Bytecodes count work done in Python only (not in C: a list copied, a dict hashed), and the
counting makes a game some 50 times slower.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from engine import step_costs  # (benchmarks/engine.py: this folder is the script's own)

from tabletop import registry
from tabletop.engine import Game


class Opcodes:
    """A clock that reads the number of bytecodes run so far while :meth:`counting`."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> float:
        return float(self.count)

    def _trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            self.count += 1
        return self._trace

    def counting(self, run: Callable[[], list[float]]) -> list[float]:
        """``run()`` with every bytecode of the frames it opens counted."""
        sys.settrace(self._trace)
        try:
            return run()
        finally:
            sys.settrace(None)


def by_tenth(
    game: Game, players: int, games: int, replays: int, opcodes: bool = False
) -> list[float]:
    """Mean cost of a step (its least over ``replays``) in each tenth of a game: µs of CPU
    time, or bytecodes run."""
    if opcodes:
        clock = Opcodes()

        def costs(seed: int) -> list[float]:
            return clock.counting(lambda: step_costs(game, players, seed, clock))

        scale = 1.0
    else:

        def costs(seed: int) -> list[float]:
            return step_costs(game, players, seed, time.process_time)

        scale = 1e6
    total = [0.0] * 10
    count = [0] * 10
    for seed in range(2000, 2000 + games):
        best = costs(seed)
        for _ in range(replays - 1):
            best = [min(a, b) for a, b in zip(best, costs(seed), strict=True)]
        for i, c in enumerate(best):
            total[i * 10 // len(best)] += c
            count[i * 10 // len(best)] += 1
    return [scale * t / n if n else 0.0 for t, n in zip(total, count, strict=True)]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the costs by tenth."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mayflower", help="game id (default mayflower)")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--replays", type=int, default=3)
    parser.add_argument("--opcodes", action="store_true", help="count bytecodes, not time")
    args = parser.parse_args(argv)
    replays = 1 if args.opcodes else args.replays  # (a count is the same at every replay)
    tenths = by_tenth(registry.get(args.game), args.players, args.games, replays, args.opcodes)
    unit = "bytecodes" if args.opcodes else "µs (best of each step's replays)"
    print(
        f"{unit} a step by tenth: "
        + " ".join(f"{t:.1f}" if not args.opcodes else f"{t:.0f}" for t in tenths)
        + f"  ninth/second {tenths[8] / tenths[1]:.2f}  mean {sum(tenths) / 10:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
