"""Helpers for the save tests: a real registered game, a short match saved to a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.engine import Game, Rng


def a_game() -> Game:
    """The first registered game (never a hard-coded id: ids may change)."""
    return next(iter(registry.games().values()))


def played_match(moves: int = 6, seed: int = 4, save_path: Path | None = None) -> Match:
    """A two-seat match of :func:`a_game` after ``moves`` random legal moves."""
    game = a_game()
    m = Match(
        game,
        [SeatConfig(name="Ada"), SeatConfig("ai", "Hugo", "easy")],
        seed,
        save_path=save_path,
    )
    rng = Rng(seed)
    for _ in range(moves):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    return m


def save_doc(moves: int = 6) -> dict[str, Any]:
    """A whole, valid save document (format header first)."""
    return {"format": {"kind": "tabletop-save", "version": 1}, **played_match(moves).to_json()}


def write(path: Path, doc: Any) -> Path:
    """Write ``doc`` as JSON (or ``doc`` itself when it is text)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def deep_json(levels: int = 100_000) -> str:
    """``{"x":[[[…]]]}`` nested ``levels`` deep."""
    return '{"x":' + "[" * levels + "]" * levels + "}"
