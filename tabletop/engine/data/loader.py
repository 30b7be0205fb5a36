"""Load and validate ``data/<id>/{game,cards,layout}.yaml`` into typed models."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tabletop.engine import resources
from tabletop.engine.data.models import (
    CARDS_FILE,
    GAME_FILE,
    LAYOUT_FILE,
    CardDef,
    GameData,
    GameDef,
    LayoutDef,
    Ruling,
    Zone,
)
from tabletop.engine.data.spec import Spec
from tabletop.engine.errors import DataError
from tabletop.engine.game import OptionSpec

try:
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # PyYAML built without libyaml
    _Loader = yaml.SafeLoader

FILES = ("game.yaml", "cards.yaml", "layout.yaml")


class _UniqueKeyLoader(_Loader):  # type: ignore[misc, valid-type]
    """Refuses duplicate keys inside one mapping (YAML would silently keep the last)."""


def _construct_mapping(loader: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            line = key_node.start_mark.line + 1
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} on line {line}", key_node.start_mark
            )
        seen.add(key)
    return _Loader.construct_mapping(loader, node, deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def display_path(path: Path) -> str:
    """``data/<id>/<file>`` when the file lives in a data folder, else the path as given."""
    parts = path.parts
    if len(parts) >= 3:
        return "/".join(("data", *parts[-2:])) if parts[-3] == "data" else str(path)
    return str(path)


def read_yaml(path: Path, label: str | None = None) -> Any:
    """Parse one YAML file; syntax errors and empty files become :class:`DataError`."""
    label = label or display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(label, "", "file not found") from None
    except UnicodeDecodeError as e:
        raise DataError(label, "", f"not UTF-8 text ({e.reason})") from None
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        raise DataError(label, "", f"invalid YAML at {where}: {e.problem}") from None
    except yaml.YAMLError as e:
        raise DataError(label, "", f"invalid YAML: {e}") from None
    if data is None:
        raise DataError(label, "", "the file is empty")
    return data


def _validate(path: Path, spec: Spec) -> tuple[str, dict[str, Any]]:
    label = display_path(path)
    return label, spec.check(read_yaml(path, label), label, "")


def _game_def(label: str, raw: dict[str, Any], folder: Path) -> GameDef:
    lo, hi = raw["players"]["min"], raw["players"]["max"]
    if lo > hi:
        raise DataError(label, "players", f"min ({lo}) is greater than max ({hi})")
    if raw["id"] != folder.name:
        raise DataError(
            label, "id", f"expected {folder.name!r} (the folder's name), got {raw['id']!r}"
        )
    options = []
    seen: set[str] = set()
    for i, o in enumerate(raw["options"]):
        if o["key"] in seen:
            raise DataError(label, f"options[{i}].key", f"duplicate option {o['key']!r}")
        seen.add(o["key"])
        spec = OptionSpec(
            o["key"], o["label"], o["default"], tuple(o["choices"]), o["kind"], o["help"]
        )
        try:
            spec.check(o["default"])
        except ValueError as e:
            raise DataError(label, f"options[{i}].default", str(e)) from None
        options.append(spec)
    rules = raw["rules"]
    return GameDef(
        id=raw["id"],
        name=raw["name"],
        min_players=lo,
        max_players=hi,
        information=raw["information"],
        simultaneous=raw["simultaneous"],
        options=tuple(options),
        summary=rules["summary"],
        sections=tuple((s["title"], s["text"]) for s in rules["sections"]),
        rulings=tuple(
            Ruling(r["id"], r["question"], r["ruling"], r["source"]) for r in rules["rulings"]
        ),
        designer=raw["designer"],
        publisher=raw["publisher"],
        year=raw["year"],
        credits=raw["credits"],
        reconstruction=raw["reconstruction"],
        card_fields=raw["card_fields"],
    )


_FIELD_CHECKS = {
    "text": lambda v: isinstance(v, str),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "card": lambda v: isinstance(v, str),
}
_FIELD_WORDS = {
    "text": "text",
    "int": "a whole number",
    "number": "a number",
    "bool": "true or false",
    "card": "a card id",
}


def _check_attrs(
    label: str, path: str, attrs: dict[str, Any], fields: dict[str, dict[str, Any]]
) -> list[tuple[str, str]]:
    """Check a card's attrs against game.yaml's card_fields; return the card references to resolve."""
    refs: list[tuple[str, str]] = []
    for name, f in fields.items():
        if f["required"] and name not in attrs:
            raise DataError(label, f"{path}.attrs.{name}", "missing required field")
    for name, value in attrs.items():
        where = f"{path}.attrs.{name}"
        if name not in fields:
            known = ", ".join(sorted(fields)) or "none declared in game.yaml card_fields"
            raise DataError(label, where, f"unknown field (known fields: {known})")
        t = fields[name]["type"]
        items = value if t.startswith("list-of-") else [value]
        base = t.removeprefix("list-of-")
        if t.startswith("list-of-") and not isinstance(value, list):
            raise DataError(label, where, f"expected a list, got {value!r}")
        for j, v in enumerate(items):
            w = f"{where}[{j}]" if t.startswith("list-of-") else where
            if not _FIELD_CHECKS[base](v):
                raise DataError(label, w, f"expected {_FIELD_WORDS[base]}, got {v!r}")
            lo, hi = fields[name].get("min"), fields[name].get("max")
            if base in ("int", "number") and (
                (lo is not None and v < lo) or (hi is not None and v > hi)
            ):
                raise DataError(label, w, f"expected a value from {lo} to {hi}, got {v!r}")
            choices = fields[name].get("choices")
            if choices and v not in choices:
                raise DataError(
                    label, w, f"expected one of {', '.join(map(str, choices))}, got {v!r}"
                )
            if base == "card":
                refs.append((w, v))
    return refs


def load_game_data(
    game_id: str | None = None, folder: Path | None = None, check_art: bool = True
) -> GameData:
    """Load ``data/<game_id>/`` (or ``folder``), validate it and resolve cross-references."""
    if folder is None:
        if game_id is None:
            raise ValueError("give a game id or a folder")
        folder = resources.data_dir() / game_id
    folder = Path(folder)
    glabel, graw = _validate(folder / "game.yaml", GAME_FILE)
    game = _game_def(glabel, graw, folder)

    clabel, craw = _validate(folder / "cards.yaml", CARDS_FILE)
    cards: dict[str, CardDef] = {}
    refs: list[tuple[str, str, str]] = []
    art_root = folder.parent.parent / "art"
    if not art_root.is_dir():
        art_root = resources.art_dir()
    for i, c in enumerate(craw["cards"]):
        path = f"cards[{i}]"
        if c["id"] in cards:
            raise DataError(clabel, f"{path}.id", f"duplicate card id {c['id']!r}")
        if c["deck"] is not None and craw["decks"] and c["deck"] not in craw["decks"]:
            raise DataError(
                clabel,
                f"{path}.deck",
                f"unknown deck {c['deck']!r} (decks: {', '.join(craw['decks'])})",
            )
        if check_art and c["art"] is not None and not (art_root / c["art"]).is_file():
            raise DataError(clabel, f"{path}.art", f"art file not found: art/{c['art']}")
        refs += [
            (clabel, w, r) for w, r in _check_attrs(clabel, path, c["attrs"], game.card_fields)
        ]
        cards[c["id"]] = CardDef(**c)
    for label, where, ref in refs:
        if ref not in cards:
            raise DataError(label, where, f"unknown card {ref!r}")

    llabel, lraw = _validate(folder / "layout.yaml", LAYOUT_FILE)
    zones = []
    zone_ids: set[str] = set()
    for i, z in enumerate(lraw["zones"]):
        if z["id"] in zone_ids:
            raise DataError(llabel, f"zones[{i}].id", f"duplicate zone id {z['id']!r}")
        zone_ids.add(z["id"])
        if z["card"] is not None and z["card"] not in cards:
            raise DataError(llabel, f"zones[{i}].card", f"unknown card {z['card']!r}")
        zones.append(Zone(**{**z, "rect": tuple(z["rect"])}))
    areas: dict[int, tuple[tuple[float, float, float, float], ...]] = {}
    for key, rects in lraw["seat_areas"].items():
        try:
            n = int(key)
        except ValueError:
            raise DataError(llabel, f"seat_areas.{key}", "expected a player count as key") from None
        if not game.min_players <= n <= game.max_players:
            raise DataError(
                llabel,
                f"seat_areas.{key}",
                f"player count outside {game.min_players}–{game.max_players}",
            )
        if len(rects) != n:
            raise DataError(
                llabel, f"seat_areas.{key}", f"expected {n} seat areas, got {len(rects)}"
            )
        areas[n] = tuple(tuple(r) for r in rects)
    layout = LayoutDef(tuple(zones), areas, lraw["table"], lraw["card_aspect"])
    return GameData(folder, game, cards, craw["decks"], layout)


def validate_tree(root: Path) -> list[str]:
    """Validate every game folder under ``root``; return the error messages (empty = fine)."""
    errors = []
    folders = sorted(p for p in Path(root).iterdir() if p.is_dir() and (p / "game.yaml").exists())
    if not folders:
        return [f"{root}: no game folders found (each needs a game.yaml)"]
    for f in folders:
        try:
            load_game_data(folder=f)
        except DataError as e:
            errors.append(str(e))
    return errors
