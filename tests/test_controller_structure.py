"""The controller stays split by job: its sub-packages import one way, the AI hop is asked
through one face, and the app never loads the developer's tools."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "tabletop"
CONTROLLER = ROOT / "controller"
#: which of the controller's parts each part may import (every import counts: type-only
#: ones and those inside functions too); the face (``__init__.py``) may import them all
MAY_IMPORT = {
    "match": {"saving", "game_data"},
    "saving": {"game_data"},
    "history": set(),
    "ai_seats": set(),
    "replay": set(),
    "game_data": set(),
}


def _modules(path: Path, names: bool = True) -> set[str]:
    """Every module ``path`` imports; ``from m import n`` counts as ``m``, and as ``m.n`` too
    when ``names`` (``n`` may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            if names:
                found |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def _part(module: str) -> str | None:
    """``tabletop.controller.saving.journal`` → ``saving`` (``None`` outside the controller)."""
    parts = module.split(".")
    if parts[:2] != ["tabletop", "controller"] or len(parts) < 3:
        return None
    return parts[2]


def test_the_controller_parts_import_one_way() -> None:
    for path in CONTROLLER.rglob("*.py"):
        rel = path.relative_to(CONTROLLER)
        if rel == Path("__init__.py"):
            continue
        me = rel.parts[0].removesuffix(".py")
        assert me in MAY_IMPORT, f"{rel}: a controller part not in MAY_IMPORT"
        for module in _modules(path):
            other = _part(module)
            if other is None or other == me:
                continue
            assert other in MAY_IMPORT[me], f"{rel} imports {module} ({me} → {other})"


def test_the_ai_hop_is_asked_through_its_face() -> None:
    """Outside ``controller/ai_seats/`` nothing names the worker, the process or the decision
    module: the table and the server's pool ask ``tabletop.controller.ai_seats``."""
    inside = CONTROLLER / "ai_seats"
    for path in ROOT.rglob("*.py"):
        if inside in path.parents:
            continue
        for module in _modules(path, names=False):
            assert not module.startswith("tabletop.controller.ai_seats."), (
                f"{path} imports {module}"
            )


def test_the_app_never_imports_the_tools() -> None:
    for folder in ("ui", "controller", "net", "engine", "games", "ai"):
        for path in (ROOT / folder).rglob("*.py"):
            for module in _modules(path):
                assert not module.startswith("tabletop.tools"), f"{path} imports {module}"
    assert not (ROOT / "golden.py").exists() and not (ROOT / "sim.py").exists()
