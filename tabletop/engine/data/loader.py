"""Load and validate ``data/<id>/{game,cards,layout}.yaml`` into typed models.

Every problem found in one pass is reported (structural ones from the specs, then
cross-references), each as ``data/<id>/<file>: path.to.field: what is wrong``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from tabletop.engine import resources
from tabletop.engine.data.faces import FaceDef, check_faces, check_format, face_def
from tabletop.engine.data.models import (
    CARDS_FILE,
    GAME_FILE,
    LAYOUT_FILE,
    MAX_CARDS,
    CardDef,
    GameData,
    GameDef,
    LayoutDef,
    Ruling,
    ScoreRow,
    Shown,
    Zone,
    attrs_spec,
)
from tabletop.engine.data.spec import Problems, Spec, flatten
from tabletop.engine.errors import DataError
from tabletop.engine.game import OptionSpec
from tabletop.safe_read import MB, FileProblem, Missing, read_regular

MAX_DATA_FILE = 4 * MB  # one YAML file of a game (the largest shipped is about 60 KB)

try:
    _Loader: Any = yaml.CSafeLoader  # (PyYAML's classes carry no type hints)
except AttributeError:  # PyYAML built without libyaml
    _Loader = yaml.SafeLoader

FILES = ("game.yaml", "cards.yaml", "layout.yaml")
_EPS = 1e-9


class _UniqueKeyLoader(_Loader):
    """Refuses duplicate keys inside one mapping (YAML would silently keep the last)."""


class _DuplicateKey(yaml.MarkedYAMLError):
    pass


def _construct_mapping(loader: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            first = seen.get(key)
        except TypeError:  # an unhashable key: let PyYAML report it
            continue
        if first is not None:
            raise _DuplicateKey(
                problem=f"duplicate key {key!r} (first on line {first})",
                problem_mark=key_node.start_mark,
            )
        seen[key] = key_node.start_mark.line + 1
    return _Loader.construct_mapping(loader, node, deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def display_path(path: Path) -> str:
    """``data/<id>/<file>`` when the file lives in a data folder, else the path as given."""
    parts = path.parts
    if len(parts) >= 3 and parts[-3] == "data":
        return "/".join(("data", *parts[-2:]))
    return str(path)


def read_yaml(path: Path, label: str | None = None) -> Any:
    """Parse one YAML file; syntax errors, duplicate keys and empty files become :class:`DataError`."""
    label = label or display_path(path)
    try:
        # symbolic links may point anywhere inside the data folder that holds the game
        raw = read_regular(path, MAX_DATA_FILE, inside=Path(path).absolute().parent.parent)
    except Missing:
        raise DataError(label, "", "file not found") from None
    except FileProblem as e:
        raise DataError(label, "", e.problem.removeprefix("is ")) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(label, "", f"not UTF-8 text ({e.reason})") from None
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)
    except _DuplicateKey as e:
        raise DataError(label, _where(e.problem_mark), str(e.problem)) from None
    except yaml.MarkedYAMLError as e:
        context = ""
        if e.context and e.context_mark is not None:
            context = f" {e.context} started on line {e.context_mark.line + 1}"
        problem = f"invalid YAML ({e.problem}{context})"
        raise DataError(label, _where(e.problem_mark), problem) from None
    except yaml.YAMLError as e:
        raise DataError(label, "", f"invalid YAML ({e})") from None
    except RecursionError:
        raise DataError(label, "", "invalid YAML (it nests too deeply)") from None
    except Exception as e:  # nothing a file holds may escape as a traceback
        raise DataError(label, "", f"invalid YAML ({type(e).__name__})") from None
    if data is None:
        raise DataError(label, "", "the file is empty")
    return data


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def _validate(path: Path, spec: Spec) -> tuple[str, dict[str, Any]]:
    label = display_path(path)
    return label, spec.check(read_yaml(path, label), label, "")


def _hint(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- game.yaml ---------------------------------------------------------------------


def _report_duplicates(
    label: str, items: list[dict[str, Any]], key: str, where: str, what: str, problems: Problems
) -> None:
    """Report every item whose ``key`` repeats an earlier one (naming the first)."""
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        value = item[key]
        if value in first:
            problems.add(
                label,
                f"{where}[{i}].{key}",
                f"duplicate {what} {value!r} (first at {where}[{first[value]}])",
            )
        first.setdefault(value, i)


def _option(label: str, path: str, o: dict[str, Any], problems: Problems) -> OptionSpec:
    spec = OptionSpec(o["key"], o["label"], o["default"], tuple(o["choices"]), o["kind"], o["help"])
    if spec.kind == "choice" and not spec.choices:
        problems.add(label, f"{path}.choices", "a choice option needs a list of choices")
    elif spec.kind == "bool" and not isinstance(spec.default, bool):
        problems.add(label, f"{path}.default", f"expected true or false, got {o['default']!r}")
    elif spec.kind == "int" and (type(spec.default) is not int):
        problems.add(label, f"{path}.default", f"expected a whole number, got {o['default']!r}")
    else:
        try:
            spec.check(spec.default)
        except ValueError as e:
            problem = str(e).removeprefix(f"option {spec.key}: ")
            problems.add(label, f"{path}.default", problem)
    return spec


def _load_game(folder: Path) -> GameDef:
    label, raw = _validate(folder / "game.yaml", GAME_FILE)
    problems = Problems()
    lo, hi = raw["players"]["min"], raw["players"]["max"]
    if lo > hi:
        problems.add(label, "players", f"min ({lo}) is greater than max ({hi})")
    game_id = folder.name if raw["id"] is None else raw["id"]  # (the id is the folder's name)
    if game_id != folder.name:
        problems.add(
            label, "id", f"expected {folder.name!r} (the folder's name), got {raw['id']!r}"
        )
    options = []
    _report_duplicates(label, raw["options"], "key", "options", "option", problems)
    for i, o in enumerate(raw["options"]):
        options.append(_option(label, f"options[{i}]", o, problems))
    for name, f in raw["card_fields"].items():
        if f["min"] is not None and f["max"] is not None and f["min"] > f["max"]:
            problems.add(
                label, f"card_fields.{name}", f"min ({f['min']}) is greater than max ({f['max']})"
            )
    problems.raise_if_any()
    rules = raw["rules"]
    return GameDef(
        id=game_id,
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
        guide=(raw["guide"] or {}).get("about", ""),
    )


# --- cards.yaml --------------------------------------------------------------------


def _card_refs(
    path: str, attrs: dict[str, Any], fields: dict[str, dict[str, Any]]
) -> list[tuple[str, str]]:
    """The ``(where, card id)`` references held by a card's checked attrs."""
    refs = []
    for name, value in attrs.items():
        t = fields[name]["type"]
        if t == "card":
            refs.append((f"{path}.attrs.{name}", value))
        elif t == "list-of-card":
            refs += [(f"{path}.attrs.{name}[{j}]", v) for j, v in enumerate(value)]
    return refs


def _art_root(folder: Path) -> Path:
    beside = folder.parent.parent / "art"
    return beside if beside.is_dir() else resources.art_dir()


def _load_cards(
    folder: Path, game: GameDef | None, check_art: bool
) -> tuple[dict[str, CardDef], dict[str, Any], dict[str, FaceDef]]:
    label, raw = _validate(folder / "cards.yaml", CARDS_FILE)
    problems = Problems()
    cards: dict[str, CardDef] = {}
    refs: list[tuple[str, str]] = []
    art_root = _art_root(folder)
    fields = game.card_fields if game is not None else None
    attrs = attrs_spec(fields) if fields is not None else None
    decks = raw["decks"]
    _report_duplicates(label, raw["cards"], "id", "cards", "card id", problems)
    for i, c in enumerate(raw["cards"]):
        path = f"cards[{i}]"
        if c["deck"] is not None and decks and c["deck"] not in decks:
            problems.add(
                label,
                f"{path}.deck",
                f"unknown deck {c['deck']!r}{_hint(c['deck'], decks)} (decks: {', '.join(decks)})",
            )
        if check_art and c["art"] is not None and not (art_root / c["art"]).is_file():
            problems.add(label, f"{path}.art", f"art file not found: art/{c['art']}")
        if attrs is not None and fields is not None:
            try:
                checked = attrs.check(c["attrs"], label, f"{path}.attrs")
            except DataError as e:
                problems.errors += flatten(e)
            else:
                refs += _card_refs(path, checked, fields)
        cards.setdefault(c["id"], CardDef(**c))
    for where, ref in refs:
        if ref not in cards:
            problems.add(label, where, f"unknown card {ref!r}{_hint(ref, cards)}")
    for name, deck in decks.items():
        icon = deck.get("icon")
        if check_art and icon and not (art_root / icon).is_file():
            problems.add(label, f"decks.{name}.icon", f"art file not found: art/{icon}")
    total = sum(c["count"] for c in raw["cards"])
    if total > MAX_CARDS:
        problems.add(
            label, "cards", f"the game would build {total:,} cards; the limit is {MAX_CARDS:,}"
        )
    faces = {kind: face_def(f) for kind, f in raw["faces"].items()}
    in_order = [CardDef(**c) for c in raw["cards"]]
    check_faces(label, faces, in_order, fields, art_root if check_art else None, problems)
    problems.raise_if_any()
    return cards, decks, faces


# --- layout.yaml -------------------------------------------------------------------


def _check_rect(label: str, path: str, rect: list[float], problems: Problems) -> None:
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        problems.add(label, path, "width and height must be greater than 0")
    elif x + w > 1 + _EPS:
        problems.add(label, path, f"reaches past the right edge (x + width = {x + w:g})")
    elif y + h > 1 + _EPS:
        problems.add(label, path, f"reaches past the bottom edge (y + height = {y + h:g})")


def _shown(value: str | dict[str, Any]) -> Shown:
    return Shown(label=value) if isinstance(value, str) else Shown(**value)


def _score_row(value: str | dict[str, Any]) -> ScoreRow:
    return ScoreRow(label=value) if isinstance(value, str) else ScoreRow(**value)


def _check_zone(
    label: str, path: str, z: dict[str, Any], art_root: Path | None, problems: Problems
) -> None:
    """The parts of a zone that depend on its kind."""
    if z["kind"] == "counter" and not z["resource"]:
        problems.add(label, f"{path}.resource", "a counter zone needs the resource it counts")
    if z["group"] and z["kind"] not in ("row", "grid", "fan"):
        problems.add(
            label, f"{path}.group", f"only row, fan and grid zones group cards, not {z['kind']}"
        )
    if z["crosswise"] and z["kind"] not in ("slot", "stack", "pile"):
        problems.add(
            label,
            f"{path}.crosswise",
            f"only slot, stack and pile zones lie crosswise, not {z['kind']}",
        )
    if z["viewer_only"] and z["owner"] != "seat":
        problems.add(label, f"{path}.viewer_only", "only seat zones can be the viewer's only")
    for key in ("caption", "aside"):
        if z[key] and not z["group"]:
            problems.add(label, f"{path}.{key}", f"{key} needs group (the token that forms stacks)")
    if art_root is not None and z["icon"] and not (art_root / z["icon"]).is_file():
        problems.add(label, f"{path}.icon", f"art file not found: art/{z['icon']}")


def _load_layout(
    folder: Path,
    game: GameDef | None,
    cards: dict[str, CardDef] | None,
    check_art: bool = True,
) -> LayoutDef:
    label, raw = _validate(folder / "layout.yaml", LAYOUT_FILE)
    problems = Problems()
    zones = []
    art_root = _art_root(folder) if check_art else None
    _report_duplicates(label, raw["zones"], "id", "zones", "zone id", problems)
    for i, z in enumerate(raw["zones"]):
        _check_rect(label, f"zones[{i}].rect", z["rect"], problems)
        if cards is not None and z["card"] is not None and z["card"] not in cards:
            problems.add(
                label, f"zones[{i}].card", f"unknown card {z['card']!r}{_hint(z['card'], cards)}"
            )
        _check_zone(label, f"zones[{i}]", z, art_root, problems)
        other = z["other_rect"]
        if other is not None:
            _check_rect(label, f"zones[{i}].other_rect", other, problems)
            other = tuple(other)
        zones.append(
            Zone(
                **{
                    **z,
                    "rect": tuple(z["rect"]),
                    "other_rect": other,
                    "slot_labels": tuple(z["slot_labels"]),
                }
            )
        )
    areas: dict[int, tuple[tuple[float, float, float, float], ...]] = {}
    for key, rects in raw["seat_areas"].items():
        n = int(key)
        where = f"seat_areas.{key}"
        if game is not None and not game.min_players <= n <= game.max_players:
            problems.add(
                label,
                where,
                f"{n} players is outside the game's range {game.min_players}–{game.max_players}",
            )
        if len(rects) != n:
            problems.add(label, where, f"expected {n} seat areas (one per seat), got {len(rects)}")
        for j, r in enumerate(rects):
            _check_rect(label, f"{where}[{j}]", r, problems)
        areas[n] = tuple(tuple(r) for r in rects)
    shown = {
        k: {n: _shown(v) for n, v in raw[k].items()} for k in ("resources", "tokens", "seat_marks")
    }
    scoring = {n: _score_row(v) for n, v in raw["scoring"].items()}
    for n, row in scoring.items():
        kinds = [k for k, v in (("each", row.each), ("tiebreak", row.tiebreak)) if v]
        kinds += ["fact"] if row.fact else []
        if len(kinds) > 1:
            problems.add(label, f"scoring.{n}", f"a row is one of each, tiebreak or fact: {kinds}")
    for k, table in shown.items():
        for n, v in table.items():
            if art_root is not None and v.icon and not (art_root / v.icon).is_file():
                problems.add(label, f"{k}.{n}.icon", f"art file not found: art/{v.icon}")
    for i, line in enumerate(raw["status"]):
        why = check_format(line)
        if why:
            problems.add(label, f"status[{i}]", why)
    problems.raise_if_any()
    return LayoutDef(
        tuple(zones),
        areas,
        raw["table"],
        raw["card_aspect"],
        shown["resources"],
        shown["tokens"],
        shown["seat_marks"],
        tuple(raw["status"]),
        raw["other_rect_from"],
        scoring,
    )


# --- the whole folder --------------------------------------------------------------


def load_game_data(
    game_id: str | None = None, folder: Path | None = None, check_art: bool = True
) -> GameData:
    """Load ``data/<game_id>/`` (or ``folder``), validate it and resolve cross-references.

    Raises :class:`DataError` naming file and field; when several problems are found,
    the error is a ``DataErrors`` whose message holds one line per problem.
    """
    if folder is None:
        if game_id is None:
            raise ValueError("give a game id or a folder")
        folder = resources.data_dir() / game_id
    folder = Path(folder)
    problems = Problems()
    game: GameDef | None = None
    cards: dict[str, CardDef] | None = None
    decks: dict[str, Any] = {}
    faces: dict[str, FaceDef] = {}
    layout: LayoutDef | None = None
    with problems.guard():
        game = _load_game(folder)
    with problems.guard():
        cards, decks, faces = _load_cards(folder, game, check_art)
    with problems.guard():
        layout = _load_layout(folder, game, cards, check_art)
    problems.raise_if_any()
    assert game is not None and cards is not None and layout is not None
    return GameData(folder, game, cards, decks, layout, faces)


def game_folders(root: Path) -> list[Path]:
    """The game folders under a data root (every sub-folder not starting with '.' or '_')."""
    return sorted(
        p for p in Path(root).iterdir() if p.is_dir() and not p.name.startswith((".", "_"))
    )


def check_folder(folder: Path, check_art: bool = True) -> list[str]:
    """Validate one game folder; the error messages, one per problem (empty = fine)."""
    try:
        load_game_data(folder=folder, check_art=check_art)
    except DataError as e:
        return [str(x) for x in flatten(e)]
    return []


def validate_tree(root: Path) -> list[str]:
    """Validate every game folder under ``root``; return the error messages (empty = fine)."""
    folders = game_folders(root)
    if not folders:
        return [f"{root}: no game folders found"]
    return [m for f in folders for m in check_folder(f)]


_SHIPPED: dict[str, GameData] = {}


def shipped_data(game_id: str) -> GameData:
    """The shipped ``data/<game_id>/``, loaded and validated once per process.

    Every reader of a game's data (its rules, the table, the controller) goes through here,
    so the files are read once; a failure is raised again on every call (nothing is cached).
    """
    data = _SHIPPED.get(game_id)
    if data is None:
        data = _SHIPPED[game_id] = load_game_data(game_id)
    return data
