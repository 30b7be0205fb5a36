"""The frozen app, as the .deb installs it: build once, unpack, simulate every game, open the GUI.

Needs the ``package`` extra (PyInstaller, Pillow) and dpkg-deb; skipped only without PyInstaller.
The build runs once per test session (shared between xdist workers through a lock).
"""

from __future__ import annotations

import configparser
import fcntl
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux")
HAVE_PYINSTALLER = importlib.util.find_spec("PyInstaller") is not None
pytestmark = [
    pytest.mark.skipif(
        not HAVE_PYINSTALLER, reason="PyInstaller missing: pip install -e '.[test,package]'"
    ),
    pytest.mark.skipif(not LINUX, reason="the .deb smoke test runs on Linux"),
]


def _version() -> str:
    text = (ROOT / "tabletop" / "__init__.py").read_text("utf-8")
    return re.search(r'__version__\s*=\s*"([^"]+)"', text).group(1)


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "XDG_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)
    return env


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Build the bundle and .deb once (under a lock), unpack the .deb with ``dpkg -x``."""
    base = tmp_path_factory.getbasetemp()
    # the build is shared by the workers of one run, never across runs (an old build would
    # test old code): under xdist a worker's folder lies in the run's own folder; without
    # it the base folder is the run's own, and its parent is shared by every run
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "packaging-smoke"
    shared.mkdir(exist_ok=True)
    with open(shared / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        report = shared / "report.json"
        if not report.exists():
            dist, work = shared / "dist", shared / "work"
            r = subprocess.run(
                [
                    sys.executable,
                    str(ROOT / "packaging" / "build.py"),
                    "--dist",
                    str(dist),
                    "--work",
                    str(work),
                ],
                capture_output=True,
                text=True,
                env=_clean_env(),
            )
            assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
            deb = dist / f"tabletop_{_version()}_amd64.deb"
            assert deb.is_file(), r.stdout
            root = shared / "root"
            subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
            report.write_text(json.dumps({"deb": str(deb), "root": str(root), "log": r.stdout}))
        return json.loads(report.read_text())


def _run(
    exe: Path, *args: str, env: dict[str, str], timeout: float = 240
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, env=env, timeout=timeout
    )


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
    for game in registry.games().values():  # every shipped game named, and only those
        assert game.info.name in description
    shipped = " ".join(g.info.name for g in registry.games().values())
    for other in ("Monarch", "Mayflower"):  # not shipped today: not advertised
        assert other in shipped or other not in description
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


def test_frozen_gui_runs_headless_and_saves_under_platformdirs(built: dict, tmp_path: Path) -> None:
    """30 frames under SDL's dummy driver; files land in the XDG folders platformdirs names."""
    if not (ROOT / "tabletop/ui/app.py").exists():
        pytest.skip("tabletop/ui/app.py has not landed yet: no GUI to start")
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
