"""The one safe reader: every hostile file is a FileProblem with plain words, never a hang."""

from __future__ import annotations

import os
import threading

import pytest
from save_support import deep_json

from tabletop import storage
from tabletop.safe_read import MB, FileProblem, Missing, parse_json, read_json_file, read_regular


def _read_within(path, seconds: float = 5.0, **kw):
    """read_regular in a thread: a hang fails the test instead of stopping the run."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = read_regular(path, MB, **kw)
        except BaseException as e:
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"reading {path} hangs"
    return out


def test_a_folder_is_refused(tmp_path) -> None:
    (tmp_path / "autosave.json").mkdir()
    out = _read_within(tmp_path / "autosave.json")
    assert isinstance(out["error"], FileProblem) and "is a folder" in out["error"].problem


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_hanging(tmp_path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    out = _read_within(tmp_path / "settings.json")
    assert isinstance(out["error"], FileProblem) and "FIFO" in out["error"].problem


def test_a_symlink_loop_is_refused(tmp_path) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    out = _read_within(tmp_path / "a.yaml", inside=tmp_path)
    assert isinstance(out["error"], FileProblem) and "loop" in out["error"].problem
    out = _read_within(tmp_path / "a.yaml")  # in user folders no link is followed at all
    assert "symbolic link" in out["error"].problem


def test_a_symlink_is_followed_only_inside_the_given_folder(tmp_path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("x")
    root = tmp_path / "data"
    root.mkdir()
    (root / "inside.txt").write_text("ok")
    (root / "in.yaml").symlink_to(root / "inside.txt")
    (root / "out.yaml").symlink_to(outside)
    assert read_regular(root / "in.yaml", MB, inside=root) == b"ok"
    with pytest.raises(FileProblem, match="outside"):
        read_regular(root / "out.yaml", MB, inside=root)


def test_a_device_is_refused() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    out = _read_within("/dev/zero")
    assert "device" in out["error"].problem


def test_size_is_capped_before_reading(tmp_path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(60 * MB)  # sparse: 60 MB on paper, nothing on disk
    with pytest.raises(FileProblem, match=r"too large \(60.0 MB; the limit is 1.0 MB\)"):
        read_regular(big, MB)


def test_missing_is_its_own_kind(tmp_path) -> None:
    with pytest.raises(Missing):
        read_regular(tmp_path / "none.json", MB)


@pytest.mark.parametrize(
    "raw, words",
    [
        (deep_json().encode(), "nests too deeply"),
        (b'{"a":' * 70 + b"1" + b"}" * 70, "nests too deeply"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"{nope", "not valid JSON"),
        (b"1" * 5000, "not valid JSON"),  # an int too long to convert (ValueError)
        (b"", "not valid JSON"),
    ],
)
def test_json_problems_are_messages(raw, words) -> None:
    with pytest.raises(FileProblem) as info:
        parse_json("f.json", raw)
    assert words in info.value.problem


def test_json_within_the_caps_reads(tmp_path) -> None:
    p = tmp_path / "ok.json"
    p.write_text('{"a": [[1, 2], {"b": null}]}')
    assert read_json_file(p, MB) == {"a": [[1, 2], {"b": None}]}


def test_storage_read_json_names_the_reason_in_the_moved_file(tmp_path) -> None:
    p = tmp_path / "settings.json"
    p.write_text(deep_json())
    doc, message = storage.load_or_move_aside(p, "tabletop-settings", 1)
    assert doc is None and "nests too deeply" in message
    (aside,) = tmp_path.iterdir()
    assert aside.name.startswith("settings.json.too-deep-") and not aside.name.endswith(".json")


def test_atomic_writes_sync_the_folder(tmp_path, monkeypatch) -> None:
    synced = []
    monkeypatch.setattr(storage, "fsync_dir", lambda folder: synced.append(folder))
    storage.atomic_write_text(tmp_path / "a.json", "{}")
    assert synced == [tmp_path]


def test_stale_temporary_files_are_removed(tmp_path) -> None:
    stale = tmp_path / ".autosave.json.abc123.tmp"
    stale.write_text("half")
    keep = tmp_path / "notes.tmp"  # not one of ours: no leading dot
    keep.write_text("mine")
    assert storage.remove_stale_temps(tmp_path) == [stale]
    assert not stale.exists() and keep.exists()
