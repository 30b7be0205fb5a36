"""The frozen app, as the .deb installs it: build once, unpack, simulate every game, open the GUI.

Needs the ``package`` extra (PyInstaller, Pillow); on Linux also dpkg-deb, binutils and
appstreamcli. Skipped only without PyInstaller. The build runs once per test session (shared
between xdist workers through a lock). On Linux it makes the .deb and the portable tarball;
on Windows and macOS the bundle alone (``--bundle-only``), which is run the same way.
``TABLETOP_TEST_DEB_INSTALL=1`` (set by the CI workflow) also installs and removes the .deb
for real, as root or through ``sudo -n``.
"""

from __future__ import annotations

import configparser
import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux")
HAVE_PYINSTALLER = importlib.util.find_spec("PyInstaller") is not None
pytestmark = [
    pytest.mark.skipif(
        not HAVE_PYINSTALLER, reason="PyInstaller missing: pip install -e '.[test,package]'"
    ),
    pytest.mark.timeout(1800),  # the first test here waits for the session's build
    # one xdist worker runs them all (--dist loadgroup): the other never idles on the lock
    pytest.mark.xdist_group("packaging"),
    pytest.mark.slow,
]
linux_only = pytest.mark.skipif(not LINUX, reason="the .deb and the tarball are Linux's")
APP_ID = "io.github.tabletop.Tabletop"
NOTICES = "THIRD-PARTY-NOTICES.txt"


def _version() -> str:
    text = (ROOT / "tabletop" / "__init__.py").read_text("utf-8")
    return re.search(r'__version__\s*=\s*"([^"]+)"', text).group(1)


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "XDG_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)
    return env


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One worker at a time: ``flock`` where there is one, else a lock folder."""
    try:
        import fcntl
    except ImportError:  # Windows
        lock = folder / ".lock.d"
        while True:
            try:
                lock.mkdir()
                break
            except FileExistsError:
                time.sleep(1)
        try:
            yield
        finally:
            lock.rmdir()
        return
    with open(folder / ".lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Build once (under a lock); on Linux the .deb too, unpacked with ``dpkg -x``."""
    base = tmp_path_factory.getbasetemp()
    # the build is shared by the workers of one run, never across runs (an old build would
    # test old code): under xdist a worker's folder lies in the run's own folder; without
    # it the base folder is the run's own, and its parent is shared by every run
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "packaging-smoke"
    shared.mkdir(exist_ok=True)
    with _locked(shared):
        report = shared / "report.json"
        if not report.exists():
            dist, work = shared / "dist", shared / "work"
            cmd = [sys.executable, str(ROOT / "packaging" / "build.py")]
            cmd += ["--dist", str(dist), "--work", str(work)]
            if not LINUX:
                cmd.append("--bundle-only")
            r = subprocess.run(cmd, capture_output=True, text=True, env=_clean_env())
            assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
            result = {"bundle": str(dist / "tabletop"), "log": r.stdout, "dist": str(dist)}
            if LINUX:
                deb = dist / f"tabletop_{_version()}_amd64.deb"
                assert deb.is_file(), r.stdout
                root = shared / "root"
                subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
                result.update(deb=str(deb), root=str(root))
            report.write_text(json.dumps(result))
        return json.loads(report.read_text())


def _run(
    exe: Path, *args: str, env: dict[str, str], timeout: float = 240
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, env=env, timeout=timeout
    )


@linux_only
def test_deb_holds_launcher_desktop_entry_icons_and_glibc_depends(built: dict) -> None:
    """Control fields, root ownership, launcher, .desktop in Games, hicolor icons."""
    deb, root = Path(built["deb"]), Path(built["root"])
    field = lambda name: subprocess.run(  # noqa: E731
        ["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert field("Package") == "tabletop"
    assert field("Version") == _version()
    m = re.match(r"libc6 \(>= (\d+)\.(\d+)\)", field("Depends"))
    assert m, field("Depends")
    import importlib.util

    spec = importlib.util.spec_from_file_location("deb", ROOT / "packaging/linux/deb.py")
    deb_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(deb_module)
    listed = {p.split()[0] for p in field("Depends").split(", ")}
    assert deb_module.unplaced_libraries(root / "opt/tabletop") == []
    for soname in deb_module.system_libraries(root / "opt/tabletop"):  # e.g. libz → zlib1g
        package = deb_module.SYSTEM_PACKAGES.get(soname)
        assert package is None or package in listed, (soname, field("Depends"))
    from tabletop import registry

    description = " ".join(field("Description").split())
    for game in registry.games().values():  # every shipped game named
        assert game.info.name in description
    host = tuple(int(x) for x in os.confstr("CS_GNU_LIBC_VERSION").split()[-1].split(".")[:2])
    exe_bytes = (root / "opt/tabletop/tabletop").read_bytes()
    exe_needs = max(
        (tuple(map(int, v.split(b"."))) for v in re.findall(rb"GLIBC_(2\.\d+)\x00", exe_bytes)),
    )
    assert exe_needs <= (int(m[1]), int(m[2])) <= host
    listing = subprocess.run(
        ["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    owners = {line.split()[1] for line in listing.splitlines()}
    assert owners == {"root/root"}
    launcher = root / "usr/bin/tabletop"
    assert os.access(launcher, os.X_OK) and "/opt/tabletop/tabletop" in launcher.read_text()
    assert os.access(root / "opt/tabletop/tabletop", os.X_OK)
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(root / "usr/share/applications/tabletop.desktop")
    entry = desktop["Desktop Entry"]
    assert entry["Exec"].split()[0] == "tabletop" and entry["Icon"] == "tabletop"
    assert "Game" in entry["Categories"].split(";")
    for n in (16, 32, 48, 128, 256):
        png = root / f"usr/share/icons/hicolor/{n}x{n}/apps/tabletop.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
        assert int.from_bytes(png.read_bytes()[16:20], "big") == n  # IHDR width
    assert (root / "usr/share/icons/hicolor/scalable/apps/tabletop.svg").is_file()
    assert (root / "opt/tabletop/_internal/data").is_dir()
    assert (root / "opt/tabletop/_internal/art/common/app-icon.svg").is_file()
    from tabletop.ui.sound import SOUNDS

    sounds = root / "opt/tabletop/_internal/art/common/sounds"
    assert [n for n in SOUNDS if not (sounds / f"{n}.wav").is_file()] == []


@linux_only
def test_frozen_app_lists_and_simulates_every_game(built: dict, tmp_path: Path) -> None:
    """``tabletop list`` names every registered game; each one simulates to the end."""
    from tabletop import registry

    exe = Path(built["root"]) / "opt/tabletop/tabletop"
    env = _clean_env(HOME=str(tmp_path))
    r = _run(exe, "--version", env=env)
    assert r.returncode == 0 and _version() in r.stdout + r.stderr
    r = _run(exe, "list", env=env)
    assert r.returncode == 0, r.stderr
    listed = [
        line.split()[0] for line in r.stdout.splitlines() if line.strip() and not line[0].isspace()
    ]
    assert listed == list(registry.games()), r.stdout
    for game in listed:
        r = _run(exe, "simulate", game, "--players", "2", "--games", "1", env=env)
        assert r.returncode == 0, f"{game}: {r.stdout[-2000:]}{r.stderr[-2000:]}"


@linux_only
def test_frozen_gui_runs_headless_and_saves_under_platformdirs(built: dict, tmp_path: Path) -> None:
    """30 frames under SDL's dummy driver; files land in the XDG folders platformdirs names."""
    import platformdirs

    root = Path(built["root"])
    home, xdg = tmp_path / "home", tmp_path / "xdg"
    dirs = {k: xdg / k for k in ("config", "data", "state", "cache")}
    for d in [home, *dirs.values()]:
        d.mkdir(parents=True)
    env = _clean_env(
        HOME=str(home),
        TABLETOP_SMOKE_FRAMES="30",
        XDG_CONFIG_HOME=str(dirs["config"]),
        XDG_DATA_HOME=str(dirs["data"]),
        XDG_STATE_HOME=str(dirs["state"]),
        XDG_CACHE_HOME=str(dirs["cache"]),
    )
    before = sorted(p for p in root.rglob("*"))
    r = _run(root / "opt/tabletop/tabletop", env=env, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    # what platformdirs names for these variables (it reads them at call time)
    old = {k: os.environ.get(k) for k in ("HOME", *(f"XDG_{k.upper()}_HOME" for k in dirs))}
    try:
        os.environ.update({k: env[k] for k in old})
        expected = [
            Path(platformdirs.user_config_dir("tabletop", appauthor=False)),
            Path(platformdirs.user_data_dir("tabletop", appauthor=False)),
            Path(platformdirs.user_log_dir("tabletop", appauthor=False)),
        ]
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    written = [p for d in expected if d.is_dir() for p in d.rglob("*") if p.is_file()]
    assert written, f"nothing written under {expected}; xdg holds {list(xdg.rglob('*'))}"
    assert all(str(p).startswith(str(xdg)) for p in written)
    assert sorted(p for p in root.rglob("*")) == before, "the app wrote into its install folder"


def _appstreamcli() -> str:
    """appstreamcli's path; skipped without it, failed in CI (which installs it)."""
    tool = shutil.which("appstreamcli")
    if tool is None:
        why = "appstreamcli missing: apt-get install appstream (the CI workflow and .ci/run do)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return tool


def _check_notices(text: str) -> None:
    for name in ("pygame-ce", "pygame_gui", "python-i18n", "PyYAML", "platformdirs", "SDL_mixer"):
        assert re.search(rf"^- {re.escape(name)}[ :]", text, re.M), name
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1" in text
    unknown = re.findall(r"^- (.*): LicenseRef-unknown$", text, re.M)
    if LINUX:  # checked here library by library; elsewhere a new one is reported, not fatal
        assert unknown == []
    elif unknown:
        import warnings

        warnings.warn(f"libraries of unknown licence in the notices: {unknown}", stacklevel=2)


@linux_only
def test_deb_ships_notices_copyright_and_valid_metainfo(built: dict, tmp_path: Path) -> None:
    """Notices in the doc folder and the bundle, a DEP-5 copyright, AppStream metainfo."""
    root = Path(built["root"])
    doc = root / "usr/share/doc/tabletop"
    _check_notices((doc / NOTICES).read_text("utf-8"))
    assert (root / "opt/tabletop/_internal" / NOTICES).read_bytes() == (doc / NOTICES).read_bytes()
    assert (root / "opt/tabletop/_internal/LICENSE").read_text().startswith("MIT License")
    copyright_text = (doc / "copyright").read_text("utf-8")
    assert copyright_text.startswith("Format: https://www.debian.org/doc/packaging-manuals/")
    for needle in ("License: LGPL-2.1-only", "License: Zlib", "pygame_ce.libs/libSDL2"):
        assert needle in copyright_text, needle
    metainfo = root / f"usr/share/metainfo/{APP_ID}.metainfo.xml"
    text = metainfo.read_text("utf-8")
    assert f'<release version="{_version()}"' in text and "@" not in text
    assert '<launchable type="desktop-id">tabletop.desktop</launchable>' in text
    assert (root / "usr/share/applications/tabletop.desktop").is_file()
    r = subprocess.run(
        [_appstreamcli(), "validate", "--no-net", str(metainfo)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


@linux_only
def test_bundle_has_no_debug_sections_left(built: dict) -> None:
    """build.py strips debug sections (libpython alone carried 16 MB of them)."""
    if not shutil.which("readelf"):
        pytest.skip("readelf missing (binutils)")
    opt = Path(built["root"]) / "opt/tabletop"
    with_debug = []
    for f in opt.rglob("*"):
        if f.is_file() and not f.is_symlink() and f.read_bytes()[:4] == b"\x7fELF":
            sections = subprocess.run(
                ["readelf", "-S", "-W", str(f)], capture_output=True, text=True
            )
            if ".debug_" in sections.stdout:
                with_debug.append(f.name)
    assert with_debug == []
    assert "stripped:" in built["log"]


@linux_only
def test_portable_tarball_unpacks_and_runs(built: dict, tmp_path: Path) -> None:
    """The tarball holds the bundle with its licence, notices, menu entry and metainfo; it runs."""
    tarball = Path(built["dist"]) / f"tabletop-{_version()}-linux-x86_64.tar.gz"
    with tarfile.open(tarball) as tar:
        names = tar.getnames()
        assert {m.uname for m in tar.getmembers()} == {"root"}
        tar.extractall(tmp_path, filter="tar")
    top = tmp_path / f"tabletop-{_version()}"
    assert all(n == top.name or n.startswith(f"{top.name}/") for n in names)
    for name in ("LICENSE", NOTICES, "README.txt", "tabletop.desktop", "tabletop.png"):
        assert (top / name).is_file(), name
    assert (top / f"{APP_ID}.metainfo.xml").is_file()
    _check_notices((top / NOTICES).read_text("utf-8"))
    env = _clean_env(HOME=str(tmp_path))
    r = _run(top / "tabletop", "--version", env=env)
    assert r.returncode == 0 and _version() in r.stdout + r.stderr
    r = _run(top / "tabletop", "list", env=env)
    assert r.returncode == 0 and "majesty" in r.stdout, r.stderr


def _as_root() -> list[str] | None:
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"]).returncode == 0:
        return ["sudo", "-n"]
    return None


@linux_only
def test_deb_installs_runs_and_removes(built: dict, tmp_path: Path) -> None:
    """``dpkg -i``, the installed command runs, ``dpkg -r`` leaves nothing in /opt/tabletop."""
    if os.environ.get("TABLETOP_TEST_DEB_INSTALL") != "1":
        pytest.skip("installs into the system: set TABLETOP_TEST_DEB_INSTALL=1 (CI does)")
    root = _as_root()
    if root is None:
        pytest.fail("TABLETOP_TEST_DEB_INSTALL=1 but neither root nor sudo -n is available")
    installed = subprocess.run(["dpkg", "-s", "tabletop"], capture_output=True).returncode == 0
    if installed:
        pytest.skip("a tabletop package is installed already; not touching it")
    r = subprocess.run([*root, "dpkg", "-i", built["deb"]], capture_output=True, text=True)
    try:
        assert r.returncode == 0, r.stdout + r.stderr
        env = _clean_env(HOME=str(tmp_path))
        r = _run(Path("/usr/bin/tabletop"), "--version", env=env)
        assert r.returncode == 0 and _version() in r.stdout + r.stderr
        r = _run(
            Path("/usr/bin/tabletop"),
            "simulate",
            "majesty",
            "--players",
            "2",
            "--games",
            "1",
            env=env,
        )
        assert r.returncode == 0, r.stderr[-2000:]
        assert Path(f"/usr/share/metainfo/{APP_ID}.metainfo.xml").is_file()
    finally:
        r = subprocess.run([*root, "dpkg", "-r", "tabletop"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not Path("/opt/tabletop").exists() and not Path("/usr/bin/tabletop").exists()


def _frozen_cli(bundle: Path) -> Path:
    if sys.platform == "win32":
        return bundle / "tabletop-cli.exe"
    return bundle / "tabletop"


def test_frozen_bundle_runs_on_this_system(built: dict, tmp_path: Path) -> None:
    """On every OS: the frozen app prints its version, lists the games, ships its notices."""
    from tabletop import registry

    bundle = Path(built["bundle"])
    env = _clean_env(HOME=str(tmp_path))
    r = _run(_frozen_cli(bundle), "--version", env=env)
    assert r.returncode == 0 and _version() in r.stdout + r.stderr, r.stdout + r.stderr
    r = _run(_frozen_cli(bundle), "list", env=env)
    assert r.returncode == 0, r.stderr
    for game in registry.games():
        assert game in r.stdout
    _check_notices((bundle / "_internal" / NOTICES).read_text("utf-8"))
    if sys.platform == "darwin":
        app = bundle.parent / "Tabletop.app"
        assert (app / "Contents/Resources" / NOTICES).is_file()
        info = (app / "Contents/Info.plist").read_bytes()
        assert f"<string>{_version()}</string>".encode() in info
