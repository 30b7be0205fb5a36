"""The server's tables in one SQLite file: the embedded default of ``tabletop serve``.

WAL mode, one ``BEGIN IMMEDIATE`` transaction per write: a committed move survives the server
process being killed.  One process owns every table, so the lease questions have trivial
answers here (see :mod:`tabletop.net.storage` for the interface and the shared SQL).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tabletop.net.storage import SCHEMA, SCHEMA_VERSION, SqlStorage, TableRow


class SqliteStorage(SqlStorage):
    """:class:`~tabletop.net.storage.Storage` in one SQLite file."""

    conflict = (sqlite3.IntegrityError,)

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
        with self._tx() as cur:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    cur.execute(statement)
            if version == 1:  # before several processes could share a database
                cur.execute("ALTER TABLE tables ADD COLUMN owner TEXT")
            cur.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            yield cur
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")

    # --- one process owns every table --------------------------------------------------------
    def register(self, address: str) -> None:
        """Nothing to announce: no other process shares this file."""

    def heartbeat(self) -> set[str] | None:
        """Every table is this process's."""
        return None

    def adopt(self) -> list[TableRow]:
        """Every unfinished table, with its seats and moves (a restart)."""
        with self._tx() as cur:
            return self._rows(cur, "over = 0", (), True)

    def claim(self, code: str) -> bool:
        """Every table is this process's."""
        return True

    def owner_address(self, code: str) -> str | None:
        """No other process."""
        return None

    def unfinished(self) -> list[TableRow]:
        """Every unfinished table (as :meth:`adopt`)."""
        return self.adopt()

    def close(self) -> None:
        """Close the database."""
        self.db.close()
