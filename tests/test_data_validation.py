"""Card-data validation: every malformed file gives one exact, located message."""

from __future__ import annotations

from pathlib import Path

import pytest
from data_fixture import FIXTURES, copy_fixture, edit

from tabletop.engine import DataError
from tabletop.engine.data import load_game_data, read_yaml, validate_tree
from tabletop.engine.data.loader import check_folder, game_folders
from tabletop.engine.resources import data_dir

G, C, L = "data/sample/game.yaml", "data/sample/cards.yaml", "data/sample/layout.yaml"
CARD_KEYS = "art, attrs, count, deck, id, kind, name, short, text"

# (file, text to replace, replacement, the exact message)
BROKEN = {
    "yaml-syntax": (
        "game.yaml",
        "name: Sample Court",
        'name: "Sample Court',
        f"{G}: line 22, column 1: invalid YAML (found unexpected end of stream "
        "while scanning a quoted scalar started on line 3)",
    ),
    "duplicate-yaml-key": (
        "cards.yaml",
        "    name: Castle\n",
        "    name: Castle\n    name: Palace\n",
        f"{C}: line 28, column 5: duplicate key 'name' (first on line 27)",
    ),
    "missing-field": (
        "cards.yaml",
        "    name: Knight\n",
        "",
        f"{C}: cards[2].name: missing required field",
    ),
    "wrong-type": (
        "cards.yaml",
        "    count: 1\n",
        "    count: four\n",
        f"{C}: cards[3].count: expected a whole number from 1 to 1000, got 'four'",
    ),
    "wrong-type-mapping": (
        "game.yaml",
        "players: {min: 2, max: 3}",
        "players: [2, 3]",
        f"{G}: players: expected a mapping, got a list",
    ),
    "unknown-key": (
        "cards.yaml",
        "    name: Knight\n",
        "    name: Knight\n    colour: red\n",
        f"{C}: cards[2].colour: unknown field (known fields: {CARD_KEYS})",
    ),
    "misspelt-key": (
        "cards.yaml",
        "    count: 2\n",
        "    cuont: 2\n",
        f"{C}: cards[2].cuont: unknown field (did you mean 'count'? known fields: {CARD_KEYS})",
    ),
    "duplicate-id": (
        "cards.yaml",
        "  - id: brewer",
        "  - id: miller",
        f"{C}: cards[1].id: duplicate card id 'miller' (first at cards[0])",
    ),
    "negative-count": (
        "cards.yaml",
        "    count: 3\n",
        "    count: -3\n",
        f"{C}: cards[1].count: expected a whole number from 1 to 1000, got -3",
    ),
    "bad-id": (
        "cards.yaml",
        "  - id: knight",
        "  - id: Sir Knight",
        f"{C}: cards[2].id: expected an identifier (lower-case letters, digits, '-' and '_'), "
        "got 'Sir Knight'",
    ),
    "unknown-card-in-attrs": (
        "cards.yaml",
        "becomes: knight",
        "becomes: knigt",
        f"{C}: cards[1].attrs.becomes: unknown card 'knigt' (did you mean 'knight'?)",
    ),
    "unknown-card-in-zone": (
        "layout.yaml",
        "card: castle}",
        "card: palace}",
        f"{L}: zones[3].card: unknown card 'palace'",
    ),
    "unknown-attr": (
        "cards.yaml",
        "attrs: {tier: 2}",
        "attrs: {tier: 2, rank: 5}",
        f"{C}: cards[2].attrs.rank: unknown field (known fields: becomes, guilds, tier)",
    ),
    "missing-required-attr": (
        "cards.yaml",
        "attrs: {tier: 2}",
        "attrs: {}",
        f"{C}: cards[2].attrs.tier: missing required field",
    ),
    "attr-out-of-range": (
        "cards.yaml",
        "attrs: {tier: 2}",
        "attrs: {tier: 3}",
        f"{C}: cards[2].attrs.tier: expected a whole number from 1 to 2, got 3",
    ),
    "attr-not-a-choice": (
        "cards.yaml",
        "guilds: [brewery]",
        "guilds: [bakery]",
        f"{C}: cards[1].attrs.guilds[0]: expected one of mill, brewery, tower, got 'bakery'",
    ),
    "unknown-deck": (
        "cards.yaml",
        "    deck: realm\n",
        "    deck: relam\n",
        f"{C}: cards[3].deck: unknown deck 'relam' (did you mean 'realm'?) (decks: court, realm)",
    ),
    "art-outside-art-folder": (
        "cards.yaml",
        "art: sample/castle.svg",
        "art: ../castle.svg",
        f"{C}: cards[3].art: expected a relative path under art/ with '/' separators, no '..' "
        "and no drive letter, got '../castle.svg'",
    ),
    "players-inverted": (
        "game.yaml",
        "players: {min: 2, max: 3}",
        "players: {min: 4, max: 3}",
        f"{G}: players: min (4) is greater than max (3)",
    ),
    "id-not-folder": (
        "game.yaml",
        "id: sample",
        "id: example",
        f"{G}: id: expected 'sample' (the folder's name), got 'example'",
    ),
    "option-default-not-a-choice": (
        "game.yaml",
        "choices: [A, B, mixed], default: A}",
        "choices: [A, B, mixed], default: C}",
        f"{G}: options[0].default: expected one of A, B, mixed, got 'C'",
    ),
    "bool-option-default": (
        "game.yaml",
        "kind: bool, default: false",
        "kind: bool, default: maybe",
        f"{G}: options[1].default: expected true or false, got 'maybe'",
    ),
    "rect-too-short": (
        "layout.yaml",
        "rect: [0.2, 0.35, 0.6, 0.3]",
        "rect: [0.2, 0.35, 0.6]",
        f"{L}: zones[1].rect: expected exactly 4 items, got 3",
    ),
    "rect-out-of-range": (
        "layout.yaml",
        "rect: [0.2, 0.35, 0.6, 0.3]",
        "rect: [0.2, 1.35, 0.6, 0.3]",
        f"{L}: zones[1].rect[1]: expected a number from 0 to 1, got 1.35",
    ),
    "rect-past-edge": (
        "layout.yaml",
        "rect: [0.2, 0.35, 0.6, 0.3]",
        "rect: [0.6, 0.35, 0.6, 0.3]",
        f"{L}: zones[1].rect: reaches past the right edge (x + width = 1.2)",
    ),
    "seat-areas-count": (
        "layout.yaml",
        "3: [[0, 0.7, 1, 0.3], [0, 0, 0.5, 0.3], [0.5, 0, 0.5, 0.3]]",
        "3: [[0, 0.7, 1, 0.3], [0, 0, 0.5, 0.3]]",
        f"{L}: seat_areas.3: expected 3 seat areas (one per seat), got 2",
    ),
    "seat-areas-outside-range": (
        "layout.yaml",
        "  2: [[0, 0.7, 1, 0.3], [0, 0, 1, 0.3]]",
        "  1: [[0, 0.7, 1, 0.3]]",
        f"{L}: seat_areas.1: 1 players is outside the game's range 2–3",
    ),
}


def test_the_fixture_is_valid() -> None:
    data = load_game_data(folder=FIXTURES / "data" / "sample")
    assert list(data.cards) == ["miller", "brewer", "knight", "castle"]
    assert data.cards["castle"].attrs == {"tier": 2, "guilds": ["tower", "mill"]}
    assert data.game.options[0].choices == ("A", "B", "mixed")
    assert data.layout.zones[3].card == "castle"
    assert data.layout.seat_areas[3][2] == (0.5, 0.0, 0.5, 0.3)


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_one_malformed_thing_gives_one_exact_message(tmp_path: Path, case: str) -> None:
    file, old, new, message = BROKEN[case]
    folder = copy_fixture(tmp_path)
    edit(folder, file, old, new)
    with pytest.raises(DataError) as err:
        load_game_data(folder=folder)
    assert str(err.value) == message
    assert check_folder(folder) == [message]


def test_empty_file(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    (folder / "cards.yaml").write_text("# nothing yet\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game_data(folder=folder)
    assert str(err.value) == f"{C}: the file is empty"


def test_missing_file(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    (folder / "layout.yaml").unlink()
    assert check_folder(folder) == [f"{L}: file not found"]


def test_missing_art_file(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    (tmp_path / "art" / "sample" / "brewer.svg").unlink()
    assert check_folder(folder) == [f"{C}: cards[1].art: art file not found: art/sample/brewer.svg"]
    assert "brewer" in load_game_data(folder=folder, check_art=False).cards


def test_every_problem_of_a_folder_is_reported_at_once(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    for case in ("wrong-type", "unknown-key", "rect-past-edge", "option-default-not-a-choice"):
        file, old, new, _ = BROKEN[case]
        edit(folder, file, old, new)
    expected = [
        BROKEN["option-default-not-a-choice"][3],
        BROKEN["unknown-key"][3],
        BROKEN["wrong-type"][3],
        BROKEN["rect-past-edge"][3],
    ]
    assert check_folder(folder) == expected
    with pytest.raises(DataError) as err:
        load_game_data(folder=folder)
    assert str(err.value).splitlines() == expected


def test_read_yaml_reports_duplicates_in_nested_mappings(tmp_path: Path) -> None:
    p = tmp_path / "x.yaml"
    p.write_text("a:\n  b: 1\n  c: 2\n  b: 3\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        read_yaml(p, "x.yaml")
    assert str(err.value) == "x.yaml: line 4, column 3: duplicate key 'b' (first on line 2)"
    p.write_text("a: [1, 2]\nb: {c: 1}\n", encoding="utf-8")
    assert read_yaml(p) == {"a": [1, 2], "b": {"c": 1}}


def test_validate_tree_covers_every_folder(tmp_path: Path) -> None:
    good = copy_fixture(tmp_path)
    (tmp_path / "data" / "wip").mkdir()
    (tmp_path / "data" / ".hidden").mkdir()
    assert [f.name for f in game_folders(tmp_path / "data")] == ["sample", "wip"]
    assert validate_tree(tmp_path / "data") == [
        f"data/wip/{name}: file not found" for name in ("game.yaml", "cards.yaml", "layout.yaml")
    ]
    edit(good, *BROKEN["negative-count"][:3])
    assert BROKEN["negative-count"][3] in validate_tree(tmp_path / "data")


SHIPPED = game_folders(data_dir())


@pytest.mark.parametrize("folder", SHIPPED, ids=[f.name for f in SHIPPED])
def test_every_shipped_game_folder_validates(folder: Path) -> None:
    assert check_folder(folder) == []
    data = load_game_data(folder.name)
    assert data.game.id == folder.name and data.cards
