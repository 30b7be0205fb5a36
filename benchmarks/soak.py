"""Soak: kill -9 the real app at random moments during all-AI games, then resume; count losses.

    python benchmarks/soak.py [--kills N] [--seed S] [--home FOLDER]
    python benchmarks/soak.py --hostile      # bad files, names, folders, CLI inputs instead

Each round starts ``python benchmarks/soak.py --child HOME`` (the real app loop on SDL's dummy
driver, after the real start-up: instance lock, stale temp files removed).  The child resumes
the autosave when there is an unfinished one, else starts an all-AI game of the next registered
game, and prints ``ack N`` each time the autosave has N moves on disk.  After a random delay
the parent kills it with SIGKILL, then checks the autosave the way *Continue* does: it must
load (0 unloadable files) with at least the last acknowledged number of moves (0 lost moves).
The figures are printed at the end; the exit code is 1 if anything was lost or unloadable.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def child(home: Path, frames: int) -> int:
    """The app loop: resume or start an all-AI game, report acknowledged moves as they grow."""
    os.environ["TABLETOP_HOME"] = str(home)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop import registry
    from tabletop.controller import SeatConfig
    from tabletop.controller.saving import saves
    from tabletop.ui import launch
    from tabletop.ui.app import App, claim_user_folders
    from tabletop.ui.match_config import MatchConfig
    from tabletop.ui.settings import Settings

    locked = claim_user_folders()
    if locked:
        print(f"locked {locked}", flush=True)
        return 3
    app = App(size=(960, 600), settings=Settings(animation_speed="Instant", sound=False))
    app.start()
    auto = launch.autosave_path()
    info = saves.peek(auto) if auto.is_file() else None
    if info is not None and not info["over"]:
        launch.resume(app, auto)
        print(f"resumed {info['game']} {info['moves']}", flush=True)
    else:
        ids = list(registry.games())
        n = int((home / "rounds").read_text()) if (home / "rounds").exists() else 0
        game = registry.get(ids[n % len(ids)])
        (home / "rounds").write_text(str(n + 1))
        seats = [SeatConfig.chosen("easy", f"Bot {i + 1}") for i in range(game.info.min_players)]
        launch.start_match(app, MatchConfig(game.info.id, seats, {}, n + 1))
        print(f"started {game.info.id}", flush=True)
    match = getattr(app.top, "match", None)
    last = -1
    for _ in range(frames):
        app.step(1 / 60)
        table = next((s for s in reversed(app.stack) if hasattr(s, "match")), None)
        if table is not None:
            match = table.match
        if match is not None and match.acknowledged != last:
            last = match.acknowledged
            print(f"ack {last}", flush=True)
        if match is not None and match.is_over():
            match.flush()
            print(f"ack {match.acknowledged}", flush=True)
            print("over", flush=True)
            return 0
        time.sleep(0.001)
    return 0


def check(home: Path) -> tuple[int | None, str]:
    """The moves the autosave holds as *Continue* would load it (None: unloadable, and why)."""
    os.environ["TABLETOP_HOME"] = str(home)
    from tabletop.controller.saving import saves

    auto = home / "data" / "autosave.json"
    if not auto.exists():
        return 0, ""
    try:
        loaded = saves.load_verified(auto)
    except saves.SaveError as e:
        return None, str(e)
    return len(loaded.data["actions"]), loaded.note


def soak(
    kills: int,
    seed: int,
    home: Path,
    frames: int = 100_000,
    delays: tuple[float, float] = (1.5, 6.0),
    after_saves: tuple[int, int] | None = None,
    patience: float = 120.0,
) -> dict[str, int]:
    """Run the rounds, each killed after a random delay within ``delays`` seconds, or with
    ``after_saves`` once the child has acknowledged a random number (within those bounds) of
    moves saved in this round, a moment later; ``stalls`` counts rounds that saved no such
    moves within ``patience`` seconds (killed then)."""
    rng = random.Random(seed)
    figures = dict(kills=0, resumes=0, finished=0, lost_moves=0, unloadable=0, tracebacks=0,
                   hangs=0, stale_temps_seen=0, torn_notes=0, stalls=0)  # fmt: skip
    for i in range(kills):
        errors = home / "child-stderr.txt"
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", str(home), "--frames", str(frames)],
            stdout=subprocess.PIPE,
            stderr=errors.open("w"),
            text=True,
            cwd=ROOT,
            start_new_session=True,  # its AI worker processes die with it
        )
        lines: list[str] = []

        def read(p: subprocess.Popen[str] = proc, out: list[str] = lines) -> None:
            assert p.stdout is not None
            for line in p.stdout:
                out.append(line.strip())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        start = time.monotonic()
        if after_saves is None:
            deadline = start + rng.uniform(*delays)
            while time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.01)
        else:
            wanted = rng.randint(*after_saves)
            while proc.poll() is None and _saved_this_round(lines) < wanted:
                if time.monotonic() - start > patience:
                    figures["stalls"] += 1
                    break
                time.sleep(0.01)
            time.sleep(rng.uniform(0.0, 0.2))  # any moment after it: maybe mid-write
        delay = time.monotonic() - start
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the app and its AI workers, all at once
            figures["kills"] += 1
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            figures["hangs"] += 1
            proc.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # nothing of it may outlive the round
        reader.join(5)
        err = errors.read_text(errors="replace")
        if "Traceback" in err:
            figures["tracebacks"] += 1
            print(err[-2000:], file=sys.stderr)
        if any(line.startswith("resumed") for line in lines):
            figures["resumes"] += 1
        if "over" in lines:
            figures["finished"] += 1
        acked = _acked(lines)
        figures["stale_temps_seen"] += sum(
            1 for p in (home / "data").glob(".*.tmp")
        )  # removed at the next start
        moves, note = check(home)
        if moves is None:
            figures["unloadable"] += 1
            print(f"round {i + 1}: unloadable: {note}", file=sys.stderr)
        else:
            if moves < acked and "over" not in lines:
                figures["lost_moves"] += acked - moves
                print(f"round {i + 1}: {acked} acknowledged, {moves} on disk", file=sys.stderr)
            if "cut short" in note:
                figures["torn_notes"] += 1
        print(f"round {i + 1}: killed after {delay:.1f}s, acknowledged {acked}, on disk {moves}")
    return figures


def _acked(lines: list[str]) -> int:
    """The most moves the child has reported on disk (``ack N`` lines), 0 before any."""
    return max((int(line.split()[1]) for line in list(lines) if line.startswith("ack ")), default=0)


def _saved_this_round(lines: list[str]) -> int:
    """Moves the child has saved since it started or resumed (from its ``resumed`` line)."""
    lines = list(lines)
    base = next((int(x.split()[2]) for x in lines if x.startswith("resumed ")), 0)
    return _acked(lines) - base


def main(argv: list[str] | None = None) -> int:
    """Parent or child, by ``--child``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--home", type=Path, default=None)
    p.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    p.add_argument("--frames", type=int, default=100_000, help=argparse.SUPPRESS)
    p.add_argument(
        "--hostile", action="store_true", help="try bad names, journals, folders and CLI inputs"
    )
    args = p.parse_args(argv)
    if args.child is not None:
        return child(args.child, args.frames)
    print(f"command: python {' '.join(sys.argv)}")
    if args.hostile:
        from soak_hostile import run as hostile

        with tempfile.TemporaryDirectory() as tmp:
            found = hostile(args.home or Path(tmp))
        print(", ".join(f"{k} {v}" for k, v in found.items()))
        return 1 if found["tracebacks"] or found["crash_loops"] or found["moves_lost"] else 0
    with tempfile.TemporaryDirectory() as tmp:
        home = args.home or Path(tmp)
        figures = soak(args.kills, args.seed, home)
    print(", ".join(f"{k} {v}" for k, v in figures.items()))
    bad = (
        figures["lost_moves"] or figures["unloadable"] or figures["tracebacks"] or figures["hangs"]
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
