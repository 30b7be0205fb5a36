"""Which database a server uses: ``tabletop serve --db`` read into a
:class:`~tabletop.net.storage.Storage` (above both implementations, so neither the interface
nor an implementation imports the other)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.net.storage import Storage


def open_storage(db: str | None, folder: Any, lease: float = 10.0) -> Storage:
    """The storage ``tabletop serve --db`` names: a ``postgresql://`` address (shared by
    several processes; ``lease`` seconds), else SQLite in ``folder`` or at the path given."""

    if db and db.startswith(("postgresql://", "postgres://")):
        try:
            from tabletop.net.pg_storage import PostgresStorage
        except ImportError:
            raise RuntimeError(
                "serving from PostgreSQL needs psycopg 3: pip install 'tabletop[postgres]'"
            ) from None
        return PostgresStorage(db, lease)
    from tabletop.net.sqlite_storage import SqliteStorage

    return SqliteStorage(Path(db) if db else Path(folder) / "tables.sqlite")
