"""The code base stays ruff-clean (lint and format), and the layers stay apart."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is not installed (it is part of the [test] extra)")
    return [exe]


def test_ruff_check_is_clean() -> None:
    r = subprocess.run([*_ruff(), "check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_format_is_clean() -> None:
    r = subprocess.run(
        [*_ruff(), "format", "--check", "--no-cache", str(ROOT)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


def _imports(folder: Path) -> list[tuple[Path, str]]:
    found = []
    for f in folder.rglob("*.py"):
        for line in f.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\s*(?:from|import)\s+([\w.]+)", line)
            if m:
                found.append((f, m.group(1)))
    return found


def test_engine_and_games_never_import_pygame() -> None:
    for folder in ("engine", "games"):
        for f, mod in _imports(ROOT / "tabletop" / folder):
            assert not mod.startswith(("pygame", "tabletop.ui")), f"{f} imports {mod}"


def test_engine_never_imports_a_game() -> None:
    for f, mod in _imports(ROOT / "tabletop" / "engine"):
        assert not mod.startswith(
            ("tabletop.games", "tabletop.ai", "tabletop.ui", "tabletop.controller")
        ), f"{f} imports {mod}"


def test_importing_engine_does_not_load_pygame() -> None:
    code = "import sys, tabletop.engine, tabletop.registry; tabletop.registry.games(); print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_ui_and_controller_import_no_game_and_name_none() -> None:
    from tabletop import registry

    ids = {g.info.id for g in registry.games().values()} | {
        g.info.id.replace("-", "_") for g in registry.games().values()
    }
    assert ids, "no games registered"
    for folder in ("ui", "controller"):
        for f, mod in _imports(ROOT / "tabletop" / folder):
            assert not mod.startswith("tabletop.games"), f"{f} imports {mod}"
        for f in (ROOT / "tabletop" / folder).rglob("*.py"):
            text = f.read_text(encoding="utf-8").lower()
            for game_id in ids:
                assert re.search(rf"\b{re.escape(game_id)}\b", text) is None, f"{f} names {game_id}"
