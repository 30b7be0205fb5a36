"""Two apps play online: one hosts a table from Play online (its own server process on
loopback), the other joins it by the pasted link, and they play moves at their tables;
chat, a player who leaves and rejoins, and the host's controls along the way."""

from __future__ import annotations

import pygame
from online_app_driver import (
    click_at,
    close,
    key,
    new_app,
    online_env,
    press,
    run_until,
    top_is,
    type_into,
)
from table_driver import perform
from ui_shell_support import filled

from tabletop.ui.online_seats import load_prefs
from tabletop.ui.table.online import seat_state


def _host_a_table(app):
    press(app, "Play online")
    assert top_is(app, "OnlineScene")
    app.top.prefs.name = "Hilde"
    press(app, "Host a table…")
    assert top_is(app, "HostSetupScene")
    filled(app)  # a first visit reads the games after a first frame
    setup = app.top
    setup._select_game("majesty")
    setup.players = 2
    setup.rebuild()
    assert [s.kind for s in setup.seats[:2]] == ["you", "open"]
    press(app, "Open the table")
    assert top_is(app, "WaitingRoomScene")
    room = app.top
    run_until([app], lambda: room.match is not None and room.match.game is not None and room.link())
    return room


def _join_by_link(app, link):
    press(app, "Play online")
    online = app.top
    entries = {k: e for e, k in online._entries.items()}
    entries["name"].set_text("")  # both apps share one home: the host's name is kept there
    type_into(app, entries["name"], "Konrad")
    type_into(app, entries["address"], link)
    assert online.address == link and online.prefs.name == "Konrad"
    press(app, "Find the tables")
    assert top_is(app, "LobbyScene")


def test_host_join_and_play_a_few_moves_between_two_apps(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    host = new_app()
    guest = new_app()
    try:
        room = _host_a_table(host)
        code = room.match.code
        link = room.link()
        assert link.startswith("tabletop://127.0.0.1:") and link.endswith("/" + code)
        assert "waiting for one more player" in room.status

        _join_by_link(guest, link)
        lobby = guest.top
        run_until([host, guest], lambda: any(t.get("code") == code for t in lobby.tables))
        assert lobby.rows()[0]["code"] == code  # the table of the link comes first
        press(guest, "Join")
        run_until([host, guest], lambda: top_is(host, "TableScene") and top_is(guest, "TableScene"))
        a, b = host.top, guest.top
        assert a.match.local_humans() == [0] and b.match.local_humans() == [1]
        assert a.viewer == 0 and b.viewer == 1
        assert [s.name for s in a.match.seats] == ["Hilde", "Konrad"]

        # A few moves, each made by hand at the table whose turn it is.
        for _ in range(4):
            run_until([host, guest], lambda: bool(a.legal) or bool(b.legal))
            mover, scene, other = (host, a, b) if a.legal else (guest, b, a)
            before = scene.match.moves_played
            tokens = other.token
            perform(mover, scene, scene.legal[0])
            run_until(
                [host, guest],
                lambda: a.match.moves_played == b.match.moves_played == before + 1,  # noqa: B023
            )
            run_until([host, guest], lambda: other.token > tokens)  # noqa: B023
        assert host.crashes == guest.crashes == 0

        # Chat: T, a line, Enter; it shows in the other player's log.
        key(guest, pygame.K_t, "t")
        assert b.chat_open
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="well played"))
        guest.step(1 / 30)
        key(guest, pygame.K_RETURN, "\r")
        assert not b.chat_open
        run_until(
            [host, guest],
            lambda: any("Konrad: well played" in e.text for e in a.match.log_for(0)),
        )

        # Ctrl+S: the server keeps an online game.
        key(host, pygame.K_s, "s", pygame.KMOD_CTRL)
        assert "server keeps" in a.toast

        # The guest leaves: the host sees the seat disconnected and may ask for the AI,
        # which the server refuses inside the grace period.
        b.leave_table()
        run_until([host], lambda: seat_state(a.match, 1).startswith("disconnected"))
        run_until([host], lambda: any(bt.label.startswith("Let the AI play") for bt in a.buttons))
        standin = next(bt for bt in a.buttons if bt.label.startswith("Let the AI play"))
        a._press(standin)
        run_until([host], lambda: "more seconds" in a.toast)

        # The guest comes back through the seat kept in the data folder.
        assert any(k.code == code and k.seat == 1 for k in load_prefs().seats)
        run_until([guest], lambda: top_is(guest, "TitleScene"))
        press(guest, "Play online")
        press(guest, "Rejoin")
        run_until([host, guest], lambda: top_is(guest, "TableScene"))
        run_until([host, guest], lambda: seat_state(a.match, 1) == "")
        assert guest.top.match.moves_played == a.match.moves_played
        assert host.crashes == guest.crashes == 0
    finally:
        close(host, guest)


def _press_nth(app, text: str, n: int) -> None:
    """Click the ``n``-th button showing ``text`` (rows of the same buttons)."""
    buttons = [b for b in app.top._actions if b.text == text]
    click_at(app, buttons[n].rect.center)


def test_the_host_closes_and_hosts_again_and_the_game_goes_on(monkeypatch, tmp_path) -> None:
    online_env(monkeypatch, tmp_path / "home")
    host = new_app()
    guest = new_app()
    try:
        room = _host_a_table(host)
        code = room.match.code
        _join_by_link(guest, room.link())
        lobby = guest.top
        run_until([host, guest], lambda: any(t.get("code") == code for t in lobby.tables))
        press(guest, "Join")
        run_until([host, guest], lambda: top_is(host, "TableScene") and top_is(guest, "TableScene"))
        a, b = host.top, guest.top
        run_until([host, guest], lambda: bool(a.legal) or bool(b.legal))
        scene = a if a.legal else b
        scene.apply(scene.shown, scene.legal[0])
        run_until([host, guest], lambda: a.match.moves_played == b.match.moves_played == 1)

        # The host's app closes: its server goes with it; the guest's table waits.
        host.top.leave_table()
        host.online_session.stop_hosting()
        run_until([host, guest], lambda: not b.match.connected)
        # the table hears of it on its next frame (the connection's thread saw it first)
        run_until([host, guest], lambda: b.legal == [])

        # Hosting again brings the table back from the data folder, where it was.
        run_until([host], lambda: top_is(host, "TitleScene"))
        press(host, "Play online")
        kept = host.top.prefs.seats
        _press_nth(host, "Rejoin", next(i for i, k in enumerate(kept) if k.hosted))
        run_until([host, guest], lambda: top_is(host, "TableScene") and b.match.connected)
        a = host.top
        assert a.match.moves_played == b.match.moves_played == 1
        run_until([host, guest], lambda: bool(a.legal) or bool(b.legal))
        scene = a if a.legal else b
        scene.apply(scene.shown, scene.legal[0])
        run_until([host, guest], lambda: a.match.moves_played == b.match.moves_played == 2)
        assert host.crashes == guest.crashes == 0
    finally:
        close(host, guest)
