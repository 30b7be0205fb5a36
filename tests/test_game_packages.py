"""Every game package has the same shape: the same file for the same role, declared on the
rules kit, with no per-game action cache, phase machine or redaction of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.engine.kit import RulesGame

GAMES = Path(__file__).resolve().parents[1] / "tabletop" / "games"
ROLES = ("game", "data", "state", "setup", "moves", "flow", "view", "scoring", "ai")
RETIRED = ("action_cache", "mk", "legal", "resolve", "turn", "rules", "log")
#: what the kit derives from the declaration: a game that writes its own has its own framework
KIT_METHODS = {
    "apply",
    "_apply",
    "play",
    "_play",
    "legal_actions",
    "view",
    "to_act",
    "revealed",
    "determinize",
    "copy",
}


def _ids() -> list[str]:
    return sorted(registry.games())


@pytest.mark.parametrize("game_id", _ids())
def test_the_package_has_one_file_per_role_and_none_of_the_retired_ones(game_id: str) -> None:
    folder = GAMES / game_id
    for role in ROLES:
        assert (folder / f"{role}.py").is_file() or (folder / role).is_dir(), role
    for old in RETIRED:
        assert not (folder / f"{old}.py").exists(), f"{game_id}/{old}.py is back"


@pytest.mark.parametrize("game_id", _ids())
def test_the_game_is_declared_on_the_kit_and_overrides_none_of_its_machinery(
    game_id: str,
) -> None:
    assert isinstance(registry.get(game_id), RulesGame)
    tree = ast.parse((GAMES / game_id / "game.py").read_text())
    defined = {
        f.name
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for f in cls.body
        if isinstance(f, ast.FunctionDef)
    }
    assert not defined & KIT_METHODS, defined & KIT_METHODS


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code (docstrings left out), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


@pytest.mark.parametrize("game_id", _ids())
def test_the_id_is_never_written_in_the_package(game_id: str) -> None:
    """The package's name is the id: the data folder and game.yaml take it from there, and
    the code never writes it (``data.GAME_ID`` derives it from the module's name, and
    ``game.py`` reads it from there)."""
    written = [
        f"{path.name}:{line}"
        for path in sorted((GAMES / game_id).rglob("*.py"))
        for line, text in _literals(path)
        if text == game_id or f"data/{game_id}" in text
    ]
    assert not written, written
