"""The record of finished games: round trip, migration from version 0, damaged files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tabletop.controller.history import records
from tabletop.controller.history.records import GameRecord, Records, SeatRecord


def a_record(seed: int = 7, finished: float = 1_700_000_000.0) -> GameRecord:
    return GameRecord(
        "majesty",
        {"side": "b"},
        seed,
        finished,
        [
            SeatRecord("Ada", "human", None, 52, True),
            SeatRecord("Hugo", "ai", "hard", 47, False),
        ],
        [{"seat": 0, "action": {"name": "take", "args": [["slot", 2]]}}],
        "1.0",
    )


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as db:
        gid = db.add(a_record())
        assert db.journal_mode == "wal"
        assert db.schema_version == records.SCHEMA_VERSION
    with Records(path) as db:
        got = db.get(gid)
        assert got is not None
        assert got.game == "majesty" and got.options == {"side": "b"} and got.seed == 7
        assert got.seats == a_record().seats
        assert got.winners == [0]
        assert got.actions == a_record().actions
        assert got.app_version == "1.0"
        assert db.count() == 1


def test_the_same_game_is_recorded_once(tmp_path: Path) -> None:
    with Records(tmp_path / "r.sqlite3") as db:
        first = db.add(a_record())
        again = db.add(a_record(finished=1_800_000_000.0))
        other = db.add(a_record(seed=8))
        assert first == again != other
        assert db.count() == 2
        assert [r.seed for r in db.recent()] == [8, 7]


def test_migration_from_a_version_0_file(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE notes (text TEXT)")  # something else, written before any schema
    old.execute("INSERT INTO notes VALUES ('kept')")
    old.commit()
    assert old.execute("PRAGMA user_version").fetchone()[0] == 0
    old.close()
    with Records(path) as db:
        assert db.schema_version == records.SCHEMA_VERSION
        assert db.note == ""
        gid = db.add(a_record())
        assert db.get(gid) is not None
    check = sqlite3.connect(path)
    assert check.execute("SELECT text FROM notes").fetchall() == [("kept",)]
    cols = [r[1] for r in check.execute("PRAGMA table_info(games)")]
    assert "app_version" in cols
    check.close()


def test_migration_from_version_1_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    db = sqlite3.connect(path)
    for statement in records.MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO games VALUES (1, 'monarch', '{}', 3, 1.0, 2, '[]', 'x')")
    db.execute("INSERT INTO seats VALUES (1, 0, 'Bo', 'human', NULL, 9, 1)")
    db.execute("INSERT INTO seats VALUES (1, 1, 'Cy', 'ai', 'easy', 4, 0)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with Records(path) as rec:
        got = rec.get(1)
        assert got is not None and got.app_version == ""
        assert [s.name for s in got.seats] == ["Bo", "Cy"]


def test_a_damaged_file_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with Records(path) as db:
        assert "moved aside" in db.note
        assert db.count() == 0
        db.add(a_record())
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("records.sqlite3.corrupt-")]
    assert len(aside) == 1
    assert aside[0].read_bytes().startswith(b"this is not a database")


def test_a_folder_in_its_place_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    path.mkdir()
    with Records(path) as db:
        assert db.count() == 0
    assert any(p.name.startswith("records.sqlite3.not-a-file-") for p in tmp_path.iterdir())


def test_a_newer_file_is_kept_and_never_written(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {records.SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with Records(path) as rec:
        assert rec.read_only and "newer" in rec.note
        assert rec.add(a_record()) is None
    assert (
        sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0]
        == records.SCHEMA_VERSION + 1
    )


def test_a_finished_match_is_recorded(tmp_path: Path) -> None:
    from save_support import a_game

    from tabletop.controller import Match, SeatConfig
    from tabletop.engine import Rng

    game = a_game()
    m = Match(game, [SeatConfig(name="Ada"), SeatConfig("ai", "Hugo", "easy")], 3)
    rng = Rng(3)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    gid, note = records.record_match(m, tmp_path / "r.sqlite3")
    assert note == "" and gid is not None
    with Records(tmp_path / "r.sqlite3") as db:
        got = db.get(gid)
    assert got is not None
    assert [s.who() for s in got.seats] == ["Ada", "Hugo (AI, easy)"]
    assert [s.score for s in got.seats] == list(m.outcome().scores)
    assert len(got.actions) == len(m.history)
    replayed = game.replay(
        2, got.seed, got.options, [(a["seat"], a["action"]) for a in got.actions]
    )
    assert game.is_over(replayed)
    assert game.outcome(replayed).scores == m.outcome().scores


@pytest.mark.parametrize("junk", [b"", b"SQLite format 3\x00" + b"\xff" * 200])
def test_empty_or_torn_files(tmp_path: Path, junk: bytes) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_bytes(junk)
    with Records(path) as db:
        db.add(a_record())
        assert db.count() == 1


def test_the_app_listener_records_once_at_the_end(tmp_path: Path) -> None:
    from save_support import a_game

    from tabletop.controller import Match, SeatConfig
    from tabletop.engine import Rng

    m = Match(a_game(), [SeatConfig(name="Ann"), SeatConfig(name="Bea")], 5)  # hot seat
    m.listeners.append(records.recorder(m, tmp_path / "r.sqlite3"))
    rng = Rng(5)
    while not m.is_over():
        assert m.record_id is None  # nothing recorded before the end
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    assert m.record_id is not None and m.record_note == ""
    with Records(tmp_path / "r.sqlite3") as db:
        assert db.count() == 1
        got = db.get(m.record_id)
        assert got is not None and [s.kind for s in got.seats] == ["human", "human"]


def test_a_link_in_its_place_is_moved_aside_and_its_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.db"
    target.write_bytes(b"someone else's file")
    (tmp_path / "data").mkdir()
    path = tmp_path / "data" / "records.sqlite3"
    path.symlink_to(target)
    with Records(path) as db:
        db.add(a_record())
    assert target.read_bytes() == b"someone else's file"
    assert any(p.name.startswith("records.sqlite3.not-a-file-") for p in path.parent.iterdir())
