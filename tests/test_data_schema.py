"""`tabletop schema`: valid JSON Schema that agrees with the validating specs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from data_fixture import FIXTURES, copy_fixture, edit
from test_data_validation import BROKEN

from tabletop.cli import main
from tabletop.engine import DataError
from tabletop.engine.data import load_game_data, read_yaml
from tabletop.engine.data.models import (
    GAME_FILE,
    LAYOUT_FILE,
    attrs_spec,
    cards_file_spec,
)
from tabletop.engine.data.schemas import all_schemas

SAMPLE = FIXTURES / "data" / "sample"


def _json_ready(value: Any) -> Any:
    """YAML data as JSON would hold it (mapping keys become text)."""
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_ready(v) for v in value]
    return value


def _schema_accepts(schema: dict[str, Any], data: Any) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(_json_ready(data))


def _spec_accepts(spec: Any, data: Any) -> bool:
    try:
        spec.check(data, "x.yaml", "")
    except DataError:
        return False
    return True


@pytest.fixture(scope="module")
def schemas() -> dict[str, dict[str, Any]]:
    return all_schemas(load_game_data(folder=SAMPLE))


def test_schemas_are_valid_draft_2020_12(schemas: dict[str, dict[str, Any]]) -> None:
    assert sorted(schemas) == [
        "cards.sample.schema.json",
        "cards.schema.json",
        "game.schema.json",
        "layout.schema.json",
    ]
    for doc in schemas.values():
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(doc)


def test_the_fixture_follows_every_schema(schemas: dict[str, dict[str, Any]]) -> None:
    for file in ("game", "cards", "layout"):
        data = read_yaml(SAMPLE / f"{file}.yaml")
        assert _schema_accepts(schemas[f"{file}.schema.json"], data), file
    assert _schema_accepts(schemas["cards.sample.schema.json"], read_yaml(SAMPLE / "cards.yaml"))


def test_schema_and_specs_agree_on_every_broken_case(tmp_path: Path) -> None:
    fields = load_game_data(folder=SAMPLE).game.card_fields
    ids = ("miller", "brewer", "knight", "castle")
    narrowed_spec = cards_file_spec(attrs_spec(fields, ids), ("court", "realm"))
    docs = all_schemas(load_game_data(folder=SAMPLE))
    rejected = {"game": 0, "cards": 0, "layout": 0, "narrowed": 0}
    for case, (file, old, new, _) in sorted(BROKEN.items()):
        folder = copy_fixture(tmp_path / case)
        edit(folder, file, old, new)
        try:
            data = read_yaml(folder / file)
        except DataError:
            continue  # not YAML at all: neither tool sees a document
        name = file.removesuffix(".yaml")
        pairs = {
            "game": (GAME_FILE, docs["game.schema.json"]),
            "cards": (cards_file_spec(), docs["cards.schema.json"]),
            "layout": (LAYOUT_FILE, docs["layout.schema.json"]),
        }
        checks = [(name, *pairs[name])]
        if name == "cards":
            checks.append(("narrowed", narrowed_spec, docs["cards.sample.schema.json"]))
        for label, spec, schema in checks:
            verdict = _spec_accepts(spec, data)
            assert _schema_accepts(schema, data) == verdict, (case, label)
            rejected[label] += not verdict
    # the comparison is not vacuous: many cases are structural
    assert rejected["cards"] >= 5 and rejected["layout"] >= 2 and rejected["game"] >= 1
    assert rejected["narrowed"] >= rejected["cards"] + 4


def test_schema_command_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--out", str(tmp_path), "--game", str(SAMPLE)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(all_schemas(load_game_data(folder=SAMPLE)))
    cards = json.loads((tmp_path / "cards.sample.schema.json").read_text(encoding="utf-8"))
    attrs = cards["properties"]["cards"]["items"]["properties"]["attrs"]
    assert sorted(attrs["properties"]) == ["becomes", "guilds", "tier"]
    assert attrs["required"] == ["tier"]
    assert main(["schema", "layout"]) == 0
    out = capsys.readouterr().out
    layout = json.loads(out[out.index("{") :])
    assert layout["title"] == "Tabletop layout.yaml" and "zones" in layout["required"]
    assert main(["schema", "--game", "no-such-game"]) == 2
    assert "unknown game 'no-such-game'" in capsys.readouterr().err
