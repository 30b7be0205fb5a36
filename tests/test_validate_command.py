"""`tabletop validate`: OK lines, error messages, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from data_fixture import copy_fixture, edit
from test_data_validation import BROKEN

from tabletop.cli import main


def test_validate_a_data_folder_and_a_single_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_fixture(tmp_path)
    assert main(["validate", str(tmp_path / "data")]) == 0
    assert capsys.readouterr().out == (
        "OK   sample: Sample Court, 4 card definitions (10 cards), 4 zones\n"
    )
    edit(folder, *BROKEN["wrong-type"][:3])
    edit(folder, *BROKEN["seat-areas-count"][:3])
    assert main(["validate", str(folder)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "FAIL sample: 2 problems",
        f"  {BROKEN['wrong-type'][3]}",
        f"  {BROKEN['seat-areas-count'][3]}",
    ]


def test_validate_reports_each_game_and_a_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy_fixture(tmp_path)
    other = tmp_path / "data" / "other"
    other.mkdir()
    (other / "game.yaml").write_text("id: other\n", encoding="utf-8")
    assert main(["validate", str(tmp_path / "data")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "FAIL other: 5 problems"
    assert "  data/other/game.yaml: name: missing required field" in out
    assert "  data/other/cards.yaml: file not found" in out
    assert out[-2].startswith("OK   sample:")
    assert out[-1] == "2 games checked, 1 with problems"


def test_validate_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "nope")]) == 2
    assert capsys.readouterr().err.strip().endswith("nope: no such folder")
