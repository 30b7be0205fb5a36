"""The server's storage: the same contract on SQLite and on a real PostgreSQL server, then what
only a shared database does (owners, takeover, the write check)."""

from __future__ import annotations

import sqlite3

import pytest

from tabletop.net.databases import open_storage
from tabletop.net.sqlite_storage import SqliteStorage
from tabletop.net.storage import (
    CodeTaken,
    LeaseLost,
    MoveConflict,
    SeatRow,
    TableRow,
)


def _row(code: str = "ABCDEF") -> TableRow:
    row = TableRow(code, "monarch", {"variant": "x"}, (1 << 61) + 5, (1 << 62) + 7, 2, True, 1e9)
    row.seats = [SeatRow(0, "human", "Ann", "", "h0", True), SeatRow(1, "open", "Player 2", "")]
    return row


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        s = SqliteStorage(tmp_path / "t.sqlite")
    else:
        s = open_storage(request.getfixturevalue("pg"), None, lease=5.0)
    s.register("ws://127.0.0.1:1")
    yield s
    s.close()


def test_a_table_its_seats_and_moves_come_back_as_stored(store) -> None:
    store.create_table(_row())
    store.save_seat("ABCDEF", SeatRow(1, "human", "Bob", "", "h1"))
    store.mark_started("ABCDEF")
    for n in range(3):
        store.add_move("ABCDEF", n, n % 2, {"kind": "take", "n": n})
    store.remove_move("ABCDEF", 2)
    row = store.load("ABCDEF")
    assert row is not None
    assert (row.seed, row.ai_key, row.options, row.started) == (
        (1 << 61) + 5,
        (1 << 62) + 7,
        {"variant": "x"},
        True,
    )
    assert row.created == 1e9
    assert [(s.kind, s.name, s.token_hash, s.host) for s in row.seats] == [
        ("human", "Ann", "h0", True),
        ("human", "Bob", "h1", False),
    ]
    assert row.moves == [(0, {"kind": "take", "n": 0}), (1, {"kind": "take", "n": 1})]
    assert [t.code for t in store.open_tables()] == ["ABCDEF"]


def test_a_move_number_is_stored_once_and_a_code_is_given_once(store) -> None:
    store.create_table(_row())
    store.add_move("ABCDEF", 0, 0, {"a": 1})
    with pytest.raises(MoveConflict):
        store.add_move("ABCDEF", 0, 1, {"a": 2})
    with pytest.raises(CodeTaken):
        store.create_table(_row())
    assert store.load("ABCDEF").moves == [(0, {"a": 1})]


def test_a_finished_table_is_kept_among_the_finished_and_loads_only_as_ended(store) -> None:
    store.create_table(_row())
    store.add_move("ABCDEF", 0, 0, {"a": 1})
    store.finish("ABCDEF", ["Ann", "Bob"], [3, 5], [1])
    assert store.load("ABCDEF") is None
    assert store.open_tables() == []
    ended = store.load("ABCDEF", over=True)  # shown to a player who missed the end
    assert ended is not None and ended.over and ended.moves == [(0, {"a": 1})]
    (game,) = store.finished_games()
    assert (game["code"], game["names"], game["scores"], game["winners"], game["moves"]) == (
        "ABCDEF",
        ["Ann", "Bob"],
        [3, 5],
        [1],
        1,
    )


def test_a_lone_server_adopts_every_unfinished_table_after_a_restart(store) -> None:
    store.create_table(_row("AAAAAA"))
    store.create_table(_row("BBBBBB"))
    store.finish("BBBBBB", ["a", "b"], [0, 0], [0])
    store.close()
    again = (
        SqliteStorage(store.path)
        if isinstance(store, SqliteStorage)
        else open_storage(store.url, None, lease=5.0)
    )
    try:
        again.register("ws://127.0.0.1:2")
        # the first process closed cleanly: its tables are free for the next one
        assert [t.code for t in again.adopt()] == ["AAAAAA"]
    finally:
        again.close()
    store.close = lambda: None  # closed already


def test_a_sqlite_file_of_the_first_schema_gains_the_owner_column(tmp_path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
        " seed INTEGER NOT NULL, ai_key INTEGER NOT NULL, players INTEGER NOT NULL,"
        " listed INTEGER NOT NULL, created REAL NOT NULL, started INTEGER NOT NULL DEFAULT 0,"
        " over INTEGER NOT NULL DEFAULT 0);"
        "INSERT INTO tables VALUES ('OLDOLD', 'monarch', '{}', 1, 2, 2, 1, 5.0, 1, 0);"
        "PRAGMA user_version=1;"
    )
    db.close()
    s = SqliteStorage(path)
    try:
        assert [t.code for t in s.adopt()] == ["OLDOLD"]
        assert s.db.execute("PRAGMA user_version").fetchone()[0] == 2
    finally:
        s.close()


# --- a shared database: owners ------------------------------------------------------------
def _two(pg: str):
    a = open_storage(pg, None, lease=30.0)
    b = open_storage(pg, None, lease=30.0)
    a.register("ws://127.0.0.1:11")
    b.register("ws://127.0.0.1:22")
    return a, b


def test_only_the_owner_may_write_and_the_others_are_sent_to_it(pg) -> None:
    a, b = _two(pg)
    try:
        a.create_table(_row())
        assert b.owner_address("ABCDEF") == "ws://127.0.0.1:11"
        assert a.owner_address("ABCDEF") is None  # a holds it itself
        assert not b.claim("ABCDEF")
        with pytest.raises(LeaseLost):
            b.add_move("ABCDEF", 0, 0, {"a": 1})
        with pytest.raises(LeaseLost):
            b.save_seat("ABCDEF", SeatRow(1, "human", "Eve", "", "x"))
        assert b.adopt() == []
        a.add_move("ABCDEF", 0, 0, {"a": 1})
        assert b.heartbeat() == set() and a.heartbeat() == {"ABCDEF"}
    finally:
        a.close()
        b.close()


def test_a_killed_owners_tables_are_taken_over_at_once_and_it_can_write_no_more(pg) -> None:
    a, b = _two(pg)
    try:
        a.create_table(_row())
        a.add_move("ABCDEF", 0, 0, {"a": 1})
        a.db.pgconn.finish()  # the process dies: its connection drops without a word
        assert b.owner_address("ABCDEF") is None  # its advisory lock is free: it is dead
        adopted = b.adopt()
        assert [(t.code, t.moves) for t in adopted] == [("ABCDEF", [(0, {"a": 1})])]
        b.add_move("ABCDEF", 1, 1, {"a": 2})
    finally:
        b.close()


def test_a_stalled_owner_that_comes_back_finds_its_table_gone(pg) -> None:
    a, b = _two(pg)
    try:
        a.create_table(_row())
        # a stalls past its lease (its connection lives on, so only the expiry tells)
        b.db.execute("UPDATE servers SET alive_until = 0 WHERE name = %s", (a.server_id,))
        assert b.claim("ABCDEF")
        with pytest.raises(LeaseLost):
            a.add_move("ABCDEF", 0, 0, {"a": 1})
        assert a.heartbeat() == set()  # back, owning nothing
        assert a.owner_address("ABCDEF") == "ws://127.0.0.1:22"
        b.add_move("ABCDEF", 0, 1, {"b": 1})
        assert b.load("ABCDEF").moves == [(1, {"b": 1})]
    finally:
        a.close()
        b.close()


def test_a_cleanly_stopped_process_frees_its_tables(pg) -> None:
    a, b = _two(pg)
    try:
        a.create_table(_row())
        a.close()
        assert b.owner_address("ABCDEF") is None
        assert [t.code for t in b.adopt()] == ["ABCDEF"]
    finally:
        b.close()


def test_a_process_joining_a_busy_cluster_waits_for_no_other_processes_transaction(pg) -> None:
    """A new process must not lock the tables to set up a schema already in place: its lock
    queued behind a live process's open transaction and deadlocked with that process's next
    write (seen when the kill test started a replacement process)."""
    import threading

    import psycopg

    a = open_storage(pg, None, lease=5.0)
    a.register("ws://127.0.0.1:11")
    a.create_table(_row())
    busy = psycopg.connect(pg)  # a live process in the middle of a transaction on `tables`
    busy.execute("SELECT 1 FROM tables WHERE code = 'ABCDEF' FOR SHARE")
    opened: list[object] = []
    joining = threading.Thread(target=lambda: opened.append(open_storage(pg, None, lease=5.0)))
    joining.start()
    try:
        joining.join(30)  # a liveness bound, not a timing: before the fix it waits for ever
        assert opened, "the new process waits for another process's transaction to end"
    finally:
        busy.rollback()
        busy.close()
        joining.join(30)
        for s in [a, *opened]:
            s.close()  # type: ignore[attr-defined]


def test_an_unreachable_database_is_said_in_words(tmp_path) -> None:
    with pytest.raises(RuntimeError, match="cannot reach the database"):
        open_storage("postgresql://nobody@127.0.0.1:1/none", tmp_path)
