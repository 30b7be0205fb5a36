"""The kit reads a game's declaration from its package's role modules.

A game declared ``class G(RulesGame, package=__package__)`` writes in ``game.py`` only what
is its own: the kit takes the id, the zone and move tables, the state class, the set-up, the
flow, ``describe``, the rebuild, the scoring and the AI module from the files the layout names
(``tabletop.engine.kit.DERIVED``).  What ``game.py`` writes wins; a game writing again what
the layout already gives is refused (that is the repeated header this replaced); a class
left without a required declaration is refused when it is created."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

import pytest
from high_card import GAME as HIGH_CARD

from tabletop import registry
from tabletop.engine.declaration import REQUIRED, derived
from tabletop.engine.kit import RulesGame
from tabletop.games.majesty.game import MajestyGame

#: every registered game and the template, by package name
GAMES: dict[str, Any] = {
    type(g).__module__.rpartition(".")[0]: g for g in registry.games().values()
}
GAMES["high_card"] = HIGH_CARD


def _plain(value: Any) -> Any:
    """A static method's function; anything else as it is."""
    return value.__func__ if isinstance(value, staticmethod) else value


def _written(cls: type) -> set[str]:
    """The names the class body in the game's ``game.py`` assigns or defines."""
    tree = ast.parse(Path(sys.modules[cls.__module__].__file__ or "").read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    names = {f.name for f in body.body if isinstance(f, ast.FunctionDef)}
    for node in body.body:
        if isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@pytest.mark.parametrize("package", sorted(GAMES))
def test_the_game_holds_what_its_role_modules_declare_unless_it_writes_its_own(
    package: str,
) -> None:
    cls = type(GAMES[package])
    written = _written(cls)
    from_layout = derived(package)
    assert {"id", "zones", "moves", "describe", "state_type"} <= set(from_layout)
    for name, value in from_layout.items():
        held = vars(cls)[name]
        if name in written:
            assert _plain(held) != _plain(value), f"{package}: {name} is not its own"
        else:  # the very object of the role module: no wrapper on the hot paths
            assert _plain(held) == _plain(value), f"{package}: {name} is not the layout's"
    assert cls.id == package.rpartition(".")[2]


@pytest.mark.parametrize("package", sorted(GAMES))
def test_game_py_writes_nothing_the_layout_already_says(package: str) -> None:
    """``zones = view.ZONES``, ``advance = staticmethod(flow.advance)``, ``id = GAME_ID``…
    written again in ``game.py`` is the header the kit now derives."""
    cls = type(GAMES[package])
    from_layout = derived(package)
    again = [
        name
        for name in _written(cls) & set(from_layout)
        if _plain(vars(cls)[name]) == _plain(from_layout[name])
    ]
    assert not again, f"{package}/game.py writes what the layout says: {again}"


def test_the_hot_paths_are_the_rules_own_functions() -> None:
    """``advance`` is the flow's function itself and ``is_over`` one plain method, looked up
    once when the class was made (no call through the kit in between)."""
    from tabletop.games.majesty import flow

    assert vars(MajestyGame)["advance"].__func__ is flow.advance
    assert MajestyGame.is_over is RulesGame.is_over
    state = MajestyGame().new_game(2, 3)
    assert MajestyGame().is_over(state) is False


def test_a_class_left_without_a_required_declaration_is_refused_when_made() -> None:
    """High Card's package has no setup.py and no scoring.py: a class declared with it that
    does not write ``setup`` and ``outcome`` itself is refused, naming both."""
    assert set(REQUIRED) == {"setup", "describe", "outcome"}
    with pytest.raises(TypeError, match=r"Bare declares no setup, outcome: .*setup\.new_state"):

        class Bare(RulesGame, package="high_card"):
            """Only what the layout gives."""


def test_a_subclass_declared_elsewhere_keeps_its_parents_declaration() -> None:
    class Sub(MajestyGame):
        """A test's variant: no package of its own."""

    assert (Sub.ai, Sub._ai_package) == (".ai", "tabletop.games.majesty")
    assert Sub.zones is MajestyGame.zones and Sub.id == "majesty"
