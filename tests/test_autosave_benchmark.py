"""benchmarks/autosave.py samples the moves that write a snapshot, and times this thread's CPU."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_loader import load_benchmark

from tabletop.controller import Match


def test_the_snapshot_moves_are_sampled_with_their_cpu_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = load_benchmark("autosave")
    snapshots: list[int] = []
    real = Match._snapshot

    def noted(self: Match, *args: object, **kw: object) -> None:
        snapshots.append(len(self.history))
        real(self, *args, **kw)

    monkeypatch.setattr(Match, "_snapshot", noted)
    wall, cpu = bench.play("your_majesty", 1, tmp_path, old_way=False)
    sampled = {n for moves in bench.SAMPLES.values() for n in moves}
    later = [n for n in snapshots if n > 1]  # (the first move writes the whole match)
    assert len(later) >= 2
    assert all(n in sampled for n in later[:-1]), (later, sorted(sampled)[:40])
    assert all(n in wall and n in cpu for n in later)
    assert set(cpu) == set(wall) - {-1} and all(ms >= 0 for ms in cpu.values())
