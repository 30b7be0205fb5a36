"""``GET /health`` and ``tabletop serve --health``: what a load balancer asks a server process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from types import SimpleNamespace

from net_helpers import ROOT, ServerProcess

from tabletop.net.server import Server, ServerOptions


def _health_cli(port: int) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tabletop", "serve", "--health", "--port", str(port)],
        capture_output=True, text=True, timeout=60, env=env, cwd=ROOT,
    )  # fmt: skip


def test_a_running_server_answers_healthy_and_a_missing_one_does_not(tmp_path) -> None:
    srv = ServerProcess(tmp_path).start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{srv.port}/health", timeout=10) as r:
            assert r.status == 200
            assert r.read().decode().startswith("ok 0 tables")
        done = _health_cli(srv.port)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("healthy: ok")
    finally:
        srv.stop()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    done = _health_cli(free)
    assert done.returncode == 1
    assert done.stdout.startswith("unhealthy: no server answers")


class _Down:
    shared = True

    def heartbeat(self) -> None:
        raise OSError("connection refused")


def test_a_process_that_cannot_reach_its_database_says_503() -> None:
    server = Server(ServerOptions(ai_workers=0), storage=_Down())  # type: ignore[arg-type]
    answers = []
    conn = SimpleNamespace(respond=lambda status, text: answers.append((status, text)))
    assert server._http(conn, SimpleNamespace(path="/")) is None  # a websocket: not ours
    server._http(conn, SimpleNamespace(path="/health"))
    assert answers == [(503, "database unreachable: connection refused\n")]
    server.ai.close()
