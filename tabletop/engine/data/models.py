"""Typed models of the three card-data files, and the specs that validate them."""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.data.faces import COLOUR, FACES, RANKS, SUITS, FaceDef
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
    art_path,
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
    # a standard playing card's rank and suit (the values the playing-card face draws),
    # declared here once for every game of such cards
    "playing-rank",
    "playing-suit",
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

GUIDE = Record(
    required={
        "about": Str(
            max_len=400,
            description="one sentence for a first game: the goal, and what a turn is",
        )
    },
    description="what the table's first-game guide says about the game as a whole",
)

GAME_FILE = Record(
    required={
        "name": Str(),
        "players": Record(required={"min": Int(min=1, max=12), "max": Int(min=1, max=12)}),
        "rules": Record(
            required={"summary": Str()},
            optional={"sections": ListOf(SECTION), "rulings": ListOf(RULING)},
            defaults={"sections": [], "rulings": []},
        ),
    },
    optional={
        "id": identifier("the game's id: the folder's name, which it may repeat (and must equal)"),
        "designer": Str(),
        "publisher": Str(),
        "year": Int(min=1000, max=3000),
        "information": Enum(("perfect", "imperfect")),
        "simultaneous": Bool(),
        "options": ListOf(OPTION),
        "card_fields": MapOf(CARD_FIELD, keys=ID),
        "credits": Str(),
        "reconstruction": Str(),
        "guide": GUIDE,
    },
    defaults={
        "id": None,
        "designer": "",
        "publisher": "",
        "year": None,
        "information": "perfect",
        "simultaneous": False,
        "options": [],
        "card_fields": {},
        "credits": "",
        "reconstruction": "",
        "guide": None,
    },
    description="data/<id>/game.yaml: a game's name, players, options and rules text",
)

MAX_COPIES = 1_000  # copies of one card
MAX_CARDS = 2_000  # cards a game may build in all (the largest shipped game has a few hundred)

ART_PATH = art_path("path under art/, e.g. majesty/miller.svg")


def card_spec(attrs: Spec | None = None, decks: tuple[str, ...] = ()) -> Record:
    """The spec of one card; ``attrs`` and ``decks`` narrow it to one game (default: any)."""
    return Record(
        required={"id": ID, "name": Str(), "kind": ID},
        optional={
            "count": Int(min=1, max=MAX_COPIES, description="copies of this card in the game"),
            "short": Str(
                description="the name a small card prints where its full name does not fit: "
                "a shorter form, or the name with soft hyphens (\\u00AD) where a long word "
                "may break (the full name shows on hover)"
            ),
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
        defaults={
            "count": 1,
            "short": None,
            "deck": None,
            "art": None,
            "text": "",
            "attrs": {},
        },
        description="one card definition",
    )


def cards_file_spec(attrs: Spec | None = None, decks: tuple[str, ...] = ()) -> Record:
    """The spec of cards.yaml (``attrs`` and ``decks`` as in :func:`card_spec`)."""
    return Record(
        required={"cards": ListOf(card_spec(attrs, decks), min_items=1)},
        optional={
            "decks": MapOf(
                Record(
                    required={"name": Str()},
                    optional={
                        "back": Str(description="the name views give this deck's backs"),
                        "colour": COLOUR,
                        "icon": art_path("an emblem drawn on the back, e.g. common/coin.svg"),
                        "mark": Str(
                            description="a few letters drawn on the back's medallion (a tier's"
                            " numeral, say), so decks whose colours look alike still differ",
                        ),
                        "help": Str(
                            min_len=0,
                            description="what a card of this deck is (hover words, e.g. its frame)",
                        ),
                    },
                ),
                keys=ID,
                description="the decks; when present every card's deck must be one of them",
            ),
            "faces": FACES,
        },
        defaults={"decks": {}, "faces": {}},
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
    if base == "playing-rank":
        return Enum(RANKS, description=help_ or "a playing card's rank (a, 2…10, j, q, k, joker)")
    if base == "playing-suit":
        return Enum(SUITS, description=help_ or "a playing card's suit (s, h, d, c)")
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
ZONE_KINDS = ("stack", "row", "column", "fan", "grid", "pile", "slot", "counter")
ZONE = Record(
    required={"id": Str(), "rect": RECT},
    optional={
        "owner": Enum(("shared", "seat")),
        "kind": Enum(ZONE_KINDS),
        "label": Str(min_len=0),
        "short_label": Str(description="the label where the zone is too narrow for the full one"),
        "card": identifier("a card id whose art labels the zone"),
        "face": Enum(("up", "down")),
        "other_rect": ListOf(
            Num(min=0.0, max=1.0),
            length=4,
            description="seat zones: the rect in the other seats' areas (default: rect)",
        ),
        "live_label": Bool(description="show the label the view gives the zone, if any"),
        "viewer_only": Bool(
            description="seat zones: drawn in the viewer's area only (others' stay empty)"
        ),
        "group": identifier("row/grid zones: cards sharing this token's value form one stack"),
        "caption": identifier("grouped zones: a token whose value is printed under each stack"),
        "aside": MapOf(
            AnyValue(),
            keys=ID,
            description="grouped zones: cards whose token has this value lie crosswise "
            "under their stack (e.g. {role: production})",
        ),
        "crosswise": Bool(
            description="slot, stack and pile zones: the cards lie turned a quarter (a card laid "
            "sideways, like Mayflower's fortifying spade)"
        ),
        "resource": identifier("counter zones: the seat resource (or public fact) counted"),
        "icon": art_path(
            "an icon before the label; in a counter zone, drawn once per unit (common/coin.svg)"
        ),
        "help": Str(min_len=0, description="what the zone is and does (shown on hover)"),
        "slot_labels": ListOf(
            Str(min_len=0),
            description="row zones: words under each card position, e.g. what taking it costs",
        ),
    },
    defaults={
        "owner": "shared",
        "kind": "row",
        "label": "",
        "short_label": None,
        "card": None,
        "face": "up",
        "other_rect": None,
        "live_label": False,
        "viewer_only": False,
        "group": None,
        "caption": None,
        "aside": {},
        "crosswise": False,
        "resource": None,
        "icon": None,
        "help": "",
        "slot_labels": [],
    },
    description="a zone of the table: where a group of cards sits",
)
LABELLED = Record(
    optional={
        "label": Str(min_len=0),
        "one": Str(min_len=0),
        "short": Str(
            min_len=0,
            description="card tokens: the pill's words where the card is too narrow for "
            "'<value> <label>', with {value} for the value (the card's tip says them whole)",
        ),
        "icon": art_path(),
        "hide": Bool(),
        "colour": COLOUR,
        "help": Str(min_len=0, description="what it means (shown on hover)"),
        "dim": Bool(description="seat marks: the seat's area is greyed while the mark holds"),
    },
    defaults={
        "label": "",
        "one": "",
        "short": "",
        "icon": None,
        "hide": False,
        "colour": None,
        "help": "",
        "dim": False,
    },
    description="how a key of the view is shown: its words (and their singular), an icon, or not at all",
)
SHOWN_AS = OneOf((Str(min_len=0), LABELLED), description="a label, or {label, one, icon, hide}")
SCORE_ROW = Record(
    optional={
        "label": Str(min_len=0),
        "help": Str(min_len=0, description="what the row counts (shown on hover)"),
        "each": Int(
            min=1,
            description="a count worth this many points each: shown 'count × each', "
            "adding count × each to the total",
        ),
        "tiebreak": Int(
            min=1,
            description="not points: the row breaks ties on the total (1 = first), "
            "shown apart below the total",
        ),
        "fact": Bool(description="not points: a yes/no fact of the seat's end, shown last"),
    },
    defaults={"label": "", "help": "", "each": None, "tiebreak": None, "fact": False},
    description="a final-scoring row: points (optionally a count × points each), "
    "a tie-break or a fact",
)
SCORE_ROW_AS = OneOf((Str(min_len=0), SCORE_ROW), description="a label, or {label, help, …}")
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
        "other_rect_from": Int(
            min=1, description="zones' other_rect apply from this many players (default: always)"
        ),
        "resources": MapOf(
            SHOWN_AS, keys=ID, description="the seats' resources: words (or icon) for each key"
        ),
        "tokens": MapOf(
            SHOWN_AS, keys=ID, description="card tokens: words for each key, or hide: true"
        ),
        "seat_marks": MapOf(
            SHOWN_AS,
            keys=ID,
            description="seat facts shown beside a seat's name while true (e.g. herald)",
        ),
        "scoring": MapOf(
            SCORE_ROW_AS,
            keys=ID,
            description="final-scoring rows (the outcome's breakdown keys): words and help",
        ),
        "status": ListOf(
            Str(),
            description="lines for the side panel, formatted from the view's public facts, "
            "e.g. 'Year {year}: {royal} phase' (a line with a missing fact is left out)",
        ),
    },
    defaults={
        "seat_areas": {},
        "table": {},
        "card_aspect": 0.7,
        "other_rect_from": 1,
        "resources": {},
        "tokens": {},
        "seat_marks": {},
        "scoring": {},
        "status": [],
    },
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
    short: str | None = None  # printed where the name does not fit (full name on hover)


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
    guide: str = ""  # the first-game guide's sentence: the goal, and what a turn is


@dataclass(frozen=True)
class Zone:
    id: str
    rect: tuple[float, float, float, float]
    owner: str = "shared"
    kind: str = "row"
    label: str = ""
    short_label: str | None = None
    card: str | None = None
    face: str = "up"
    other_rect: tuple[float, float, float, float] | None = None  # seat zones of non-viewers
    live_label: bool = False
    viewer_only: bool = False
    group: str | None = None
    caption: str | None = None
    aside: dict[str, Any] = field(default_factory=dict)
    crosswise: bool = False  # slot, stack and pile zones: cards lie turned a quarter
    resource: str | None = None
    icon: str | None = None
    help: str = ""  # what the zone is and does (hover words)
    slot_labels: tuple[str, ...] = ()  # words under each card position of a row


@dataclass(frozen=True)
class Shown:
    """How one key of the view (a resource, token or seat fact) appears at the table."""

    label: str = ""
    one: str = ""  # the label after a count of exactly 1 ("point" beside "points")
    short: str = ""  # a token pill's narrow form, {value} for the value ("from {value}")
    icon: str | None = None
    hide: bool = False
    colour: str | None = None
    help: str = ""  # what it means (hover words)
    dim: bool = False  # seat marks: the seat's area is greyed while the mark holds


@dataclass(frozen=True)
class ScoreRow:
    """One final-scoring row of ``layout.yaml``: points unless ``tiebreak`` or ``fact``."""

    label: str = ""
    help: str = ""  # what the row counts (hover words)
    each: int | None = None  # a count worth this many points each ("Estates 2 × 2")
    tiebreak: int | None = None  # not points: the n-th tie-break, shown below the total
    fact: bool = False  # not points: a yes/no fact (eliminated, stopped at the year limit)


@dataclass(frozen=True)
class LayoutDef:
    """The content of ``layout.yaml``."""

    zones: tuple[Zone, ...]
    seat_areas: dict[int, tuple[tuple[float, float, float, float], ...]]
    table: dict[str, Any]
    card_aspect: float = 0.7
    resources: dict[str, Shown] = field(default_factory=dict)
    tokens: dict[str, Shown] = field(default_factory=dict)
    seat_marks: dict[str, Shown] = field(default_factory=dict)
    status: tuple[str, ...] = ()
    other_rect_from: int = 1  # other_rect only with at least this many players
    scoring: dict[str, ScoreRow] = field(default_factory=dict)  # final-scoring rows by key

    def filled_status(self, public: Mapping[str, Any]) -> Iterator[str]:
        """The status lines that ``public`` (a view's public facts) can fill, filled, in
        order; a line naming a missing or null fact, or one it cannot format, is left out."""
        for fmt in self.status:
            try:
                yield _STRICT.vformat(fmt, (), public)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                continue


class _Strict(string.Formatter):
    """A formatter that refuses a missing or null fact, so its line is left out."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        obj, used = super().get_field(field_name, args, kwargs)
        if obj is None:
            raise KeyError(field_name)
        return obj, used


_STRICT = _Strict()


@dataclass(frozen=True)
class GameData:
    """Everything loaded from ``data/<id>/``."""

    folder: Path
    game: GameDef
    cards: dict[str, CardDef]
    decks: dict[str, dict[str, str]]
    layout: LayoutDef
    faces: dict[str, FaceDef] = field(default_factory=dict)  # by card kind

    def card(self, card_id: str) -> CardDef:
        """The definition of ``card_id``."""
        return self.cards[card_id]
