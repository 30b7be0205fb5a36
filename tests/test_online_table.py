"""The table of an online game in the app, against a real server process on loopback and a
scripted player: the connection lost and found again, a spectator's table, and a whole game
to the results and into Records."""

from __future__ import annotations

import pygame
from net_helpers import Bot, ServerProcess, create_table, join_table
from online_app_driver import close, key, new_app, online_env, press, run_until, top_is

from tabletop.controller.history.records import Records
from tabletop.ui.online_seats import load_prefs
from tabletop.ui.scenes.lobby import LobbyScene
from tabletop.ui.scenes.waiting_room import WaitingRoomScene
from tabletop.ui.table.online import seat_state


def _guest_at(app, url: str, code: str):
    """The app joins table ``code`` through the lobby; returns its table scene."""
    app.push(LobbyScene(app, url, code))
    lobby = app.top
    run_until([app], lambda: lobby.listed)
    press(app, "Join")
    run_until([app], lambda: top_is(app, "TableScene"))
    return app.top


def _bot_plays(bot: Bot):
    def step() -> bool:
        bot.pump()
        bot.act()
        return False

    return step


def test_the_table_says_when_the_server_goes_and_carries_on_when_it_is_back(
    monkeypatch, tmp_path
) -> None:
    online_env(monkeypatch, tmp_path / "home")
    server = ServerProcess(tmp_path / "server").start()
    made = create_table(server.url, "majesty", [{"kind": "host", "name": "Ada"}, {"kind": "open"}])
    bot = Bot(server.url, made["code"], {0: made["token"]}, seed=3)
    app = new_app()
    try:
        scene = _guest_at(app, server.url, made["code"])
        assert scene.online and scene.humans == [1]
        played = _bot_plays(bot)
        run_until([app], lambda: played() or bool(scene.legal))  # the guest's turn
        server.kill()
        run_until([app], lambda: not scene.match.connected)
        run_until([app], lambda: scene.net.overlay)  # the banner over the table
        assert scene.legal == []  # nothing may be played while the table is away
        server = ServerProcess(tmp_path / "server", port=server.port).start()
        run_until([app], lambda: played() or (scene.match.connected and bool(scene.legal)))
        before = scene.match.moves_played
        scene.apply(scene.shown, scene.legal[0])
        run_until([app], lambda: scene.match.moves_played == before + 1)
        assert app.crashes == 0
    finally:
        bot.close()
        close(app)
        server.stop()


def test_a_spectator_sees_the_public_table_and_cannot_act(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    server = ServerProcess(tmp_path / "server", "--ai-delay", "0").start()
    made = create_table(
        server.url, "majesty", [{"kind": "host", "name": "Ada"}, {"kind": "ai", "level": "easy"}]
    )
    bot = Bot(server.url, made["code"], {0: made["token"]}, seed=4)
    app = new_app()
    try:
        app.push(WaitingRoomScene(app, url=server.url, watch=made["code"]))
        run_until([app], lambda: top_is(app, "TableScene"))
        scene = app.top
        assert scene.humans == [] and scene.shown is None
        played = _bot_plays(bot)
        run_until([app], lambda: played() or scene.match.moves_played >= 3)
        assert scene.legal == [] and scene.view == scene.match.view(None)
        key(app, pygame.K_t, "t")
        assert not scene.chat_open and "Spectators" in scene.toast
        assert app.crashes == 0
    finally:
        bot.close()
        close(app)
        server.stop()


def test_a_whole_online_game_ends_in_results_and_records(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    server = ServerProcess(tmp_path / "server").start()
    made = create_table(server.url, "majesty", [{"kind": "host", "name": "Ada"}, {"kind": "open"}])
    bot = Bot(server.url, made["code"], {0: made["token"]}, seed=5)
    app = new_app()
    try:
        scene = _guest_at(app, server.url, made["code"])
        played = _bot_plays(bot)

        def mine() -> bool:
            played()
            if scene.legal and not scene.match.waiting:
                scene.apply(scene.shown, scene.legal[0])
            return scene.match.is_over()

        run_until([app], mine, patience=180)
        run_until([app], lambda: scene.final_button is not None)
        scene.open_results()
        assert top_is(app, "ResultsScene")
        results = app.top
        assert results.config is None and results.replay_from is None  # the server has the game
        assert [b.text for b in results._actions if b.is_enabled] == ["Back to menu"]
        with Records() as db:
            rec = db.get(scene.match.record_id)
        assert rec is not None and rec.online.endswith("/" + made["code"]) and rec.actions == []
        assert [s.name for s in rec.seats] == ["Ada", "Player 2"]
        assert not any(k.code == made["code"] for k in load_prefs().seats)  # nothing to rejoin
        assert app.crashes == 0
    finally:
        bot.close()
        close(app)
        server.stop()


def test_the_host_lets_the_ai_play_for_a_player_who_has_gone(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    server = ServerProcess(tmp_path / "server", "--grace", "0", "--ai-delay", "0").start()
    app = new_app()
    bot = None
    try:
        create = {"type": "create", "game": "majesty",
                  "seats": [{"kind": "host", "name": "Ada"}, {"kind": "open"}]}  # fmt: skip
        app.push(WaitingRoomScene(app, url=server.url, request=create, game_name="Majesty"))
        room = app.top
        run_until([app], lambda: room.match is not None and room.match.game is not None)
        code = room.match.code
        joined = join_table(server.url, code, "Bo")
        bot = Bot(server.url, code, {joined["seat"]: joined["token"]}, seed=6)
        run_until([app], lambda: top_is(app, "TableScene"))
        scene = app.top
        run_until([app], lambda: seat_state(scene.match, 1) == "")  # Bo is at the table
        bot.close()  # Bo's app is gone
        bot = None
        run_until([app], lambda: any(b.payload[0] == "standin" for b in scene.buttons))
        standin = next(b for b in scene.buttons if b.payload[0] == "standin")
        assert standin.label == "Let the AI play for Bo"
        scene._press(standin)
        run_until([app], lambda: seat_state(scene.match, 1) == "AI normal stands in")
        assert not any(b.payload[0] == "standin" for b in scene.buttons)
        # the game goes on: each of Ada's moves is answered by the AI for Bo
        for _ in range(2):
            run_until([app], lambda: bool(scene.legal))
            before = scene.match.moves_played
            scene.apply(0, scene.legal[0])
            run_until([app], lambda: scene.match.moves_played >= before + 2)  # noqa: B023
        assert app.crashes == 0
    finally:
        if bot is not None:
            bot.close()
        close(app)
        server.stop()


def test_a_private_table_is_joined_by_its_code_and_a_wrong_code_is_said(
    monkeypatch, tmp_path
) -> None:
    online_env(monkeypatch, tmp_path / "home")
    server = ServerProcess(tmp_path / "server").start()
    made = create_table(
        server.url, "majesty", [{"kind": "host", "name": "Ada"}, {"kind": "open"}], listed=False
    )
    app = new_app()
    try:
        app.push(LobbyScene(app, server.url, "ZZZZZZ"))  # a code no table has
        lobby = app.top
        run_until([app], lambda: lobby.listed)
        assert lobby.tables == [] and lobby.rows()[0].get("unlisted")
        press(app, "Join")
        room = app.top
        run_until([app], lambda: bool(room.problem))
        assert "no table" in room.problem
        press(app, "Leave")
        app.pop()
        scene = _guest_at(app, server.url, made["code"])  # not listed, joined all the same
        assert scene.match.code == made["code"] and scene.humans == [1]
        assert app.crashes == 0
    finally:
        close(app)
        server.stop()
