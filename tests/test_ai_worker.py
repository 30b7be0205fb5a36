"""The AI worker: a spawned process on every OS, kept warm, holding no display, dying with the app."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import MappingProxyType

import pytest
from court_game import COURT

from tabletop.controller import AiWorker, Match, SeatConfig
from tabletop.controller.match import AI

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _match() -> Match:
    return Match(COURT, [SeatConfig(AI, "Bot", "hard"), SeatConfig(name="Bob")], 3)


def test_default_worker_is_a_spawned_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_AI_THREADS", raising=False)
    w = AiWorker()
    try:
        assert w.process
        m = _match()
        w.submit("t", COURT, "greedy", m.view(0), 0, m.legal(0), 3)
        (answer,) = w.wait(60)
        assert answer.action in m.legal(0) and w.process
        assert w._thread is None  # the thread fallback was never started
        first = w.pid
        w.submit("u", COURT, "greedy", m.view(0), 0, m.legal(0), 4)
        assert [a.token for a in w.wait(60)] == ["u"]
        assert w.pid == first  # kept warm: one process for every job
    finally:
        w.stop()


def test_worker_holds_no_window_display_or_audio() -> None:
    import pygame

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    try:
        w = AiWorker(process=True)
        facts = w.probe(60)
        assert facts["pid"] != os.getpid()
        assert not facts["display"] and not facts["mixer"]
        assert not facts["pygame_imported"]  # the worker never even imports pygame
        w.stop()
    finally:
        pygame.display.quit()


def test_a_read_only_view_is_sent_as_plain_data() -> None:
    m = _match()
    view = MappingProxyType(dict(m.view(0)))
    w = AiWorker(process=True)
    try:
        w.submit("t", COURT, "greedy", view, 0, tuple(m.legal(0)), 3)
        (answer,) = w.wait(60)
        assert answer.action in m.legal(0)
        assert w._thread is None
    finally:
        w.stop()


def test_a_killed_worker_is_replaced() -> None:
    m = _match()
    w = AiWorker(process=True)
    try:
        w.start()
        first = w.pid
        assert first is not None
        w.submit("t", COURT, "greedy", m.view(0), 0, m.legal(0), 3)
        w.wait(60)
        os.kill(first, signal.SIGKILL)
        time.sleep(0.2)
        w.submit("u", COURT, "greedy", m.view(0), 0, m.legal(0), 3)
        assert [a.token for a in w.wait(60)] == ["u"]
    finally:
        w.stop()


APP = textwrap.dedent(
    """
    import os, sys, time
    sys.path[:0] = [{tests!r}, {root!r}]
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.pop("TABLETOP_AI_THREADS", None)

    def main():
        from court_game import COURT
        from table_driver import make_app
        from tabletop.controller import AiWorker, Match, SeatConfig
        from tabletop.ui.table.scene import TableScene

        app = make_app()
        seats = [SeatConfig("ai", "A", "hard"), SeatConfig("ai", "B", "hard")]
        scene = TableScene(app, Match(COURT, seats, 3), worker=AiWorker(process=True))
        app.push(scene)
        scene.worker.probe(60)
        print("worker", scene.worker.pid, flush=True)
        while True:
            app.step(1 / 60)
            time.sleep(1 / 60)

    if __name__ == "__main__":
        main()
    """
)


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_of_the_app_leaves_no_child(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text(APP.format(tests=str(TESTS), root=str(ROOT)))
    env = dict(os.environ, TABLETOP_HOME=str(tmp_path / "home"))
    app = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, env=env, text=True
    )
    try:
        assert app.stdout is not None
        line = app.stdout.readline()
        while line and not line.startswith("worker "):  # the pygame banner
            line = app.stdout.readline()
        assert line.startswith("worker "), line
        worker = int(line.split()[1])
        children = _children(app.pid)
        assert worker in children
        app.send_signal(signal.SIGKILL)
        app.wait(5)
        deadline = time.monotonic() + 2.0
        while any(_alive(c) for c in children) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not [c for c in children if _alive(c)]
    finally:
        if app.poll() is None:
            app.kill()
