"""The test session's own bytecode folder (``tests/conftest.py``): where the environment tells
Python not to write bytecode, the processes the tests start share compiled modules in a
temporary folder of the session instead of each compiling them from source again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_child_processes_share_the_sessions_bytecode() -> None:
    prefix = os.environ.get("PYTHONPYCACHEPREFIX")
    # either Python writes bytecode beside the sources here, or the session gave it a folder
    assert prefix or not os.environ.get("PYTHONDONTWRITEBYTECODE")
    if not prefix:
        return
    code = (
        "import sys, importlib.util, tabletop.engine.play as m\n"
        "print(sys.pycache_prefix, sys.dont_write_bytecode)\n"
        "print(importlib.util.cache_from_source(m.__file__))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    # the child looks for bytecode in the session's folder and may add what it compiles
    assert lines[0] == f"{prefix} False", lines
    # the package's modules are compiled there already (not into the source tree)
    cached = Path(lines[1])
    assert cached.is_relative_to(prefix) and cached.is_file(), cached
