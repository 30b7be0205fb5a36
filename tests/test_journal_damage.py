"""A damaged journal of moves loses nothing it need not: the note says how many moves came
back and how many did not, the bad file is kept aside (never overwritten), and the records
after a damaged checksum are kept when the replay accepts them."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_support import played_match

from tabletop.controller import Match, SaveError
from tabletop.controller.saving import journal
from tabletop.engine import state_digest

MOVES = 12


@pytest.fixture
def autosave(tmp_path):
    """An autosave of a 12-move match: one move in the snapshot, eleven in the journal."""
    path = tmp_path / "autosave.json"
    played_match(MOVES, save_path=path).flush()
    return path


def _lines(path) -> list[bytes]:
    return journal.journal_path(path).read_bytes().splitlines(keepends=True)


def _put(path, lines: list[bytes]) -> None:
    journal.journal_path(path).write_bytes(b"".join(lines))


def _kept_aside(path) -> list[str]:
    return [p.name for p in path.parent.iterdir() if ".journal.damaged-" in p.name]


def _same_as_played(m: Match, moves: int = MOVES) -> bool:
    expected = played_match(moves)
    return state_digest(m.game, m.state) == state_digest(expected.game, expected.state)


def test_a_zeroed_checksum_keeps_the_moves_that_follow(autosave) -> None:
    lines = _lines(autosave)
    lines[3] = b"00000000" + lines[3][8:]
    _put(autosave, lines)
    again = Match.load(autosave)
    assert len(again.history) == MOVES and _same_as_played(again)
    assert "damaged at line 4" in again.load_note
    assert "11 moves from it were recovered" in again.load_note
    assert len(_kept_aside(autosave)) == 1
    third = Match.load(autosave)  # the recovered moves are in the save itself now
    assert len(third.history) == MOVES and third.load_note == ""


def test_a_damaged_record_says_how_many_moves_were_lost(autosave) -> None:
    lines = _lines(autosave)
    lines[4] = lines[4][:20] + b"\n"
    _put(autosave, lines)
    again = Match.load(autosave)
    assert len(again.history) == 4
    assert "3 moves from it were recovered and 8 could not be" in again.load_note
    assert len(_kept_aside(autosave)) == 1


@pytest.mark.parametrize("how", ["crlf", "nul-tail", "nul-between"])
def test_line_ends_and_stray_nul_bytes_lose_no_move(autosave, how) -> None:
    lines = _lines(autosave)
    if how == "crlf":
        lines = [line.replace(b"\n", b"\r\n") for line in lines]
    elif how == "nul-tail":
        lines.append(b"\x00" * 4096)
    else:
        lines.insert(5, b"\x00" * 512)
    _put(autosave, lines)
    again = Match.load(autosave)
    assert len(again.history) == MOVES and _same_as_played(again)


def test_a_journal_that_cannot_be_read_is_kept_aside_and_reported(autosave) -> None:
    side = journal.journal_path(autosave)
    if os.geteuid() != 0 if hasattr(os, "geteuid") else True:
        side.chmod(0)
    else:  # root reads any file: a folder in its place cannot be read either
        side.unlink()
        side.mkdir()
    again = Match.load(autosave)
    assert len(again.history) == 1
    assert "none of its moves could be recovered" in again.load_note
    assert "kept as autosave.json.journal.damaged-" in again.load_note
    assert not os.path.lexists(side) and len(_kept_aside(autosave)) == 1


def test_a_torn_last_record_is_reported_with_the_count(autosave) -> None:
    data = journal.journal_path(autosave).read_bytes()
    journal.journal_path(autosave).write_bytes(data[:-9])
    again = Match.load(autosave)
    assert len(again.history) == MOVES - 1
    assert "cut short" in again.load_note and "10 moves from it were recovered" in again.load_note


def test_a_move_from_the_journal_that_breaks_the_rules_keeps_the_ones_before(autosave) -> None:
    lines = _lines(autosave)
    body = b'{"i":5,"seat":0,"action":{"name":"no_such_move","args":{}},"barrier":true}'
    lines[5] = b"%08x " % __import__("zlib").crc32(body) + body + b"\n"
    _put(autosave, lines)
    again = Match.load(autosave)
    assert len(again.history) == 5 and "Move 6 from the journal" in again.load_note
    assert len(_kept_aside(autosave)) == 1
    assert len(Match.load(autosave).history) == 5


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_damage_to_the_journal_loads_or_says_why(autosave, data) -> None:
    """Bytes changed, cut or added anywhere: the save loads with its first move at least, or
    is refused with a message; never an exception of another kind."""
    raw = bytearray(journal.journal_path(autosave).read_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(len(raw) // 2, len(raw)))
    journal.journal_path(autosave).write_bytes(bytes(raw[:cut]))
    try:
        again = Match.load(autosave)
    except SaveError as e:
        assert "Error" not in str(e)
    else:
        assert len(again.history) >= 1
    finally:  # the next example starts from the whole autosave again
        for p in autosave.parent.iterdir():
            p.unlink() if not p.is_dir() else None
        played_match(MOVES, save_path=autosave).flush()
