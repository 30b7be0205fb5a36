"""The record of finished games: one SQLite database in the user data folder.

Why SQLite (the standard library's ``sqlite3``) rather than one more JSON file: the record only
grows, one game at a time, and the statistics ask questions across all of it (per player, per
game, per AI level).  A database appends a game in one small transaction instead of rewriting
a whole file, survives a crash mid-write (write-ahead log, WAL mode), and answers those
questions with a query.

The schema carries its version in ``PRAGMA user_version``; :data:`MIGRATIONS` takes a file
from any older version to the current one, step by step, each step in one transaction.  A
file that is not a database (or fails its integrity check) is moved aside like any other
damaged user file (``records.sqlite3.corrupt-<time>``) and a fresh record started; a file
written by a newer Tabletop is left untouched and not written to.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import sqlite3
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop import storage, text_gate

FILE_NAME = "records.sqlite3"
SCHEMA_VERSION = 3
SIDE_FILES = ("-wal", "-shm", "-journal")

log = logging.getLogger("tabletop.controller.history.records")

# Version n → n + 1, one list of statements each.
MIGRATIONS: dict[int, list[str]] = {
    0: [
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            finished REAL NOT NULL,
            players INTEGER NOT NULL,
            actions TEXT NOT NULL,
            digest TEXT NOT NULL UNIQUE
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            score INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
    ],
    # 2: the version of Tabletop that played the game, and an index for the statistics.
    1: [
        "ALTER TABLE games ADD COLUMN app_version TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX seats_by_name ON seats(name)",
    ],
    # 3: where an online game was played (its moves and deal stay on that server).
    2: ["ALTER TABLE games ADD COLUMN online TEXT NOT NULL DEFAULT ''"],
}


_CHECKED: set[str] = set()  # files found whole by the integrity check in this process
_SANE: set[str] = set()  # files whose values were all found fit to read, in this process

# Rows whose values the reading code could not use: a type SQLite let in that the schema
# did not mean (text in a number column, a blob for a name), or a time no clock can show.
_ODD = {
    "games": "typeof(game) != 'text' OR typeof(seed) != 'integer' "
    "OR typeof(finished) NOT IN ('real', 'integer') OR finished < 0 OR finished > 1e11 "
    "OR typeof(players) != 'integer' OR typeof(options) != 'text' OR typeof(actions) != 'text' "
    "OR CASE WHEN json_valid(options) THEN json_type(options) != 'object' ELSE 1 END "
    "OR CASE WHEN json_valid(actions) THEN json_type(actions) != 'array' ELSE 1 END "
    "OR typeof(digest) != 'text' "
    "OR typeof(app_version) != 'text' OR typeof(online) != 'text'",
    "seats": "typeof(name) != 'text' OR typeof(kind) != 'text' "
    "OR (level IS NOT NULL AND typeof(level) != 'text') OR typeof(score) != 'integer' "
    "OR typeof(winner) != 'integer' OR typeof(seat) != 'integer' "
    "OR typeof(game_id) != 'integer'",
}


_JSON_CHECKS = re.compile(r"OR CASE WHEN json_valid\(\w+\) THEN .*? END ")


def _json(text: Any, empty: Any) -> Any:
    """A JSON column read back; ``empty`` for anything that is not JSON of the same kind."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return empty
    return value if isinstance(value, type(empty)) else empty


def odd_values(db: sqlite3.Connection) -> str:
    """What is wrong with the values of a record at the current schema ("" when none).

    Where SQLite was built without its JSON functions, the JSON columns are only checked
    to be text (an unknown function must never make a good record look damaged)."""
    try:
        db.execute("SELECT json_valid('[]')").fetchone()
        checks = _ODD
    except sqlite3.OperationalError:
        checks = {t: _JSON_CHECKS.sub("", w) for t, w in _ODD.items()}
    for table, where in checks.items():
        row = db.execute(f"SELECT rowid FROM {table} WHERE {where} LIMIT 1").fetchone()
        if row is not None:
            return f"a row of its {table} table holds a value of the wrong kind"
    return ""


class RecordsError(Exception):
    """The record cannot be used; the message says why in plain words."""


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a finished game."""

    name: str
    kind: str  # "human" or "ai"
    level: str | None  # the AI level, None for a person
    score: int
    winner: bool

    @property
    def is_ai(self) -> bool:
        """True for a computer seat."""
        return self.kind == "ai"

    def who(self) -> str:
        """``Ada`` or ``Hugo (AI, hard)``."""
        return f"{self.name} (AI, {self.level})" if self.is_ai else self.name


@dataclass
class GameRecord:
    """One finished game as the record keeps it."""

    game: str
    options: dict[str, Any]
    seed: int
    finished: float  # seconds since the epoch
    seats: list[SeatRecord]
    actions: list[dict[str, Any]] = field(default_factory=list)  # {"seat", "action"} each
    app_version: str = ""
    id: int | None = None
    online: str = ""  # the table's link for a game played on a server (no moves kept here)

    @property
    def replayable(self) -> bool:
        """Whether the record holds the deal and the moves (an online game's are not)."""
        return not self.online

    @property
    def winners(self) -> list[int]:
        """The winning seats."""
        return [i for i, s in enumerate(self.seats) if s.winner]

    def digest(self) -> str:
        """What makes a game the same game: setup and moves (recorded once)."""
        parts: list[Any] = [self.game, self.options, self.seed, len(self.seats), self.actions]
        if self.online:  # one online table is one game, whatever its (unknown) moves
            parts.append(self.online)
        key = json.dumps(parts, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(key.encode()).hexdigest()


def default_path() -> Path:
    """Where the app keeps the record."""
    return storage.data_dir() / FILE_NAME


def _move_aside(path: Path, reason: str) -> Path | None:
    """Move the database and its side files aside together; None if that failed."""
    try:
        moved = storage.move_aside(path, reason=reason)
    except OSError:
        return None
    for suffix in SIDE_FILES:
        side = Path(f"{path}{suffix}")
        if os.path.lexists(side):
            with contextlib.suppress(OSError):
                side.replace(Path(f"{moved}{suffix}"))
    return moved


class Records:
    """The open record.  ``note`` says what happened when it was opened ("" if nothing)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.note = ""
        self.read_only = False
        self._db = self._open()

    # --- opening ------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        if os.path.lexists(self.path) and (self.path.is_symlink() or not self.path.is_file()):
            self._aside("it is not a regular file", "not-a-file")  # as for every user file
        try:
            return self._connect()
        except sqlite3.DatabaseError as e:
            self._aside(f"it is not a readable database ({e})", "corrupt")
            try:
                return self._connect()
            except sqlite3.DatabaseError as e2:
                raise RecordsError(f"{self.path}: the record cannot be opened: {e2}") from None

    def _aside(self, problem: str, reason: str) -> None:
        moved = _move_aside(self.path, reason)
        if moved is None:
            raise RecordsError(f"{self.path}: {problem}, and it could not be moved aside.")
        self.note = f"The record of finished games was damaged ({problem}). It was moved aside to {moved.name}; a new record was started."
        log.warning("%s", self.note)

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=5.0)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            key = str(self.path.resolve())
            if key not in _CHECKED:  # the whole file is read once per session, not per game
                check = db.execute("PRAGMA quick_check").fetchone()
                if check is None or check[0] != "ok":
                    raise sqlite3.DatabaseError(f"integrity check: {check[0] if check else 'none'}")
                _CHECKED.add(key)
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version < 0:
                raise sqlite3.DatabaseError(f"its schema version is {version}")
            if version > SCHEMA_VERSION:
                self.read_only = True
                self.note = (
                    f"The record of finished games was written by a newer Tabletop (schema "
                    f"{version}; this one knows up to {SCHEMA_VERSION}). It is kept as it is "
                    "and this version records nothing in it."
                )
                return db
            db.execute("PRAGMA journal_mode = WAL")
            self._migrate(db, version)
            if key not in _SANE:
                odd = odd_values(db)
                if odd:
                    raise sqlite3.DatabaseError(odd)
                _SANE.add(key)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection, version: int) -> None:
        """Each step in one explicit transaction: ``sqlite3`` opens one by itself only before
        INSERT/UPDATE/DELETE, so without ``BEGIN`` every CREATE or ALTER would commit alone
        and a step cut short would leave half of it done."""
        while version < SCHEMA_VERSION:
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[version]:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {version + 1}")
                db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            version += 1

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open file."""
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    @property
    def journal_mode(self) -> str:
        """``wal`` once opened for writing."""
        return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    # --- writing ------------------------------------------------------------------------
    def add(self, record: GameRecord) -> int | None:
        """Record a finished game; return its id (the existing one if it was recorded
        before), ``None`` when the record is read-only."""
        if self.read_only:
            return None
        digest = record.digest()
        with self._db:
            found = self._db.execute("SELECT id FROM games WHERE digest = ?", (digest,)).fetchone()
            if found:
                return int(found[0])
            cur = self._db.execute(
                "INSERT INTO games (game, options, seed, finished, players, actions, digest, "
                "app_version, online) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.game,
                    json.dumps(record.options, sort_keys=True),
                    int(record.seed),
                    float(record.finished),
                    len(record.seats),
                    json.dumps(record.actions, separators=(",", ":")),
                    digest,
                    record.app_version,
                    record.online,
                ),
            )
            gid = int(cur.lastrowid or 0)
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (gid, i, s.name, s.kind, s.level, int(s.score), int(s.winner))
                    for i, s in enumerate(record.seats)
                ],
            )
        record.id = gid
        return gid

    def delete(self, game_id: int) -> None:
        """Forget one recorded game."""
        if self.read_only:
            return
        with self._db:
            self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # --- reading ------------------------------------------------------------------------
    def _seats(self, game_id: int) -> list[SeatRecord]:
        rows = self._db.execute(
            "SELECT name, kind, level, score, winner FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [
            SeatRecord(text_gate.clean(n) or "?", k, lv, int(sc), bool(w))
            for n, k, lv, sc, w in rows
        ]

    def _game(self, row: tuple[Any, ...], with_actions: bool) -> GameRecord:
        gid, game, options, seed, finished, actions, version, online = row
        return GameRecord(
            game,
            _json(options, {}),
            int(seed),
            float(finished),
            self._seats(gid),
            _json(actions, []) if with_actions else [],
            version,
            int(gid),
            online or "",
        )

    _COLUMNS = "id, game, options, seed, finished, actions, app_version, online"

    def get(self, game_id: int) -> GameRecord | None:
        """One recorded game with its moves."""
        row = self._db.execute(
            f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        return self._game(row, True) if row else None

    def recent(self, limit: int = 50, game: str | None = None) -> list[GameRecord]:
        """The latest finished games first (their moves left out: see :meth:`get`)."""
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        rows = self._db.execute(
            "SELECT id, game, options, seed, finished, '[]', app_version, online "
            f"FROM games {where} "
            "ORDER BY finished DESC, id DESC LIMIT ?",
            (*args, limit),
        ).fetchall()
        return [self._game(r, False) for r in rows]

    def count(self) -> int:
        """How many games are recorded."""
        return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def seat_rows(self) -> Iterator[tuple[int, str, str, str, str | None, int, bool]]:
        """``(game id, game, name, kind, level, score, winner)`` for every recorded seat."""
        rows = self._db.execute(
            "SELECT s.game_id, g.game, s.name, s.kind, s.level, s.score, s.winner "
            "FROM seats s JOIN games g ON g.id = s.game_id ORDER BY g.finished, s.game_id, s.seat"
        )
        for gid, game, name, kind, level, score, winner in rows:
            yield int(gid), game, name, kind, level, int(score), bool(winner)


SQLITE_MAGIC = b"SQLite format 3\x00"
OWN_TABLES = {"games", "seats"}


def not_a_record(path: Path) -> str:
    """Why the file at ``path`` is not a record of Tabletop's ("" when it is one).

    Read only: nothing is created, migrated, moved or switched to another journal mode, so a
    file of another program given by mistake is left exactly as it was."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return "it is not a regular file"
            head = os.read(fd, len(SQLITE_MAGIC))
        finally:
            os.close(fd)
    except OSError as e:
        return f"it cannot be read ({(e.strerror or 'unknown reason').lower()})"
    if head != SQLITE_MAGIC:
        return "it is not a database"
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.5)
        try:
            tables = {
                r[0]
                for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                if not str(r[0]).startswith("sqlite_")
            }
            version = db.execute("PRAGMA user_version").fetchone()[0]
        finally:
            db.close()
    except (sqlite3.Error, ValueError) as e:
        return f"it cannot be read as a database ({e})"
    if not tables >= OWN_TABLES or not 1 <= version <= SCHEMA_VERSION:
        shown = ", ".join(sorted(tables)[:5]) or "none"
        return f"it is not a record of finished games (its tables: {shown})"
    return ""


def played_by_a_person(game: str, path: Path | None = None) -> bool | None:
    """Whether the record holds a finished game of ``game`` with a person in a seat.

    A quick read for the table's opening: the file is opened read-only, never created,
    migrated or moved aside.  ``False`` when there is no record yet; ``None`` when it cannot
    be read (damaged, locked, from a schema without seats)."""
    path = path or default_path()
    if not path.is_file():
        return False
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.5)
        try:
            row = db.execute(
                "SELECT 1 FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE g.game = ? AND s.kind = 'human' LIMIT 1",
                (game,),
            ).fetchone()
        finally:
            db.close()
    except (sqlite3.Error, OSError, ValueError) as e:
        log.info("the record could not be read for the guide: %s", e)
        return None
    return row is not None


def record_of_match(match: Any, finished: float | None = None) -> GameRecord:
    """The record of a finished :class:`~tabletop.controller.Match`, or of a game played on a
    server (a ``RemoteMatch``: its deal and moves stay there, so the record keeps the seats,
    the scores and the table's link, seed 0 and no moves, and offers no replay)."""
    import tabletop

    out = match.outcome()
    winners = set(out.winners)
    online = ""
    if getattr(match, "is_remote", False):
        online = str(getattr(match, "link", "") or f"online table {getattr(match, 'code', '?')}")
    seats = [
        SeatRecord(
            s.name,
            "ai" if s.is_ai else "human",  # a player at another computer is a person too
            s.level if s.is_ai else None,
            int(out.scores[i]) if i < len(out.scores) else 0,
            i in winners,
        )
        for i, s in enumerate(match.seats)
    ]
    return GameRecord(
        match.game.info.id,
        dict(match.options),
        0 if online else int(match.seed),
        time.time() if finished is None else finished,
        seats,
        [] if online else [{"seat": p.seat, "action": p.action.to_json()} for p in match.history],
        tabletop.__version__,
        online=online,
    )


def record_match(match: Any, path: Path | None = None) -> tuple[int | None, str]:
    """Add a finished match to the record; ``(id or None, a message or "")``.  Never raises:
    a game that cannot be recorded is logged and said in words."""
    try:
        with Records(path) as records:
            return records.add(record_of_match(match)), records.note
    except (RecordsError, sqlite3.Error, OSError) as e:
        log.warning("the finished game was not recorded: %s", e)
        return None, f"The finished game could not be recorded: {e}"


def recorder(match: Any, path: Path | None = None) -> Any:
    """A listener for ``match.listeners`` that records the match once, when it ends.

    The id lands in ``match.record_id`` and any message in ``match.record_note``."""
    match.record_id = None
    match.record_note = ""

    def listen(_played: Any) -> None:
        if match.record_id is None and match.is_over():
            match.record_id, match.record_note = record_match(match, path)

    return listen
