"""Seats online: a dropped player's seat, undo, chat, spectators, limits and the AI pool.

One real server on loopback; clients are scripted.  A dropped player's seat waits; once the
grace period has passed the host may hand it to the AI, and the player takes it back by
rejoining.  Undo takes back only your own last move while no one has moved since, and the
others read it in their log.  Spectators can never act.  A long AI search at one table does
not hold up another table's moves.
"""

from __future__ import annotations

import time

import pytest
from net_helpers import Bot, ServerProcess, create_table, join_table, stored_table, wait_for

from tabletop.net.client import NetClient

GRACE = 0.5


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = ServerProcess(tmp_path_factory.mktemp("seats"), "--ai-delay", "0", "--ai-workers",
                        "1", "--grace", str(GRACE), "--tables-per-address", "100",
                        "--rate", "2000", "--burst", "2000").start()  # fmt: skip
    yield srv
    srv.stop()


def _ready(*bots: Bot) -> None:
    wait_for(lambda: all((b.pump() or True) and b.match.ready for b in bots), 20)


def _pump_until(bots: list[Bot], predicate, timeout: float = 20) -> None:
    def pumped() -> bool:
        for b in bots:
            b.pump()
        return bool(predicate())

    wait_for(pumped, timeout)


def test_a_dropped_seat_waits_then_the_ai_plays_it_until_its_player_returns(server) -> None:
    made = create_table(server.url, "monarch", [{"kind": "host", "name": "Ann"}, {"kind": "open"}])
    code = made["code"]
    friend = join_table(server.url, code, "Bob")
    host = Bot(server.url, code, {0: made["token"]}, 1)
    bob = Bot(server.url, code, {1: friend["token"]}, 2)
    try:
        _ready(host, bob)
        bob.close()  # Bob's connection drops
        _pump_until([host], lambda: not host.match.seat_info[1]["connected"])
        # at once: too early, the seat waits for Bob
        host.match.hand_to_ai(1, "easy")
        _pump_until([host], lambda: any("more seconds" in c.text for c in host.pump()) or
                    "more seconds" in " ".join(e.text for e in host.match.log_for(0)[-3:]) or
                    host.match.seat_info[1]["level"] == "", 5)  # fmt: skip
        assert host.match.seat_info[1]["level"] == ""
        time.sleep(GRACE + 0.2)
        host.match.hand_to_ai(1, "easy")
        _pump_until([host], lambda: host.match.seat_info[1]["level"] == "easy")
        # the AI now plays Bob's seat: the game goes on while only Ann is here
        start = host.match.n
        end = time.monotonic() + 60
        while not any(s == 1 for s, _ in stored_table(server.data, code)["moves"][start:]):
            assert time.monotonic() < end, "the AI never played the handed-over seat"
            host.pump()
            host.act()
            time.sleep(0.01)
        assert any("The AI plays for Bob" in e.text for e in host.match.log_for(0))
        # Bob comes back with his token: his seat is his again
        bob = Bot(server.url, code, {1: friend["token"]}, 2)
        _ready(bob)
        _pump_until([host, bob], lambda: host.match.seat_info[1]["level"] == "")
        assert host.match.seat_info[1]["connected"]
    finally:
        host.close()
        bob.close()


def test_undo_online_takes_back_only_your_last_move_and_the_others_read_it(server) -> None:
    made = create_table(server.url, "monarch", [{"kind": "host", "name": "Ann"}, {"kind": "open"}])
    code = made["code"]
    friend = join_table(server.url, code, "Bob")
    ann = Bot(server.url, code, {0: made["token"]}, 1)
    bob = Bot(server.url, code, {1: friend["token"]}, 2)
    try:
        _ready(ann, bob)
        mover, other = (ann, bob) if 0 in ann.match.to_act() else (bob, ann)
        seat, other_seat = mover.match.local_humans()[0], other.match.local_humans()[0]
        assert not mover.match.can_undo(seat)  # nothing of its own to take back yet
        harvest = next(a for a in mover.match.legal(seat) if a.name == "harvest")
        mover.match.apply(seat, harvest)  # a harvest shows no hidden card: it may be undone
        _pump_until([ann, bob], lambda: mover.match.n == 1 == other.match.n)
        assert mover.match.can_undo(seat)
        assert not other.match.can_undo(other_seat)  # never another seat's move
        assert mover.match.undo(seat)
        _pump_until([ann, bob], lambda: other.match.n == 0 and mover.match.n == 0)
        _pump_until(
            [other], lambda: any("took back" in e.text for e in other.match.log_for(other_seat))
        )
        # once the other seat has moved, the first may take nothing back
        while True:
            _pump_until(
                [ann, bob], lambda: not mover.match.waiting and mover.match.n == other.match.n
            )
            if other.match.humans_to_act():
                break
            assert mover.act()
        moved = mover.match.n
        assert other.act()
        _pump_until([ann, bob], lambda: mover.match.n == moved + 1 == other.match.n)
        assert not mover.match.can_undo(seat)
        answer = mover.client.call(
            {"type": "undo", "code": code, "token": mover.match.tokens[seat]}
        )
        assert answer["type"] == "refused" and "taken back" in answer["reason"]
    finally:
        ann.close()
        bob.close()


def test_chat_reaches_the_table_cleaned_and_spectators_cannot_act(server) -> None:
    made = create_table(server.url, "majesty", [{"kind": "host", "name": "Ann"},
                                                {"kind": "ai", "level": "easy"}])  # fmt: skip
    code = made["code"]
    ann = Bot(server.url, code, {0: made["token"]}, 1)
    watcher = NetClient(server.url)
    try:
        _ready(ann)
        wait_for(lambda: watcher.status == "connected")
        joined = watcher.call({"type": "watch", "code": code})
        assert joined["type"] == "joined" and joined["seat"] is None and joined["token"] == ""
        ann.match.chat(0, "good\x07 luck\u200b   all")
        _pump_until(
            [ann], lambda: any(e.text == "Ann: good luck all" for e in ann.match.log_for(0))
        )
        long = watcher.call({"type": "chat", "code": code, "token": "", "text": "x" * 300})
        assert long["type"] == "error" and "200" in long["reason"]
        move = watcher.call({"type": "move", "code": code, "token": "", "n": 0,
                             "action": {"name": "take", "args": {}}})  # fmt: skip
        assert move["type"] == "refused"
    finally:
        ann.close()
        watcher.close()


def test_one_address_may_hold_only_so_many_unfinished_tables(tmp_path) -> None:
    srv = ServerProcess(tmp_path, "--ai-workers", "0", "--tables-per-address", "3").start()
    c = NetClient(srv.url)
    try:
        wait_for(lambda: c.status == "connected")
        answers = [
            c.call(
                {"type": "create", "game": "majesty", "seats": [{"kind": "host"}, {"kind": "open"}]}
            )
            for _ in range(4)
        ]
    finally:
        c.close()
        srv.stop()
    kinds = [a["type"] for a in answers]
    assert "error" in kinds and "3 tables" in answers[kinds.index("error")]["reason"]


def test_a_long_ai_search_does_not_hold_up_another_table(tmp_path) -> None:
    srv = ServerProcess(tmp_path, "--ai-delay", "0", "--ai-workers", "1",
                        "--rate", "2000", "--burst", "2000").start()  # fmt: skip
    slow = create_table(srv.url, "mayflower", [{"kind": "host"}, {"kind": "ai", "level": "hard"}])
    fast = create_table(srv.url, "majesty", [{"kind": "host"}, {"kind": "open"}])
    fast_friend = join_table(srv.url, fast["code"])
    a = Bot(srv.url, slow["code"], {0: slow["token"]}, 1)
    b1 = Bot(srv.url, fast["code"], {0: fast["token"]}, 2)
    b2 = Bot(srv.url, fast["code"], {fast_friend["seat"]: fast_friend["token"]}, 3)
    best = 0  # the most moves table two made while table one's AI was thinking
    try:
        _ready(a, b1, b2)
        end = time.monotonic() + 90
        while best < 5 and time.monotonic() < end:
            for b in (a, b1, b2):
                b.pump()
            if not a.act() and 1 in a.match.to_act() and not a.match.is_over():
                start_n = a.match.n
                before = b1.match.n
                while a.match.n == start_n and not b1.match.is_over():
                    for b in (a, b1, b2):
                        b.pump()
                        b.act()
                    time.sleep(0.001)
                best = max(best, b1.match.n - before)
            if b1.match.is_over():
                break
            time.sleep(0.001)
    finally:
        for b in (a, b1, b2):
            b.close()
        srv.stop()
    assert best >= 5, f"table two made at most {best} moves during a Hard search at table one"


def test_leaving_before_the_game_begins_gives_the_seat_back(server) -> None:
    made = create_table(
        server.url, "majesty", [{"kind": "host"}, {"kind": "open"}, {"kind": "open"}]
    )
    code = made["code"]
    c = NetClient(server.url)
    try:
        wait_for(lambda: c.status == "connected")
        joined = c.call({"type": "join", "code": code, "name": "Bob"})
        assert joined["type"] == "joined"
        c.send({"type": "leave", "code": code, "token": joined["token"]})

        def open_seats() -> int:
            tables = c.call({"type": "list"})["tables"]
            table = next(t for t in tables if t["code"] == code)
            return sum(1 for s in table["seats"] if s["kind"] == "open")

        wait_for(lambda: open_seats() == 2, 10)  # Bob's seat is open again
        stale = c.call({"type": "rejoin", "code": code, "token": joined["token"]})
        assert stale["type"] == "refused"  # his old token proves nothing now
        # the host's seat is never given back, even when the host leaves
        c.send({"type": "leave", "code": code, "token": made["token"]})
        again = c.call({"type": "rejoin", "code": code, "token": made["token"]})
        assert again["type"] == "joined" and again["seat"] == made["seat"]
    finally:
        c.close()
