"""Card data that ``validate`` used to pass but the game could not use: control characters in
text, ``null`` for a number, Mayflower decks of the wrong size.  Each is now refused by
``validate`` with the field named, and set-up runs the same deck check."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tabletop.cli import main

sys.path.insert(0, str(Path(__file__).parent / "fixtures"))
from hostile_data import CASES, build


@pytest.mark.parametrize("case", list(CASES))
def test_validate_refuses_what_the_game_could_not_use(tmp_path, capsys, case) -> None:
    folder = build(tmp_path, case)
    assert main(["validate", "--no-art", str(folder)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FAIL {folder.name}") and CASES[case][4] in out, out
    assert "Traceback" not in out


def test_the_shipped_data_still_passes(capsys) -> None:
    assert main(["validate", "--no-art"]) == 0


def test_mayflower_set_up_uses_the_same_deck_check(tmp_path) -> None:
    from tabletop.engine.data import load_game_data
    from tabletop.games.mayflower import data as mayflower_data

    folder = build(tmp_path, "hex-count")
    problems = mayflower_data.check_data(load_game_data(folder=folder, check_art=False))
    assert problems == [
        "cards.yaml: decks.numbers: its cards' counts add up to 89; Mayflower is played with 84"
    ]


def test_a_number_field_may_not_be_null_in_the_schema() -> None:
    from tabletop.engine.data.models import card_spec

    schema = card_spec().schema()
    assert schema["properties"]["count"]["type"] == "integer"
