"""A small seeded slice of benchmarks/soak.py: kill -9 the real app twice, resume, lose nothing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 of a process group is POSIX")
def test_kill_minus_nine_loses_no_acknowledged_move(tmp_path) -> None:
    spec = importlib.util.spec_from_file_location("soak", SCRIPT)
    assert spec and spec.loader
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    # each round is killed once it has saved 1-3 moves of its own (however loaded the
    # machine), a random moment later: the second resumes what the first saved
    figures = soak.soak(kills=2, seed=7, home=tmp_path, after_saves=(1, 3))
    assert figures["stalls"] == 0, "a round saved no move within two minutes"
    assert figures["kills"] + figures["finished"] >= 2
    assert figures["resumes"] >= 1
    assert figures["lost_moves"] == 0 and figures["unloadable"] == 0
    assert figures["tracebacks"] == 0 and figures["hangs"] == 0
