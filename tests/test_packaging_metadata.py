"""Package texts and dependencies: derived at build time, so they stay true as games come."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tabletop import registry

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


metadata = _load("metadata", PACKAGING / "metadata.py")
deb = _load("deb", PACKAGING / "linux" / "deb.py")
NOT_SHIPPED = ("Monarch", "Mayflower")  # games the app does not have (yet)


def test_description_and_keywords_name_exactly_the_registered_games() -> None:
    names = [g.info.name for g in registry.games().values()]
    text = metadata.description()
    keywords = metadata.keywords()
    for name in names:
        assert name in " ".join(text.split())
        assert name.lower() in keywords
    for other in [n for n in NOT_SHIPPED if n not in names]:
        assert other not in text and other.lower() not in keywords
    assert all(len(line) <= 72 for line in text.splitlines())
    assert keywords.endswith(";") and "cards;" in keywords


def test_a_new_game_shows_up_without_editing_the_packaging() -> None:
    names = ["Aristocracy", "Monarch (2nd edition)"]
    assert "Aristocracy and Monarch (2nd edition)" in " ".join(metadata.description(names).split())
    assert "monarch;" in metadata.keywords(names)


def test_templates_take_the_derived_texts() -> None:
    assert "@DESCRIPTION@" in (PACKAGING / "linux" / "control.in").read_text()
    desktop = (PACKAGING / "linux" / "tabletop.desktop").read_text()
    assert "Keywords=@KEYWORDS@" in desktop
    for other in NOT_SHIPPED:
        assert other.lower() not in desktop.lower()
    assert deb.control_description("a\n\nb") == " a\n .\n b"


@pytest.mark.skipif(not shutil.which("readelf"), reason="needs readelf (binutils)")
def test_depends_lists_each_system_library_the_bundle_loads(tmp_path) -> None:
    import zlib

    so = getattr(zlib, "__file__", None)
    if not so or sys.platform != "linux":
        pytest.skip("zlib is built into this Python")
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    shutil.copy(so, bundle / Path(so).name)  # an extension that loads libz.so.1
    assert "libz.so.1" in deb.system_libraries(bundle)
    depends = deb.depends(bundle)
    assert depends.startswith("libc6 (>= 2.") and "zlib1g" in depends.split(", ")
    (bundle / "libz.so.1").write_bytes(b"")  # shipped in the bundle: no system dependency
    assert "zlib1g" not in deb.depends(bundle)
