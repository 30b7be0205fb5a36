"""The autosave: a snapshot now and then, every move appended to a checksummed journal."""

from __future__ import annotations

import json

from save_support import a_game, played_match

from tabletop.controller import Match
from tabletop.controller.match import SNAPSHOT_EVERY
from tabletop.controller.saving import journal, saves
from tabletop.engine import Rng, state_digest


def _play(m: Match, n: int, seed: int = 1) -> None:
    rng = Rng(seed)
    for _ in range(n):
        if m.is_over():
            return
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))


def test_a_move_appends_to_the_journal_and_leaves_the_snapshot_alone(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    m = played_match(3, save_path=path)
    m.flush()
    snapshot = path.read_bytes()
    _play(m, 2, seed=9)
    m.flush()
    assert path.read_bytes() == snapshot  # O(1) per move: the big file is not rewritten
    lines = journal.journal_path(path).read_text().splitlines()
    assert lines[0].startswith(journal.HEADER) and len(lines) == 1 + 4
    assert m.acknowledged == 5
    again = Match.load(path)
    assert state_digest(again.game, again.state) == state_digest(m.game, m.state)


def test_a_snapshot_is_taken_every_so_many_moves(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    m = Match(a_game(), played_match(0).seats, 4, save_path=path)
    _play(m, SNAPSHOT_EVERY + 3)
    m.flush()
    n = len(m.history)
    assert len(json.loads(path.read_text())["actions"]) == SNAPSHOT_EVERY or m.is_over()
    assert len(saves.read_save(path)["actions"]) == n


def test_a_torn_last_record_is_dropped_with_a_note(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    m = played_match(6, save_path=path)
    m.flush()
    side = journal.journal_path(path)
    text = side.read_text()
    side.write_text(text[: len(text) - 7])  # the crash came in the middle of the last line
    again = Match.load(path)
    assert len(again.history) == 5
    assert "cut short" in again.load_note and "dropped" in again.load_note
    expected = played_match(5)
    assert state_digest(again.game, again.state) == state_digest(expected.game, expected.state)


def test_a_record_whose_json_is_damaged_ends_the_journal(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    m = played_match(6, save_path=path)
    m.flush()
    side = journal.journal_path(path)
    lines = side.read_text().splitlines(keepends=True)
    lines[2] = "00000000" + lines[2][8:30] + "\n"  # neither its checksum nor its JSON whole
    side.write_text("".join(lines))
    again = Match.load(path)
    assert len(again.history) == 2 and "damaged" in again.load_note


def test_a_journal_of_another_match_is_ignored(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    first = played_match(6, save_path=path)
    first.flush()
    old = journal.journal_path(path).read_text()
    second = played_match(1, seed=8, save_path=path)
    second.flush()
    journal.journal_path(path).write_text(old)  # a crash left the old journal beside it
    again = Match.load(path)
    assert len(again.history) == 1 and again.load_note == ""


def test_undo_rewrites_the_snapshot_so_the_undone_move_never_comes_back(tmp_path) -> None:
    from court_game import COURT

    from tabletop.controller import SeatConfig

    path = tmp_path / "autosave.json"
    m = Match(COURT, [SeatConfig(name="A"), SeatConfig(name="B")], 7, save_path=path)
    play = next(a for a in m.legal(0) if a.name == "play")
    m.apply(0, play)  # the first move: a whole snapshot
    assert m.undo(0)
    m.apply(0, play)  # journaled after the undo's snapshot
    assert m.undo(0)
    again = Match.load(path, COURT)
    assert len(again.history) == 0


def test_journal_records_round_trip_and_refuse_damage() -> None:
    rec = {"i": 3, "seat": 1, "action": {"name": "x", "args": {"n": 2}}, "barrier": False}
    line = journal.encode_record(rec)
    assert journal.decode_record(line) == rec
    assert journal.decode_record(line[:-1]) is None  # no newline: torn
    assert journal.decode_record(line.replace('"n":2', '"n":3')) is None


def test_an_autosave_failure_is_reported_not_raised(tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    m = played_match(2, save_path=blocker / "autosave.json")  # its folder is a file
    m.flush()
    assert m.save_error.startswith("Autosave failed")
