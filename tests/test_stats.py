"""Statistics per player and game, on the screen's model and on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.controller.history.records import GameRecord, Records, SeatRecord
from tabletop.controller.history.stats import format_table, player_stats, strongest


def seats(*rows: tuple[str, str, str | None, int, bool]) -> list[SeatRecord]:
    return [SeatRecord(*r) for r in rows]


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    path = tmp_path / "records.sqlite3"
    with Records(path) as db:
        db.add(
            GameRecord(
                "majesty", {}, 1, 10.0,
                seats(("Ada", "human", None, 50, True), ("Hugo", "ai", "easy", 40, False)),
            )
        )  # fmt: skip
        db.add(
            GameRecord(
                "majesty", {}, 2, 20.0,
                seats(("Ada", "human", None, 30, False), ("Hugo", "ai", "hard", 45, True)),
            )
        )  # fmt: skip
        db.add(
            GameRecord(
                "majesty", {}, 3, 30.0,
                seats(
                    ("Ada", "human", None, 61, True),
                    ("Bea", "human", None, 61, True),
                    ("Max", "ai", "easy", 12, False),
                    ("Moe", "ai", "normal", 20, False),
                ),
            )
        )  # fmt: skip
        db.add(
            GameRecord(
                "monarch", {}, 4, 40.0,
                seats(("Ada", "human", None, 7, False), ("Bea", "human", None, 9, True)),
            )
        )  # fmt: skip
    return path


def test_figures_per_player_and_game(filled: Path) -> None:
    with Records(filled) as db:
        stats = {(s.name, s.game): s for s in player_stats(db)}
    ada = stats["Ada", "majesty"]
    assert (ada.games, ada.wins, ada.best) == (3, 2, 61)
    assert ada.average == pytest.approx((50 + 30 + 61) / 3)
    assert ada.against_text() == "easy 1/1, normal 1/1, hard 0/1"
    assert stats["Bea", "monarch"].against_text() == "people 1/1"
    assert ("Hugo (AI, easy)", "majesty") not in stats  # AI seats only on request


def test_ai_seats_on_request(filled: Path) -> None:
    with Records(filled) as db:
        names = {s.name for s in player_stats(db, include_ai=True)}
    assert {"Hugo (AI, easy)", "Hugo (AI, hard)"} <= names


def test_strongest_level() -> None:
    assert strongest(["easy", "hard", "normal"]) == "hard"
    assert strongest([]) == "people"


def test_command_prints_the_same_table(filled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--file", str(filled)]) == 0
    out = capsys.readouterr().out
    with Records(filled) as db:
        expected = format_table(player_stats(db), lambda g: {"majesty": "Majesty"}.get(g, g))
    for line in expected.splitlines()[2:4]:
        assert line in out
    assert "Majesty" in out and "4 finished games recorded." in out
    assert main(["stats", "--file", str(filled), "--game", "monarch"]) == 0
    assert "Ada" in capsys.readouterr().out


def test_command_without_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Records(tmp_path / "r.sqlite3"):
        pass
    assert main(["stats", "--file", str(tmp_path / "r.sqlite3")]) == 0
    assert "No finished games" in capsys.readouterr().out
    assert main(["stats", "--file", str(tmp_path / "missing.sqlite3")]) == 2
    assert "no record database" in capsys.readouterr().err


def test_command_with_a_damaged_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's own record, damaged, is moved aside; a file named with --file is only read."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    from tabletop.controller.history.records import default_path

    path = default_path()
    path.write_bytes(b"not sqlite" * 300)
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert "moved aside" in out.err and "No finished games" in out.out
    assert any(p.name.startswith("records.sqlite3.corrupt-") for p in path.parent.iterdir())
    other = tmp_path / "given.sqlite3"
    other.write_bytes(b"not sqlite" * 300)
    assert main(["stats", "--file", str(other)]) == 2
    assert "left as it is" in capsys.readouterr().err
    assert other.read_bytes() == b"not sqlite" * 300
