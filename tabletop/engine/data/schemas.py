"""JSON Schema (draft 2020-12) documents for the three data files, from the validating specs."""

from __future__ import annotations

from typing import Any

from tabletop.engine.data.models import (
    GAME_FILE,
    LAYOUT_FILE,
    GameData,
    attrs_spec,
    cards_file_spec,
)
from tabletop.engine.data.spec import JSON_SCHEMA_DIALECT, Spec

BASE_ID = "https://tabletop.invalid/schema/"


def _document(spec: Spec, name: str, title: str) -> dict[str, Any]:
    body = spec.schema()
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": BASE_ID + name, "title": title, **body}


def game_schema() -> dict[str, Any]:
    """The schema of ``game.yaml``."""
    return _document(GAME_FILE, "game.schema.json", "Tabletop game.yaml")


def cards_schema(data: GameData | None = None) -> dict[str, Any]:
    """The schema of ``cards.yaml``; with a game's data, ``attrs`` follow its ``card_fields``.

    The narrowed schema also limits ``card`` fields and ``deck`` to that game's ids.
    """
    if data is None:
        return _document(cards_file_spec(), "cards.schema.json", "Tabletop cards.yaml")
    attrs = attrs_spec(data.game.card_fields, tuple(data.cards))
    return _document(
        cards_file_spec(attrs, tuple(data.decks)),
        f"cards.{data.game.id}.schema.json",
        f"Tabletop cards.yaml of {data.game.name}",
    )


def layout_schema() -> dict[str, Any]:
    """The schema of ``layout.yaml``."""
    return _document(LAYOUT_FILE, "layout.schema.json", "Tabletop layout.yaml")


def all_schemas(data: GameData | None = None) -> dict[str, dict[str, Any]]:
    """File name → schema for the three files (``cards`` narrowed when ``data`` is given)."""
    return {
        "game.schema.json": game_schema(),
        "cards.schema.json": cards_schema(),
        "layout.schema.json": layout_schema(),
        **({f"cards.{data.game.id}.schema.json": cards_schema(data)} if data else {}),
    }
