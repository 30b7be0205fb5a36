"""Third-party notices and the Debian copyright file, made from what is installed here."""

from __future__ import annotations

import importlib.util
import re
import sys
import warnings
from importlib import metadata
from pathlib import Path
from types import ModuleType

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"
LINUX = sys.platform.startswith("linux")


def _load(name: str, path: Path) -> ModuleType:
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


notices = _load("notices", PACKAGING / "notices.py")


def _pygame_native_libraries() -> list[str]:
    """The shared libraries inside the installed pygame-ce wheel (SDL and its codecs)."""
    files = metadata.distribution("pygame-ce").files or []
    return [
        str(f)
        for f in files
        if notices.NATIVE_SUFFIX.search(f.name)
        and ".cpython-" not in f.name
        and not f.name.endswith(".pyd")
    ]


def test_every_library_inside_pygame_ce_has_a_known_licence() -> None:
    libs = _pygame_native_libraries()
    assert libs, "pygame-ce ships SDL inside its wheel"
    comps = notices.native_components(libs)
    unknown = [c.files for c in comps if c.licence == notices.UNKNOWN]
    if LINUX:  # the wheel checked here; the Windows and macOS wheels carry other builds
        assert unknown == []
    elif unknown:
        warnings.warn(f"add these to NATIVE_LIBRARIES: {unknown}", stacklevel=1)
    names = {c.name for c in comps}
    assert {"SDL", "SDL_image", "SDL_mixer", "SDL_ttf"} <= names


def test_library_names_are_matched_by_their_stem() -> None:
    lib = notices.native_library
    assert lib("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10").name == "SDL"
    assert lib("libSDL2_mixer-2-6719e6f6.0.so.0.800.2").name == "SDL_mixer"
    assert lib("SDL2_ttf.dll").name == "SDL_ttf"
    assert lib("libopusfile-96d7a9c0.so.0.4.5").name == "Opus"
    assert lib("libz.so.1").name == "zlib" and lib("zlib1.dll").name == "zlib"
    assert lib("libzstd.so.1") is None  # "z" must not swallow other names
    assert lib("libmpg123-8b3c3c9e.so.0.49.4").licence == "LGPL-2.1-only"


def test_notices_name_each_runtime_distribution_with_its_licence_text() -> None:
    comps = notices.components(notices.runtime_top_level(), _pygame_native_libraries())
    assert not LINUX or notices.unknown(comps) == []
    text = notices.render(comps, "9.9.9")
    for dist in ("pygame-ce", "pygame_gui", "python-i18n", "PyYAML", "platformdirs"):
        version = metadata.version(dist)
        assert re.search(rf"^- {re.escape(dist)} {re.escape(version)}: \S", text, re.M), dist
    assert "tabletop" not in {c.name for c in comps}  # ours is LICENSE, not a third party
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1" in text
    assert "Python Software Foundation" in text
    assert "Licence: Zlib" in text  # SDL
    pygame = next(c for c in comps if c.name == "pygame-ce")
    assert pygame.licence == "LGPL-2.1-only" and pygame.texts


def _paragraphs(text: str) -> list[dict[str, str]]:
    paras = []
    for block in text.strip().split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if line.startswith((" ", "\t")):
                assert key, f"continuation line first in {block!r}"
                fields[key] += "\n" + line
            else:
                key, _, value = line.partition(":")
                assert re.fullmatch(r"[A-Za-z-]+", key), line
                fields[key] = value.strip()
        paras.append(fields)
    return paras


def test_debian_copyright_is_machine_readable() -> None:
    comps = notices.components(notices.runtime_top_level(), _pygame_native_libraries())
    text = notices.debian_copyright(comps, "opt/tabletop/_internal", "https://example.invalid")
    paras = _paragraphs(text)
    header, files, licences = paras[0], [], {}
    assert header["Format"].startswith("https://www.debian.org/doc/packaging-manuals/")
    for p in paras[1:]:
        if "Files" in p:
            assert p.get("Copyright") and p.get("License"), p
            files.append(p)
        else:
            assert set(p) == {"License"}, p
            licences[p["License"].split("\n")[0]] = p["License"]
    assert files[0]["Files"] == "*" and files[0]["License"] == "MIT"
    assert [p for p in files[1:] if p["Files"] == "*"] == []  # nothing overrides ours wholesale
    for p in files:
        for name in notices.licence_ids(p["License"].split("\n")[0]):
            assert name in licences, f"no License paragraph for {name}"
    assert "/usr/share/common-licenses/LGPL-2.1" in licences["LGPL-2.1-only"]
    assert "The FreeType Project LICENSE" in licences["FTL"]
    assert [p for p in files if re.search(r" (AND|OR|WITH) ", p["License"])] == []  # DEP-5 case
    assert notices.licence_ids("(FTL OR GPL-2.0-or-later) and Zlib") == [
        "FTL",
        "GPL-2.0-or-later",
        "Zlib",
    ]
