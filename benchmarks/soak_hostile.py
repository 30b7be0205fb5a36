"""The hostile-file half of the soak (``python benchmarks/soak.py --hostile``).

Each case puts one bad file, name or folder into a fresh user home and starts the real app
(``python -m tabletop`` for a few frames on SDL's dummy driver) twice: the second start shows
whether the first left a crash loop behind.  Journal cases then load the autosave the way
*Continue* does and count the moves that came back.  CLI cases run one command each against
a hostile input with a time limit.  Figures: files tried, clear messages, names cleaned,
tracebacks, crash loops, hangs and moves lost.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = (
    "moved aside",
    "was kept as",
    "recovered",
    "damaged",
    "not a folder",
    "cannot be written",
)
MOVES = 12


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, TABLETOP_HOME=str(home), TABLETOP_SMOKE_FRAMES="8")
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return env


def _autosave(home: Path, moves: int = MOVES, name: str = "Ada") -> Path:
    """A real autosave: ``moves`` moves, the first in the snapshot, the rest in the journal."""
    os.environ["TABLETOP_HOME"] = str(home)
    sys.path.insert(0, str(ROOT / "tests"))
    from save_support import played_match

    from tabletop.controller.saving import journal

    path = home / "data" / "autosave.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    m = played_match(moves, save_path=path)
    m.flush()
    journal.flush_all()
    if name != "Ada":
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["seats"][0]["name"] = name
        path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _journal_edit(edit: Callable[[list[bytes]], list[bytes]]) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        side = Path(f"{_autosave(home)}.journal")
        side.write_bytes(b"".join(edit(side.read_bytes().splitlines(keepends=True))))

    return make


def _zero_checksum(lines: list[bytes]) -> list[bytes]:
    lines[3] = b"00000000" + lines[3][8:]
    return lines


def _bad_move(lines: list[bytes]) -> list[bytes]:
    body = b'{"i":5,"seat":0,"action":{"name":"no_such_move","args":{}},"barrier":true}'
    lines[5] = b"%08x " % zlib.crc32(body) + body + b"\n"
    return lines


def _records(sql: str) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        path = home / "data" / "records.sqlite3"
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT, seed INTEGER)")
        db.execute("INSERT INTO games VALUES (1, 'majesty', 'seven')")
        db.execute(sql)
        db.commit()
        db.close()

    return make


def _named_save(name: str) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        auto = _autosave(home, 4, name)
        folder = home / "data" / "saves"
        folder.mkdir(parents=True, exist_ok=True)
        auto.replace(folder / "odd.json")

    return make


def _put(rel: str, kind: str) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        path = home / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "file":
            path.write_text("in the way", encoding="utf-8")
        elif kind == "fifo":
            os.mkfifo(path)
        else:
            path.mkdir()

    return make


# name -> (how to make it, the moves Continue must find, or None when no autosave is kept)
APP_CASES: dict[str, tuple[Callable[[Path], None], int | None]] = {
    "name-nul": (lambda h: _autosave(h, 4, "B\x00ob") and None, 4),
    "name-surrogate": (lambda h: _autosave(h, 4, "Bo\ud800b") and None, 4),
    "name-zwj": (lambda h: _autosave(h, 4, "\u200d" * 18) and None, 4),
    "name-esc": (lambda h: _autosave(h, 4, "\x1b[2J") and None, 4),
    "named-save-nul": (_named_save("B\x00ob"), None),
    "journal-zero-checksum": (_journal_edit(_zero_checksum), MOVES),
    "journal-crlf": (_journal_edit(lambda ls: [x.replace(b"\n", b"\r\n") for x in ls]), MOVES),
    "journal-nul": (_journal_edit(lambda ls: [*ls[:5], b"\x00" * 512, *ls[5:]]), MOVES),
    "journal-bad-move": (_journal_edit(_bad_move), 5),
    "journal-folder": (lambda h: _journal_folder(h), 1),
    "data-is-a-file": (_put("data", "file"), None),
    "config-is-a-fifo": (_put("config", "fifo"), None),
    "logs-is-a-file": (_put("logs", "file"), None),
    "saves-is-a-file": (_put("data/saves", "file"), None),
    "lock-is-a-folder": (_put("data/tabletop.lock", "dir"), None),
}


def _journal_folder(home: Path) -> None:
    side = Path(f"{_autosave(home)}.journal")
    side.unlink()
    side.mkdir()


def _moves(home: Path) -> int | None:
    os.environ["TABLETOP_HOME"] = str(home)
    from tabletop.controller.saving import saves

    auto = home / "data" / "autosave.json"
    try:
        return len(saves.load_verified(auto).data["actions"])
    except (saves.SaveError, OSError):
        return None


def _start(home: Path) -> tuple[int, str]:
    r = subprocess.run(
        [sys.executable, "-m", "tabletop"],
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    log = home / "logs" / "tabletop.log"
    text = r.stderr + (log.read_text(errors="replace") if log.is_file() else "")
    return r.returncode, text


RECORD_CASES = {
    "records-text-seed": "PRAGMA user_version = 2",
    "records-negative-version": "PRAGMA user_version = -1",
}

CLI_CASES: dict[str, Callable[[Path], list[str]]] = {
    "replay-fifo": lambda t: (os.mkfifo(t / "f"), ["replay", str(t / "f")])[1],
    "replay-dev-zero": lambda t: ["replay", "/dev/zero"],
    "replay-binary": lambda t: (
        (t / "b").write_bytes(b"\x89PNG\x00\xff"),
        ["replay", str(t / "b")],
    )[1],
    "replay-deep": lambda t: (
        (t / "d").write_text('{"game":0,"x":' + "[" * 99_999 + "]" * 99_999 + "}\n"),
        ["replay", str(t / "d")],
    )[1],
    "simulate-log-fifo": lambda t: (
        os.mkfifo(t / "g"),
        ["simulate", "majesty", "-p", "2", "--games", "1", "--log", str(t / "g")],
    )[1],
    "stats-other-db": lambda t: (_other_db(t / "o.db"), ["stats", "--file", str(t / "o.db")])[1],
    "stats-text-file": lambda t: ((t / "n").write_text("notes"), ["stats", "--file", str(t / "n")])[
        1
    ],
    "schema-out-dev-full": lambda t: ["schema", "--out", "/dev/full"],
}


def _other_db(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (id INTEGER)")
    db.commit()
    db.close()


def run(workdir: Path) -> dict[str, int]:
    """Every case once; the figures."""
    figures = dict(files_tried=0, clear_messages=0, names_cleaned=0, tracebacks=0,
                   crash_loops=0, hangs=0, moves_lost=0)  # fmt: skip
    for name, (make, want) in APP_CASES.items():
        home = workdir / name
        home.mkdir(parents=True)
        make(home)
        figures["files_tried"] += 1
        code1, text1 = _start(home)
        code2, text2 = _start(home)
        if "Traceback" in text1 + text2 or "unexpected error" in text1 + text2:
            figures["tracebacks"] += 1
        if code2 != 0 or "giving up" in text2:
            figures["crash_loops"] += 1
        if any(m in text1 for m in MESSAGES):
            figures["clear_messages"] += 1
        elif name.startswith(("name-", "named-")):
            figures["names_cleaned"] += 1
        if want is not None:
            got = _moves(home)
            if got is None or got < want:
                figures["moves_lost"] += want - (got or 0)
        print(f"{name}: exit {code1}/{code2}", flush=True)
    for name, sql in RECORD_CASES.items():  # opened in this process, as the Records screen does
        home = workdir / name
        home.mkdir(parents=True)
        _records(sql)(home)
        figures["files_tried"] += 1
        os.environ["TABLETOP_HOME"] = str(home)
        from tabletop.controller.history.records import Records, RecordsError

        try:
            with Records() as rec:
                rec.recent()
                note = rec.note
        except RecordsError as e:
            note = str(e)
        except Exception:  # what the Records screen would have shown as a crash
            figures["tracebacks"] += 1
            note = ""
        if "moved aside" in note:
            figures["clear_messages"] += 1
        print(f"{name}: {note[:100]}", flush=True)
    for name, make_argv in CLI_CASES.items():
        folder = workdir / f"cli-{name}"
        folder.mkdir(parents=True)
        if "dev-" in name and not Path(f"/dev/{name.rsplit('-dev-', 1)[1]}").exists():
            continue
        argv = make_argv(folder)
        figures["files_tried"] += 1
        try:
            r = subprocess.run(
                [sys.executable, "-m", "tabletop", *argv],
                env=_env(workdir / "cli-home"),
                capture_output=True,
                text=True,
                timeout=30,
                cwd=ROOT,
            )
        except subprocess.TimeoutExpired:
            figures["hangs"] += 1
            print(f"{name}: hung", flush=True)
            continue
        if "Traceback" in r.stderr:
            figures["tracebacks"] += 1
        elif r.stderr.count("\n") == 1 and r.returncode == 2:
            figures["clear_messages"] += 1
        print(f"{name}: exit {r.returncode}: {r.stderr.strip()[:100]}", flush=True)
    return figures
