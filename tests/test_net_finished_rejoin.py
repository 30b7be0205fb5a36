"""A player who missed a table's last move still sees its end.

The stall issue 33's cluster test met: a process stored a table's last move and its end,
then was killed before it told the players.  The clients reconnected (to the process that took
its place) and asked for their table, and the server answered "there is no table here", as it
served only unfinished tables: both clients stayed one move short of the end for good.  A
finished table must be rebuilt from its stored moves and shown.

The other half: a process killed between storing the last move and storing the end left a
table that is over by its moves but unfinished in the database (listed in the lobby, owned
for ever).  The process that brings it back must store its end.
"""

from __future__ import annotations

import sqlite3
import time

from net_helpers import (
    FAST,
    Bot,
    ServerProcess,
    create_table,
    join_table,
    play_out,
    stored_table,
)

GAME = "majesty"  # short games


def _finished_table(tmp_path) -> tuple[ServerProcess, str, dict[int, str], dict[int, str]]:
    srv = ServerProcess(tmp_path, *FAST).start()
    made = create_table(srv.url, GAME, [{"kind": "host"}, {"kind": "open"}])
    friend = join_table(srv.url, made["code"], "Friend")
    host_tokens = {made["seat"]: made["token"]}
    friend_tokens = {friend["seat"]: friend["token"]}
    bots = [
        Bot(srv.url, made["code"], host_tokens, 1),
        Bot(srv.url, made["code"], friend_tokens, 2),
    ]
    try:
        play_out(bots)
    finally:
        for b in bots:
            b.close()
    return srv, made["code"], host_tokens, friend_tokens


def _sees_the_end(url: str, code: str, tokens: dict[int, str]) -> list[str]:
    """Rejoin with ``tokens``: what the client was told, once it sees the end (or times out)."""
    bot = Bot(url, code, tokens, 3)
    notes: list[str] = []
    try:
        end = time.monotonic() + 30
        while not bot.match.is_over() and time.monotonic() < end:
            notes += [c.text for c in bot.pump() if c.kind == "note"]
            time.sleep(0.01)
        assert bot.match.is_over(), f"the rejoining player never saw the end; told {notes}"
        return notes
    finally:
        bot.close()


def test_a_player_rejoining_a_finished_table_after_a_restart_sees_its_end(tmp_path):
    srv, code, host, friend = _finished_table(tmp_path)
    srv.stop()
    again = ServerProcess(tmp_path, *FAST, port=srv.port).start()
    try:
        assert stored_table(tmp_path, code)["over"]
        _sees_the_end(again.url, code, host)
        _sees_the_end(again.url, code, friend)
    finally:
        again.stop()


def test_a_table_over_by_its_moves_but_not_stored_as_over_is_ended_when_brought_back(tmp_path):
    srv, code, host, _ = _finished_table(tmp_path)
    srv.stop()
    with sqlite3.connect(tmp_path / "tables.sqlite") as db:  # killed before its end was stored
        db.execute("UPDATE tables SET over = 0 WHERE code = ?", (code,))
        db.execute("DELETE FROM finished WHERE code = ?", (code,))
    assert not stored_table(tmp_path, code)["over"]
    again = ServerProcess(tmp_path, *FAST, port=srv.port).start()
    try:
        _sees_the_end(again.url, code, host)
        assert stored_table(tmp_path, code)["over"], "the end was not stored"
        with sqlite3.connect(tmp_path / "tables.sqlite") as db:
            (kept,) = db.execute("SELECT COUNT(*) FROM finished WHERE code = ?", (code,)).fetchone()
        assert kept == 1, "the result is not among the finished games"
    finally:
        again.stop()
