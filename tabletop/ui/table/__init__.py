"""The table: a match drawn from its views, played by drag and drop."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "TableScene":
        from tabletop.ui.table.scene import TableScene

        return TableScene
    raise AttributeError(name)
