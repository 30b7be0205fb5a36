"""What every game would repeat is declared once: the id is the data folder's name (game.yaml
need not write it), and a playing card's ranks and suits are field types of the engine that
the playing-card face reads too (issue 32)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.engine import DataError
from tabletop.engine.data import load_game_data, read_yaml
from tabletop.engine.data.faces import RANKS, SUITS
from tabletop.engine.resources import data_dir

TEMPLATE = Path(__file__).resolve().parent / "high_card"


def _copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for f in ("game.yaml", "cards.yaml", "layout.yaml"):
        shutil.copy(TEMPLATE / f, folder / f)
    return folder


def test_a_game_yaml_without_an_id_takes_its_folders_name(tmp_path: Path) -> None:
    assert "id" not in read_yaml(TEMPLATE / "game.yaml")
    data = load_game_data(folder=_copy(tmp_path, "some_game"), check_art=False)
    assert data.game.id == "some_game"


def test_an_id_that_is_written_must_still_be_the_folders_name(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "some_game")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text("id: other_game\n" + text, encoding="utf-8")
    with pytest.raises(DataError, match="expected 'some_game' \\(the folder's name\\)"):
        load_game_data(folder=folder, check_art=False)


def test_playing_card_fields_take_the_faces_ranks_and_suits(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "some_game")
    cards = (folder / "cards.yaml").read_text(encoding="utf-8")
    bad = cards.replace("attrs: {rank: '2', suit: s", "attrs: {rank: '11', suit: x", 1)
    (folder / "cards.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game_data(folder=folder, check_art=False)
    text = str(caught.value)
    # the field types' own check (the face's check says "a playing card needs …")
    assert f"attrs.rank: expected one of {', '.join(RANKS)}, got '11'" in text, text
    assert f"attrs.suit: expected one of {', '.join(SUITS)}, got 'x'" in text, text


@pytest.mark.parametrize("folder", sorted(p for p in data_dir().iterdir() if p.is_dir()))
def test_no_game_declares_the_ranks_or_suits_itself(folder: Path) -> None:
    fields = read_yaml(folder / "game.yaml").get("card_fields") or {}
    for name in ("rank", "suit"):
        if name in fields:
            assert fields[name]["type"] == f"playing-{name}", (folder.name, fields[name])
            assert "choices" not in fields[name], folder.name
