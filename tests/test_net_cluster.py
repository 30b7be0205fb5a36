"""Several ``tabletop serve`` processes sharing one PostgreSQL database (a real server started
for the test), with ``kill -9`` of a process at random moments.

Each table is made on one process and joined through another (which sends the player to the
table's owner); every client knows every process's address.  After each kill, the database
must hold every move any client had been told of; the dead process's tables are taken over by
the others (its advisory lock is free at once) and its players reconnect by themselves; a new
process takes the dead one's place.  Every game must end as a local replay of its stored moves
says.  The time from a kill to the next accepted move of each table that moved is printed
(median, max).

CI plays each game once (two processes: three games, three: the other two) with a few kills
each; ``TABLETOP_NET_FULL=1`` plays all five games in both and kills ten times in each.  A kill
comes after a random number of moves (not seconds), so it always lands in a live game.
"""

from __future__ import annotations

import os
import random
import statistics
import time

import net_helpers
import psycopg
import pytest
from net_helpers import (
    Bot,
    ServerProcess,
    assert_ends_as_replayed,
    create_table,
    join_table,
    stored_table,
    wait_for,
)

FAST = (*net_helpers.FAST, "--lease", "3")
FULL = os.environ.get("TABLETOP_NET_FULL") == "1"
GAMES = [  # (game, seats): one table with an AI seat, whose AI must move on with the table
    ("your_majesty", ["host", "open"]),
    ("majesty", ["host", "open"]),
    ("monarch", ["host", "open", "ai"]),
    ("aristocracy", ["host", "open"]),
    ("mayflower", ["host", "open"]),
]


def owners(url: str) -> dict[str, str]:
    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT t.code, s.address FROM tables t JOIN servers s ON s.name = t.owner"
            " WHERE t.over = 0"
        ).fetchall()
    return dict(rows)


def _stuck(
    pg: str, waiting: set[str], tables: list[tuple[str, list[Bot]]], procs: list[ServerProcess]
) -> str:
    """Why tables did not move again: the servers and owners the database knows, each
    client's state, each process's exit and last lines (a process killed from outside the
    test shows here as two dead at once)."""
    lines = [f"tables {sorted(waiting)} never moved again; owners {owners(pg)}"]
    with psycopg.connect(pg) as db:
        for row in db.execute(
            "SELECT name, address, alive_until - extract(epoch from clock_timestamp()),"
            " pg_try_advisory_lock(lock_key) FROM servers"
        ):
            lines.append(f"  server {row}")
        for row in db.execute("SELECT code, owner FROM tables WHERE over = 0"):
            lines.append(f"  table {row}")
    for code, bots in tables:
        if code in waiting:
            for b in bots:
                c, m = b.client, b.match
                lines.append(
                    f"  {code}: {c.status} {c.url} {c.reason!r} connects={c.connects} "
                    f"n={m.n} waiting={m.waiting} ready={m.ready} over={m.is_over()}"
                )
    for p in procs:
        lines.append(f"  process {p.url} alive={p.proc.poll() is None} exit={p.proc.poll()}")
        lines += ["    | " + line.rstrip() for line in p.output[-15:]]
    return "\n".join(lines)


class Cluster:
    def __init__(self, url: str, folder, count: int) -> None:
        self.db = url
        self.folder = folder
        self.procs = [self._start(i) for i in range(count)]

    def _start(self, i: int, port: int = 0) -> ServerProcess:
        data = self.folder / f"p{i}-{time.monotonic_ns()}"
        data.mkdir()
        return ServerProcess(data, *FAST, "--db", self.db, port=port).start()

    def urls(self, first: int) -> str:
        """Every process's address, starting with ``first``'s."""
        n = len(self.procs)
        return ",".join(self.procs[(first + k) % n].url for k in range(n))

    def replace(self, i: int) -> None:
        self.procs[i] = self._start(i, self.procs[i].port)

    def stop(self) -> None:
        for p in self.procs:
            p.stop()


def _step(tables: list[tuple[str, list[Bot]]], seen: dict[tuple[str, int], list[int]]) -> None:
    moved = False
    for code, bots in tables:
        for i, b in enumerate(bots):
            for change in b.pump():
                if change.kind == "state":
                    seen[code, i].append(b.match.n)
            moved = b.act() or moved
    if not moved:
        time.sleep(0.002)


def _told(seen: dict[tuple[str, int], list[int]]) -> int:
    """How many new states the clients have been told of so far (all tables together)."""
    return sum(len(v) for v in seen.values())


def seen_codes(tables: list[tuple[str, list[Bot]]]) -> list[str]:
    return [code for code, bots in tables if not all(b.match.is_over() for b in bots)]


def _over(tables: list[tuple[str, list[Bot]]]) -> bool:
    return all(b.match.is_over() for _, bots in tables for b in bots)


@pytest.mark.parametrize(
    ("processes", "kills"),
    [
        (2, 10 if FULL else 2),
        (3, 10 if FULL else 3),
    ],
)
def test_processes_share_the_tables_and_a_killed_ones_move_on(pg, tmp_path, processes, kills):
    rng = random.Random(33 + processes)
    cluster = Cluster(pg, tmp_path, processes)
    tables: list[tuple[str, list[Bot]]] = []
    seen: dict[tuple[str, int], list[int]] = {}  # move numbers each client was told, in turn
    gaps: list[float] = []
    done_kills = 0
    try:
        games = GAMES if FULL else GAMES[processes - 2 :: 2]  # CI: every game once in all
        for i, (game, kinds) in enumerate(games):
            home, other = i % processes, (i + 1) % processes
            made = create_table(
                cluster.urls(home), game, [{"kind": k, "level": "easy"} for k in kinds]
            )
            friend = join_table(cluster.urls(other), made["code"], "Friend")  # redirected
            bots = [
                Bot(cluster.urls(home), made["code"], {made["seat"]: made["token"]}, i),
                Bot(cluster.urls(other), made["code"], {friend["seat"]: friend["token"]}, 9 + i),
            ]
            tables.append((made["code"], bots))
            seen[made["code"], 0], seen[made["code"], 1] = [], []
        while not _over(tables):
            if done_kills < kills:
                # the next kill comes after a random number of moves, not seconds: the games
                # got fast enough to end between two timed kills on a quiet machine
                until = _told(seen) + (rng.randint(4, 16) if FULL else rng.randint(8, 30))
                end = time.monotonic() + 90
                while _told(seen) < until and not _over(tables):
                    assert time.monotonic() < end, _stuck(
                        pg, set(seen_codes(tables)), tables, cluster.procs
                    )
                    _step(tables, seen)
                victim = rng.randrange(processes)
                assert all(p.proc is not None and p.proc.poll() is None for p in cluster.procs)
                held = [c for c, a in owners(pg).items() if a == cluster.procs[victim].url]
                told = {
                    c: max(max(seen[c, 0], default=0), max(seen[c, 1], default=0))
                    for c, _ in tables
                }
                killed_at = time.time()
                cluster.procs[victim].kill()
                done_kills += 1
                for code, n in told.items():  # nothing any client was told of is lost
                    assert len(stored_table(pg, code)["moves"]) >= n, code
                end = time.monotonic() + 90
                waiting = {c for c in held if not stored_table(pg, c)["over"]}
                while waiting:  # each table the dead process held moves again
                    assert time.monotonic() < end, _stuck(pg, waiting, tables, cluster.procs)
                    _step(tables, seen)
                    for code in list(waiting):
                        s = stored_table(pg, code)
                        after = [t for t in s["at"] if t > killed_at]
                        if after or s["over"]:
                            waiting.discard(code)
                            if after:
                                gaps.append(min(after) - killed_at)
                cluster.replace(victim)  # a new process takes the dead one's place
            else:
                end = time.monotonic() + 420  # a loaded CI machine plays slowly
                while not _over(tables):
                    assert time.monotonic() < end, _stuck(
                        pg, set(seen_codes(tables)), tables, cluster.procs
                    )
                    _step(tables, seen)
        assert done_kills == kills
        for code, bots in tables:
            for i in (0, 1):
                assert seen[code, i] == sorted(seen[code, i]), "a client saw a table go back"
            assert_ends_as_replayed(bots, stored_table(pg, code))
        assert gaps, "no kill hit a process holding a table"
        print(
            f"\n{processes} processes, {kills} kills: from a kill to the next accepted move "
            f"of a moved table: median {statistics.median(gaps):.2f} s, max {max(gaps):.2f} s "
            f"({len(gaps)} tables)"
        )
    finally:
        for _, bots in tables:
            for b in bots:
                b.close()
        cluster.stop()


def test_a_stopped_process_hands_its_tables_over_at_once_and_a_dead_ones_are_swept(pg, tmp_path):
    """Nobody asks for these tables: a cleanly stopped process's are adopted because it says
    so (``LISTEN/NOTIFY``: the lease here is far too long for a lease round to do it); a killed
    process's are adopted by the next lease round of a process with a short lease."""
    slow = ("--ai-workers", "0", "--lease", "600")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = ServerProcess(tmp_path / "a", *slow, "--db", pg).start()
    b = ServerProcess(tmp_path / "b", *slow, "--db", pg).start()
    try:
        code = create_table(a.url, "majesty", [{"kind": "host"}, {"kind": "open"}])["code"]
        assert owners(pg)[code] == a.url
        a.stop()  # SIGTERM: it frees its tables and says so
        wait_for(lambda: owners(pg).get(code) == b.url, 60)
        (tmp_path / "c").mkdir()
        c = ServerProcess(tmp_path / "c", "--ai-workers", "0", "--lease", "1", "--db", pg).start()
        try:
            code2 = create_table(b.url, "majesty", [{"kind": "host"}, {"kind": "open"}])["code"]
            b.kill()
            wait_for(lambda: owners(pg).get(code2) == c.url, 60)
            assert owners(pg).get(code) == c.url  # the first table too
        finally:
            c.stop()
    finally:
        a.stop()
        b.stop()
