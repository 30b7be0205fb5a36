"""Every game package has the same shape: the same file for the same role, declared on the
rules kit, with no per-game action cache, phase machine or redaction of its own.

Five roles are required, each in a file (or package) of its name.  Four more may keep a file
of their own or, in a small game, live in a named host file (or be left out where the kit has
a default); a file of a role's name always holds that role.  The template game
(``tests/high_card``) is held to the same shape as the registered games."""

from __future__ import annotations

import ast
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.engine.kit import RulesGame

GAMES = Path(__file__).resolve().parents[1] / "tabletop" / "games"
TEMPLATE = Path(__file__).resolve().parent / "high_card"

#: the roles every game keeps in a file of its name, and what that file holds
REQUIRED = {
    "game": "the declaration: GAME's class on the rules kit",
    "data": "the catalog read from the data folder, and GAME_ID",
    "state": "the state class and its FIELDS",
    "moves": "the move table",
    "view": "the zone table and describe (the prompt, the seats, the public facts)",
}
#: the roles a small game may merge: role -> (the kit hook that plays it, the required file
#: that may hold it instead, whether the kit's default may stand in for it)
MERGEABLE = {
    "setup": ("setup", "game", False),  # the game's own setup method
    "flow": ("advance", "moves", True),  # what follows a move; the kit's default does nothing
    "scoring": ("outcome", "game", False),  # the game's own outcome method
    "ai": ("ai", "", True),  # no AI module: the generic hooks and agents play it
}
ROLES = (*REQUIRED, *MERGEABLE)
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


def _has(folder: Path, role: str) -> bool:
    return (folder / f"{role}.py").is_file() or (folder / role / "__init__.py").is_file()


def missing_roles(folder: Path) -> list[str]:
    """The required roles the package in ``folder`` has no file for, in plain words."""
    return [
        f"{folder.name}: no {role}.py (or {role}/ package): every game needs one, holding {what}"
        for role, what in REQUIRED.items()
        if not _has(folder, role)
    ]


def misplaced_roles(folder: Path, package: str, game: Any) -> list[str]:
    """The merged roles of ``game`` (package ``package`` in ``folder``) found outside their
    host file, and the role files the game does not use."""
    cls = type(game)
    problems = []
    for role, (hook, host, default_ok) in MERGEABLE.items():
        own = _has(folder, role)
        if role == "ai":
            if own and cls.ai != ".ai":
                problems.append(
                    f"{folder.name}: ai.py is there but the game declares ai = {cls.ai!r}"
                )
            if not own and cls.ai:
                problems.append(
                    f"{folder.name}: declares ai = {cls.ai!r} but has no ai.py "
                    "(leave ai unset for the generic hooks)"
                )
            continue
        fn = getattr(cls, hook)
        if default_ok and fn is getattr(RulesGame, hook):
            continue
        where = fn.__module__
        allowed = {f"{package}.{role}", f"{package}.{host}"} if own else {f"{package}.{host}"}
        if where not in allowed:
            problems.append(
                f"{folder.name}: its {role} ({hook}) lives in {where}; it belongs in "
                f"{role}.py" + (f" or, in a small game, {host}.py" if host else "")
            )
    for role in ROLES:  # (the AI module is imported on first use, through ``ai``)
        if role != "ai" and _has(folder, role) and f"{package}.{role}" not in sys.modules:
            problems.append(f"{folder.name}: {role}.py is there but nothing imports it")
    return problems


def _packages() -> Iterator[tuple[str, Path, str, Any]]:
    """(id, folder, package, game) of every registered game and of the template."""
    for gid, game in registry.games().items():
        yield gid, GAMES / gid, f"tabletop.games.{gid}", game
    from high_card import GAME as HIGH_CARD

    yield "high_card", TEMPLATE, "high_card", HIGH_CARD


PACKAGES = {gid: (folder, package, game) for gid, folder, package, game in _packages()}


def _ids() -> list[str]:
    return sorted(PACKAGES)


@pytest.mark.parametrize("game_id", _ids())
def test_the_package_has_a_file_per_required_role_and_none_of_the_retired_ones(
    game_id: str,
) -> None:
    folder, package, game = PACKAGES[game_id]
    assert not missing_roles(folder), missing_roles(folder)
    assert not misplaced_roles(folder, package, game), misplaced_roles(folder, package, game)
    for old in RETIRED:
        assert not (folder / f"{old}.py").exists(), f"{game_id}/{old}.py is back"


def test_the_shipped_games_keep_every_role_in_its_own_file() -> None:
    """Merging is for small games: the five shipped ones keep all nine files."""
    for gid in registry.games():
        assert all(_has(GAMES / gid, role) for role in ROLES), gid


def test_the_template_merges_every_mergeable_role() -> None:
    """High Card keeps its set-up and outcome in game.py, its flow in moves.py, and has no
    AI module; the layout accepts it (and the conformance kit runs it:
    tests/test_conformance.py)."""
    assert [r for r in MERGEABLE if _has(TEMPLATE, r)] == []
    assert not missing_roles(TEMPLATE)


@pytest.mark.parametrize("role", list(REQUIRED))
def test_a_game_missing_a_required_role_is_named_with_the_role(role: str, tmp_path: Path) -> None:
    folder = tmp_path / "high_card"
    shutil.copytree(TEMPLATE, folder)
    (folder / f"{role}.py").unlink()
    assert missing_roles(folder) == [
        f"high_card: no {role}.py (or {role}/ package): every game needs one, holding "
        f"{REQUIRED[role]}"
    ]


def test_a_merged_role_outside_its_host_is_named() -> None:
    """A flow kept in a file of no role's name (here: the view) is refused, as is an AI
    module declared but absent."""
    from high_card.game import HighCardGame

    def advance(state: Any, seat: int, events: list[Any], /) -> None:
        """Stands in for a flow written in view.py."""

    advance.__module__ = "high_card.view"
    stray = type("Stray", (HighCardGame,), {"advance": staticmethod(advance), "ai": ".ai"})
    assert misplaced_roles(TEMPLATE, "high_card", stray()) == [
        "high_card: its flow (advance) lives in high_card.view; it belongs in flow.py or, "
        "in a small game, moves.py",
        "high_card: declares ai = '.ai' but has no ai.py (leave ai unset for the generic hooks)",
    ]


@pytest.mark.parametrize("game_id", _ids())
def test_the_game_is_declared_on_the_kit_and_overrides_none_of_its_machinery(
    game_id: str,
) -> None:
    folder, _package, game = PACKAGES[game_id]
    assert isinstance(game, RulesGame)
    tree = ast.parse((folder / "game.py").read_text())
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
    the code never writes it (``data.GAME_ID`` derives it from the module's name, and the
    game's class, declared with ``package=__package__``, gets it from the kit)."""
    written = [
        f"{path.name}:{line}"
        for path in sorted(PACKAGES[game_id][0].rglob("*.py"))
        for line, text in _literals(path)
        if text == game_id or f"data/{game_id}" in text
    ]
    assert not written, written
