"""What a distributor checks before taking the installers: licence, one version, metadata, CI."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
import yaml

import tabletop

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
WORKFLOWS = ROOT / ".github" / "workflows"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def _load(name: str, path: Path) -> ModuleType:
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


build = _load("build", PACKAGING / "build.py")
metadata = _load("metadata", PACKAGING / "metadata.py")


def test_licence_file_and_spdx_metadata() -> None:
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("MIT License")
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]  # PEP 639
    assert "Operating System :: Microsoft :: Windows" in project["classifiers"]
    assert {"Homepage", "Source", "Issues"} <= set(project["urls"])
    assert PYPROJECT["build-system"]["requires"] == ["hatchling>=1.27"]


def test_pygame_gui_and_python_i18n_are_pinned() -> None:
    deps = PYPROJECT["project"]["dependencies"]
    assert any(re.fullmatch(r"pygame_gui==[\d.]+", d) for d in deps), deps
    assert any(re.fullmatch(r"python-i18n==[\d.]+", d) for d in deps), deps


def test_one_version_read_from_the_package() -> None:
    """pyproject, build.py, the spec, the .deb, Info.plist and Inno Setup all take __version__."""
    project = PYPROJECT["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "tabletop/__init__.py"
    assert build.version() == tabletop.__version__
    assert build.numeric_version("1.2.3") == "1.2.3.0"
    assert build.numeric_version("2.0rc1") == "2.0.1.0"
    spec = (PACKAGING / "tabletop.spec").read_text("utf-8")
    assert '"tabletop" / "__init__.py"' in spec and "version=VERSION" in spec
    assert "@VERSION@" in (PACKAGING / "macos" / "Info.plist").read_text("utf-8")
    iss = (PACKAGING / "windows" / "tabletop.iss").read_text("utf-8")
    assert "AppVersion={#AppVersion}" in iss and "VersionInfoVersion={#NumericVersion}" in iss
    assert "@VERSION@" in (PACKAGING / "linux" / "control.in").read_text("utf-8")
    # no other file states the version by hand
    literal = re.compile(rf"""["']{re.escape(tabletop.__version__)}["']""")
    for path in [*PACKAGING.rglob("*.py"), PACKAGING / "tabletop.spec", ROOT / "pyproject.toml"]:
        assert not literal.search(path.read_text("utf-8")), path


def _metainfo(tmp_path: Path) -> Path:
    out = tmp_path / metadata.METAINFO.name
    out.write_text(metadata.metainfo(tabletop.__version__, date="2026-01-01"), "utf-8")
    return out


def test_metainfo_names_the_games_version_and_matches_the_macos_id(tmp_path: Path) -> None:
    from tabletop import registry

    text = _metainfo(tmp_path).read_text("utf-8")
    assert "@" not in text
    assert f'<release version="{tabletop.__version__}" date="2026-01-01"/>' in text
    flat = " ".join(text.split())
    for game in registry.games().values():
        assert game.info.name.replace("&", "&amp;") in flat
    plist = (PACKAGING / "macos" / "Info.plist").read_text("utf-8")
    assert f"<string>{metadata.APP_ID}</string>" in plist
    assert f"<id>{metadata.APP_ID}</id>" in text


def test_metainfo_passes_appstreamcli_validate(tmp_path: Path) -> None:
    tool = shutil.which("appstreamcli")
    if tool is None:
        why = "appstreamcli missing: apt-get install appstream (the CI workflow and .ci/run do)"
        if os.environ.get("CI") and sys.platform.startswith("linux"):  # CI installs it there
            pytest.fail(why)
        pytest.skip(why)
    r = subprocess.run(
        [tool, "validate", "--no-net", str(_metainfo(tmp_path))], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


def _workflow(name: str) -> dict:
    data = yaml.safe_load((WORKFLOWS / name).read_text("utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def test_workflows_parse() -> None:
    names = sorted(p.name for p in WORKFLOWS.glob("*.yml"))
    assert names == ["release.yml", "test.yml"]
    for name in names:
        data = _workflow(name)
        assert data["jobs"] and data["on"], name


def test_test_workflow_runs_the_readme_command_on_three_systems() -> None:
    wf = _workflow("test.yml")
    assert "pull_request" in wf["on"] and "push" in wf["on"]
    job = wf["jobs"]["test"]
    matrix = job["strategy"]["matrix"]
    systems = [*matrix["os"], *(i["os"] for i in matrix.get("include", []))]
    assert any(s.startswith("ubuntu") for s in systems)
    assert any(s.startswith("windows") for s in systems)
    assert any(s.startswith("macos") for s in systems)
    assert "macos-15-intel" in systems  # x86_64 as well as the arm64 macos-latest
    versions = [str(v) for v in matrix["python"]]
    assert (
        "3.11" in versions and max(versions, key=lambda v: tuple(map(int, v.split(".")))) > "3.11"
    )
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "bash .ci/run" in runs and "pytest -n 2" in runs
    readme = (ROOT / "README.md").read_text("utf-8")
    ci_run = (ROOT / ".ci" / "run").read_text("utf-8")
    command = re.search(r"^python3 -m venv .*pytest -n 2$", readme, re.M)
    assert command and command.group(0) in ci_run  # .ci/run runs the README's command verbatim
    assert "appstream" in runs and job["env"]["TABLETOP_TEST_DEB_INSTALL"] == "1"


def test_release_workflow_builds_both_macos_architectures() -> None:
    wf = _workflow("release.yml")
    include = wf["jobs"]["build"]["strategy"]["matrix"]["include"]
    systems = {i["os"] for i in include}
    assert {"ubuntu-22.04", "windows-latest", "macos-latest", "macos-15-intel"} <= systems
    assert len({i["name"] for i in include}) == len(include)  # artifacts do not clash
    assert "platform.machine()" in (PACKAGING / "build.py").read_text("utf-8")  # dmg per arch


def test_readme_install_section_is_current() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    install = readme.split("\n## Install", 1)[1].split("\n## ", 1)[0]
    assert "Privacy & Security" in install and "Open Anyway" in install
    assert "right-click" not in install.lower()
    assert "THIRD-PARTY-NOTICES" in install and "metainfo" in install
    assert "arm64" in install and "x86_64" in install
    assert ".tar.gz" in install
    # packaging/README-install.md is the same section, kept for the release page
    copy = (PACKAGING / "README-install.md").read_text("utf-8")
    assert copy.strip() == ("## Install" + install).strip()
