"""How the table server holds up: N tables of bot clients on loopback, each bot moving as soon
as the server answers.

    python benchmarks/net.py --tables 10 100 500 --seconds 20
    python benchmarks/net.py --tables 100 --think 1.0      # bots that pause like people
    python benchmarks/net.py --processes 1,2,4 --tables 500  # processes sharing PostgreSQL

A real ``tabletop serve`` process is started on 127.0.0.1 (never another address).  Each table
is Majesty for two, both seats played by bots in this process (asyncio, raw websockets: no
rendering, no threads), choosing a random legal move the moment their seat is asked.  Measured:

- moves per second over the run;
- the round trip of a move, from sending it to receiving the state that answers it, as
  median (p50), p95 and p99;
- the floor: a ``ping`` answered by ``pong`` on the same connections, interleaved with the
  moves (one in every ten round trips is a ping), so both see the same load;
- the server's CPU per move (user + system time of its process, read from ``/proc``);
- the server's memory per idle table: its resident size before and after creating
  ``--idle`` tables that nobody plays, divided by their number.

With ``--processes``, the tables live in PostgreSQL (``--db ADDRESS``, or a throw-away server
started from the ``postgresql`` package's ``initdb``/``pg_ctl`` on 127.0.0.1) and each count of
``tabletop serve`` processes shares them: table ``i`` is made on process ``i mod k`` and its bots
talk to that process.  The CPU figure is then the sum over the processes, and the bots' own CPU
(this process) is printed too: on a small machine the bots compete with the servers for cores.

It refuses what it cannot measure (no ``/proc``: no CPU or memory figure) instead of printing
a guess.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.net import protocol  # noqa: E402
from tabletop.net.protocol import READY  # noqa: E402

HZ = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def start_server(data: Path, db: str | None = None) -> tuple[subprocess.Popen[str], str]:
    """``tabletop serve`` on a free loopback port, with limits wide enough for bots."""
    cmd = [sys.executable, "-m", "tabletop", "serve", "--host", "127.0.0.1", "--port", "0",
           "--data", str(data), "--ai-workers", "0", "--rate", "100000", "--burst", "100000",
           "--tables-per-address", "100000", "--max-tables", "100000",
           "--parent-pid", str(os.getpid())]  # fmt: skip
    if db:
        cmd += ["--db", db]
    env = dict(os.environ, PYTHONPATH=str(ROOT), TABLETOP_HOME=str(data / "home"))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=ROOT)  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(READY):
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # drain
            return proc, line[len(READY) :].strip()
    raise SystemExit("benchmarks/net.py: the server did not start")


def proc_cpu(pid: int) -> float:
    """User + system seconds of a process (refuses without /proc)."""
    path = Path(f"/proc/{pid}/stat")
    if not path.exists():
        raise SystemExit("benchmarks/net.py: no /proc here: the server's CPU cannot be measured")
    fields = path.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / HZ


def proc_rss(pid: int) -> int:
    """Resident bytes of a process (refuses without /proc)."""
    path = Path(f"/proc/{pid}/status")
    if not path.exists():
        raise SystemExit("benchmarks/net.py: no /proc here: memory cannot be measured")
    for line in path.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise SystemExit("benchmarks/net.py: no VmRSS in /proc")


async def call(ws, msg: dict) -> dict:
    await ws.send(json.dumps(msg))
    while True:
        answer = json.loads(await ws.recv())
        if answer.get("ref") == msg.get("ref"):
            return answer


async def new_table(url: str) -> tuple[str, list[tuple[int, str]]]:
    async with connect(url, max_size=None) as ws:
        await call(ws, {"type": "hello", "version": protocol.PROTOCOL, "ref": 1})
        made = await call(ws, {"type": "create", "game": "majesty", "ref": 2,
                               "seats": [{"kind": "host"}, {"kind": "open"}]})  # fmt: skip
        joined = await call(ws, {"type": "join", "code": made["code"], "ref": 3})
        return made["code"], [(made["seat"], made["token"]), (joined["seat"], joined["token"])]


class Stats:
    def __init__(self) -> None:
        self.moves: list[float] = []
        self.pings: list[float] = []
        self.games = 0


async def bot(url: str, code: str, seat: int, token: str, stats: Stats, stop: float,
              think: float, rng: random.Random) -> None:  # fmt: skip
    """One seat: answer every state that asks it to act; every tenth round trip is a ping."""
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "version": protocol.PROTOCOL}))
        await ws.send(json.dumps({"type": "rejoin", "code": code, "token": token}))
        sent_at = 0.0
        waiting_acted: int | None = None
        count = 0
        while time.monotonic() < stop:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                continue
            kind = msg.get("type")
            if kind == "pong":
                stats.pings.append(time.perf_counter() - msg["ref"] / 1e9)
                continue
            if kind != "state" or msg.get("seat") != seat:
                continue
            if waiting_acted is not None and msg.get("acted") != waiting_acted:
                stats.moves.append(time.perf_counter() - sent_at)
                waiting_acted = None
            if msg.get("over"):
                stats.games += 1
                return
            if msg["legal"] and waiting_acted is None:
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                count += 1
                if count % 10 == 0:
                    ref = int(time.perf_counter() * 1e9)
                    await ws.send(json.dumps({"type": "ping", "ref": ref}))
                action = rng.choice(msg["legal"])
                waiting_acted = msg["acted"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "code": code, "token": token,
                                          "n": msg["n"], "action": {"name": action["name"],
                                          "args": action["args"]}}))  # fmt: skip


async def run_load(
    urls: str | list[str], tables: int, seconds: float, think: float, seed: int
) -> Stats:
    """``tables`` tables played for ``seconds``; table ``i`` on ``urls[i % len(urls)]``."""
    urls = [urls] if isinstance(urls, str) else urls
    stats = Stats()
    rng = random.Random(seed)
    made = [(urls[i % len(urls)], *await new_table(urls[i % len(urls)])) for i in range(tables)]
    stop = time.monotonic() + seconds
    await asyncio.gather(*(_keep_playing(u, c, s, stats, stop, think, rng) for u, c, s in made))
    return stats


async def _keep_playing(url: str, code: str, seats: list[tuple[int, str]], stats: Stats,
                        stop: float, think: float, rng: random.Random) -> None:  # fmt: skip
    """Play the table out, then a new one on the same process, until ``stop``."""
    while time.monotonic() < stop:
        await asyncio.gather(*(bot(url, code, s, t, stats, stop, think,
                                   random.Random(rng.random())) for s, t in seats))  # fmt: skip
        if time.monotonic() < stop:
            code, seats = await new_table(url)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(urls: list[str], pids: list[int], n: int, args: argparse.Namespace) -> str:
    """One run of ``n`` tables over the servers ``urls``: its line of figures."""
    cpu0 = sum(proc_cpu(pid) for pid in pids)
    own0, t0 = time.process_time(), time.perf_counter()
    stats = asyncio.run(run_load(urls, n, args.seconds, args.think, args.seed))
    cpu = sum(proc_cpu(pid) for pid in pids) - cpu0
    own, wall = time.process_time() - own0, time.perf_counter() - t0
    moves = len(stats.moves)
    ms = [v * 1000 for v in stats.moves]
    floor = [v * 1000 for v in stats.pings]
    return (
        f"tables {n:4d}: {moves / args.seconds:8.1f} moves/s ({moves} moves, {stats.games} "
        f"games, {wall:.1f} s) | move round trip p50 {quantile(ms, 0.5):7.2f} ms "
        f"p95 {quantile(ms, 0.95):7.2f} ms p99 {quantile(ms, 0.99):7.2f} ms | floor "
        f"(ping) p50 {quantile(floor, 0.5):6.2f} ms p95 {quantile(floor, 0.95):6.2f} ms"
        f" | server CPU {1000 * cpu / max(1, moves):.2f} ms/move"
        + (f", bots' CPU {1000 * own / max(1, moves):.2f} ms/move" if len(pids) > 1 or
           args.processes else "")
    )  # fmt: skip


def run_processes(args: argparse.Namespace, tmp: Path) -> None:
    """Each count of processes over one PostgreSQL (see the module docstring)."""
    pg = None
    db = args.db
    if db is None:
        sys.path.insert(0, str(ROOT / "tests"))
        from pg_helpers import PostgresServer

        try:
            pg = PostgresServer().start()
        except Exception as e:
            raise SystemExit(f"benchmarks/net.py: PostgreSQL could not be started: {e}") from None
    try:
        for k in args.processes:
            for n in args.tables:
                url = db or pg.new_database()
                procs = [start_server(tmp / f"p{k}-{n}-{i}", url) for i in range(k)]
                try:
                    line = measure([u for _, u in procs], [p.pid for p, _ in procs], n, args)
                    print(f"processes {k}, " + line, flush=True)
                finally:
                    for proc, _ in procs:
                        proc.terminate()
                        proc.wait(10)
    finally:
        if pg is not None:
            pg.stop()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--think", type=float, default=0.0, help="mean seconds a bot waits to move")
    p.add_argument("--idle", type=int, default=200, help="idle tables for the memory figure")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=lambda t: [int(x) for x in t.split(",")], default=None,
                   help="counts of server processes sharing PostgreSQL, e.g. 1,2,4")  # fmt: skip
    p.add_argument("--db", help="a PostgreSQL address to use (default: start one)")
    args = p.parse_args()
    print("command: python benchmarks/net.py " + " ".join(sys.argv[1:]))
    with tempfile.TemporaryDirectory() as tmp:
        if args.processes:
            run_processes(args, Path(tmp))
            return 0
        for n in args.tables:
            proc, url = start_server(Path(tmp) / f"n{n}")
            try:
                print(measure([url], [proc.pid], n, args), flush=True)
            finally:
                proc.terminate()
                proc.wait(10)
        proc, url = start_server(Path(tmp) / "idle")
        try:
            time.sleep(1.0)
            before = proc_rss(proc.pid)

            async def idle() -> None:
                for _ in range(args.idle):
                    await new_table(url)

            asyncio.run(idle())
            time.sleep(1.0)
            after = proc_rss(proc.pid)
            per = (after - before) / args.idle
            print(f"memory per idle table: {per / 1024:.1f} KiB ({args.idle} tables, resident "
                  f"{before / 2**20:.1f} -> {after / 2**20:.1f} MiB)")  # fmt: skip
        finally:
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
