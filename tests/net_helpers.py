"""Helpers of the network tests: a real server process on loopback, and scripted clients."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tabletop.net.client import NetClient
from tabletop.net.protocol import READY
from tabletop.net.remote_match import RemoteMatch

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 90.0  # a loaded CI machine imports slowly
# a server for scripted games: AI in its own threads at once, limits wide enough for bots
FAST = ("--ai-delay", "0", "--ai-workers", "0", "--rate", "2000", "--burst", "2000",
        "--tables-per-address", "500")  # fmt: skip


class ServerProcess:
    """``tabletop serve`` on 127.0.0.1 with a free port, in a child process."""

    def __init__(self, data: Path, *extra: str, port: int = 0, prelude: str = "") -> None:
        self.data = data
        self.prelude = prelude  # Python run in the server before it starts (a planted bug)
        self.extra = list(extra)
        self.port = port
        self.url = ""
        self.proc: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    def start(self) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=str(ROOT), TABLETOP_HOME=str(self.data / "home"))
        start = ["-m", "tabletop"]
        if self.prelude:
            start = ["-c", self.prelude + "\nimport sys\nfrom tabletop.cli import main\n"
                     "sys.exit(main(sys.argv[1:]))"]  # fmt: skip
        cmd = [sys.executable, *start, "serve", "--host", "127.0.0.1",
               "--port", str(self.port), "--data", str(self.data),
               "--parent-pid", str(os.getpid()), *self.extra]  # fmt: skip
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT
        )
        found = threading.Event()

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                self.output.append(line)
                if line.startswith(READY):
                    self.url = line[len(READY) :].strip()
                    self.port = int(self.url.rsplit(":", 1)[1])
                    found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(START_TIMEOUT):
            self.kill()
            raise RuntimeError("the server did not start: " + "".join(self.output[-20:]))
        return self

    def kill(self) -> None:
        """SIGKILL: no chance to tidy up."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for(predicate: Any, timeout: float = 20.0, every: float = 0.005) -> None:
    """Poll until ``predicate()`` is true; AssertionError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(every)
    raise AssertionError("timed out waiting")


class Bot:
    """A scripted client holding some seats of one table; it picks moves with a seeded RNG."""

    def __init__(
        self,
        url: str,
        code: str,
        tokens: dict[int, str],
        seed: int = 0,
        policy: str = "random",
        record: list[str] | None = None,
    ) -> None:
        self.client = NetClient(url, app="test-bot", record=record)
        self.match = RemoteMatch(self.client, code, tokens)
        self.rng = random.Random(seed)
        self.policy = policy
        self.agent: Any = None
        self.moves = 0

    def choose(self, seat: int, legal: list[Any]) -> Any:
        """The move: at random, or an agent's choice made on the seat's view alone."""
        if self.policy == "random":
            return self.rng.choice(legal)
        from tabletop.ai import make_agent
        from tabletop.engine import Rng

        if self.agent is None:
            self.agent = make_agent(self.policy, self.match.game)
        view = self.match.view(seat)
        return self.agent.choose(
            self.match.game, view, seat, legal, Rng(self.rng.randrange(1 << 30))
        )

    def pump(self) -> list[Any]:
        return self.match.poll()

    def act(self) -> bool:
        """Play one move if one of its seats is to act; True if it sent one."""
        m = self.match
        if not m.ready or m.waiting or m.is_over():
            return False
        for seat in m.humans_to_act():
            legal = m.legal(seat)
            if legal and m.connected:
                m.apply(seat, self.choose(seat, legal))
                self.moves += 1
                return True
        return False

    def close(self) -> None:
        self.match.close()
        self.client.close()


def create_table(url: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Create a table over a short-lived connection: the ``created`` answer."""
    c = NetClient(url, app="test")
    try:
        wait_for(lambda: c.status == "connected", 10)
        return c.call({"type": "create", "game": game, "seats": seats, **extra}, 10)
    finally:
        c.close()


def join_table(url: str, code: str, name: str = "", seat: int | None = None) -> dict[str, Any]:
    c = NetClient(url, app="test")
    try:
        wait_for(lambda: c.status == "connected", 10)
        msg: dict[str, Any] = {"type": "join", "code": code, "name": name}
        if seat is not None:
            msg["seat"] = seat
        return c.call(msg, 10)
    finally:
        c.close()


def stored_table(data: Path | str, code: str) -> dict[str, Any]:
    """What the server stored of a table: header, seats, moves and when each move was stored
    (read from its database: the SQLite file in folder ``data``, or a ``postgresql://``
    address)."""
    import json
    import sqlite3

    if isinstance(data, str):
        import psycopg

        db: Any = psycopg.connect(data)
        mark = "%s"
    else:
        db, mark = sqlite3.connect(str(data / "tables.sqlite")), "?"
    try:
        game, options, seed, ai_key, players, over = db.execute(
            "SELECT game, options, seed, ai_key, players, over FROM tables WHERE code = " + mark,
            (code,),
        ).fetchone()
        seats = db.execute(
            f"SELECT kind, name, level FROM seats WHERE code = {mark} ORDER BY seat", (code,)
        ).fetchall()
        moves = db.execute(
            f"SELECT seat, action, at FROM moves WHERE code = {mark} ORDER BY n", (code,)
        ).fetchall()
    finally:
        db.close()
    return {"game": game, "options": json.loads(options), "seed": seed, "ai_key": ai_key,
            "players": players, "over": bool(over), "seats": seats,
            "moves": [(seat, json.loads(a)) for seat, a, _ in moves],
            "at": [at for *_, at in moves]}  # fmt: skip


def assert_ends_as_replayed(bots: list[Bot], stored: dict[str, Any]) -> None:
    """The game is over as a local replay of its stored moves says, for every bot."""
    local = local_replay(stored)
    assert local.is_over()
    out = local.outcome()
    for b in bots:
        assert (b.match.outcome().scores, b.match.outcome().winners) == (out.scores, out.winners)


def local_replay(stored: dict[str, Any]) -> Any:
    """A local :class:`Match` replaying the stored moves (with each step's states kept in
    ``match.states``: the state after ``n`` moves is ``states[n]``)."""
    from tabletop import registry
    from tabletop.controller import Match, SeatConfig

    game = registry.get(stored["game"])
    seats = [SeatConfig("ai" if k == "ai" else "human", n, lv) for k, n, lv in stored["seats"]]
    match = Match(game, seats, stored["seed"], stored["options"], ai_key=stored["ai_key"])
    match.states = [game.copy(match.state)]
    for seat, action in stored["moves"]:
        match.apply(seat, game.action_from_json(match.state, seat, action))
        match.states.append(game.copy(match.state))
    return match


def play_out(bots: list[Bot], timeout: float = 120.0) -> None:
    """Pump and play until every bot sees the game over."""
    end = time.monotonic() + timeout

    def done(b: Bot) -> bool:  # over, and every seat it holds has been sent the end
        return b.match.is_over() and all(f.view.get("over") for f in b.match.feeds.values())

    while not all(done(b) for b in bots):
        if time.monotonic() > end:
            states = [(b.match.n, b.match.to_act(), b.match.waiting) for b in bots]
            raise AssertionError(f"the game did not end in {timeout} s: {states}")
        moved = False
        for b in bots:
            b.pump()
            moved = b.act() or moved
        if not moved:
            time.sleep(0.001)
