"""The record of finished games against odd files: every migration step is all or nothing,
values of the wrong kind move the file aside (never a crash on each visit), and
``tabletop stats --file`` leaves another program's file exactly as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.controller.history import records
from tabletop.controller.history.records import GameRecord, Records, SeatRecord


def a_record(seed: int = 7) -> GameRecord:
    seats = [SeatRecord("Ada", "human", None, 5, True), SeatRecord("Bo", "ai", "easy", 3, False)]
    return GameRecord("majesty", {}, seed, 1_700_000_000.0, seats, [], "1.0")


def version_1_file(path: Path) -> None:
    db = sqlite3.connect(path)
    for statement in records.MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO games VALUES (1, 'monarch', '{}', 3, 1.0, 2, '[]', 'x')")
    db.execute("INSERT INTO seats VALUES (1, 0, 'Bo', 'human', NULL, 9, 1)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


class Interrupted(BaseException):
    """Stands for the process being stopped in the middle of a step."""


class CutShort(list):
    """A step's statements that stop after the first ``k`` of them have run."""

    def __init__(self, items: list[str], k: int) -> None:
        super().__init__(items)
        self.k = k

    def __iter__(self):
        for n, statement in enumerate(list.__iter__(self)):
            if n == self.k:
                raise Interrupted
            yield statement
        raise Interrupted  # after the last statement, before the version is written


STEPS = [(v, k) for v in sorted(records.MIGRATIONS) for k in range(len(records.MIGRATIONS[v]) + 1)]


@pytest.mark.parametrize("version, k", STEPS, ids=[f"step{v}-after{k}" for v, k in STEPS])
def test_a_migration_step_cut_short_is_undone_whole(monkeypatch, tmp_path, version, k) -> None:
    path = tmp_path / "records.sqlite3"
    if version >= 1:
        version_1_file(path)
    monkeypatch.setitem(records.MIGRATIONS, version, CutShort(records.MIGRATIONS[version], k))
    records._CHECKED.clear()
    with pytest.raises(Interrupted):
        Records(path)
    monkeypatch.undo()
    with Records(path) as db:
        assert db.note == "" and db.schema_version == records.SCHEMA_VERSION
        assert db.count() == (1 if version >= 1 else 0)
        db.add(a_record())
    assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]


ODD = {
    "negative-version": "PRAGMA user_version = -1",
    "text-seed": "UPDATE games SET seed = 'seven'",
    "huge-time": f"UPDATE games SET finished = {2**63 - 1}",
    "blob-name": "UPDATE seats SET name = x'00ff'",
    "text-score": "UPDATE seats SET score = 'lots'",
    "options-not-json": "UPDATE games SET options = '{'",
    "blob-actions": "UPDATE games SET actions = x'5b5d'",
}


@pytest.mark.parametrize("sql", ODD.values(), ids=ODD.keys())
def test_a_record_with_odd_values_is_moved_aside(tmp_path, sql) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as db:
        db.add(a_record())
    raw = sqlite3.connect(path)
    raw.execute(sql)
    raw.commit()
    raw.close()
    records._CHECKED.clear()
    records._SANE.clear()
    with Records(path) as db:
        assert "moved aside" in db.note and "Error" not in db.note
        assert db.count() == 0
        db.recent()
    assert len([p for p in tmp_path.iterdir() if ".corrupt-" in p.name]) == 1


def test_the_records_scene_survives_odd_values(monkeypatch, tmp_path) -> None:
    from ui_shell_support import close_app, make_app

    from tabletop.ui.scenes.dialogs import MessageDialog
    from tabletop.ui.scenes.records_scene import RecordsScene

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    path = records.default_path()
    with Records(path) as db:
        db.add(a_record())
    raw = sqlite3.connect(path)
    raw.execute(ODD["huge-time"])
    raw.commit()
    raw.close()
    records._SANE.clear()
    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(RecordsScene(app))
        for _ in range(3):
            app.step(1 / 60)
        assert isinstance(app.top, MessageDialog) and "moved aside" in app.top.text
        assert app.crashes == 0
    finally:
        close_app()


def other_programs_database(path: Path) -> bytes:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
    db.execute("INSERT INTO invoices VALUES (1, 9.5)")
    db.commit()
    db.close()
    return path.read_bytes()


def test_stats_refuses_another_programs_database_and_leaves_it(tmp_path, capsys) -> None:
    path = tmp_path / "books.db"
    before = other_programs_database(path)
    assert main(["stats", "--file", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not a record of finished games" in err and "Traceback" not in err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["books.db"]  # no -wal, nothing added


def test_stats_refuses_a_text_file_and_leaves_it(tmp_path, capsys) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n", encoding="utf-8")
    assert main(["stats", "--file", str(path)]) == 2
    assert "not a database" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert path.read_text(encoding="utf-8") == "my notes\n"


def test_stats_reads_its_own_record(tmp_path, capsys) -> None:
    path = tmp_path / "records.sqlite3"
    with Records(path) as db:
        db.add(a_record())
    assert main(["stats", "--file", str(path)]) == 0
    assert "1 finished game recorded" in capsys.readouterr().out
