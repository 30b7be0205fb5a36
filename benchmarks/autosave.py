"""What the autosave costs the render thread per move, near move 10 and near move 1,000.

    python benchmarks/autosave.py [--games N] [--dir FOLDER] [--game ID]

Plays seeded random games of the registered game that runs longest (or ``--game``) with the
autosave on, and times, on the calling (render) thread, the autosave part of each
``Match.apply`` (journal record queued, and every ``SNAPSHOT_EVERY`` moves a state snapshot
handed to the writer thread).  For comparison it also times the old way, a whole save written
atomically after every move, at the same moves.  Samples are the moves 1–20 and 991–1,010 of
every game; median, p95 and p99 are printed in milliseconds with the command line.

The writer thread's own fsyncs are not on the render thread; the last line says how long the
writer needed to catch up at the end (its backlog).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.saving import saves
from tabletop.engine import Rng

NEAR = {"move 10": range(1, 21), "move 1000": range(991, 1011)}


class TimedMatch(Match):
    """A match that records how long each autosave took on this thread."""

    costs: dict[int, float]

    def _autosave_move(self, played: Any) -> None:
        t = time.perf_counter()
        super()._autosave_move(played)
        self.costs[len(self.history)] = (time.perf_counter() - t) * 1000


def pct(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def longest_game() -> str:
    """The registered game whose random games run longest (ids are never hard-coded)."""
    best, best_len = "", -1
    for gid, game in registry.games().items():
        m = Match(game, [SeatConfig(name=str(i)) for i in range(game.info.max_players)], 1)
        rng = Rng(1)
        while not m.is_over() and len(m.history) < 1100:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal(seat)))
        if len(m.history) > best_len:
            best, best_len = gid, len(m.history)
    return best


FRAME = 1 / 60


def play(
    game_id: str, seed: int, folder: Path, old_way: bool, paced: bool = False
) -> dict[int, float]:
    """One game of up to 1,010 moves; the autosave cost of each move by move number.

    ``paced``: inside the timed windows one move per frame (1/60 s), as the table plays at
    most; elsewhere moves run back to back (the writer then catches up before a window).
    """
    game = registry.get(game_id)
    seats = [SeatConfig(name=f"P{i}") for i in range(game.info.max_players)]
    path = folder / f"autosave-{seed}-{int(old_way)}.json"
    m = TimedMatch(game, seats, seed, save_path=None if old_way else path)
    m.costs = {}
    rng = Rng(seed)
    while not m.is_over() and len(m.history) < 1010:
        seat = m.to_act()[0]
        action = rng.choice(m.legal(seat))
        if paced and any(len(m.history) + 1 in r for r in NEAR.values()):
            if len(m.history) + 1 in (r.start for r in NEAR.values()):
                m.flush()
            time.sleep(FRAME)
        m.apply(seat, action)
        if old_way:  # what every move cost before the journal: the whole file, rewritten
            n = len(m.history)
            if any(n in r for r in NEAR.values()):
                t = time.perf_counter()
                saves.write_atomic(path, m.to_json())
                m.costs[n] = (time.perf_counter() - t) * 1000
    if not old_way:
        t = time.perf_counter()
        m.flush()
        m.costs[-1] = (time.perf_counter() - t) * 1000
    return m.costs


def frames(game_id: str, n: int, autosave: bool) -> tuple[list[float], int]:
    """``n`` frames of the real app loop (dummy video driver) watching an all-AI game at
    instant speed; each frame's time in ms, and the moves played meanwhile."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings
    from tabletop.ui.table.scene import TableScene

    game = registry.get(game_id)
    app = App(size=(1280, 720), settings=Settings(animation_speed="Instant", sound=False))
    app.start()
    with tempfile.TemporaryDirectory() as tmp:
        seats = [SeatConfig("ai", f"Bot {i + 1}", "easy") for i in range(game.info.max_players)]
        save = Path(tmp) / "autosave.json" if autosave else None
        match = Match(game, seats, 3, save_path=save)
        app.push(TableScene(app, match))
        out = []
        for _ in range(n):
            t = time.perf_counter()
            app.step(1 / 60)
            out.append((time.perf_counter() - t) * 1000)
            if match.is_over():
                break
        match.flush()
    app.go_home()
    return out, len(match.history)


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--dir", type=Path, default=None, help="where to write (default: a temp dir)"
    )
    parser.add_argument("--game", default=None, help="a game id (default: the longest-running)")
    parser.add_argument(
        "--frames", type=int, default=0, help="also time N frames of the app loop, saving or not"
    )
    args = parser.parse_args(argv)
    game_id = args.game or longest_game()
    print(f"command: python {' '.join(sys.argv)}")
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        print(f"game: {game_id}, {args.games} games, files in {folder}")
        for label, old_way, paced in (
            ("journal, a move per frame", False, True),
            ("journal, back to back", False, False),
            ("whole file per move (before)", True, False),
        ):
            runs = [
                play(game_id, seed, folder, old_way, paced) for seed in range(1, args.games + 1)
            ]
            for near, moves in NEAR.items():
                sample = [c[n] for c in runs for n in moves if n in c]
                if not sample:
                    print(f"  {label:30} {near:9}: no game got that far")
                    continue
                print(
                    f"  {label:30} {near:9}: median {statistics.median(sample):.3f} ms, "
                    f"p95 {pct(sample, 95):.3f} ms, p99 {pct(sample, 99):.3f} ms, "
                    f"max {max(sample):.3f} ms (n={len(sample)})"
                )
            if not old_way:
                backlog = [c[-1] for c in runs if -1 in c]
                print(
                    f"  {label:30} writer catch-up at the end of a game: median "
                    f"{statistics.median(backlog):.1f} ms, max {max(backlog):.1f} ms"
                )
            size = max((p.stat().st_size for p in folder.glob("*.json")), default=0)
            print(f"  {label:30} largest save file: {size / 1024:.0f} KiB")
    if args.frames:
        frames(game_id, 120, False)  # warm-up: fonts, art and the AI worker, in neither figure
        for label, on in (("app loop, autosave off", False), ("app loop, autosave on", True)):
            times, moves = frames(game_id, args.frames, on)
            print(
                f"  {label:30} frame: median {statistics.median(times):.2f} ms, "
                f"p95 {pct(times, 95):.2f} ms, p99 {pct(times, 99):.2f} ms "
                f"({len(times)} frames, {moves} moves)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
