"""``faces`` in cards.yaml: how the table draws each kind of card (style, tint, badges).

A game declares, per card ``kind``, either the ``playing-card`` style (index corners, pips and
court cards drawn from the ``rank`` and ``suit`` attrs) or an ``illustrated`` face (the
default: name, art and text) with a tint and corner badges taken from the card's attrs.
The table needs no code for a new game: it reads these declarations.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.data.spec import (
    Enum,
    ListOf,
    MapOf,
    OneOf,
    Problems,
    Record,
    Str,
    art_path,
    identifier,
)

ID = identifier()
STYLES = ("illustrated", "playing-card")
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
SHOWS = ("number", "repeat", "icon", "text")
RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "joker")
SUITS = ("s", "h", "d", "c")
RED_SUITS = ("h", "d")

COLOUR = Str(
    description="a colour: #rrggbb or a colour name",
    pattern=r"#[0-9a-fA-F]{6}|[a-z][a-z0-9 ]*",
    pattern_words="a colour (#rrggbb or a colour name)",
)
ICON = art_path("an art path under art/; {value} stands for the attr's value")
TINT = OneOf(
    (
        COLOUR,
        Record(
            required={"attr": ID, "colours": MapOf(COLOUR)},
            description="the colour of each value of an attr",
        ),
    ),
    description="the frame and name-band colour: one colour, or one per value of an attr",
)
ICONS = MapOf(ICON, description="an icon for each value of the attr (instead of icon)")
BADGE = Record(
    required={"corner": Enum(CORNERS)},
    optional={
        "attr": ID,
        "icon": ICON,
        "icons": ICONS,
        "show": Enum(SHOWS),
        "colour": COLOUR,
    },
    defaults={"attr": None, "icon": None, "icons": {}, "show": "number", "colour": None},
    description="a corner mark: the value of an attr as a number (on its icon), as its icon "
    "repeated value times, as an icon shown when the value is set, or as text",
)
EMBLEM = Record(
    optional={"attr": ID, "icon": ICON, "icons": ICONS},
    defaults={"attr": None, "icon": None, "icons": {}},
    description="a large icon in the picture area of cards without art of their own",
)
FACE = Record(
    optional={
        "style": Enum(STYLES),
        "rank": ID,
        "suit": ID,
        "tint": TINT,
        "emblem": EMBLEM,
        "badges": ListOf(BADGE),
    },
    defaults={
        "style": "illustrated",
        "rank": "rank",
        "suit": "suit",
        "tint": None,
        "emblem": None,
        "badges": [],
    },
    description="how the cards of one kind are drawn",
)
FACES = MapOf(FACE, keys=ID, description="per card kind: how the table draws its cards")


@dataclass(frozen=True)
class Badge:
    """One corner mark of a card kind."""

    corner: str
    attr: str | None = None
    icon: str | None = None
    icons: dict[str, str] = field(default_factory=dict)
    show: str = "number"
    colour: str | None = None

    def icon_for(self, value: Any) -> str | None:
        """The icon for an attr value (from ``icons``, else ``icon`` with {value})."""
        return icon_for(self.icon, self.icons, value)


@dataclass(frozen=True)
class FaceDef:
    """How the cards of one kind are drawn (see the module docstring)."""

    style: str = "illustrated"
    rank: str = "rank"
    suit: str = "suit"
    tint: str | None = None  # one colour for every card of the kind
    tint_attr: str | None = None  # or the colour of this attr's value
    tint_colours: dict[str, str] = field(default_factory=dict)
    emblem: Badge | None = None  # a large centred icon (its corner is unused)
    badges: tuple[Badge, ...] = ()


def icon_for(icon: str | None, icons: dict[str, str], value: Any) -> str | None:
    """The icon for an attr ``value``: ``icons[value]``, else ``icon`` with {value} filled in."""
    key = str(value).lower()
    if key in icons:
        return icons[key]
    if icon is None:
        return None
    return icon.replace("{value}", key)


def face_def(raw: dict[str, Any]) -> FaceDef:
    """The typed form of one checked ``faces`` entry."""
    tint = raw["tint"]
    emblem = raw["emblem"]
    return FaceDef(
        style=raw["style"],
        rank=raw["rank"],
        suit=raw["suit"],
        tint=tint if isinstance(tint, str) else None,
        tint_attr=tint["attr"] if isinstance(tint, dict) else None,
        tint_colours=dict(tint["colours"]) if isinstance(tint, dict) else {},
        emblem=Badge(corner="top-left", show="icon", **emblem) if emblem else None,
        badges=tuple(Badge(**b) for b in raw["badges"]),
    )


def _attrs_named(f: FaceDef) -> list[tuple[str, str]]:
    """(where, attr name) for every attr a face reads."""
    out = []
    if f.style == "playing-card":
        out += [("rank", f.rank), ("suit", f.suit)]
    if f.tint_attr:
        out.append(("tint.attr", f.tint_attr))
    if f.emblem and f.emblem.attr:
        out.append(("emblem.attr", f.emblem.attr))
    out += [(f"badges[{i}].attr", b.attr) for i, b in enumerate(f.badges) if b.attr]
    return out


def _marks(f: FaceDef) -> list[tuple[str, Badge]]:
    """(where, badge) for the emblem and every badge of a face."""
    out = [("emblem", f.emblem)] if f.emblem else []
    return out + [(f"badges[{i}]", b) for i, b in enumerate(f.badges)]


def check_faces(
    label: str,
    faces: dict[str, FaceDef],
    cards: list[Any],
    card_fields: dict[str, Any] | None,
    art_root: Path | None,
    problems: Problems,
) -> None:
    """Cross-check ``faces`` against the cards: kinds, attrs, ranks and suits, icon files."""
    kinds = {c.kind for c in cards}
    for kind, f in faces.items():
        where = f"faces.{kind}"
        mine = [(i, c) for i, c in enumerate(cards) if c.kind == kind]
        if not mine:
            problems.add(
                label, where, f"no card has kind {kind!r} (kinds: {', '.join(sorted(kinds))})"
            )
            continue
        if card_fields is not None:
            for path, attr in _attrs_named(f):
                if attr not in card_fields:
                    known = ", ".join(sorted(card_fields)) or "none"
                    problems.add(
                        label, f"{where}.{path}", f"unknown attr {attr!r} (card_fields: {known})"
                    )
        if f.style == "playing-card":
            _check_playing_cards(label, mine, f, problems)
        for path, b in _marks(f):
            _check_mark(label, f"{where}.{path}", b, mine, art_root, problems)


def _check_mark(
    label: str,
    where: str,
    b: Badge,
    cards: list[tuple[int, Any]],
    art_root: Path | None,
    problems: Problems,
) -> None:
    """A badge (or emblem) needs an icon to repeat or show; every icon it names must exist."""
    has_icon = b.icon or b.icons
    if b.show in ("repeat", "icon") and not has_icon:
        problems.add(label, where, f"show: {b.show} needs an icon")
    if b.attr is None and (b.show != "icon" or not b.icon):
        problems.add(label, where, "without attr, only one fixed icon can be shown")
    if art_root is None or not has_icon:
        return
    values: set[Any] = {None}
    if b.attr:
        values = set()
        for _, c in cards:
            v = c.attrs.get(b.attr)
            values |= set(v) if isinstance(v, list) else {v}
        values.discard(None)
    missing = []
    for v in sorted(values, key=str):
        rel = b.icon_for(v)
        if rel and rel not in missing and not (art_root / rel).is_file():
            missing.append(rel)
    for rel in missing:
        problems.add(label, where, f"art file not found: art/{rel}")


def _check_playing_cards(
    label: str, cards: list[tuple[int, Any]], f: FaceDef, problems: Problems
) -> None:
    for i, c in cards:
        rank = str(c.attrs.get(f.rank, "")).lower()
        suit = c.attrs.get(f.suit)
        if rank not in RANKS:
            problems.add(
                label,
                f"cards[{i}].attrs.{f.rank}",
                f"a playing card needs a rank ({', '.join(RANKS)}), got {c.attrs.get(f.rank)!r}",
            )
        if rank != "joker" and str(suit).lower() not in SUITS:
            problems.add(
                label,
                f"cards[{i}].attrs.{f.suit}",
                f"a playing card needs a suit ({', '.join(SUITS)}), got {suit!r}",
            )


def check_format(text: str) -> str | None:
    """Why ``text`` is not a usable format string (``None`` when it is)."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
    except ValueError as e:
        return f"not a valid format string: {e}"
    if any(not f for f in fields):
        return "every {…} must name a field of the view's public facts"
    return None
