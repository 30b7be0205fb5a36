"""Build the Tabletop bundle for this platform, then its installer.

    python packaging/build.py [--dist DIR] [--work DIR] [--bundle-only]

Linux: ``dist/tabletop_<version>_<arch>.deb`` and the portable
``dist/tabletop-<version>-linux-<machine>.tar.gz`` (debug sections stripped first); Windows: ``dist/Tabletop-Setup-<version>.exe``
(Inno Setup's ISCC); macOS: ``dist/Tabletop.app`` and ``dist/Tabletop-<version>-<arch>.dmg``
for the machine's architecture (arm64 or x86_64).
Prints the bundle size, the installer size and the build time.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import icons  # noqa: E402


def version() -> str:
    """``tabletop.__version__``, read from the source without importing the package.

    The one version: pyproject.toml takes it from there too (``[tool.hatch.version]``), and
    the .deb, the tarball, Info.plist, the Windows file properties and the installer get it
    from here or from the spec, which reads the same line.
    """
    text = (ROOT / "tabletop" / "__init__.py").read_text("utf-8")
    m = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M)
    if not m:
        raise SystemExit("tabletop/__init__.py has no __version__")
    return m.group(1)


def numeric_version(ver: str) -> str:
    """The version as four numbers ``a.b.c.d``, as Windows file and installer metadata want."""
    nums = [int(n) for n in re.findall(r"\d+", ver)[:4]]
    return ".".join(str(n) for n in [*nums, 0, 0, 0, 0][:4])


def tree_size(path: Path) -> int:
    """Bytes in a file or folder (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def mib(n: int) -> str:
    """Bytes as MiB with one decimal."""
    return f"{n / 1024 / 1024:.1f} MiB"


def pyinstaller(work: Path, dist: Path, icon_dir: Path) -> Path:
    """Run PyInstaller on the spec; returns the one-folder bundle."""
    env = dict(os.environ, TABLETOP_ICON_DIR=str(icon_dir))
    cmd = [sys.executable, "-m", "PyInstaller", str(HERE / "tabletop.spec"), "--noconfirm"]
    cmd += ["--clean", "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work)]
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    return dist / "tabletop"


def windows_installer(bundle: Path, ver: str, icon_dir: Path, dist: Path) -> Path:
    """``Tabletop-Setup-<version>.exe`` with Inno Setup's ISCC."""
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    for guess in (
        r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe",
        r"C:\Program Files\Inno Setup 6\ISCC.exe",
    ):
        if not iscc and Path(guess).exists():
            iscc = guess
    if not iscc:
        raise SystemExit(
            "Inno Setup (ISCC.exe) not found: install it, e.g. `choco install innosetup`"
        )
    subprocess.run(
        [
            iscc,
            f"/DAppVersion={ver}",
            f"/DNumericVersion={numeric_version(ver)}",
            f"/DSourceDir={bundle}",
            f"/DOutputDir={dist}",
            f"/DIconFile={icon_dir / 'tabletop.ico'}",
            str(HERE / "windows" / "tabletop.iss"),
        ],
        check=True,
    )
    return dist / f"Tabletop-Setup-{ver}.exe"


def macos_dmg(app: Path, ver: str, dist: Path) -> Path:
    """``Tabletop-<version>-<arch>.dmg`` (arm64 or x86_64): the .app and a link to /Applications."""
    out = dist / f"Tabletop-{ver}-{platform.machine()}.dmg"
    subprocess.run(
        ["bash", str(HERE / "macos" / "make_dmg.sh"), str(app), ver, str(out)], check=True
    )
    return out


def main(argv: list[str] | None = None) -> int:
    """Build the bundle and the host platform's installer; print sizes and time."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where results go")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="scratch folder")
    p.add_argument("--bundle-only", action="store_true", help="skip the installer")
    args = p.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    start = time.monotonic()
    ver = version()
    print(f"tabletop {ver} for {sys.platform}", flush=True)

    icon_dir = work / "icons"
    made = icons.build_icons(icon_dir)
    if sys.platform in ("win32", "darwin") and not made["native"]:
        raise SystemExit("Pillow is needed for the .ico/.icns icon: pip install '.[package]'")
    bundle = pyinstaller(work / "pyinstaller", dist, icon_dir)
    components_json = work / "pyinstaller" / "tabletop" / "THIRD-PARTY-NOTICES.json"
    if sys.platform.startswith("linux"):
        sys.path.insert(0, str(HERE / "linux"))
        import deb

        print(f"unstripped: {mib(tree_size(bundle))}", flush=True)
        print(f"stripped:  {mib(deb.strip_debug(bundle))} of debug sections", flush=True)
    t_bundle = time.monotonic() - start
    print(f"bundle:    {bundle}  {mib(tree_size(bundle))}  ({t_bundle:.0f} s)", flush=True)

    installer = None
    if not args.bundle_only:
        if sys.platform.startswith("linux"):
            import portable

            installer = deb.build_deb(bundle, made, ver, work / "deb", dist, components_json)
            needs = deb.glibc_needed(bundle)
            print(f"glibc:     built with {deb.host_glibc()}, needs {needs}")
            tarball = portable.build_tarball(bundle, made, ver, dist, needs)
            print(f"tarball:   {tarball}  {mib(tree_size(tarball))}")
        elif sys.platform == "win32":
            installer = windows_installer(bundle, ver, icon_dir, dist)
        elif sys.platform == "darwin":
            app = dist / "Tabletop.app"
            print(f"app:       {app}  {mib(tree_size(app))}")
            installer = macos_dmg(app, ver, dist)
        else:
            print(f"no installer for {sys.platform}; the bundle is in {bundle}")
    if installer is not None:
        print(f"installer: {installer}  {mib(tree_size(installer))}")
    print(f"build time: {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
