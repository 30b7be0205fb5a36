"""Table frame times at 1920×1080: idle, dragging, while an AI thinks, and a bare blit loop.

Run: ``python benchmarks/render.py [--frames N] [--game ID]`` (headless: SDL_VIDEODRIVER=dummy
is set). Uses 4-player Majesty by default (``--game`` picks another registered game), else the
Little Court test fixture. Also prints the cost of the card faces the first frame drew.
Prints median and p95 per case, the worst frame while the AI thinks, and the ratio of the
idle table frame to a bare loop that blits the same number of cached card images (plus
the one full-screen background blit every frame needs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402

from tabletop import registry  # noqa: E402
from tabletop.controller import AiWorker, Match, SeatConfig  # noqa: E402
from tabletop.engine import Rng  # noqa: E402
from tabletop.ui.table.scene import TableScene  # noqa: E402

SIZE = (1920, 1080)


class BusyAgent:
    """Stands in for a searching AI: pure-Python work for ``seconds``, then a legal move."""

    name = "busy"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, game: Any, view: Any, seat: int, legal: list[Any], rng: Rng) -> Any:
        """Burn CPU like a search does (holding the interpreter), then answer."""
        end = time.perf_counter() + self.seconds
        x = 0
        while time.perf_counter() < end:
            for i in range(2000):
                x = (x * 31 + i) & 0xFFFF
        return legal[0]


class BusyGame:
    """Wraps a real game but offers the busy stand-in as its AI (picklable for the worker)."""

    def __init__(self, game: Any, seconds: float) -> None:
        self.game = game
        self.info = game.info
        self.seconds = seconds

    def heuristic_agent(self, kind: str) -> BusyAgent:
        """The stand-in for any level."""
        return BusyAgent(self.seconds)


def _game(gid: str = "majesty") -> Any:
    games = registry.games()
    if gid in games:
        return games[gid]
    from court_game import COURT

    return COURT


def _stats(times: list[float]) -> tuple[float, float, float]:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return statistics.median(ms), p95, ms[-1]


def _frame(sc: TableScene, screen: pygame.Surface, dt: float) -> float:
    """One paced frame (the app runs at 60 Hz): update, draw, flip; returns the work time."""
    t0 = time.perf_counter()
    sc.update(dt)
    sc.draw(screen)
    pygame.display.flip()
    took = time.perf_counter() - t0
    time.sleep(max(0.0, 1 / 60 - took))
    return took


class _App:
    def __init__(self, screen: pygame.Surface) -> None:
        self.screen = screen
        self.settings = {"animation_speed": 1.0}

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Any) -> None: ...
    def pop(self) -> None: ...
    def replace(self, scene: Any) -> None: ...
    def quit(self) -> None: ...


def main() -> int:
    """Run the four measurements and print them."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--think", type=float, default=3.0, help="seconds the stand-in AI thinks")
    ap.add_argument("--thread", action="store_true", help="think in a thread, not a process")
    ap.add_argument("--game", default="majesty", help="a registered game id")
    args = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    game = _game(args.game)
    players = min(4, game.info.max_players)
    seats = [SeatConfig(name="You")] + [
        SeatConfig("ai", f"AI {i}", "normal") for i in range(1, players)
    ]
    match = Match(game, seats, 2024)
    rng = Rng(7)
    for _ in range(3 * players):  # mid-game, and the human to act
        if match.is_over():
            break
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal(seat)))
    while match.to_act() != [0] and not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal(seat)))
    app = _App(screen)
    sc = TableScene(app, match)
    dt = 1 / 60
    renders, cpu = sc.art.renders, time.process_time()
    sc.draw(screen)  # the first frame renders every face it shows
    first_cpu, faces = time.process_time() - cpu, sc.art.renders - renders
    for _ in range(30):  # warm the caches
        _frame(sc, screen, dt)
    again = sc.art.renders
    n = args.frames
    idle = [_frame(sc, screen, dt) for _ in range(n)]
    # dragging a card around the table
    uid = next(iter(sc.drags), None)
    drag: list[float] = []
    if uid is not None:
        start = sc.by_uid[uid].rect.center
        sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for i in range(n):
            pos = (200 + (i * 7) % 1400, 300 + (i * 5) % 500)
            sc.handle_event(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 5), buttons=(1, 0, 0))
            )
            drag.append(_frame(sc, screen, dt))
        sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
        for _ in range(30):
            _frame(sc, screen, dt)
    # an AI thinking in the worker (a stand-in agent that computes for --think seconds)
    worker = AiWorker(process=not args.thread)
    sc.worker = worker
    ai_seat = next(s for s in range(players) if match.seats[s].is_ai)
    legal = match.legal(match.to_act()[0]) if match.to_act() else []
    worker.submit("warm", BusyGame(game, 0.0), "busy", match.view(ai_seat), ai_seat, legal, 1)
    worker.wait(60)  # the worker is up (a process starts once per app)
    worker.submit("bench", BusyGame(game, args.think), "busy", {}, ai_seat, legal, 1)
    thinking: list[float] = []
    t_end = time.perf_counter() + args.think * 0.9
    while time.perf_counter() < t_end and len(thinking) < n:
        thinking.append(_frame(sc, screen, dt))
    assert worker.busy, "the stand-in AI finished before the measurement ended"
    worker.wait(args.think + 5)
    worker.stop()
    # the bare loop: the same number of cached card images, plus one background blit
    cards = [(sc.art.image(sp.card, sp.rect.w, sp.rect.h), sp.rect.topleft) for sp in sc.sprites]
    background = sc._static
    assert background is not None
    bare: list[float] = []
    for _ in range(n):
        t0 = time.perf_counter()
        screen.blit(background, (0, 0))
        for img, pos in cards:
            screen.blit(img, pos)
        pygame.display.flip()
        bare.append(time.perf_counter() - t0)
        time.sleep(max(0.0, 1 / 60 - bare[-1]))
    print(f"game: {game.info.name}, {players} players, {SIZE[0]}x{SIZE[1]}, {len(cards)} cards")
    if hasattr(os, "getloadavg"):
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    mode = "thread" if args.thread else "process"
    rows = [("table idle", idle), ("table dragging", drag), (f"AI thinking ({mode})", thinking)]
    rows.append(("bare blit loop", bare))
    for label, times in rows:
        if times:
            med, p95, worst = _stats(times)
            print(f"{label:<24} median {med:6.2f} ms   p95 {p95:6.2f} ms   max {worst:6.2f} ms")
    per_face = first_cpu / faces * 1000 if faces else 0.0
    print(
        f"first frame: {faces} faces rendered, {first_cpu * 1000:.0f} ms CPU ({per_face:.1f} ms/face)"
    )
    print(f"faces rendered after the first frame (cache misses): {sc.art.renders - again}")
    ratio = statistics.median(idle) / statistics.median(bare)
    print(f"ratio table idle / bare blit loop (median): {ratio:.2f}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
