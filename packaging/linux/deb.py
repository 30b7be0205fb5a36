"""Build the Debian package from the frozen one-folder bundle."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = "tabletop"
HOMEPAGE = "https://github.com/tabletop/tabletop"
_GLIBC = re.compile(rb"GLIBC_(2\.\d+(?:\.\d+)?)\x00")
_SONAME = re.compile(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]")

# The Debian package of a shared library the bundle may load from the system.  Others are
# looked up with ``dpkg -S`` on the build machine; one that cannot be placed fails the build.
SYSTEM_PACKAGES = {
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libdl.so.2": "libc6",
    "libpthread.so.0": "libc6",
    "librt.so.1": "libc6",
    "libutil.so.1": "libc6",
    "libcrypt.so.1": "libcrypt1",
    "ld-linux-x86-64.so.2": "libc6",
    "ld-linux-aarch64.so.1": "libc6",
    "libz.so.1": "zlib1g",
    "libgcc_s.so.1": "libgcc-s1",
    "libstdc++.so.6": "libstdc++6",
}


def _version_key(v: str) -> tuple[int, ...]:
    return tuple(int(p) for p in v.split("."))


def glibc_needed(bundle: Path) -> str:
    """The newest ``GLIBC_x.y`` symbol version any ELF file of the bundle asks for."""
    found: set[str] = set()
    for f in bundle.rglob("*"):
        if f.is_file() and not f.is_symlink():
            with f.open("rb") as fh:
                if fh.read(4) != b"\x7fELF":
                    continue
                fh.seek(0)
                found.update(m.decode() for m in _GLIBC.findall(fh.read()))
    if not found:
        raise RuntimeError(f"no ELF file in {bundle} names a glibc version")
    return max(found, key=_version_key)


def _elf_files(bundle: Path) -> list[Path]:
    out = []
    for f in bundle.rglob("*"):
        if f.is_file() and not f.is_symlink():
            with f.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    out.append(f)
    return out


def needed_libraries(elf: Path) -> list[str]:
    """The ``DT_NEEDED`` sonames of one ELF file (``readelf -d``)."""
    r = subprocess.run(["readelf", "-d", str(elf)], capture_output=True, text=True)
    return _SONAME.findall(r.stdout)


def system_libraries(bundle: Path) -> set[str]:
    """Every soname the bundle's ELF files need that the bundle does not ship itself."""
    files = _elf_files(bundle)
    shipped = {f.name for f in bundle.rglob("*")}
    needed: set[str] = set()
    for f in files:
        needed.update(needed_libraries(f))
    return {n for n in needed if n not in shipped}


def _dpkg_owner(soname: str) -> str | None:
    r = subprocess.run(["dpkg", "-S", f"*/{soname}"], capture_output=True, text=True)
    if r.returncode != 0 or ":" not in r.stdout:
        return None
    return r.stdout.split(":", 1)[0].split(",")[0].strip() or None


def unplaced_libraries(bundle: Path) -> list[str]:
    """System libraries the bundle needs whose Debian package is unknown (should be none)."""
    return [
        s
        for s in sorted(system_libraries(bundle))
        if s not in SYSTEM_PACKAGES and not _dpkg_owner(s)
    ]


def depends(bundle: Path) -> str:
    """The control file's ``Depends``: glibc's version, then each system library's package.

    A library no package is known for is left out with a warning (and the packaging smoke
    test fails on it): add it to :data:`SYSTEM_PACKAGES`.
    """
    packages = {"libc6"}
    for soname in sorted(system_libraries(bundle)):
        package = SYSTEM_PACKAGES.get(soname) or _dpkg_owner(soname)
        if package is None:
            print(f"warning: no Debian package known for {soname}", file=sys.stderr)
        else:
            packages.add(package)
    rest = sorted(packages - {"libc6"})
    return ", ".join([f"libc6 (>= {glibc_needed(bundle)})", *rest])


def control_description(text: str) -> str:
    """A long description in control-file form: each line indented, blank lines as ' .'."""
    return "\n".join(f" {line}" if line.strip() else " ." for line in text.splitlines())


def host_glibc() -> str:
    """The glibc version of this machine (the one the bundle was built with)."""
    return os.confstr("CS_GNU_LIBC_VERSION").split()[-1]


def debian_arch() -> str:
    """The Debian architecture name of this machine (amd64, arm64, …)."""
    return subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()


def _normalise_modes(root: Path) -> None:
    """0755 for folders and executables, 0644 for everything else."""
    for dirpath, _dirs, filenames in os.walk(root):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            p = Path(dirpath, name)
            if p.is_symlink():
                continue
            p.chmod(0o755 if p.stat().st_mode & 0o111 else 0o644)


def _du_kib(root: Path) -> int:
    total = 0
    for f in root.rglob("*"):
        if f.is_file() and not f.is_symlink():
            total += (f.stat().st_size + 1023) // 1024
    return total


def strip_debug(bundle: Path) -> int:
    """Remove the debug sections of the bundle's ELF files (``strip --strip-debug``).

    Only files that carry ``.debug_*`` sections are touched (libpython, the standard library's
    extensions, PyYAML's): the symbol tables stay, and the libraries auditwheel patched into
    wheels, which carry none, are left byte for byte. Returns the bytes saved.
    """
    if not (shutil.which("strip") and shutil.which("readelf")):
        print("warning: strip/readelf missing (binutils): debug symbols kept", file=sys.stderr)
        return 0
    saved = 0
    for f in _elf_files(bundle):
        sections = subprocess.run(["readelf", "-S", "-W", str(f)], capture_output=True, text=True)
        if ".debug_" not in sections.stdout:
            continue
        before = f.stat().st_size
        mode = f.stat().st_mode
        subprocess.run(["strip", "--strip-debug", str(f)], check=True)
        f.chmod(mode)
        saved += before - f.stat().st_size
    return saved


def stage(
    bundle: Path,
    icons: dict,
    version: str,
    stage_dir: Path,
    arch: str,
    components_json: Path | None = None,
) -> dict[str, str]:
    """Lay out the package tree under ``stage_dir``; returns the control fields filled in.

    ``components_json`` (written by ``packaging/notices.py`` during the build) gives the
    machine-readable ``copyright``; without it the hand-written one is used.
    """
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    opt = stage_dir / "opt" / PACKAGE
    shutil.copytree(bundle, opt, symlinks=True)
    (stage_dir / "usr" / "bin").mkdir(parents=True)
    shutil.copy(HERE / "tabletop.sh", stage_dir / "usr" / "bin" / PACKAGE)
    (stage_dir / "usr" / "bin" / PACKAGE).chmod(0o755)
    apps = stage_dir / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    sys.path.insert(0, str(HERE.parent))
    import metadata  # packaging/metadata.py: texts derived from the registry

    entry = (HERE / "tabletop.desktop").read_text("utf-8")
    (apps / f"{PACKAGE}.desktop").write_text(
        entry.replace("@KEYWORDS@", metadata.keywords()), "utf-8"
    )
    hicolor = stage_dir / "usr" / "share" / "icons" / "hicolor"
    for n, png in icons["pngs"].items():
        dest = hicolor / f"{n}x{n}" / "apps" / f"{PACKAGE}.png"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(png, dest)
    (hicolor / "scalable" / "apps").mkdir(parents=True)
    shutil.copy(icons["svg"], hicolor / "scalable" / "apps" / f"{PACKAGE}.svg")
    metainfo_dir = stage_dir / "usr" / "share" / "metainfo"
    metainfo_dir.mkdir(parents=True)
    (metainfo_dir / metadata.METAINFO.name).write_text(metadata.metainfo(version), "utf-8")
    doc = stage_dir / "usr" / "share" / "doc" / PACKAGE
    doc.mkdir(parents=True)
    import notices  # packaging/notices.py

    shipped_notices = opt / "_internal" / notices.NOTICES_NAME
    if shipped_notices.is_file():
        shutil.copy(shipped_notices, doc / notices.NOTICES_NAME)
    if components_json is not None and components_json.is_file():
        comps = notices.read_components(components_json)
        text = notices.debian_copyright(comps, f"opt/{PACKAGE}/_internal", HOMEPAGE)
        (doc / "copyright").write_text(text, "utf-8")
    else:
        shutil.copy(HERE / "copyright", doc / "copyright")
    _normalise_modes(stage_dir)

    fields = {
        "VERSION": version,
        "ARCH": arch,
        "INSTALLED_SIZE": str(_du_kib(stage_dir)),
        "DEPENDS": depends(opt),
        "DESCRIPTION": control_description(metadata.description()),
    }
    debian = stage_dir / "DEBIAN"
    debian.mkdir()
    control = (HERE / "control.in").read_text("utf-8")
    for key, value in fields.items():
        control = control.replace(f"@{key}@", value)
    (debian / "control").write_text(control, "utf-8")
    sums = []
    for f in sorted(stage_dir.rglob("*")):
        if f.is_file() and not f.is_symlink() and debian not in f.parents:
            digest = hashlib.md5(f.read_bytes()).hexdigest()
            sums.append(f"{digest}  {f.relative_to(stage_dir).as_posix()}\n")
    (debian / "md5sums").write_text("".join(sums), "utf-8")
    _normalise_modes(debian)
    return fields


def build_deb(
    bundle: Path,
    icons: dict,
    version: str,
    work: Path,
    dist: Path,
    components_json: Path | None = None,
) -> Path:
    """``dist/tabletop_<version>_<arch>.deb`` from the bundle (root-owned files)."""
    arch = debian_arch()
    name = f"{PACKAGE}_{version}_{arch}"
    stage(bundle, icons, version, work / name, arch, components_json)
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"{name}.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zgzip", "-z9", "--build", str(work / name), str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out
