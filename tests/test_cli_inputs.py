"""The command line trusts none of its inputs: FIFOs and devices are refused (never a wait for
ever), a log's size and nesting are capped, and every bad input or write error is one line."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

from tabletop.cli import main

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _one_line(err: str) -> str:
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def _no_hang(argv: list[str]) -> int:
    """Run the CLI in a thread; a command that blocks would leave the thread alive."""
    got: list[int] = []
    t = threading.Thread(target=lambda: got.append(main(argv)), daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), f"{argv} blocked"
    return got[0]


@needs_fifo
def test_replay_refuses_a_fifo(tmp_path, capsys) -> None:
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    assert _no_hang(["replay", str(fifo)]) == 2
    assert "pipe" in _one_line(capsys.readouterr().err)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_replay_refuses_a_device(capsys) -> None:
    assert main(["replay", "/dev/zero"]) == 2
    assert "device" in _one_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    "content, words",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe binary", "not UTF-8"),
        (b'{"game": 0, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n", "nested too deeply"),
        (b'{"game": 0, "x": ' + b"[" * 80 + b"]" * 80 + b"}\n", "nested too deeply"),
        (b'{"game": 0, "x": "' + b"a" * (9 * 1024 * 1024) + b'"}\n', "too long"),
    ],
    ids=["binary", "deep", "deeper-than-64", "long-line"],
)
def test_replay_reports_bad_input_in_one_line(tmp_path, capsys, content, words) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    assert words in _one_line(capsys.readouterr().err)


def test_replay_caps_the_size_of_a_log(tmp_path, capsys, monkeypatch) -> None:
    from tabletop.commands import replay

    monkeypatch.setattr(replay, "MAX_LOG_BYTES", 1000)
    path = tmp_path / "log.jsonl"
    path.write_bytes(b'{"game": 0}\n' * 200)
    assert main(["replay", str(path)]) == 2
    assert "too large" in _one_line(capsys.readouterr().err)


@needs_fifo
def test_simulate_refuses_a_fifo_for_its_log(tmp_path, capsys) -> None:
    fifo = tmp_path / "out.jsonl"
    os.mkfifo(fifo)
    argv = ["simulate", "majesty", "-p", "2", "--games", "1", "--log", str(fifo)]
    assert _no_hang(argv) == 2
    assert "pipe" in _one_line(capsys.readouterr().err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_schema_out_to_a_device_is_one_line(capsys) -> None:
    assert main(["schema", "--out", "/dev/full"]) == 2
    assert "not a folder" in _one_line(capsys.readouterr().err)


def test_schema_out_to_a_folder_that_cannot_be_made(tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert main(["schema", "--out", str(blocker / "sub")]) == 2
    assert "cannot write" in _one_line(capsys.readouterr().err)


def test_tournament_draws_no_progress_bar_into_a_pipe(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert main(["tournament", "majesty", "--games", "2", "--ai", "random"]) == 0
    assert "\r" not in capsys.readouterr().err


def test_tournament_draws_its_bar_on_a_terminal(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert main(["tournament", "majesty", "--games", "2", "--ai", "random"]) == 0
    assert "\r" in capsys.readouterr().err


def test_stats_file_that_is_a_fifo_is_refused(tmp_path, capsys) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = Path(tmp_path / "r.sqlite3")
    os.mkfifo(fifo)
    assert _no_hang(["stats", "--file", str(fifo)]) == 2
    _one_line(capsys.readouterr().err)
