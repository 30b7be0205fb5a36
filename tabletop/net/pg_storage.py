"""The server's tables in PostgreSQL (``tabletop serve --db postgresql://…``), shared by
several server processes.

**Who may write a table.**  Every unfinished table has an ``owner``: the name of the one
process that keeps it in memory, plays its AI and writes its moves.  Every write first locks
the table's row ``FOR SHARE`` where ``owner`` is this process, in the same transaction, so a
process that has lost a table (declared dead while it was only stalled) can never write to it
again: it gets :class:`~tabletop.net.storage.LeaseLost` and sends its players to the new owner.
The move's key ``(code, n)`` is the second guard: two writers of one move number cannot both
commit.

**Who is alive.**  Each process has a row in ``servers`` with the address its players reach it
at and an expiry it renews every third of the lease (:meth:`PostgresStorage.heartbeat`), and it
holds a session advisory lock for as long as its database connection lives.  A process is dead
when its expiry has passed, or at once when its advisory lock can be taken (PostgreSQL lets go
of it the moment the process's connection drops: a ``kill -9`` frees it within milliseconds).
A dead process's tables are claimed by whichever live process is asked for them first, or by
the next heartbeat's sweep (:meth:`PostgresStorage.adopt`); the claimer rebuilds each table from
its move rows.  A process that stops cleanly gives its tables up and says so on the
``tabletop_tables`` notification channel, so another process adopts them at once.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors

from tabletop.net.storage import (
    SCHEMA,
    SCHEMA_VERSION,
    LeaseLost,
    MoveConflict,
    SeatRow,
    SqlStorage,
    TableRow,
)

CHANNEL = "tabletop_tables"  # LISTEN/NOTIFY: tables given up, processes found dead
_SCHEMA_LOCK = 7_470_661_330  # advisory lock serialising schema set-up between processes

_PG_SCHEMA = """
CREATE TABLE IF NOT EXISTS servers (
    name TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    lock_key BIGINT NOT NULL,
    alive_until DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS tabletop_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner) WHERE over = 0;
"""

_NOW = "extract(epoch from clock_timestamp())"  # the database's clock: one clock for all


class _Cursor:
    """A psycopg cursor that takes the shared SQL's ``?`` placeholders."""

    def __init__(self, cur: psycopg.Cursor[Any]) -> None:
        self.cur = cur

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> None:
        self.cur.execute(sql.replace("?", "%s"), params)

    def fetchone(self) -> Any:
        return self.cur.fetchone()

    def fetchall(self) -> list[Any]:
        return self.cur.fetchall()

    @property
    def rowcount(self) -> int:
        return self.cur.rowcount


class PostgresStorage(SqlStorage):
    """:class:`~tabletop.net.storage.Storage` in PostgreSQL (see the module docstring)."""

    conflict = (errors.UniqueViolation,)
    shared = True

    def __init__(self, url: str, lease: float = 10.0) -> None:
        self.url = url
        self.lease = lease
        self.server_id = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lock_key = secrets.randbits(62)
        try:
            self.db = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as e:
            raise RuntimeError(f"cannot reach the database: {_first_line(e)}") from None
        with self._tx() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))
            found = _schema_of(cur)
            if found is not None and found > SCHEMA_VERSION:
                raise RuntimeError(
                    f"the database was written by a newer Tabletop server (schema {found})."
                )
            if found == SCHEMA_VERSION:
                # in place already: no DDL, whose table locks would queue behind the live
                # processes' transactions and deadlock with them (a process joining a cluster)
                return
            for statement in (SCHEMA + _PG_SCHEMA).split(";"):
                if statement.strip():
                    cur.execute(statement)
            cur.execute("ALTER TABLE tables ADD COLUMN IF NOT EXISTS owner TEXT")
            cur.execute(
                "INSERT INTO tabletop_meta (key, value) VALUES ('schema', ?)"
                " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                (str(SCHEMA_VERSION),),
            )

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self.db.transaction(), self.db.cursor() as cur:
            yield _Cursor(cur)

    def _owned(self, cur: Any, code: str) -> None:
        cur.execute(
            "SELECT 1 FROM tables WHERE code = ? AND owner = ? FOR SHARE", (code, self.server_id)
        )
        if cur.fetchone() is None:
            raise LeaseLost(code)

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move ``n`` in one statement (one round trip): the ownership check locks the
        table's row as in :meth:`_owned`, the key refuses a second move ``n``."""
        text = json.dumps(action, separators=(",", ":"))
        try:
            with self.db.cursor() as cur:
                cur.execute(
                    "INSERT INTO moves (code, n, seat, action, at)"
                    f" SELECT code, %s, %s, %s, {_NOW} FROM tables"
                    " WHERE code = %s AND owner = %s FOR SHARE",
                    (n, seat, text, code, self.server_id),
                )
                stored = cur.rowcount
        except errors.UniqueViolation:
            raise MoveConflict(f"move {n} of table {code} is already stored") from None
        if stored != 1:
            raise LeaseLost(code)

    def _owned_write(self, code: str, sql: str, params: tuple[Any, ...]) -> None:
        """One statement (one round trip) that writes only while this process owns ``code``:
        ``sql`` is an UPDATE or DELETE whose WHERE may use ``EXISTS (SELECT 1 FROM owned)``,
        the table's row locked as in :meth:`_owned`."""
        with self.db.cursor() as cur:
            cur.execute(
                "WITH owned AS (SELECT 1 FROM tables WHERE code = %s AND owner = %s FOR SHARE) "
                + sql,
                (code, self.server_id, *params),
            )
            if cur.rowcount == 0:
                raise LeaseLost(code)

    def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store a seat's kind, name, level and token hash (one round trip)."""
        self._owned_write(
            code,
            "UPDATE seats SET kind = %s, name = %s, level = %s, token_hash = %s, host = %s"
            " WHERE code = %s AND seat = %s AND EXISTS (SELECT 1 FROM owned)",
            (seat.kind, seat.name, seat.level, seat.token_hash, int(seat.host), code, seat.seat),
        )

    def mark_started(self, code: str) -> None:
        """The table's game has begun (one round trip)."""
        self._owned_write(
            code,
            "UPDATE tables SET started = 1 WHERE code = %s AND EXISTS (SELECT 1 FROM owned)",
            (code,),
        )

    # --- the processes ---------------------------------------------------------------------
    def register(self, address: str) -> None:
        """Add this process to ``servers`` and hold its advisory lock (see the docstring)."""
        with self._tx() as cur:
            cur.execute("SELECT pg_advisory_lock(?)", (self.lock_key,))
            cur.execute(
                "INSERT INTO servers (name, address, lock_key, alive_until)"
                f" VALUES (?, ?, ?, {_NOW} + ?)",
                (self.server_id, address, self.lock_key, self.lease),
            )
        self.address = address

    def heartbeat(self) -> set[str]:
        """Renew this process's expiry; the codes of the tables it still owns."""
        with self._tx() as cur:
            cur.execute(
                f"UPDATE servers SET alive_until = {_NOW} + ? WHERE name = ?",
                (self.lease, self.server_id),
            )
            if cur.rowcount == 0:  # declared dead while stalled: back, owning nothing
                cur.execute(
                    "INSERT INTO servers (name, address, lock_key, alive_until)"
                    f" VALUES (?, ?, ?, {_NOW} + ?)",
                    (self.server_id, getattr(self, "address", ""), self.lock_key, self.lease),
                )
            cur.execute("SELECT code FROM tables WHERE owner = ? AND over = 0", (self.server_id,))
            return {r[0] for r in cur.fetchall()}

    def _alive(self, cur: Any, owner: str) -> bool:
        """Whether process ``owner`` lives; a dead one is marked so (and others told)."""
        cur.execute(f"SELECT lock_key, alive_until > {_NOW} FROM servers WHERE name = ?", (owner,))
        found = cur.fetchone()
        if found is None:
            return False
        key, fresh = found
        if fresh:
            cur.execute("SELECT pg_try_advisory_lock(?)", (key,))
            if not cur.fetchone()[0]:
                return True  # its connection holds the lock: it lives
            cur.execute("SELECT pg_advisory_unlock(?)", (key,))
        cur.execute("DELETE FROM servers WHERE name = ?", (owner,))
        cur.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"dead {owner}"))
        return False

    def claim(self, code: str) -> bool:
        """Own table ``code`` if it is unowned or its owner has died; True if it is ours."""
        with self._tx() as cur:
            cur.execute("SELECT owner, over FROM tables WHERE code = ?", (code,))
            found = cur.fetchone()
            if found is None or found[1]:
                return False
            owner = found[0]
            if owner == self.server_id:
                return True
            if owner is not None and self._alive(cur, owner):
                return False
            cur.execute(
                "UPDATE tables SET owner = ? WHERE code = ? AND over = 0"
                " AND owner IS NOT DISTINCT FROM ?",
                (self.server_id, code, owner),
            )
            return cur.rowcount == 1

    def adopt(self) -> list[TableRow]:
        """Claim every unfinished table that has no live owner; those tables, in full."""
        with self._tx() as cur:
            cur.execute(
                "SELECT DISTINCT owner FROM tables WHERE over = 0 AND owner IS NOT NULL"
                " AND owner <> ?",
                (self.server_id,),
            )
            dead = [o for (o,) in cur.fetchall() if not self._alive(cur, o)]
            cur.execute(
                "UPDATE tables SET owner = ? WHERE over = 0"
                " AND (owner IS NULL OR owner = ANY(?)) RETURNING code",
                (self.server_id, dead),
            )
            codes = [r[0] for r in cur.fetchall()]
            if not codes:
                return []
            return self._rows(cur, "code = ANY(?)", (codes,), True)

    def owner_address(self, code: str) -> str | None:
        """Where the live process owning ``code`` is reached (None: no live other owner)."""
        with self._tx() as cur:
            cur.execute(
                "SELECT t.owner, s.address FROM tables t LEFT JOIN servers s ON s.name = t.owner"
                " WHERE t.code = ? AND t.over = 0",
                (code,),
            )
            found = cur.fetchone()
            if found is None or found[0] is None or found[0] == self.server_id:
                return None
            if not self._alive(cur, found[0]):
                return None
            return str(found[1])

    async def listen(self) -> AsyncIterator[str]:
        """The messages on :data:`CHANNEL` (a connection of its own, as they arrive)."""
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            async for note in conn.notifies():
                if note.payload != f"freed {self.server_id}":
                    yield note.payload

    def notify(self, message: str) -> None:
        """Say something on the channel every server process listens to."""
        with self._tx() as cur:
            cur.execute("SELECT pg_notify(?, ?)", (CHANNEL, message))

    def close(self) -> None:
        """Give this process's tables up (another takes them at once) and disconnect."""
        try:
            with self._tx() as cur:
                cur.execute("UPDATE tables SET owner = NULL WHERE owner = ?", (self.server_id,))
                cur.execute("DELETE FROM servers WHERE name = ?", (self.server_id,))
                cur.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"freed {self.server_id}"))
        except psycopg.Error:
            pass  # the database went first: the leases run out by themselves
        self.db.close()


def _schema_of(cur: Any) -> int | None:
    """The schema version a database says it holds (None: set up by no Tabletop server)."""
    cur.execute("SELECT to_regclass('tabletop_meta') IS NOT NULL")
    if not cur.fetchone()[0]:
        return None
    cur.execute("SELECT value FROM tabletop_meta WHERE key = 'schema'")
    found = cur.fetchone()
    return int(found[0]) if found else None


def _first_line(e: Exception) -> str:
    return str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
