"""The frame that picks a card up, in CPU time, against a floor of the same cards blitted.

    python benchmarks/pickup.py [--game your_majesty] [--players 6] [--size 1920x1080]
                                [--rounds 7] [--frames 20]

The table is benchmarks/render.py's (the real app shell, dummy video driver, the game's
busiest position with seat 0 to move).  A *pick-up frame* is the app's step right after the
pointer, pressed on seat 0's first draggable card, first moves (the drag starts there): the
card leaves its place, the other cards lose their "you may drag this" outline and the
targets start to glow.  Between two
pick-ups the card is dropped back where it was and the table settles (not timed).
The floor blits the cards the table shows (render.py's ``shown_cards``) and flips.  Rounds
alternate floor and table (ABBA); each frame's CPU time (``time.process_time``) is kept;
median and p95 in ms are printed, then ``ratio R``: the median of the rounds' ratios of
median pick-up frame to median floor frame.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pygame
import render

from tabletop import registry
from tabletop.ui.table.scene import TableScene


def _cpu_ms(body: Callable[[], None]) -> float:
    t = time.process_time()
    body()
    return (time.process_time() - t) * 1000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main(argv: list[str] | None = None) -> int:
    """Print the pick-up frame's and the floor's CPU times and ``ratio R``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="your_majesty")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--frames", type=int, default=20, help="pick-ups per round")
    args = ap.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    app = render.table_app(size)  # type: ignore[arg-type]
    match = render.busiest_match(registry.get(args.game), args.players)
    sc = TableScene(app, match, worker=render.NullWorker())  # type: ignore[arg-type]
    app.push(sc)
    for _ in range(30):  # every face rendered and cached
        app.step(1 / render.HZ)
    uid = next((u for u in sc.drags if u in sc.by_uid), None)
    if uid is None:
        print("no card to pick up at this position", file=sys.stderr)
        return 2
    start = sc.by_uid[uid].rect.center
    blits = render.shown_cards(sc)
    screen = app.window

    def pick_up() -> float:
        sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        app.step(1 / render.HZ)  # (a press alone lifts nothing yet)
        moved = (start[0] + 12, start[1] - 12)
        sc.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(12, -12), buttons=(1, 0, 0))
        )
        took = _cpu_ms(lambda: app.step(1 / render.HZ))
        sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
        for _ in range(60):  # dropped back: the card flies home, the table settles (not timed)
            app.step(1 / render.HZ)
            if not sc.tweens:
                break
        app.step(1 / render.HZ)
        return took

    def floor() -> float:
        def body() -> None:
            screen.fblits(blits)
            pygame.display.flip()

        return _cpu_ms(body)

    table_ms: list[float] = []
    floor_ms: list[float] = []
    ratios = []
    for r in range(args.rounds):
        order = [(floor, floor_ms), (pick_up, table_ms)]
        if r % 2:
            order.reverse()
        medians = {}
        for fn, out in order:
            got = [fn() for _ in range(args.frames)]
            out += got
            medians[fn] = statistics.median(got)
        ratios.append(medians[pick_up] / max(medians[floor], 1e-6))
    print(f"command: python {' '.join(sys.argv)}")
    print(
        f"{args.game} {args.players}p {args.size}: pick-up frame CPU median "
        f"{statistics.median(table_ms):.2f} ms, p95 {p95(table_ms):.2f} ms | floor "
        f"({len(blits)} blits) median {statistics.median(floor_ms):.2f} ms, "
        f"p95 {p95(floor_ms):.2f} ms"
    )
    print(f"ratio {statistics.median(ratios):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
