"""Network play when things go wrong: a server killed mid-game, hostile clients.

- ``kill -9`` of the server twenty times at random moments of one game: after each kill the
  database holds every move any client had been told of, the restarted server brings the
  table back, the clients reconnect by themselves and the game ends as a local replay of
  its moves would.
- Malformed frames, deep nesting, unknown types, huge frames and floods: each gets an error
  or the connection closed, while a game at another table plays on to its end.
"""

from __future__ import annotations

import json
import random
import threading
import time

import pytest
from net_helpers import (
    FAST,
    Bot,
    ServerProcess,
    assert_ends_as_replayed,
    create_table,
    join_table,
    stored_table,
)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tabletop.net import protocol

KILLS = 20


def _two_bots(srv: ServerProcess, game: str) -> tuple[str, list[Bot]]:
    made = create_table(srv.url, game, [{"kind": "host"}, {"kind": "open"}])
    friend = join_table(srv.url, made["code"], "Friend")
    bots = [
        Bot(srv.url, made["code"], {made["seat"]: made["token"]}, 1, "noisy:0.1"),
        Bot(srv.url, made["code"], {friend["seat"]: friend["token"]}, 2, "noisy:0.1"),
    ]
    return made["code"], bots


def _step(bots: list[Bot], seen: list[list[int]]) -> None:
    moved = False
    for b, ns in zip(bots, seen, strict=True):
        for change in b.pump():
            if change.kind == "state":
                ns.append(b.match.n)
        moved = b.act() or moved
    if not moved:
        time.sleep(0.002)


def test_kill_9_of_the_server_loses_no_acknowledged_move(tmp_path) -> None:
    rng = random.Random(27)
    srv = ServerProcess(tmp_path, *FAST).start()
    code, bots = _two_bots(srv, "your_majesty")
    seen: list[list[int]] = [[], []]
    kills = 0
    try:
        while not all(b.match.is_over() for b in bots):
            if kills < KILLS:
                target = max(len(ns) and ns[-1] for ns in seen) + rng.randint(1, 4)
                end = time.monotonic() + 60
                while max(len(ns) and ns[-1] for ns in seen) < target:
                    assert time.monotonic() < end, "the game stopped moving"
                    if all(b.match.is_over() for b in bots):
                        break
                    _step(bots, seen)
                time.sleep(rng.random() * 0.01)  # somewhere between two moves, or within one
                told = max(len(ns) and ns[-1] for ns in seen)  # moves a client was told of
                srv.kill()
                kills += 1
                assert len(stored_table(tmp_path, code)["moves"]) >= told
                srv = ServerProcess(tmp_path, *FAST, port=srv.port).start()
            else:
                end = time.monotonic() + 120
                while not all(b.match.is_over() for b in bots):
                    assert time.monotonic() < end, "the game did not end"
                    _step(bots, seen)
        for ns in seen:  # no client ever saw the game go back
            assert ns == sorted(ns)
        assert min(b.client.connects for b in bots) > KILLS // 2  # they came back by themselves
        assert_ends_as_replayed(bots, stored_table(tmp_path, code))
    finally:
        for b in bots:
            b.close()
        srv.stop()
    assert kills == KILLS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = ServerProcess(tmp_path_factory.mktemp("hostile"), "--ai-delay", "0", "--ai-workers", "0", "--max-bad", "20",
                        "--max-frame", "65536", "--rate", "50", "--burst", "100").start()  # fmt: skip
    yield srv
    srv.stop()


def _hello(ws) -> None:
    ws.send(json.dumps({"type": "hello", "version": protocol.PROTOCOL}))
    assert json.loads(ws.recv(5))["type"] == "welcome"


def _answers_until_closed(ws, limit: int = 20000) -> list[dict]:
    out = []
    try:
        for _ in range(limit):
            out.append(json.loads(ws.recv(30)))
    except ConnectionClosed:
        return out
    except TimeoutError:
        return out
    return out


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ("{not json", "not valid JSON"),
        ("[" * 5000 + "]" * 5000, "nests deeper"),
        (json.dumps({"type": "launch_missiles"}), "Unknown message type"),
        (json.dumps({"type": "move", "code": "ABCDEF"}), "needs the field"),
        (json.dumps({"type": "chat", "code": "ABCDEF", "token": "t", "text": 5}), "wrong type"),
        (b"\x00\x01binary", "text frames"),
    ],
)
def test_a_bad_message_gets_an_error_that_says_why(server: ServerProcess, frame, words) -> None:
    with connect(server.url, open_timeout=10) as ws:
        _hello(ws)
        ws.send(frame)
        answer = json.loads(ws.recv(5))
        assert answer["type"] == "error" and words in answer["reason"]
        ws.send(json.dumps({"type": "ping", "ref": 7}))  # the connection is still usable
        assert json.loads(ws.recv(5)) == {"type": "pong", "ref": 7}


def test_a_frame_over_the_limit_closes_the_connection(server: ServerProcess) -> None:
    with connect(server.url, open_timeout=10, max_size=None) as ws:
        _hello(ws)
        ws.send(json.dumps({"type": "ping", "pad": "x" * 70_000}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_floods_are_cut_off_while_another_table_plays_on(server: ServerProcess) -> None:
    code, bots = _two_bots(server, "majesty")
    results: dict[str, object] = {}

    def flood(kind: str) -> None:
        with connect(server.url, open_timeout=10) as ws:
            _hello(ws)
            sent = 0
            try:
                for i in range(10_000):
                    ws.send("{garbage" if kind == "malformed" else '{"type":"ping"}')
                    sent = i + 1
            except ConnectionClosed:
                pass
            answers = _answers_until_closed(ws)
            results[kind] = (sent, answers, ws.close_code)

    floods = [threading.Thread(target=flood, args=(k,)) for k in ("malformed", "pings")]
    for t in floods:
        t.start()
    seen: list[list[int]] = [[], []]
    end = time.monotonic() + 120
    while not all(b.match.is_over() for b in bots):
        assert time.monotonic() < end, "the other table's game stopped"
        _step(bots, seen)
    for t in floods:
        t.join(60)
    for b in bots:
        b.close()
    for kind in ("malformed", "pings"):
        _sent, answers, close_code = results[kind]  # type: ignore[misc]
        assert close_code == 1008, f"the {kind} flood was not cut off"
        assert any(a.get("fatal") for a in answers if a.get("type") == "error")
    assert stored_table(server.data, code)["over"]


def test_a_newer_protocol_is_told_to_match_versions(server: ServerProcess) -> None:
    with connect(server.url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "version": protocol.PROTOCOL + 1}))
        answer = json.loads(ws.recv(5))
        assert answer["type"] == "error" and answer.get("fatal")
        assert "same Tabletop version" in answer["reason"]


def test_nothing_but_hello_before_hello(server: ServerProcess) -> None:
    with connect(server.url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "list"}))
        answer = json.loads(ws.recv(5))
        assert answer["type"] == "error" and "hello" in answer["reason"]
