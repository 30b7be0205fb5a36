"""Where the server keeps its tables: one small interface, SQLite behind it.

A table is its header (game, options, the deal's seed and the AI's key — both never sent to
a client), its seats (kind, name, level and a hash of the seat's token) and its moves, one
row per accepted move keyed by ``(code, n)``: a second move with the same number is refused
by the database itself, so a raced or replayed move can never be applied twice.  Every write
is committed before the server acknowledges it (SQLite in WAL mode: a committed move survives
the server process being killed).  Finished games are also kept in ``finished``.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    ai_key INTEGER NOT NULL,
    players INTEGER NOT NULL,
    listed INTEGER NOT NULL,
    created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0
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
    at REAL NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS finished (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    names TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    moves INTEGER NOT NULL
);
"""


class MoveConflict(Exception):
    """A move with that number is already stored for the table (a race or a replay)."""


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

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats."""

    def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store a seat's new kind, name, level or token."""

    def mark_started(self, code: str) -> None:
        """The table's game has begun."""

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move ``n``; raise :class:`MoveConflict` if it is already stored."""

    def remove_move(self, code: str, n: int) -> None:
        """Take back move ``n`` (an undo)."""

    def finish(self, code: str, names: list[str], scores: list[int], winners: list[int]) -> None:
        """Mark the table over and add it to the finished games."""

    def unfinished(self) -> list[TableRow]:
        """Every table not over, with its seats and moves (for a restart)."""

    def close(self) -> None:
        """Release the database."""


class SqliteStorage:
    """:class:`Storage` in one SQLite file (WAL; one transaction per write)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
        self.db.execute("PRAGMA foreign_keys=ON")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} was written by a newer Tabletop server (schema {version})."
            )
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def _write(self, sql: str, *params: Any) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute(sql, params)
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats in one transaction."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute(
                "INSERT INTO tables (code, game, options, seed, ai_key, players, listed, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.code,
                    row.game,
                    json.dumps(row.options),
                    row.seed,
                    row.ai_key,
                    row.players,
                    int(row.listed),
                    row.created,
                ),
            )
            for s in row.seats:
                self.db.execute(
                    "INSERT INTO seats (code, seat, kind, name, level, token_hash, host)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (row.code, s.seat, s.kind, s.name, s.level, s.token_hash, int(s.host)),
                )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store a seat's kind, name, level and token hash."""
        self._write(
            "UPDATE seats SET kind = ?, name = ?, level = ?, token_hash = ?, host = ?"
            " WHERE code = ? AND seat = ?",
            seat.kind,
            seat.name,
            seat.level,
            seat.token_hash,
            int(seat.host),
            code,
            seat.seat,
        )

    def mark_started(self, code: str) -> None:
        """The table's game has begun."""
        self._write("UPDATE tables SET started = 1 WHERE code = ?", code)

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move ``n`` of the table; :class:`MoveConflict` if that number exists."""
        try:
            self._write(
                "INSERT INTO moves (code, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                code,
                n,
                seat,
                json.dumps(action, separators=(",", ":")),
                time.time(),
            )
        except sqlite3.IntegrityError:
            raise MoveConflict(f"move {n} of table {code} is already stored") from None

    def remove_move(self, code: str, n: int) -> None:
        """Delete move ``n`` of the table (an undo)."""
        self._write("DELETE FROM moves WHERE code = ? AND n = ?", code, n)

    def finish(self, code: str, names: list[str], scores: list[int], winners: list[int]) -> None:
        """Mark the table over and keep its result among the finished games."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("UPDATE tables SET over = 1 WHERE code = ?", (code,))
            game, moves = self.db.execute(
                "SELECT t.game, (SELECT COUNT(*) FROM moves m WHERE m.code = t.code)"
                " FROM tables t WHERE t.code = ?",
                (code,),
            ).fetchone()
            self.db.execute(
                "INSERT OR REPLACE INTO finished (code, game, finished, names, scores, winners,"
                " moves) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    code,
                    game,
                    time.time(),
                    json.dumps(names),
                    json.dumps(scores),
                    json.dumps(winners),
                    moves,
                ),
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def unfinished(self) -> list[TableRow]:
        """Every table that is not over, with its seats and its moves in order."""
        rows = []
        for r in self.db.execute(
            "SELECT code, game, options, seed, ai_key, players, listed, created, started, over"
            " FROM tables WHERE over = 0 ORDER BY created"
        ).fetchall():
            t = TableRow(
                r[0],
                r[1],
                json.loads(r[2]),
                int(r[3]),
                int(r[4]),
                int(r[5]),
                bool(r[6]),
                float(r[7]),
                bool(r[8]),
                bool(r[9]),
            )
            t.seats = [
                SeatRow(int(s[0]), s[1], s[2], s[3], s[4], bool(s[5]))
                for s in self.db.execute(
                    "SELECT seat, kind, name, level, token_hash, host FROM seats"
                    " WHERE code = ? ORDER BY seat",
                    (t.code,),
                )
            ]
            t.moves = [
                (int(m[0]), json.loads(m[1]))
                for m in self.db.execute(
                    "SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (t.code,)
                )
            ]
            rows.append(t)
        return rows

    def finished_games(self) -> list[dict[str, Any]]:
        """The finished games, newest first."""
        out = []
        for r in self.db.execute(
            "SELECT code, game, finished, names, scores, winners, moves FROM finished"
            " ORDER BY finished DESC"
        ):
            out.append(
                {
                    "code": r[0],
                    "game": r[1],
                    "finished": r[2],
                    "names": json.loads(r[3]),
                    "scores": json.loads(r[4]),
                    "winners": json.loads(r[5]),
                    "moves": r[6],
                }
            )
        return out

    def close(self) -> None:
        """Close the database."""
        self.db.close()
