"""Typed models of the three card-data files, and the specs that validate them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.data.spec import (
    AnyValue,
    Bool,
    Enum,
    Int,
    ListOf,
    MapOf,
    Num,
    OneOf,
    Record,
    Spec,
    Str,
    identifier,
)
from tabletop.engine.game import OptionSpec

ID = identifier()

OPTION = Record(
    required={"key": ID, "label": Str(), "default": AnyValue()},
    optional={
        "kind": Enum(("choice", "bool", "int", "text")),
        "choices": ListOf(AnyValue(), min_items=1),
        "help": Str(min_len=0),
    },
    defaults={"kind": "choice", "choices": [], "help": ""},
    description="one option or variant of the game",
)

SECTION = Record(required={"title": Str(), "text": Str()})
RULING = Record(
    required={"id": Str(), "question": Str(), "ruling": Str()},
    optional={"source": Str(min_len=0)},
    defaults={"source": ""},
    description="how the app settles a gap or ambiguity of the printed rules",
)

FIELD_TYPES = (
    "text",
    "int",
    "bool",
    "number",
    "card",
    "list-of-text",
    "list-of-int",
    "list-of-card",
)
CARD_FIELD = Record(
    required={"type": Enum(FIELD_TYPES)},
    optional={
        "required": Bool(),
        "min": Int(),
        "max": Int(),
        "choices": ListOf(AnyValue(), min_items=1),
        "help": Str(min_len=0),
    },
    defaults={"required": False, "min": None, "max": None, "choices": None, "help": ""},
    description="a game-specific card field allowed under a card's 'attrs'",
)

GAME_FILE = Record(
    required={
        "id": identifier("the game's id; must equal the folder's name"),
        "name": Str(),
        "players": Record(required={"min": Int(min=1, max=12), "max": Int(min=1, max=12)}),
        "rules": Record(
            required={"summary": Str()},
            optional={"sections": ListOf(SECTION), "rulings": ListOf(RULING)},
            defaults={"sections": [], "rulings": []},
        ),
    },
    optional={
        "designer": Str(),
        "publisher": Str(),
        "year": Int(min=1000, max=3000),
        "information": Enum(("perfect", "imperfect")),
        "simultaneous": Bool(),
        "options": ListOf(OPTION),
        "card_fields": MapOf(CARD_FIELD, keys=ID),
        "credits": Str(),
        "reconstruction": Str(),
    },
    defaults={
        "designer": "",
        "publisher": "",
        "year": None,
        "information": "perfect",
        "simultaneous": False,
        "options": [],
        "card_fields": {},
        "credits": "",
        "reconstruction": "",
    },
    description="data/<id>/game.yaml: a game's name, players, options and rules text",
)

ART_PATH = Str(
    description="path under art/, e.g. majesty/miller.svg",
    pattern=r"(?!/)(?!.*(?:^|/)\.\.(?:/|$))[^\\]+",
    pattern_words="a relative path under art/ with '/' separators and no '..'",
)


def card_spec(attrs: Spec | None = None, decks: tuple[str, ...] = ()) -> Record:
    """The spec of one card; ``attrs`` and ``decks`` narrow it to one game (default: any)."""
    return Record(
        required={"id": ID, "name": Str(), "kind": ID},
        optional={
            "count": Int(min=1, description="copies of this card in the game"),
            "deck": Enum(decks, description="one of the decks") if decks else ID,
            "art": ART_PATH,
            "text": Str(min_len=0),
            "attrs": attrs
            or MapOf(
                AnyValue(),
                keys=ID,
                description="game-specific fields declared in game.yaml card_fields",
            ),
        },
        defaults={"count": 1, "deck": None, "art": None, "text": "", "attrs": {}},
        description="one card definition",
    )


def cards_file_spec(attrs: Spec | None = None, decks: tuple[str, ...] = ()) -> Record:
    """The spec of cards.yaml (``attrs`` and ``decks`` as in :func:`card_spec`)."""
    return Record(
        required={"cards": ListOf(card_spec(attrs, decks), min_items=1)},
        optional={
            "decks": MapOf(
                Record(required={"name": Str()}, optional={"back": Str()}),
                keys=ID,
                description="the decks; when present every card's deck must be one of them",
            )
        },
        defaults={"decks": {}},
        description="data/<id>/cards.yaml: every card of the game",
    )


CARDS_FILE = cards_file_spec()


def _field_value_spec(f: dict[str, Any], card_ids: tuple[str, ...] | None) -> Spec:
    base = f["type"].removeprefix("list-of-")
    help_ = f.get("help", "")
    if f.get("choices"):
        return Enum(tuple(f["choices"]), description=help_)
    if base == "int":
        return Int(f.get("min"), f.get("max"), description=help_)
    if base == "number":
        return Num(f.get("min"), f.get("max"), description=help_)
    if base == "bool":
        return Bool(description=help_)
    if base == "card":
        if card_ids is not None:
            return Enum(card_ids, description=help_ or "a card id of cards.yaml")
        return identifier(help_ or "a card id of cards.yaml")
    return Str(min_len=0, description=help_)


def attrs_spec(
    card_fields: dict[str, dict[str, Any]], card_ids: tuple[str, ...] | None = None
) -> Record:
    """The spec of a card's ``attrs`` for a game's ``card_fields``.

    With ``card_ids``, ``card`` fields must name one of them (used for JSON Schema; the
    loader resolves references itself so it can report them with their path).
    """
    required: dict[str, Spec] = {}
    optional: dict[str, Spec] = {}
    for name, f in card_fields.items():
        spec = _field_value_spec(f, card_ids)
        if f["type"].startswith("list-of-"):
            spec = ListOf(spec, description=spec.description)
        (required if f.get("required") else optional)[name] = spec
    return Record(
        required=required,
        optional=optional,
        description="game-specific fields declared in game.yaml card_fields",
    )


RECT = ListOf(Num(min=0.0, max=1.0), length=4, description="[x, y, width, height] as fractions")
ZONE = Record(
    required={"id": Str(), "rect": RECT},
    optional={
        "owner": Enum(("shared", "seat")),
        "kind": Enum(("stack", "row", "column", "fan", "grid", "pile", "slot")),
        "label": Str(min_len=0),
        "card": identifier("a card id whose art labels the zone"),
        "face": Enum(("up", "down")),
        "other_rect": ListOf(
            Num(min=0.0, max=1.0),
            length=4,
            description="seat zones: the rect in the other seats' areas (default: rect)",
        ),
    },
    defaults={
        "owner": "shared",
        "kind": "row",
        "label": "",
        "card": None,
        "face": "up",
        "other_rect": None,
    },
    description="a zone of the table: where a group of cards sits",
)
PLAYER_COUNT = Str(pattern=r"[1-9][0-9]?", pattern_words="a player count")
LAYOUT_FILE = Record(
    required={"zones": ListOf(ZONE, min_items=1)},
    optional={
        "seat_areas": MapOf(
            ListOf(RECT, min_items=1),
            keys=PLAYER_COUNT,
            description="per player count: one rect per seat, index 0 = the viewer (bottom)",
        ),
        "table": Record(optional={"aspect": Num(min=0.5, max=3.0), "background": Str()}),
        "card_aspect": OneOf((Num(min=0.3, max=3.0),), description="width / height of a card"),
    },
    defaults={"seat_areas": {}, "table": {}, "card_aspect": 0.7},
    description="data/<id>/layout.yaml: zones and seat areas for every player count",
)


@dataclass(frozen=True)
class CardDef:
    """One card definition (``count`` identical copies)."""

    id: str
    name: str
    kind: str
    count: int = 1
    deck: str | None = None
    art: str | None = None
    text: str = ""
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ruling:
    id: str
    question: str
    ruling: str
    source: str = ""


@dataclass(frozen=True)
class GameDef:
    """The content of ``game.yaml``."""

    id: str
    name: str
    min_players: int
    max_players: int
    information: str
    simultaneous: bool
    options: tuple[OptionSpec, ...]
    summary: str
    sections: tuple[tuple[str, str], ...]
    rulings: tuple[Ruling, ...]
    designer: str = ""
    publisher: str = ""
    year: int | None = None
    credits: str = ""
    reconstruction: str = ""
    card_fields: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Zone:
    id: str
    rect: tuple[float, float, float, float]
    owner: str = "shared"
    kind: str = "row"
    label: str = ""
    card: str | None = None
    face: str = "up"
    other_rect: tuple[float, float, float, float] | None = None  # seat zones of non-viewers


@dataclass(frozen=True)
class LayoutDef:
    """The content of ``layout.yaml``."""

    zones: tuple[Zone, ...]
    seat_areas: dict[int, tuple[tuple[float, float, float, float], ...]]
    table: dict[str, Any]
    card_aspect: float = 0.7


@dataclass(frozen=True)
class GameData:
    """Everything loaded from ``data/<id>/``."""

    folder: Path
    game: GameDef
    cards: dict[str, CardDef]
    decks: dict[str, dict[str, str]]
    layout: LayoutDef

    def card(self, card_id: str) -> CardDef:
        """The definition of ``card_id``."""
        return self.cards[card_id]
