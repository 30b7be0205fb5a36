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
    Str,
)
from tabletop.engine.game import OptionSpec

ID = Str(description="an identifier: lower-case letters, digits, '-' and '_'")

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

FIELD_TYPE = Enum(
    ("text", "int", "bool", "number", "card", "list-of-text", "list-of-int", "list-of-card")
)
CARD_FIELD = Record(
    required={"type": FIELD_TYPE},
    optional={
        "required": Bool(),
        "min": Int(),
        "max": Int(),
        "choices": ListOf(AnyValue()),
        "help": Str(min_len=0),
    },
    defaults={"required": False, "help": ""},
    description="a game-specific card field allowed under a card's 'attrs'",
)

GAME_FILE = Record(
    required={
        "id": ID,
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
        "card_fields": MapOf(CARD_FIELD),
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

CARD = Record(
    required={"id": ID, "name": Str(), "kind": ID},
    optional={
        "count": Int(min=1, description="copies of this card in the game"),
        "deck": ID,
        "art": Str(description="path under art/, e.g. majesty/miller.svg"),
        "text": Str(min_len=0),
        "attrs": MapOf(
            AnyValue(), description="game-specific fields declared in game.yaml card_fields"
        ),
    },
    defaults={"count": 1, "deck": None, "art": None, "text": "", "attrs": {}},
    description="one card definition",
)

CARDS_FILE = Record(
    required={"cards": ListOf(CARD, min_items=1)},
    optional={"decks": MapOf(Record(required={"name": Str()}, optional={"back": Str()}))},
    defaults={"decks": {}},
    description="data/<id>/cards.yaml: every card of the game",
)

RECT = ListOf(Num(min=0.0, max=1.0), length=4, description="[x, y, width, height] as fractions")
ZONE = Record(
    required={"id": Str(), "rect": RECT},
    optional={
        "owner": Enum(("shared", "seat")),
        "kind": Enum(("stack", "row", "column", "fan", "grid", "pile", "slot")),
        "label": Str(min_len=0),
        "card": ID,
        "face": Enum(("up", "down")),
    },
    defaults={"owner": "shared", "kind": "row", "label": "", "card": None, "face": "up"},
    description="a zone of the table: where a group of cards sits",
)
LAYOUT_FILE = Record(
    required={"zones": ListOf(ZONE, min_items=1)},
    optional={
        "seat_areas": MapOf(ListOf(RECT, min_items=1)),
        "table": Record(optional={"aspect": Num(min=0.5, max=3.0), "background": Str()}),
        "card_aspect": OneOf((Num(min=0.3, max=3.0),)),
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
