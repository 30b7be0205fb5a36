"""Cold start: the title is on the first flip with no game, card data or pygame_gui loaded."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from bench_loader import load_benchmark

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import json, sys
import tabletop.ui.app as app_module

step = app_module.App.step
seen = []

def watched(self, dt):
    step(self, dt)
    loaded = sorted(m for m in sys.modules if m.startswith(("tabletop", "pygame_gui")))
    seen.append({"scene": type(self.top).__name__, "ui": self.top.ui is not None,
                 "modules": loaded})
    if len(seen) == 2:
        print(json.dumps(seen), flush=True)
        self.quit()

app_module.App.step = watched
from tabletop.cli import main
main([])
"""


def test_the_first_frame_is_the_title_before_any_game_or_widget_toolkit(tmp_path: Path) -> None:
    env = dict(os.environ, TABLETOP_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME], env=env, capture_output=True, text=True, timeout=120
    )
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("["))
    first, second = json.loads(line)
    assert first["scene"] == "TitleScene" and not first["ui"]
    for prefix in ("pygame_gui", "tabletop.games", "tabletop.registry", "tabletop.controller",
                   "tabletop.engine.data", "tabletop.ai", "tabletop.commands"):  # fmt: skip
        assert not [m for m in first["modules"] if m.startswith(prefix)], prefix
    assert second["ui"]  # the widgets take over on the next frame
    assert not [m for m in second["modules"] if m.startswith(("tabletop.games", "tabletop.ai"))]


def _load() -> ModuleType:
    return load_benchmark("startup")


def test_startup_benchmark_reports_a_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    res = bench.measure(1, (640, 360), dummy=True)
    assert res["first_scene"] == "TitleScene" and res["driver"] == "dummy"
    assert res["bare_s"]["median"] > 0 and res["app_s"]["median"] > 0
    assert re.fullmatch(r"ratio \d+\.\d\d", bench.report(res).splitlines()[-1])
