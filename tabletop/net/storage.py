"""Where the server keeps its tables: one small interface, two databases behind it.

A table is its header (game, options, the deal's seed and the AI's key — both never sent to
a client), its seats (kind, name, level and a hash of the seat's token) and its moves, one
row per accepted move keyed by ``(code, n)``: a second move with the same number is refused
by the database itself, so a raced or replayed move can never be applied twice.  Every write
is committed before the server acknowledges it.  Finished games are also kept in ``finished``.

Two implementations share the SQL below (:class:`SqlStorage`): SQLite, the embedded default
for one ``tabletop serve`` (``sqlite_storage.py``), and PostgreSQL for several processes that
share one set of tables (``pg_storage.py``).  With PostgreSQL each unfinished table also has
an *owner*, the one process allowed to write it; every write checks that, in the same
transaction, so a process that lost a table can never write to it again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

SCHEMA_VERSION = 2  # 2: tables.owner (the process that may write a table)

# Portable SQL: SQLite and PostgreSQL read it alike (BIGINT for the 62-bit seeds).
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    ai_key BIGINT NOT NULL,
    players INTEGER NOT NULL,
    listed INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    owner TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    level TEXT NOT NULL,
    token_hash TEXT,
    host INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES tables(code),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS finished (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    names TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    moves INTEGER NOT NULL
);
"""


class MoveConflict(Exception):
    """A move with that number is already stored for the table (a race or a replay)."""


class CodeTaken(Exception):
    """Another table already has that code (two processes picked the same one)."""


class LeaseLost(Exception):
    """This process no longer owns the table (another server process has taken it over)."""


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str  # "open", "human" or "ai"
    name: str
    level: str
    token_hash: str | None = None
    host: bool = False


@dataclass
class TableRow:
    """One table as stored, with its seats and moves (``(seat, action JSON)`` in order)."""

    code: str
    game: str
    options: dict[str, Any]
    seed: int
    ai_key: int
    players: int
    listed: bool
    created: float
    started: bool = False
    over: bool = False
    seats: list[SeatRow] = field(default_factory=list)
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


class Storage(Protocol):
    """What the server needs of a database."""

    server_id: str  # this process's name among the servers sharing the database
    shared: bool  # whether other processes share it

    def register(self, address: str) -> None:
        """Announce this process (and the address its players reach it at)."""

    def heartbeat(self) -> set[str] | None:
        """Tell the database this process lives; the codes it still owns (None: every table
        is this process's, as with one embedded database)."""

    def adopt(self) -> list[TableRow]:
        """The unfinished tables this process takes on now (at start: all of them for a lone
        server; then any whose owner has died)."""

    def claim(self, code: str) -> bool:
        """Own table ``code`` if it is unowned or its owner has died; True if it is ours."""

    def owner_address(self, code: str) -> str | None:
        """Where the live process owning ``code`` is reached, when that is not this one."""

    def load(self, code: str, over: bool = False) -> TableRow | None:
        """One unfinished table (with ``over``: one finished) with its seats and moves, or
        None."""

    def open_tables(self) -> list[TableRow]:
        """Listed tables not yet over (seats, no moves), for the lobby."""

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats (owned by this process)."""

    def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store a seat's new kind, name, level or token."""

    def mark_started(self, code: str) -> None:
        """The table's game has begun."""

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move ``n``; :class:`MoveConflict` if it is already stored,
        :class:`LeaseLost` if another process owns the table."""

    def remove_move(self, code: str, n: int) -> None:
        """Take back move ``n`` (an undo)."""

    def finish(self, code: str, names: list[str], scores: list[int], winners: list[int]) -> None:
        """Mark the table over and add it to the finished games."""

    def finished_games(self) -> list[dict[str, Any]]:
        """The finished games, newest first."""

    def close(self) -> None:
        """Release the database (and, shared, this process's tables)."""


class SqlStorage:
    """The SQL both databases share.  A subclass gives :meth:`_tx` (one transaction; its
    cursor takes ``?`` placeholders), :meth:`_owned` (the write check) and the lease."""

    server_id = ""
    shared = False  # True: other server processes use the same database
    conflict: tuple[type[Exception], ...] = ()  # the driver's unique-key violation

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        raise NotImplementedError
        yield

    def _owned(self, cur: Any, code: str) -> None:
        """Raise :class:`LeaseLost` unless this process may write ``code`` (a lone database:
        always)."""

    def _insert_table(self, cur: Any, row: TableRow, owner: str | None) -> None:
        cur.execute(
            "INSERT INTO tables (code, game, options, seed, ai_key, players, listed, created,"
            " owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.code, row.game, json.dumps(row.options), row.seed, row.ai_key, row.players,
             int(row.listed), row.created, owner),
        )  # fmt: skip
        for s in row.seats:
            cur.execute(
                "INSERT INTO seats (code, seat, kind, name, level, token_hash, host)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (row.code, s.seat, s.kind, s.name, s.level, s.token_hash, int(s.host)),
            )

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats in one transaction."""
        try:
            with self._tx() as cur:
                self._insert_table(cur, row, self.server_id or None)
        except self.conflict:
            raise CodeTaken(row.code) from None

    def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store a seat's kind, name, level and token hash."""
        with self._tx() as cur:
            self._owned(cur, code)
            cur.execute(
                "UPDATE seats SET kind = ?, name = ?, level = ?, token_hash = ?, host = ?"
                " WHERE code = ? AND seat = ?",
                (seat.kind, seat.name, seat.level, seat.token_hash, int(seat.host), code,
                 seat.seat),
            )  # fmt: skip

    def mark_started(self, code: str) -> None:
        """The table's game has begun."""
        with self._tx() as cur:
            self._owned(cur, code)
            cur.execute("UPDATE tables SET started = 1 WHERE code = ?", (code,))

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move ``n`` of the table; :class:`MoveConflict` if that number exists."""
        text = json.dumps(action, separators=(",", ":"))
        try:
            with self._tx() as cur:
                self._owned(cur, code)
                cur.execute(
                    "INSERT INTO moves (code, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                    (code, n, seat, text, time.time()),
                )
        except self.conflict:
            raise MoveConflict(f"move {n} of table {code} is already stored") from None

    def remove_move(self, code: str, n: int) -> None:
        """Delete move ``n`` of the table (an undo)."""
        with self._tx() as cur:
            self._owned(cur, code)
            cur.execute("DELETE FROM moves WHERE code = ? AND n = ?", (code, n))

    def finish(self, code: str, names: list[str], scores: list[int], winners: list[int]) -> None:
        """Mark the table over and keep its result among the finished games."""
        with self._tx() as cur:
            self._owned(cur, code)
            cur.execute("UPDATE tables SET over = 1, owner = NULL WHERE code = ?", (code,))
            cur.execute(
                "SELECT t.game, (SELECT COUNT(*) FROM moves m WHERE m.code = t.code)"
                " FROM tables t WHERE t.code = ?",
                (code,),
            )
            game, moves = cur.fetchone()
            cur.execute("DELETE FROM finished WHERE code = ?", (code,))
            cur.execute(
                "INSERT INTO finished (code, game, finished, names, scores, winners, moves)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, game, time.time(), json.dumps(names), json.dumps(scores),
                 json.dumps(winners), int(moves)),
            )  # fmt: skip

    def _rows(self, cur: Any, where: str, params: tuple[Any, ...], moves: bool) -> list[TableRow]:
        cur.execute(
            "SELECT code, game, options, seed, ai_key, players, listed, created, started, over"
            f" FROM tables WHERE {where} ORDER BY created",
            params,
        )
        rows = [
            TableRow(r[0], r[1], json.loads(r[2]), int(r[3]), int(r[4]), int(r[5]), bool(r[6]),
                     float(r[7]), bool(r[8]), bool(r[9]))
            for r in cur.fetchall()
        ]  # fmt: skip
        for t in rows:
            cur.execute(
                "SELECT seat, kind, name, level, token_hash, host FROM seats"
                " WHERE code = ? ORDER BY seat",
                (t.code,),
            )
            t.seats = [
                SeatRow(int(s[0]), s[1], s[2], s[3], s[4], bool(s[5])) for s in cur.fetchall()
            ]
            if moves:
                cur.execute("SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (t.code,))
                t.moves = [(int(m[0]), json.loads(m[1])) for m in cur.fetchall()]
        return rows

    def load(self, code: str, over: bool = False) -> TableRow | None:
        """One unfinished table (with ``over``: one finished) with its seats and moves, or
        None."""
        with self._tx() as cur:
            rows = self._rows(cur, "code = ? AND over = ?", (code, int(over)), True)
        return rows[0] if rows else None

    def open_tables(self) -> list[TableRow]:
        """Listed tables not yet over, with their seats (for the lobby)."""
        with self._tx() as cur:
            return self._rows(cur, "listed = 1 AND over = 0", (), False)

    def finished_games(self) -> list[dict[str, Any]]:
        """The finished games, newest first."""
        with self._tx() as cur:
            cur.execute(
                "SELECT code, game, finished, names, scores, winners, moves FROM finished"
                " ORDER BY finished DESC"
            )
            return [
                {"code": r[0], "game": r[1], "finished": r[2], "names": json.loads(r[3]),
                 "scores": json.loads(r[4]), "winners": json.loads(r[5]), "moves": r[6]}
                for r in cur.fetchall()
            ]  # fmt: skip
