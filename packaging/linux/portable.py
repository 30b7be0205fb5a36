"""The portable tarball: the frozen bundle to unpack anywhere, for systems without dpkg."""

from __future__ import annotations

import platform
import shutil
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

README = """\
Tabletop {version}, portable build for Linux ({arch})

Unpack this folder anywhere and run ./tabletop (no installation, nothing else to install;
it needs glibc {glibc} or newer). Saves, settings and logs go to your user folders
(~/.config/tabletop, ~/.local/share/tabletop, ~/.local/state/tabletop), never in here.

For a menu entry, copy tabletop.desktop to ~/.local/share/applications/ after changing its
Exec= line to this folder's tabletop, and tabletop.png to ~/.local/share/icons/.
LICENSE is Tabletop's licence; THIRD-PARTY-NOTICES.txt lists the bundled software and
its licences.
"""


def machine() -> str:
    """The machine name used in the file name (x86_64, aarch64, …)."""
    return platform.machine() or "unknown"


def _reset(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    if info.isdir() or info.mode & 0o111:
        info.mode = 0o755
    elif not info.issym():
        info.mode = 0o644
    return info


def build_tarball(bundle: Path, icons: dict, version: str, dist: Path, glibc: str) -> Path:
    """``dist/tabletop-<version>-linux-<machine>.tar.gz`` holding ``tabletop-<version>/``."""
    import metadata  # packaging/metadata.py (build.py puts packaging/ on the path)
    import notices

    top = f"tabletop-{version}"
    arch = machine()
    extras = dist / f".{top}-extras"
    if extras.exists():
        shutil.rmtree(extras)
    extras.mkdir(parents=True)
    (extras / "README.txt").write_text(
        README.format(version=version, arch=arch, glibc=glibc), "utf-8"
    )
    desktop = (HERE / "tabletop.desktop").read_text("utf-8")
    (extras / "tabletop.desktop").write_text(
        desktop.replace("@KEYWORDS@", metadata.keywords()), "utf-8"
    )
    shutil.copy(icons["pngs"][max(icons["pngs"])], extras / "tabletop.png")
    (extras / metadata.METAINFO.name).write_text(metadata.metainfo(version), "utf-8")
    shutil.copy(HERE.parents[1] / "LICENSE", extras / "LICENSE")
    shipped = bundle / "_internal" / notices.NOTICES_NAME
    if shipped.is_file():
        shutil.copy(shipped, extras / notices.NOTICES_NAME)
    out = dist / f"{top}-linux-{arch}.tar.gz"
    with tarfile.open(out, "w:gz", compresslevel=9) as tar:
        tar.add(bundle, arcname=top, filter=_reset)
        for f in sorted(extras.iterdir()):
            tar.add(f, arcname=f"{top}/{f.name}", filter=_reset)
    shutil.rmtree(extras)
    return out
