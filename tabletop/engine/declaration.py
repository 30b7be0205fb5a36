"""What a game's class gets from its package's role modules.

A game declared ``class G(RulesGame, package=__package__)`` (:mod:`.kit`) writes in
``game.py`` only what is its own: the package layout already says where each declaration
lives (``view.ZONES``, ``moves.MOVES``, ``setup.new_state``, ``flow.advance``…), so the kit
reads them from there, once, when the class is made.  What the class writes itself wins.
Functions are installed as static methods: the hot paths call the rules' own functions.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any

#: what a game declared with its package gets from its role modules, when its class does
#: not write it: declaration -> (role module, name there); functions become static methods
DERIVED: dict[str, tuple[str, str]] = {
    "zones": ("view", "ZONES"),
    "moves": ("moves", "MOVES"),
    "describe": ("view", "describe"),
    "from_view": ("view", "rebuild"),
    "setup": ("setup", "new_state"),
    "rules_figures": ("setup", "rules_figures"),
    "advance": ("flow", "advance"),
    "advance_quiet": ("flow", "advance_quiet"),
    "outcome": ("scoring", "outcome"),
    "summary_stats": ("scoring", "summary_stats"),
}
#: the declarations every game must end up with (written or derived)
REQUIRED = ("setup", "describe", "outcome")
_TABLES = ("zones", "moves", "from_view")  # kept as they are, never made static methods


def derive(cls: Any, package: str) -> None:
    """Set on ``cls`` (a :class:`~tabletop.engine.kit.RulesGame`; not imported here, which
    :mod:`.kit` imports) what it does not write itself, from ``package``'s role modules."""
    own = vars(cls)
    for name, value in derived(package).items():
        if name not in own:
            setattr(cls, name, value)
    if "ai" in vars(cls):
        cls._ai_package = package


def derived(package: str) -> dict[str, Any]:
    """What the kit reads from ``package``'s role modules for a game declared with it
    (functions as static methods): :data:`DERIVED`, the id from the package's name,
    ``state_type`` from ``state.FIELDS`` and ``ai`` when there is an ``ai.py``."""
    found: dict[str, Any] = {"id": package.rpartition(".")[2]}
    for name, (role, attr) in DERIVED.items():
        module = _role(package, role)
        if module is not None and hasattr(module, attr):
            value = getattr(module, attr)
            found[name] = value if name in _TABLES else staticmethod(value)
    fields = getattr(_role(package, "state"), "FIELDS", None)
    if fields is not None:
        found["state_type"] = fields.cls
    if find_spec(f"{package}.ai") is not None:
        found["ai"] = ".ai"
    return found


def _role(package: str, role: str) -> Any:
    """The role module ``package.role`` (imported), or None when the package has none."""
    name = f"{package}.{role}"
    return import_module(name) if find_spec(name) is not None else None
