"""The engine, the games and the network type-check: mypy, as ``[tool.mypy]`` in
``pyproject.toml`` configures it, finds no error."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is not installed (it is part of the [test] extra)")
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            os.devnull,  # a fresh check, nothing written into the tree
            "--no-error-summary",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        pytest.fail(f"mypy found errors:\n{r.stdout}{r.stderr}", pytrace=False)
