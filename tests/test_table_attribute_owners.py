"""Each piece of the table's state is written from one file only.

Every module of ``tabletop/ui/table/`` is parsed; each write to an attribute of the table
scene, or of an object the scene builds from a class of the package (its controller, its
interaction), is collected with the file it is in.  A write is ``obj.X = ...``,
``obj.X += ...``, ``del obj.X``, ``setattr(obj, "X", ...)``, an item set or deleted
(``obj.X[k] = ...``) or a list, dict or set changed in place (``obj.X.append(...)``,
``obj.X.clear()``, ...).  ``obj`` is ``self`` in the scene's class or one of its bases, the
scene reached through a painter's argument (``sc``, ``scene``, ``table``), or
``self.<part>`` / ``sc.<part>`` for a part the scene builds (``self.ctl = TableController()``),
or a part's own reference to the scene (``self.scene``).

The painter's record (``Drawn``) is left out: the painter modules write it together, and it
is their one output (``docs/architecture.md``).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

TABLE = Path(__file__).resolve().parents[1] / "tabletop" / "ui" / "table"
SCENE = "TableScene"
SCENE_NAMES = {"sc", "scene", "table"}  # how painters and helpers name the scene
RECORDS = {"Drawn"}  # written by every painter module on purpose (see the docstring)
MUTATORS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "popitem",
    "clear",
    "update",
    "add",
    "discard",
    "setdefault",
    "sort",
    "reverse",
}


def _modules() -> dict[str, ast.Module]:
    return {p.name: ast.parse(p.read_text(), str(p)) for p in sorted(TABLE.glob("*.py"))}


def _classes(mods: dict[str, ast.Module]) -> dict[str, ast.ClassDef]:
    return {
        node.name: node
        for tree in mods.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def _base_names(cls: ast.ClassDef) -> list[str]:
    return [b.id if isinstance(b, ast.Name) else ast.unparse(b) for b in cls.bases]


def _family(classes: dict[str, ast.ClassDef]) -> set[str]:
    """The scene's class and every base of it defined in the package."""
    seen: set[str] = set()
    todo = [SCENE]
    while todo:
        name = todo.pop()
        if name in seen or name not in classes:
            continue
        seen.add(name)
        todo += _base_names(classes[name])
    return seen


def _parts(classes: dict[str, ast.ClassDef], family: set[str]) -> dict[str, str]:
    """``self.<part> = Cls(...)`` in the scene's family, ``Cls`` a class of the package."""
    parts: dict[str, str] = {}
    for name in family:
        for node in ast.walk(classes[name]):
            if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
                continue
            func = node.value.func
            made = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if made not in classes or made in RECORDS:
                continue
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    parts[target.attr] = made
    return parts


def _forwarded(classes: dict[str, ast.ClassDef], parts: dict[str, str]) -> dict[str, str]:
    """Members of the scene read from a part (``hint = _Forward("ctl")``, a class with a
    ``__get__``, named with the part): scene member → the part's class.  A change made
    through such a member (``self.tweens.clear()``) is a change of the part's field."""
    descriptors = {
        name
        for name, cls in classes.items()
        if any(getattr(f, "name", "") == "__get__" for f in cls.body)
    }
    forwarded: dict[str, str] = {}
    for node in classes[SCENE].body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        if not (isinstance(call.func, ast.Name) and call.func.id in descriptors and call.args):
            continue
        part = call.args[0]
        if isinstance(part, ast.Constant) and part.value in parts:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    forwarded[target.id] = parts[part.value]
    return forwarded


def _owner(expr: ast.expr, self_is: str | None, parts: dict[str, str]) -> str | None:
    """Whose attribute ``expr.X`` is: the scene, a part of it, a class's own, or unknown."""
    if isinstance(expr, ast.Name):
        if expr.id == "self":
            return self_is
        return SCENE if expr.id in SCENE_NAMES else None
    if isinstance(expr, ast.Attribute) and expr.attr in SCENE_NAMES:
        return SCENE  # a part's own reference to the scene (``self.scene``)
    if (
        isinstance(expr, ast.Attribute)
        and expr.attr in parts
        and _owner(expr.value, self_is, parts) == SCENE
    ):
        return parts[expr.attr]
    return None


def _written(expr: ast.expr) -> ast.Attribute | None:
    """The attribute ``expr`` writes: ``a.X`` itself, or ``a.X[...]``."""
    if isinstance(expr, ast.Subscript):
        expr = expr.value
    return expr if isinstance(expr, ast.Attribute) else None


def _writes(node: ast.AST) -> list[tuple[ast.expr, str]]:
    """(object, attribute) pairs ``node`` writes (see the module docstring)."""
    found: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    elif isinstance(node, ast.Delete):
        found = list(node.targets)
    elif isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Name) and f.id in ("setattr", "delattr") and len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                return [(node.args[0], name.value)]
        if isinstance(f, ast.Attribute) and f.attr in MUTATORS:
            found = [f.value]
    out = []
    for target in found:
        for leaf in ast.walk(target) if isinstance(target, ast.Tuple) else [target]:
            attr = _written(leaf) if isinstance(leaf, ast.expr) else None
            if attr is not None:
                out.append((attr.value, attr.attr))
    return out


def writers() -> dict[str, set[str]]:
    """``Owner.attribute`` → the files of ``ui/table/`` that write it."""
    mods = _modules()
    classes = _classes(mods)
    family = _family(classes)
    parts = _parts(classes, family)
    forwarded = _forwarded(classes, parts)
    seen: dict[str, set[str]] = defaultdict(set)

    def visit(node: ast.AST, self_is: str | None, file: str) -> None:
        if isinstance(node, ast.ClassDef):
            self_is = SCENE if node.name in family else node.name
        for obj, attr in _writes(node):
            owner = _owner(obj, self_is, parts)
            if owner == SCENE and attr in forwarded:
                owner = forwarded[attr]  # the scene's member is the part's field
            if owner is not None and owner not in RECORDS:
                seen[f"{owner}.{attr}"].add(file)
        for child in ast.iter_child_nodes(node):
            visit(child, self_is, file)

    for file, tree in mods.items():
        visit(tree, None, file)
    return seen


def test_the_scanner_sees_the_scene_and_its_parts() -> None:
    found = writers()
    assert "scene.py" in found[f"{SCENE}.match"]  # the scene's own state
    assert "interaction.py" in found["Interaction.hand"]  # a part's state, written inside it
    assert "controller.py" in found["TableController.tweens"]  # the controller's own
    assert not [a for a in found if a.startswith("Drawn.")]  # the painter's record: left out


def test_no_attribute_of_the_table_is_written_from_two_files() -> None:
    shared = {a: sorted(files) for a, files in sorted(writers().items()) if len(files) > 1}
    for attr, files in shared.items():
        print(f"{attr}: {', '.join(files)}")
    assert not shared, "written from more than one file: " + "; ".join(
        f"{a} ({', '.join(f)})" for a, f in shared.items()
    )


def _declared_in_init(cls: ast.ClassDef) -> tuple[set[str], set[str]]:
    """(attributes ``__init__`` sets on ``self``, attributes the other methods write)."""
    init: set[str] = set()
    rest: set[str] = set()
    for fn in cls.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            for obj, attr in _writes(node):
                if isinstance(obj, ast.Name) and obj.id == "self":
                    (init if fn.name == "__init__" else rest).add(attr)
    return init, rest


def test_the_controller_its_ai_jobs_and_the_online_part_declare_every_field_in_init() -> None:
    classes = _classes(_modules())
    for name in ("TableController", "AiJobs", "OnlineTable"):
        init, rest = _declared_in_init(classes[name])
        assert init, name
        assert rest <= init, f"{name} writes fields its __init__ does not declare: {rest - init}"


def test_the_scene_refuses_a_write_to_the_controllers_state() -> None:
    from court_game import COURT
    from table_driver import make_app, open_table

    from tabletop.controller import SeatConfig

    sc = open_table(make_app(), COURT, [SeatConfig(name="Ann"), SeatConfig(name="Bob")])
    assert sc.hint is sc.ctl.hint and sc.tweens is sc.ctl.tweens
    for name, value in (("hint", None), ("paused", True), ("focus", 0), ("watch_delay", 0.0)):
        with pytest.raises(AttributeError, match=r"scene\.ctl"):
            setattr(sc, name, value)  # a write lost on the scene would change nothing
    sc.final_t = -1.0  # the replay hides the final scoring: allowed, through the controller
    assert sc.ctl.final_t == -1.0
