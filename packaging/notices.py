"""Third-party notices for a frozen bundle, made at build time from what it really holds.

``tabletop.spec`` calls :func:`write_notices` with the modules and binaries PyInstaller
collected: each installed distribution those modules come from (with its licence files),
each native library bundled inside a wheel (SDL and its codecs inside pygame-ce), the
Python runtime, the fonts, and on Linux the system libraries copied in (with Debian's own
copyright file for each). The same list gives the .deb's machine-readable ``copyright``
(:func:`debian_copyright`).

    python packaging/notices.py            # print the notices for this environment
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TEXTS = HERE / "licenses"
NOTICES_NAME = "THIRD-PARTY-NOTICES.txt"
UNKNOWN = "LicenseRef-unknown"

# Licence texts kept in packaging/licenses/ (the generic ones get the holders written above).
LICENCE_FILES = {
    "LGPL-2.1-only": "LGPL-2.1.txt",
    "LGPL-2.1-or-later": "LGPL-2.1.txt",
    "MIT": "MIT.txt",
    "BSD-3-Clause": "BSD-3-Clause.txt",
    "Zlib": "Zlib.txt",
    # taken from the Debian copyright files of libfreetype6, libpng16-16, libtiff6 and
    # libjpeg62-turbo (Debian bookworm)
    "FTL": "FTL.txt",
    "Libpng": "Libpng.txt",
    "libtiff": "libtiff.txt",
    "IJG": "IJG.txt",
}


def licence_ids(expression: str) -> list[str]:
    """The licence identifiers of an SPDX expression, in order (``WITH`` exceptions too)."""
    parts = re.split(r"\s+(?:AND|OR|WITH)\s+|[()]", expression, flags=re.I)
    return [p.strip() for p in parts if p.strip()]


def licence_texts(expression: str) -> list[tuple[str, str]]:
    """(identifier, text) for each identifier of the expression whose text is kept here."""
    files = {LICENCE_FILES[i]: i for i in licence_ids(expression) if i in LICENCE_FILES}
    return [(i, (TEXTS / f).read_text("utf-8")) for f, i in files.items()]


@dataclass(frozen=True)
class NativeLibrary:
    """What is known about a native library shipped inside a wheel."""

    name: str
    licence: str  # SPDX expression
    copyright: str
    homepage: str


# Native libraries that wheels (pygame-ce above all) bundle, by the start of their file name
# with any leading "lib" dropped, lower case. A library not listed is reported as unknown and
# fails the packaging tests, so a new one is looked at before it ships.
NATIVE_LIBRARIES: tuple[tuple[str, NativeLibrary], ...] = (
    (
        "sdl2_image",
        NativeLibrary(
            "SDL_image",
            "Zlib",
            "Sam Lantinga and the SDL_image authors",
            "https://github.com/libsdl-org/SDL_image",
        ),
    ),
    (
        "sdl2_mixer",
        NativeLibrary(
            "SDL_mixer",
            "Zlib",
            "Sam Lantinga and the SDL_mixer authors",
            "https://github.com/libsdl-org/SDL_mixer",
        ),
    ),
    (
        "sdl2_ttf",
        NativeLibrary(
            "SDL_ttf",
            "Zlib",
            "Sam Lantinga and the SDL_ttf authors",
            "https://github.com/libsdl-org/SDL_ttf",
        ),
    ),
    (
        "sdl2",
        NativeLibrary("SDL", "Zlib", "Sam Lantinga and the SDL authors", "https://libsdl.org"),
    ),
    (
        "freetype",
        NativeLibrary(
            "FreeType",
            "FTL OR GPL-2.0-or-later",
            "The FreeType Project (www.freetype.org); used under the FreeType Licence (FTL). Portions of this software are copyright The FreeType Project (www.freetype.org). All rights reserved.",
            "https://freetype.org",
        ),
    ),
    (
        "harfbuzz",
        NativeLibrary("HarfBuzz", "MIT", "The HarfBuzz authors", "https://harfbuzz.github.io"),
    ),
    (
        "png",
        NativeLibrary(
            "libpng",
            "Libpng",
            "The libpng authors (Cosmin Truta, Glenn Randers-Pehrson, Andreas Dilger, Guy Eric Schalnat and others)",
            "http://www.libpng.org/pub/png/libpng.html",
        ),
    ),
    (
        "jpeg",
        NativeLibrary(
            "libjpeg-turbo",
            "IJG AND BSD-3-Clause AND Zlib",
            "The libjpeg-turbo Project and the Independent JPEG Group. This software is based in part on the work of the Independent JPEG Group.",
            "https://libjpeg-turbo.org",
        ),
    ),
    (
        "turbojpeg",
        NativeLibrary(
            "libjpeg-turbo",
            "IJG AND BSD-3-Clause AND Zlib",
            "The libjpeg-turbo Project and the Independent JPEG Group. This software is based in part on the work of the Independent JPEG Group.",
            "https://libjpeg-turbo.org",
        ),
    ),
    (
        "tiff",
        NativeLibrary(
            "LibTIFF",
            "libtiff",
            "Sam Leffler and Silicon Graphics, Inc.",
            "https://libtiff.gitlab.io/libtiff/",
        ),
    ),
    (
        "webp",
        NativeLibrary(
            "libwebp",
            "BSD-3-Clause",
            "Google Inc.",
            "https://chromium.googlesource.com/webm/libwebp",
        ),
    ),
    (
        "sharpyuv",
        NativeLibrary(
            "libwebp (sharpyuv)",
            "BSD-3-Clause",
            "Google Inc.",
            "https://chromium.googlesource.com/webm/libwebp",
        ),
    ),
    (
        "brotli",
        NativeLibrary("Brotli", "MIT", "The Brotli authors", "https://github.com/google/brotli"),
    ),
    (
        "flac",
        NativeLibrary(
            "FLAC",
            "BSD-3-Clause",
            "Josh Coalson and the Xiph.Org Foundation",
            "https://xiph.org/flac/",
        ),
    ),
    (
        "ogg",
        NativeLibrary("libogg", "BSD-3-Clause", "The Xiph.Org Foundation", "https://xiph.org/ogg/"),
    ),
    (
        "vorbis",
        NativeLibrary(
            "libvorbis", "BSD-3-Clause", "The Xiph.Org Foundation", "https://xiph.org/vorbis/"
        ),
    ),
    (
        "opus",
        NativeLibrary(
            "Opus",
            "BSD-3-Clause",
            "The Xiph.Org Foundation, Skype Limited, Microsoft Corporation and others",
            "https://opus-codec.org",
        ),
    ),
    (
        "asound",
        NativeLibrary(
            "ALSA library (alsa-lib)",
            "LGPL-2.1-or-later",
            "Jaroslav Kysela, Abramo Bagnara, Takashi Iwai and the ALSA authors",
            "https://www.alsa-project.org",
        ),
    ),
    (
        "mpg123",
        NativeLibrary(
            "mpg123",
            "LGPL-2.1-only",
            "Michael Hipp and the mpg123 project",
            "https://www.mpg123.de",
        ),
    ),
    (
        "xmp",
        NativeLibrary(
            "libxmp",
            "MIT",
            "Claudio Matsuoka, Hipolito Carraro Jr and the libxmp authors",
            "https://xmp.sourceforge.net",
        ),
    ),
    (
        "fluidsynth",
        NativeLibrary(
            "FluidSynth",
            "LGPL-2.1-or-later",
            "Peter Hanappe and the FluidSynth authors",
            "https://www.fluidsynth.org",
        ),
    ),
    (
        "wavpack",
        NativeLibrary("WavPack", "BSD-3-Clause", "David Bryant", "https://www.wavpack.com"),
    ),
    (
        "sndfile",
        NativeLibrary(
            "libsndfile",
            "LGPL-2.1-or-later",
            "Erik de Castro Lopo and the libsndfile authors",
            "https://libsndfile.github.io/libsndfile/",
        ),
    ),
    (
        "modplug",
        NativeLibrary(
            "libmodplug",
            "LicenseRef-public-domain",
            "Olivier Lapicque and Konstanty Bialkowski (placed in the public domain)",
            "https://github.com/Konstanty/libmodplug",
        ),
    ),
    (
        "portmidi",
        NativeLibrary(
            "PortMidi",
            "MIT",
            "Roger B. Dannenberg and the PortMidi authors",
            "https://github.com/PortMidi/portmidi",
        ),
    ),
    ("z", NativeLibrary("zlib", "Zlib", "Jean-loup Gailly and Mark Adler", "https://zlib.net")),
    ("zlib", NativeLibrary("zlib", "Zlib", "Jean-loup Gailly and Mark Adler", "https://zlib.net")),
    (
        "bz2",
        NativeLibrary("bzip2", "bzip2-1.0.6", "Julian Seward", "https://sourceware.org/bzip2/"),
    ),
    (
        "lzma",
        NativeLibrary(
            "XZ Utils (liblzma)",
            "0BSD",
            "Lasse Collin and the XZ Utils authors",
            "https://tukaani.org/xz/",
        ),
    ),
    (
        "ffi",
        NativeLibrary(
            "libffi",
            "MIT",
            "Anthony Green, Red Hat, Inc. and others",
            "https://sourceware.org/libffi/",
        ),
    ),
    (
        "ssl",
        NativeLibrary(
            "OpenSSL", "Apache-2.0", "The OpenSSL Project Authors", "https://www.openssl.org"
        ),
    ),
    (
        "crypto",
        NativeLibrary(
            "OpenSSL", "Apache-2.0", "The OpenSSL Project Authors", "https://www.openssl.org"
        ),
    ),
    (
        "sqlite3",
        NativeLibrary(
            "SQLite",
            "blessing",
            "The SQLite authors (placed in the public domain)",
            "https://sqlite.org",
        ),
    ),
    (
        "mpdec",
        NativeLibrary(
            "libmpdec", "BSD-2-Clause", "Stefan Krah", "https://www.bytereef.org/mpdecimal/"
        ),
    ),
    (
        "expat",
        NativeLibrary(
            "Expat",
            "MIT",
            "Thai Open Source Software Center Ltd, Clark Cooper and the Expat maintainers",
            "https://libexpat.github.io",
        ),
    ),
    (
        "gcc_s",
        NativeLibrary(
            "GCC runtime library",
            "GPL-3.0-or-later WITH GCC-exception-3.1",
            "Free Software Foundation, Inc.",
            "https://gcc.gnu.org",
        ),
    ),
    (
        "stdc++",
        NativeLibrary(
            "GNU C++ library",
            "GPL-3.0-or-later WITH GCC-exception-3.1",
            "Free Software Foundation, Inc.",
            "https://gcc.gnu.org",
        ),
    ),
    (
        "vcruntime",
        NativeLibrary(
            "Microsoft Visual C++ runtime",
            "LicenseRef-MSVC-redistributable",
            "Microsoft Corporation (redistributable under the Visual Studio licence terms)",
            "https://learn.microsoft.com/cpp/windows/latest-supported-vc-redist",
        ),
    ),
    (
        "msvcp",
        NativeLibrary(
            "Microsoft Visual C++ runtime",
            "LicenseRef-MSVC-redistributable",
            "Microsoft Corporation (redistributable under the Visual Studio licence terms)",
            "https://learn.microsoft.com/cpp/windows/latest-supported-vc-redist",
        ),
    ),
    (
        "winpthread",
        NativeLibrary(
            "MinGW-w64 winpthreads",
            "MIT AND BSD-3-Clause",
            "The MinGW-w64 project",
            "https://www.mingw-w64.org",
        ),
    ),
    (
        "glib",
        NativeLibrary(
            "GLib",
            "LGPL-2.1-or-later",
            "The GLib authors",
            "https://gitlab.gnome.org/GNOME/glib",
        ),
    ),
    (
        "gthread",
        NativeLibrary(
            "GLib",
            "LGPL-2.1-or-later",
            "The GLib authors",
            "https://gitlab.gnome.org/GNOME/glib",
        ),
    ),
    (
        "gobject",
        NativeLibrary(
            "GLib",
            "LGPL-2.1-or-later",
            "The GLib authors",
            "https://gitlab.gnome.org/GNOME/glib",
        ),
    ),
    (
        "intl",
        NativeLibrary(
            "GNU gettext runtime (libintl)",
            "LGPL-2.1-or-later",
            "Free Software Foundation, Inc.",
            "https://www.gnu.org/software/gettext/",
        ),
    ),
    (
        "iconv",
        NativeLibrary(
            "GNU libiconv",
            "LGPL-2.1-or-later",
            "Free Software Foundation, Inc.",
            "https://www.gnu.org/software/libiconv/",
        ),
    ),
    (
        "pcre2",
        NativeLibrary(
            "PCRE2",
            "BSD-3-Clause",
            "University of Cambridge and Philip Hazel",
            "https://github.com/PCRE2Project/pcre2",
        ),
    ),
    (
        "gme",
        NativeLibrary(
            "Game_Music_Emu",
            "LGPL-2.1-or-later",
            "Shay Green and the Game_Music_Emu authors",
            "https://github.com/libgme/game-music-emu",
        ),
    ),
    (
        "mp3lame",
        NativeLibrary(
            "LAME",
            "LGPL-2.0-or-later",
            "The LAME project",
            "https://lame.sourceforge.io",
        ),
    ),
    (
        "instpatch",
        NativeLibrary(
            "libInstPatch",
            "LGPL-2.1-only",
            "Element Green and the libInstPatch authors",
            "https://github.com/swami/libinstpatch",
        ),
    ),
    (
        "yaml",
        NativeLibrary(
            "LibYAML", "MIT", "Ingy döt Net and Kirill Simonov", "https://pyyaml.org/wiki/LibYAML"
        ),
    ),
)
NATIVE_SUFFIX = re.compile(r"\.(so(\.\d+)*|dylib|dll|pyd)$", re.I)

# Licence words in old-style metadata, as SPDX.
_LICENCE_WORDS = {
    "mit": "MIT",
    "mit license": "MIT",
    "lgpl v2.1": "LGPL-2.1-only",
    "lgpl": "LGPL-2.1-only",
    "bsd": "BSD-3-Clause",
    "apache 2.0": "Apache-2.0",
    "psf": "PSF-2.0",
}
_CLASSIFIER_LICENCES = {
    "MIT License": "MIT",
    "GNU Library or Lesser General Public License (LGPL)": "LGPL-2.1-only",
    "BSD License": "BSD-3-Clause",
    "Apache Software License": "Apache-2.0",
    "Python Software Foundation License": "PSF-2.0",
}
_FONT_LICENCES = {  # family: (licence, holders)
    "dejavu": ("Bitstream-Vera", "Bitstream, Inc. (Bitstream Vera) and the DejaVu fonts authors"),
    "ebgaramond": ("OFL-1.1", "Georg Duffner and Octavio Pardo"),
}


@dataclass
class Component:
    """One third-party part of the bundle and the texts that must travel with it."""

    name: str
    version: str
    licence: str
    copyright: str
    homepage: str = ""
    files: list[str] = field(default_factory=list)  # bundle paths (globs), for Debian
    texts: list[tuple[str, str]] = field(default_factory=list)  # (title, text)
    origin: str = ""


def native_library(file_name: str) -> NativeLibrary | None:
    """What :data:`NATIVE_LIBRARIES` knows of a shared library file, by its name."""
    stem = Path(file_name).name.lower()
    stem = stem[3:] if stem.startswith("lib") else stem
    for prefix, lib in NATIVE_LIBRARIES:
        after = stem[len(prefix) : len(prefix) + 1]
        if stem.startswith(prefix) and not (len(prefix) <= 2 and after.isalpha()):
            return lib
    return None


def spdx_of(dist: metadata.Distribution) -> str:
    """The distribution's licence as SPDX: its expression, else its licence words or classifiers."""
    md = dist.metadata
    if md.get("License-Expression"):
        return md["License-Expression"].strip()
    words = (md.get("License") or "").strip()
    if words.lower() in _LICENCE_WORDS:
        return _LICENCE_WORDS[words.lower()]
    for classifier in md.get_all("Classifier") or []:
        if classifier.startswith("License :: OSI Approved :: "):
            found = _CLASSIFIER_LICENCES.get(classifier.rsplit(" :: ", 1)[1])
            if found:
                return found
    return words if re.fullmatch(r"[A-Za-z0-9.+-]+", words or "-") else UNKNOWN


def _licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    out = []
    for f in dist.files or []:
        name = f.name.lower()
        in_info = ".dist-info" in str(f) or "licenses/" in str(f) or "licences/" in str(f)
        if in_info and (name.startswith(("licen", "copying", "notice")) or "license" in name):
            path = Path(str(dist.locate_file(f)))
            if path.is_file():
                out.append((f.name, path.read_text("utf-8", errors="replace")))
    return out


def _holders(texts: Iterable[tuple[str, str]], fallback: str) -> str:
    lines = []
    for _title, text in texts:
        for line in text.splitlines():
            s = line.strip()
            notice = re.match(r"(copyright\s+(\(c\)|©|\d{4})|\(c\)\s*\d{4}|©\s*\d{4})", s, re.I)
            if notice and s not in lines:
                lines.append(s)
    return "\n".join(lines[:6]) or fallback


def bundled_distributions(
    top_level: Iterable[str], exclude: Iterable[str] = ("tabletop",)
) -> list[metadata.Distribution]:
    """The installed distributions that provide these top-level modules (ours left out)."""
    owners = metadata.packages_distributions()
    skip = {canonical(n) for n in exclude}
    seen: dict[str, metadata.Distribution] = {}
    for name in top_level:
        for dist_name in owners.get(name, []):
            key = canonical(dist_name)
            if key not in skip and key not in seen:
                seen[key] = metadata.distribution(dist_name)
    return sorted(seen.values(), key=lambda d: canonical(d.metadata["Name"]))


def canonical(name: str) -> str:
    """A distribution name normalised as PEP 503 does."""
    return re.sub(r"[-_.]+", "-", name).lower()


def distribution_components(dists: Iterable[metadata.Distribution]) -> list[Component]:
    """One component per Python distribution, with its licence files."""
    out = []
    for dist in dists:
        name = dist.metadata["Name"]
        texts = _licence_files(dist)
        licence = spdx_of(dist)
        holders = _holders(texts, f"the {name} authors")
        if not texts:  # a wheel without its licence file (pygame-ce): the standard text
            texts = licence_texts(licence)
        urls = dist.metadata.get_all("Project-URL") or []
        labelled = {u.split(",", 1)[0].strip().lower(): u.split(",", 1)[-1].strip() for u in urls}
        homepage = dist.metadata.get("Home-page") or next(
            (labelled[k] for k in ("homepage", "source", "repository") if k in labelled),
            next(iter(labelled.values()), ""),
        )
        tops = sorted(
            {str(f).split("/")[0] for f in dist.files or [] if not str(f).startswith("..")}
        )
        tops = [t for t in tops if not t.endswith((".dist-info", ".pth")) and t != "__pycache__"]
        tops = tops or [name]
        out.append(
            Component(
                name=name,
                version=dist.version,
                licence=licence,
                copyright=holders,
                homepage=homepage,
                files=[f"{Path(t).stem if t.endswith('.py') else t}*" for t in tops],
                texts=texts,
                origin=f"Python distribution {name} {dist.version}",
            )
        )
    return out


def native_components(binaries: Iterable[str]) -> list[Component]:
    """The native libraries among the bundle's binaries (paths inside the bundle)."""
    found: dict[str, Component] = {}
    for rel in binaries:
        name = Path(rel).name
        if not NATIVE_SUFFIX.search(name) or ".cpython-" in name or name.endswith(".pyd"):
            continue
        if re.match(r"(lib)?python\d", name, re.I):
            continue
        lib = native_library(name)
        key = lib.name if lib else name
        comp = found.get(key)
        if comp is None:
            licence = lib.licence if lib else UNKNOWN
            texts = licence_texts(licence)
            comp = found[key] = Component(
                name=key,
                version="",
                licence=licence,
                copyright=lib.copyright if lib else "unknown",
                homepage=lib.homepage if lib else "",
                texts=texts,
                origin="native library",
            )
        comp.files.append(rel)
    return sorted(found.values(), key=lambda c: c.name.lower())


def python_component() -> Component:
    """The Python runtime itself, with the LICENSE.txt of the build it came from."""
    ver = ".".join(map(str, sys.version_info[:3]))
    candidates = [
        Path(sysconfig.get_path("stdlib")) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
        Path(sys.base_prefix)
        / "lib"
        / f"python{sys.version_info[0]}.{sys.version_info[1]}"
        / "LICENSE.txt",
    ]
    texts = [
        ("Python LICENSE.txt", p.read_text("utf-8", errors="replace"))
        for p in candidates
        if p.is_file()
    ][:1]
    return Component(
        name="Python",
        version=ver,
        licence="PSF-2.0",
        copyright="Python Software Foundation",
        homepage="https://www.python.org",
        files=["*python3*", "base_library.zip", "python3*/*"],
        texts=texts,
        origin="the Python runtime",
    )


def font_components(root: Path = ROOT) -> list[Component]:
    """The fonts under art/fonts, each family with its licence file."""
    out = []
    for lic in sorted((root / "art" / "fonts").glob("LICENSE-*.txt")):
        family = lic.stem.removeprefix("LICENSE-")
        text = lic.read_text("utf-8", errors="replace")
        out.append(
            Component(
                name=f"{family} fonts",
                version="",
                licence=_FONT_LICENCES.get(family.lower(), (UNKNOWN, ""))[0],
                copyright=_FONT_LICENCES.get(family.lower(), ("", f"the {family} authors"))[1],
                files=[f"art/fonts/{family}*", f"art/fonts/{lic.name}"],
                texts=[(lic.name, text)],
                origin="font",
            )
        )
    return out


def debian_system_component(path: str) -> Component | None:
    """A system library from this Debian-like machine: its package and copyright file."""
    r = subprocess.run(["dpkg", "-S", f"*/{Path(path).name}"], capture_output=True, text=True)
    if r.returncode != 0 or ":" not in r.stdout:
        return None
    package = r.stdout.split(":", 1)[0].split(",")[0].strip()
    version = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True
    ).stdout.strip()
    copyright_file = Path("/usr/share/doc") / package / "copyright"
    text = copyright_file.read_text("utf-8", errors="replace") if copyright_file.is_file() else ""
    lib = native_library(path)
    return Component(
        name=f"{lib.name if lib else package} (Debian package {package})",
        version=version,
        licence=lib.licence if lib else f"LicenseRef-Debian-{package}",
        copyright=lib.copyright if lib else f"see /usr/share/doc/{package}/copyright",
        homepage=lib.homepage if lib else "",
        files=[path],
        texts=[(f"/usr/share/doc/{package}/copyright", text)] if text else [],
        origin=f"system library from the build machine, Debian package {package}",
    )


def components(top_level: Iterable[str], binaries: Iterable[str]) -> list[Component]:
    """Everything third-party in a bundle made of these modules and binaries."""
    binaries = list(binaries)
    comps = [python_component()]
    comps += distribution_components(bundled_distributions(top_level))
    in_wheels = [b for b in binaries if "/" in b.replace("\\", "/")]
    loose = [b for b in binaries if "/" not in b.replace("\\", "/")]
    natives = native_components(in_wheels)
    known = {f for c in natives for f in c.files}
    for b in loose:  # copied from the system next to the executable (Linux: libssl, libffi…)
        if b in known or not NATIVE_SUFFIX.search(b) or re.match(r"(lib)?python\d", b, re.I):
            continue
        comp = debian_system_component(b) if sys.platform.startswith("linux") else None
        same = [c for c in comps if comp is not None and c.name == comp.name]
        if same:  # one package, several libraries (libssl3: libssl and libcrypto)
            same[0].files += comp.files
        elif comp is not None:
            comps.append(comp)
        else:
            natives += native_components([b])
    comps += natives
    comps += font_components()
    return comps


def unknown(comps: Iterable[Component]) -> list[str]:
    """Components whose licence could not be told (the tests want none)."""
    return [c.name for c in comps if UNKNOWN in c.licence]


def render(comps: list[Component], version: str) -> str:
    """The THIRD-PARTY-NOTICES text."""
    out = [
        f"Tabletop {version}: third-party notices",
        "",
        "Tabletop itself is released under the MIT licence (LICENSE). This build also carries",
        "the software below, each under its own licence. This file was generated when the build",
        "was made, from the Python distributions and libraries that went into it.",
        "",
        "The libraries under the GNU Lesser General Public License (pygame-ce, and the codec",
        "libraries marked LGPL) are shipped as separate shared library files in the program",
        "folder: you may replace them with versions you built yourself from their sources,",
        "which are available from the homepages given below.",
        "",
        "Summary",
        "-------",
    ]
    for c in comps:
        out.append(f"- {c.name} {c.version}".rstrip() + f": {c.licence}")
    printed: dict[str, str] = {}
    for c in comps:
        out += ["", "=" * 78, f"{c.name} {c.version}".rstrip(), "=" * 78]
        out.append(f"Licence: {c.licence}")
        out.append(f"Copyright: {c.copyright}")
        if c.homepage:
            out.append(f"Homepage: {c.homepage}")
        if c.origin:
            out.append(f"Shipped as: {c.origin}")
        if c.files and c.origin == "native library":
            out.append("Files: " + ", ".join(sorted(Path(f).name for f in c.files)))
        for title, text in c.texts:
            key = text.strip()
            if key in printed:  # each text once; later components point back to it
                out += ["", f"--- {title}: the same text as printed above for {printed[key]} ---"]
                continue
            printed[key] = c.name
            out += ["", f"--- {title} ---", "", text.rstrip()]
    return "\n".join(out) + "\n"


def write_notices(
    dest: Path, top_level: Iterable[str], binaries: Iterable[str], version: str
) -> list[Component]:
    """Write the notices to ``dest``, and the component list beside it as JSON (for the .deb)."""
    comps = components(top_level, binaries)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(render(comps, version), "utf-8")
    listing = [{k: v for k, v in asdict(c).items() if k != "texts"} for c in comps]
    dest.with_suffix(".json").write_text(json.dumps(listing, indent=1), "utf-8")
    return comps


def read_components(path: Path) -> list[Component]:
    """The component list :func:`write_notices` left beside the notices (texts left out)."""
    return [Component(**entry) for entry in json.loads(path.read_text("utf-8"))]


def _debian_text(text: str) -> str:
    return "\n".join(f" {line}" if line.strip() else " ." for line in text.rstrip().splitlines())


def debian_copyright(comps: list[Component], prefix: str, homepage: str) -> str:
    """``debian/copyright`` in the machine-readable format (DEP-5) for the installed files."""
    paras = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: tabletop\n"
        "Upstream-Contact: The Tabletop developers\n"
        f"Source: {homepage}\n"
        "Comment: The full third-party notices, with every licence text, are in\n"
        f" /usr/share/doc/tabletop/{NOTICES_NAME}.",
        "Files: *\nCopyright: The Tabletop developers\nLicense: MIT",
    ]
    used: set[str] = {"MIT"}
    for c in comps:
        files = " ".join(sorted({f"{prefix}/{f}".replace("\\", "/") for f in c.files})) or "*"
        used.update(licence_ids(c.licence))
        # DEP-5 writes the operators in lower case
        licence = re.sub(r"\s+(AND|OR|WITH)\s+", lambda m: f" {m[1].lower()} ", c.licence)
        copyright_lines = c.copyright.replace("\n", "\n ")
        paras.append(
            f"Files: {files}\nCopyright: {copyright_lines}\nLicense: {licence}"
            + (f"\nComment: {c.origin}" if c.origin else "")
        )
    common = {
        "LGPL-2.1-only": "LGPL-2.1",
        "LGPL-2.1-or-later": "LGPL-2.1",
        "GPL-2.0-or-later": "GPL-2",
        "GPL-3.0-or-later": "GPL-3",
        "Apache-2.0": "Apache-2.0",
    }
    for lic in sorted(used):
        if lic in common:
            body = (
                f"On Debian systems the full text is in /usr/share/common-licenses/{common[lic]}."
            )
        elif lic in LICENCE_FILES:
            body = (TEXTS / LICENCE_FILES[lic]).read_text("utf-8")
        else:
            body = f"The licence text is in /usr/share/doc/tabletop/{NOTICES_NAME}."
        paras.append(f"License: {lic}\n{_debian_text(body)}")
    return "\n\n".join(paras) + "\n"


def runtime_top_level(root: str = "tabletop") -> list[str]:
    """Top-level module names of ``root``'s run-time requirements, followed transitively."""
    from packaging.requirements import Requirement  # PyInstaller's own dependency

    todo, seen, names = [root], set(), []
    owners = metadata.packages_distributions()
    while todo:
        name = canonical(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        for req in metadata.requires(name) or []:
            r = Requirement(req)
            if r.marker is None or r.marker.evaluate({"extra": ""}):
                todo.append(r.name)
    for top, dists in owners.items():
        if any(canonical(d) in seen for d in dists):
            names.append(top)
    return sorted(names)


if __name__ == "__main__":
    sys.stdout.write(render(components(runtime_top_level(), []), "dev"))
