"""The malformed-file corpus (built by tests/fixtures/make_corpus.py): every file a clear message.

User files: each broken save, put in place of the autosave, is refused by the title screen
with its message and moved aside (the app stays on the title, no crash); each broken settings
file resets the settings with its message.  Data folders: ``tabletop validate`` names the
problem, exits 1, and never raises.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from ui_shell_support import close_app, make_app

from tabletop.cli import main as cli
from tabletop.ui import launch
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.settings import load_settings

CORPUS = Path(__file__).resolve().parent / "fixtures" / "corpus"
USER = json.loads((CORPUS / "user" / "expected.json").read_text())
DATA = json.loads((CORPUS / "data" / "expected.json").read_text())


def test_the_corpus_is_big_enough() -> None:
    assert len(USER) >= 60 and len(DATA) >= 60


def test_every_broken_save_is_refused_at_the_title_with_its_message(monkeypatch, tmp_path):
    app = make_app(monkeypatch, tmp_path)
    failures = []
    try:
        for name, words in sorted(USER.items()):
            if not name.endswith(".save.json"):
                continue
            auto = launch.autosave_path()
            shutil.copy(CORPUS / "user" / name, auto)
            app.go_home()
            for _ in range(10):  # the plain first frame, then the widgets and the check
                app.step(1 / 60)
                if isinstance(app.top, MessageDialog):
                    break
            top = app.top
            text = top.text if isinstance(top, MessageDialog) else ""
            if words not in text or auto.exists() or "Traceback" in text:
                failures.append(f"{name}: {text!r}")
            if isinstance(top, MessageDialog):
                top.choose(0)
            if not isinstance(app.top, TitleScene):
                failures.append(f"{name}: not back at the title")
        assert app.crashes == 0
    finally:
        close_app()
    assert failures == []


@pytest.mark.parametrize("name", sorted(n for n in USER if n.endswith(".settings.json")))
def test_every_broken_settings_file_resets_with_its_message(tmp_path, name) -> None:
    path = tmp_path / "settings.json"
    shutil.copy(CORPUS / "user" / name, path)
    _settings, message = load_settings(path)
    assert message and USER[name] in message and "moved aside" in message
    assert not path.exists()


def test_the_app_starts_on_a_broken_settings_file(monkeypatch, tmp_path) -> None:
    from tabletop import storage

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    shutil.copy(CORPUS / "user" / "deep-100000-arrays.settings.json",
                storage.config_dir() / "settings.json")  # fmt: skip
    app = make_app(monkeypatch, tmp_path)
    try:
        app.step(1 / 60)
        assert isinstance(app.top, MessageDialog) and "nests too deeply" in app.top.text
        app.top.choose(0)
        assert isinstance(app.top, TitleScene) and app.crashes == 0
    finally:
        close_app()


def test_every_broken_data_folder_gets_its_message(tmp_path, capsys) -> None:
    shutil.copytree(CORPUS / "data", tmp_path / "data")
    failures = []
    for name, words in sorted(DATA.items()):
        folder = tmp_path / "data" / name / "sample"
        code = cli(["validate", str(folder)])
        out = capsys.readouterr()
        if code != 1 or words not in out.out or out.err:
            failures.append(f"{name} ({code}): {out.out.strip()[:300]} {out.err[:300]}")
    assert failures == []
