"""`tabletop validate` on hostile data folders: a message for each, no traceback, no hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from data_fixture import copy_fixture, edit

C = "data/sample/cards.yaml"


def _validate(folder: Path) -> subprocess.CompletedProcess[str]:
    """The real command in a child process, so that a hang fails instead of stopping the run."""
    return subprocess.run(
        [sys.executable, "-m", "tabletop", "validate", "--no-art", str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _replace(folder: Path, name: str, how: str) -> None:
    path = folder / name
    path.unlink()
    if how == "dir":
        path.mkdir()
    elif how == "loop":
        path.symlink_to(folder / "loop.yaml")
        (folder / "loop.yaml").symlink_to(path)
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "outside":
        secret = folder.parent.parent / "secret.yaml"
        secret.write_text("cards: []\n")
        path.symlink_to(secret)


@pytest.mark.parametrize(
    "name, how, words",
    [
        ("cards.yaml", "dir", f"{C}: a folder, not a file"),
        ("cards.yaml", "loop", f"{C}: a loop of symbolic links"),
        ("layout.yaml", "fifo", "data/sample/layout.yaml: a pipe (FIFO), not a regular file"),
        ("game.yaml", "dir", "data/sample/game.yaml: a folder, not a file"),
        ("cards.yaml", "outside", "outside"),
    ],
)
def test_a_data_file_that_is_not_a_file_is_a_message(tmp_path, name, how, words) -> None:
    if how == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    folder = copy_fixture(tmp_path)
    _replace(folder, name, how)
    r = _validate(folder)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr and r.stderr == ""
    assert words in r.stdout, r.stdout


@pytest.mark.parametrize(
    "file, old, new, words",
    [
        ("cards.yaml", "count: 4", "count: 100000000000000000000000000",
         f"{C}: cards[0].count: expected a whole number from 1 to 1000, got a number of about 27 digits"),
        ("cards.yaml", "count: 4", "count: 1000",
         f"{C}: cards: the game would build 2,003 cards; the limit is 2,000"),
        ("cards.yaml", "art: sample/miller.svg", "art: C:/Windows/win.ini",
         f"{C}: cards[0].art: expected a relative path under art/ with '/' separators, no '..' "
         "and no drive letter, got 'C:/Windows/win.ini'"),
        ("cards.yaml", "name: Miller", "name: " + "M" * 30_000,
         f"{C}: cards[0].name: text too long (30,000 characters; the limit is 20,000)"),
    ],
)  # fmt: skip
def test_data_limits_are_refused_like_any_problem(tmp_path, file, old, new, words) -> None:
    folder = copy_fixture(tmp_path)
    edit(folder, file, old, new)
    if "2,003" in words:  # 1,000 millers and 1,000 brewers
        edit(folder, file, "count: 3", "count: 1000")
    r = _validate(folder)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert words in r.stdout, r.stdout


def test_a_huge_count_cannot_make_simulate_run_forever(tmp_path) -> None:
    folder = copy_fixture(tmp_path)
    edit(folder, "cards.yaml", "count: 4", "count: 100000000000000000000000000")
    from tabletop.engine import DataError
    from tabletop.engine.data import load_game_data

    with pytest.raises(DataError):
        load_game_data(folder=folder, check_art=False)


def test_every_number_and_list_has_a_limit() -> None:
    from tabletop.engine import DataError
    from tabletop.engine.data.spec import MAX_INT, Int, ListOf, MapOf, Num

    for spec, value, words in [
        (Int(), MAX_INT + 1, "past the data limit"),
        (Int(min=0), -1, "≥ 0"),
        (Num(), float("inf"), "past the data limit"),
        (Num(), float("nan"), "past the data limit"),
        (ListOf(), [0] * 10_001, "too many items"),
        (MapOf(), {str(i): 0 for i in range(10_001)}, "too many entries"),
    ]:
        with pytest.raises(DataError, match=words):
            spec.check(value, "f.yaml", "x")
