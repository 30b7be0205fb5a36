"""The online menus on their own: kept seats, the host's set-up, what the lobby says when the
host is unreachable or speaks another version, and an online game in Records."""

from __future__ import annotations

import json
import socket
from types import SimpleNamespace

import pytest
from net_helpers import ServerProcess
from online_app_driver import close, new_app, online_env, press, run_until, top_is
from ui_shell_support import filled

from tabletop import registry
from tabletop.controller.history import records
from tabletop.engine import Outcome
from tabletop.net import protocol
from tabletop.ui import online_seats
from tabletop.ui.online_seats import HOSTED, KeptSeat, OnlinePrefs
from tabletop.ui.online_session import lan_address, port_of
from tabletop.ui.scenes.host_setup import OPEN, YOU, seat_specs
from tabletop.ui.scenes.lobby import LobbyScene, seats_words, state_words


def test_kept_seats_round_trip_and_a_damaged_file_is_moved_aside(tmp_path) -> None:
    path = tmp_path / "online.json"
    prefs = OnlinePrefs(name="Ada", lan=True)
    prefs.remember(KeptSeat("ws://10.0.0.2:8765", "K7PQ2M", 1, "tok", "Monarch", "Ada"))
    prefs.remember(KeptSeat(HOSTED, "ABCDEF", 0, "tok2"))
    prefs.remember(KeptSeat("ws://10.0.0.2:8765", "K7PQ2M", 2, "tok3"))  # replaces the first
    assert online_seats.save_prefs(prefs, path) == ""
    back = online_seats.load_prefs(path)
    assert back.name == "Ada" and back.lan
    assert [(s.code, s.seat, s.hosted) for s in back.seats] == [
        ("K7PQ2M", 2, False),
        ("ABCDEF", 0, True),
    ]
    path.write_text("{ not json", encoding="utf-8")
    assert online_seats.load_prefs(path).seats == []
    assert not path.exists() and any(p.name.startswith("online.json.") for p in tmp_path.iterdir())


def test_malformed_seats_are_left_out() -> None:
    data = {"name": 5, "lan": "yes", "seats": [{"server": "x"}, "junk", {"server": "s",
            "code": "ABCDEF", "seat": "one", "token": "t"}, {"server": "s", "code": "ABCDEF",
            "seat": 0, "token": "t", "extra": 1}]}  # fmt: skip
    prefs = OnlinePrefs.from_json(json.loads(json.dumps(data)))
    assert prefs.name == "" and prefs.lan is False
    assert [(s.code, s.seat) for s in prefs.seats] == [("ABCDEF", 0)]


def test_the_network_address_is_never_loopback() -> None:
    ip = lan_address()
    assert ip == "" or (not ip.startswith("127.") and socket.inet_aton(ip))
    assert port_of("ws://0.0.0.0:8765") == 8765 and port_of("ws://host") == 0


def test_the_host_form_makes_the_create_message() -> None:
    from tabletop.controller import SeatConfig

    seats = [SeatConfig(YOU, "Hilde"), SeatConfig(OPEN, ""), SeatConfig.chosen("hard")]
    assert seat_specs(seats) == [
        {"kind": "host", "name": "Hilde"},
        {"kind": "open"},
        {"kind": "ai", "level": "hard"},
    ]


def test_the_lobby_words() -> None:
    entry = {
        "started": False,
        "moves": 0,
        "seats": [
            {"kind": "human", "name": "Ada", "host": True, "connected": True},
            {"kind": "open", "name": "Player 2"},
            {"kind": "ai", "name": "Dietrich"},
            {"kind": "human", "name": "Bo", "connected": False},
        ],
    }
    assert seats_words(entry) == "Ada (host) · open · Dietrich (AI) · Bo (away)"
    assert state_words(entry) == "waiting for 1 player"
    assert state_words({**entry, "started": True, "moves": 13}) == "playing, move 14"


def test_an_unreachable_host_is_said_in_words(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = new_app()
    try:
        app.push(LobbyScene(app, f"ws://127.0.0.1:{port}"))
        lobby = app.top
        run_until([app], lambda: "No table server answers" in lobby.status_words(), 30)
        assert app.crashes == 0
    finally:
        close(app)


def test_another_protocol_version_is_refused_with_the_reason(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    server = ServerProcess(tmp_path / "server").start()
    monkeypatch.setattr(protocol, "PROTOCOL", protocol.PROTOCOL + 1)  # this app is "newer"
    app = new_app()
    try:
        app.push(LobbyScene(app, server.url))
        lobby = app.top
        run_until([app], lambda: bool(lobby.problem), 30)
        assert "same Tabletop version" in lobby.status_words()
        assert app.crashes == 0
    finally:
        close(app)
        server.stop()


def _finished_online_match() -> SimpleNamespace:
    seats = [
        SimpleNamespace(name="Hilde", kind="human", level="normal", is_ai=False),
        SimpleNamespace(name="Konrad", kind="remote", level="normal", is_ai=False),
        SimpleNamespace(name="Dietrich", kind="ai", level="hard", is_ai=True),
    ]
    return SimpleNamespace(
        is_remote=True,
        link="tabletop://10.0.0.2:8765/K7PQ2M",
        code="K7PQ2M",
        seed=None,
        history=[],
        game=registry.get("majesty"),
        options={},
        seats=seats,
        outcome=lambda: Outcome([50, 61, 40], [1]),
    )


def test_an_online_game_goes_into_records_without_a_replay(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    match = _finished_online_match()
    gid, note = records.record_match(match)
    assert gid is not None and note == ""
    assert records.record_match(match)[0] == gid  # one table, one record
    with records.Records() as db:
        rec = db.get(gid)
    assert rec is not None and rec.online == match.link and not rec.replayable
    assert rec.seed == 0 and rec.actions == []
    assert [(s.name, s.kind, s.score, s.winner) for s in rec.seats] == [
        ("Hilde", "human", 50, False),
        ("Konrad", "human", 61, True),
        ("Dietrich", "ai", 40, False),
    ]
    from tabletop.ui.replay_open import open_record_replay

    app = new_app()
    try:
        press(app, "Records")
        assert top_is(app, "RecordsScene")
        filled(app)
        played = [b for b in app.top._actions if b.text.startswith("Played online:")]
        assert len(played) == 1 and not played[0].is_enabled
        with pytest.raises(ValueError, match="played online"):
            open_record_replay(app, gid)
        assert app.crashes == 0
    finally:
        close(app)


def test_the_address_given_to_friends_follows_the_switch() -> None:
    from tabletop.ui.online_session import OnlineSession

    s = OnlineSession()
    s.hosted = SimpleNamespace(address="ws://0.0.0.0:8765", running=True)  # type: ignore[assignment]
    s.lan = True
    shared = s.share_addresses()
    assert len(shared) == 1 and shared[0].endswith(":8765")
    assert not shared[0].startswith("127.") and not shared[0].startswith("0.0.0.0")
    s.hosted = SimpleNamespace(address="ws://127.0.0.1:8765", running=True)  # type: ignore[assignment]
    s.lan = False
    assert s.share_addresses() == ["127.0.0.1:8765"] and s.host_url == "ws://127.0.0.1:8765"
    s.hosted = None
