"""Each data file names its JSON Schema for editors, and the exported schema accepts it.

``# yaml-language-server: $schema=../../schemas/<file>.schema.json`` on the first line is
what the YAML language server (VS Code, Neovim, Helix…) reads; ``schemas/`` holds what
``tabletop schema --out schemas`` exports, kept current by the test below.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tabletop.engine.data.schemas import all_schemas

ROOT = Path(__file__).resolve().parent.parent
DATA_FILES = sorted((ROOT / "data").glob("*/*.yaml"))
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def _json_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_ready(v) for v in value]
    return value


def test_the_committed_schemas_are_the_exported_ones() -> None:
    exported = all_schemas()
    committed = {p.name: json.loads(p.read_text("utf-8")) for p in (ROOT / "schemas").glob("*")}
    assert committed == exported, "schemas/ is stale: run `tabletop schema --out schemas`"


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_data_file_names_a_schema_that_accepts_it(path: Path) -> None:
    first = path.read_text("utf-8").splitlines()[0]
    m = MODELINE.match(first)
    assert m, f"{path}: first line should be the yaml-language-server schema comment"
    target = (path.parent / m.group(1)).resolve()
    assert target.parent == ROOT / "schemas" and target.name == f"{path.stem}.schema.json"
    schema = all_schemas()[target.name]  # the exported schema, not only the committed copy
    data = yaml.safe_load(path.read_text("utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(_json_ready(data)), key=str)
    assert not errors, f"{path}: {errors[0].message} at {list(errors[0].absolute_path)}"
