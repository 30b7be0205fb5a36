"""Cold start: the app's first interactive frame against a bare pygame-ce window's first flip.

Run: ``python benchmarks/startup.py [--rounds N] [--size WxH] [--json]``.  Each round starts,
in a fresh interpreter each, a bare window (``import pygame``, open the window, fill it,
flip) and the app as the ``tabletop`` command starts it (``tabletop.cli.main``), in turns
(ABBA order).  Both report the wall-clock moment of their first flip; the app's is the
first frame after the title screen has been drawn into it, ready for input.  A round's
ratio is app time / bare time from launch; printed: the median and p95 of both times and of
the round ratios, and last ``ratio R`` (the median ratio).

Both open a real window on a virtual X display (Xvfb) where Xvfb is installed; else on the
X display in ``$DISPLAY``; else (or with ``--dummy``) with SDL's dummy video driver.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import time, os, sys
import pygame
pygame.display.init()
screen = pygame.display.set_mode(({w}, {h}), pygame.RESIZABLE)
screen.fill((20, 60, 40))
pygame.display.flip()
print("first-flip", time.time(), flush=True)
os._exit(0)
"""

APP = """
import os, sys, time
sys.path.insert(0, {root!r})
import pygame
import tabletop.ui.app as app_module

flip, step, flipped = pygame.display.flip, app_module.App.step, []

def timed_flip():
    flip()
    flipped.append(time.time())  # the frame is on the screen now

def first_step(self, dt):
    step(self, dt)  # the first frame's flip, then what the app does once it is shown
    print("first-flip", flipped[0], type(self.top).__name__, flush=True)
    os._exit(0)

pygame.display.flip = timed_flip

app_module.App.step = first_step
from tabletop.cli import main
main([])
"""


def _run(code: str, env: dict[str, str]) -> tuple[float, str]:
    """Seconds from launch to the child's first flip, and what it said after the time."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    for line in out.stdout.splitlines():
        if line.startswith("first-flip "):
            parts = line.split()
            return float(parts[1]) - start, " ".join(parts[2:])
    raise RuntimeError(f"no first frame reported:\n{out.stdout}\n{out.stderr}")


def _pct(values: Sequence[float]) -> dict[str, float]:
    vs = sorted(values)
    return {"median": statistics.median(vs), "p95": vs[min(len(vs) - 1, int(len(vs) * 0.95))]}


def _xvfb(size: tuple[int, int]) -> tuple[subprocess.Popen[bytes], str] | None:
    if shutil.which("Xvfb") is None:
        return None
    for n in range(140, 170):
        if not Path(f"/tmp/.X{n}-lock").exists():
            proc = subprocess.Popen(
                ["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.0)
            return proc, f":{n}"
    return None


def measure(rounds: int, size: tuple[int, int], dummy: bool = False) -> dict[str, Any]:
    """Interleaved cold starts of the bare window and the app."""
    home = tempfile.mkdtemp(prefix="tabletop-startup-")
    env = dict(os.environ, TABLETOP_HOME=home, TABLETOP_WINDOW=f"{size[0]}x{size[1]}")
    env.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # Both programs start as installed, from compiled bytecode (pip and the packaged app
    # both ship it): the warm-up runs write it into a cache of this run's own, even where
    # the shell says not to write bytecode (PYTHONDONTWRITEBYTECODE would otherwise have
    # the app compile its own modules from source at every start, the bare window not).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "pycache")
    server = None if dummy else _xvfb(size)
    if server is not None:
        env["DISPLAY"] = server[1]
        env.pop("SDL_VIDEODRIVER", None)
    elif dummy or not env.get("DISPLAY") or env.get("SDL_VIDEODRIVER") == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    driver = env.get("SDL_VIDEODRIVER") or f"x11 on {env['DISPLAY']}"
    bare_code = BARE.format(w=size[0], h=size[1])
    app_code = APP.format(root=str(ROOT))
    try:
        _run(bare_code, env)  # warm the OS file cache for both, and write their bytecode
        _, scene = _run(app_code, env)
        bare, app, ratios = [], [], []
        for r in range(rounds):
            pair: dict[str, float] = {}
            for name, code in (("bare", bare_code), ("app", app_code))[:: 1 if r % 2 else -1]:
                pair[name] = _run(code, env)[0]
            bare.append(pair["bare"])
            app.append(pair["app"])
            ratios.append(pair["app"] / pair["bare"])
    finally:
        if server is not None:
            server[0].terminate()
        shutil.rmtree(home, ignore_errors=True)
    return {
        "driver": driver,
        "size": f"{size[0]}x{size[1]}",
        "first_scene": scene,
        "rounds": rounds,
        "load": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "cpus": os.cpu_count(),
        "bare_s": _pct(bare),
        "app_s": _pct(app),
        "ratio_rounds": _pct(ratios),
        "ratio": statistics.median(ratios),
    }


def report(res: dict[str, Any]) -> str:
    """The figures as text; the last line is ``ratio R``."""
    return "\n".join(
        [
            f"cold start, {res['rounds']} rounds, {res['driver']}, {res['size']}, "
            f"load {res['load']} on {res['cpus']} cores",
            f"bare window, first flip     median {res['bare_s']['median']:.3f} s  "
            f"p95 {res['bare_s']['p95']:.3f} s",
            f"app ({res['first_scene']}) first frame  median {res['app_s']['median']:.3f} s  "
            f"p95 {res['app_s']['p95']:.3f} s",
            f"round ratios                median {res['ratio_rounds']['median']:.2f}  "
            f"p95 {res['ratio_rounds']['p95']:.2f}",
            f"ratio {res['ratio']:.2f}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print (or ``--json``) the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--dummy", action="store_true", help="SDL's dummy video driver, no window")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    res = measure(args.rounds, (w, h), args.dummy)
    print(json.dumps(res, indent=1) if args.json else report(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
