"""The table scene with a RemoteMatch, fed in-process by a server table (no socket): another
seat's move animates on arrival, the rules' explanation leads the toast, chat lands in the
log, a player's lost connection shows on their plate and tip, the host may ask for the AI."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import DT, make_app, settle

from tabletop import registry
from tabletop.net.client import CONNECTED
from tabletop.net.remote_match import RemoteMatch
from tabletop.net.sqlite_storage import SqliteStorage
from tabletop.net.storage import SeatRow
from tabletop.net.table import ServerTable, Subscriber
from tabletop.ui.table import tips
from tabletop.ui.table.online import seat_state
from tabletop.ui.table.scene import TableScene


class LocalServer:
    """One server table answering a client in the same thread (what a socket would carry)."""

    def __init__(self, tmp_path: Any, game_id: str = "majesty") -> None:
        game = registry.get(game_id)
        rows = [SeatRow(0, "open", "Ada", ""), SeatRow(1, "open", "Bo", "")]
        self.table = ServerTable.create(
            "ABCDEF", game, rows, {}, SqliteStorage(tmp_path / "t.sqlite")
        )
        self.tokens = {s: self.table.take_seat(s, n)[1] for s, n in ((0, "Ada"), (1, "Bo"))}
        self.table.seats[0].row.host = True
        self.subs = {s: Subscriber(None, s) for s in (0, 1)}
        self.outbox: list[dict[str, Any]] = []

    def state(self, seat: int) -> None:
        self.outbox.append(self.table.message_for(self.subs[seat]))


class InProcessClient:
    """What RemoteMatch uses of a NetClient, wired to a :class:`LocalServer` (seat 0)."""

    status = CONNECTED
    reason = ""

    def __init__(self, server: LocalServer) -> None:
        self.server = server
        self.sent: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)
        t = self.server.table
        if msg["type"] == "move":
            reason = t.move(0, msg["n"], msg["action"])
            assert reason == "", reason
            self.server.state(0)
        elif msg["type"] == "explain":
            text = t.explain(0, msg["gesture"])
            self.server.outbox.append({"type": "explained", "code": t.code, "reason": text})
        elif msg["type"] == "undo":
            assert t.undo(0) == ""
            self.server.state(0)
        elif msg["type"] == "rejoin":
            self.server.state(0)

    def poll(self) -> list[dict[str, Any]]:
        out, self.server.outbox = self.server.outbox, []
        return out

    def on_connect(self, key: str, msg: Any) -> None:
        pass

    def on_connect_messages(self, code: str) -> list[dict[str, Any]]:
        return [{"type": "rejoin", "code": code, "token": self.server.tokens[0]}]


def _table(tmp_path, game_id: str = "majesty"):
    app = make_app()
    server = LocalServer(tmp_path, game_id)
    client = InProcessClient(server)
    match = RemoteMatch(client, "ABCDEF", {0: server.tokens[0]})  # type: ignore[arg-type]
    match.poll()
    scene = TableScene(app, match)  # type: ignore[arg-type]
    app.push(scene)
    app.step(DT)
    return app, server, match, scene


def test_another_seats_move_animates_when_it_arrives(tmp_path) -> None:
    app, server, match, scene = _table(tmp_path)
    t = server.table
    if t.match.to_act() == [0]:  # our move first: play it through the table
        scene.apply(0, scene.legal[0])
        assert match.waiting and scene.legal == []  # nothing more until the answer
        settle(app, 3)
        assert not match.waiting and match.moves_played == 1
    assert t.match.to_act() == [1]
    token = scene.token
    action = t.match.legal(1)[0]
    assert t.move(1, t.n, action.to_json()) == ""
    server.state(0)
    app.step(DT)
    assert scene.token > token and match.moves_played == t.n
    assert scene.tweens or scene.ghosts  # the other seat's card slides in
    assert scene.legal == [a for a in t.match.legal(0)]
    assert app.crashes == 0


def test_the_rules_words_lead_the_toast_and_chat_goes_to_the_log(tmp_path) -> None:
    app, server, match, scene = _table(tmp_path)
    scene.show_toast("It can go to: the Castle.")
    server.outbox.append({"type": "explained", "code": "ABCDEF", "reason": "Not there."})
    server.outbox.append({"type": "chat", "code": "ABCDEF", "seat": 1, "name": "Bo", "text": "hi"})
    app.step(DT)
    assert scene.toast == "Bo: hi"
    assert any(e.text == "Bo: hi" for e in match.log_for(0))
    assert scene.drawn.log_cache is not None and scene.drawn.log_cache[0][-1] == scene.net_stamp
    server.outbox.append({"type": "explained", "code": "ABCDEF", "reason": "Not there."})
    scene.show_toast("It can go to: the Castle.")
    app.step(DT)
    assert scene.toast == "Not there. It can go to: the Castle."


def test_a_player_who_drops_shows_on_plate_and_tip_and_the_host_may_ask_for_the_ai(
    tmp_path,
) -> None:
    app, server, match, scene = _table(tmp_path)
    bo = server.table.seats[1]
    bo.connected, bo.left_at = 0, 0.0  # gone long ago
    server.state(0)
    app.step(DT)
    assert seat_state(match, 1).startswith("disconnected")
    assert "disconnected" in tips.seat_tip(scene, 1).body
    button = next(b for b in scene.buttons if b.payload[0] == "standin")
    assert button.label == "Let the AI play for Bo"
    scene._press(button)
    assert match.client.sent[-1] == {
        "type": "seat_ai",
        "code": "ABCDEF",
        "token": server.tokens[0],
        "seat": 1,
        "level": "normal",
    }
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(DT)
    assert app.crashes == 0


def test_a_local_match_answers_the_same_questions() -> None:
    from tabletop.controller import Match, SeatConfig

    m = Match(registry.get("majesty"), [SeatConfig("ai", "A"), SeatConfig(name="B")], 3)
    assert m.local_humans() == [1] and m.moves_played == 0
    seat = m.to_act()[0]
    m.apply(seat, m.legal(seat)[0])
    assert m.moves_played == 1


def test_the_key_that_opens_the_chat_is_not_typed_into_it(tmp_path) -> None:
    app, _server, match, scene = _table(tmp_path)
    for event in (
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"),
        pygame.event.Event(pygame.TEXTINPUT, text="t"),
        pygame.event.Event(pygame.TEXTINPUT, text="gg"),
    ):
        pygame.event.post(event)
    app.step(DT)
    assert scene.chat_open and scene.net.chat_text == "gg"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(DT)
    assert not scene.chat_open
    assert match.client.sent[-1]["type"] == "chat" and match.client.sent[-1]["text"] == "gg"
    tip = next(b for b in scene.buttons if b.payload[0] == "leave").extra["tip"]
    assert "ABCDEF" in tip[1]


def test_undo_hint_and_rules_at_an_online_table(tmp_path) -> None:
    from table_driver import key, wait_for

    app, server, match, scene = _table(tmp_path, "aristocracy")
    assert 0 in server.table.match.to_act()
    wait_for(app, lambda: bool(scene.legal))
    key(app, pygame.K_h, "h")  # the hint is worked out here, on this seat's own view
    wait_for(app, lambda: scene.hint is not None)
    assert scene.hint in scene.legal
    scene.apply(0, scene.legal[0])
    settle(app, 3)
    assert match.moves_played == 1 and match.can_undo(0)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z")
    )
    app.step(DT)
    settle(app, 3)
    assert match.client.sent[-1]["type"] == "undo" and match.moves_played == 0
    assert scene.legal == server.table.match.legal(0)
    key(app, pygame.K_r, "r")
    assert type(app.top).__name__ == "RulesScene"
    assert app.crashes == 0
