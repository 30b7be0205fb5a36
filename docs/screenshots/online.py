"""Render the online screenshots: Play online (the join form), a server's lobby, the waiting
room and a table played over the network.

Run from the repository root: ``python docs/screenshots/online.py``.  Two apps run in this
process on the SDL dummy driver; one hosts a table server (a child process on 127.0.0.1,
any free port), the other joins it, exactly as the players would.  Writes
``online-host.png``, ``online-join.png``, ``online-lobby.png``, ``online-waiting.png`` and
``online-table.png``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLETOP_AI_THREADS", "1")
os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-online-shots-"))
os.environ["TABLETOP_HOST_PORT"] = "0"
OUT = Path(__file__).resolve().parent
ROOT = OUT.parent.parent
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p
)

import pygame  # noqa: E402

from tabletop.net.client import NetClient  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.online_seats import KeptSeat  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402

DT = 1 / 30


def new_app() -> App:
    # the first-game guide off: the log shows the chat line
    app = App(size=(1280, 720), settings=Settings(animation_speed="Fast", guide=False))
    app.start()
    app.step(DT)
    app.step(DT)  # the title's first frame is drawn before its widgets
    return app


def button(app: App, text: str):
    return next(b for b in app.top._actions if b.text == text)


def press(app: App, text: str) -> None:
    pos = button(app, text).rect.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(DT)


def run_until(apps, until, patience: float = 90.0) -> None:
    end = time.monotonic() + patience
    while time.monotonic() < end:
        for app in apps:
            app.step(DT)
        if until():
            return
        time.sleep(0.005)
    raise SystemExit("timed out: " + ", ".join(type(a.top).__name__ for a in apps))


def shot(app: App, name: str) -> None:
    app.screen_touched()
    app.step(DT)
    pygame.image.save(app.window, str(OUT / name))
    print("wrote", OUT / name)


def more_tables(url: str) -> None:
    """Two more tables on the server, so the lobby looks like an evening's play."""
    c = NetClient(url, app="shots")
    end = time.monotonic() + 20
    while c.status != "connected" and time.monotonic() < end:
        time.sleep(0.02)
    c.call(
        {
            "type": "create",
            "game": "monarch",
            "seats": [
                {"kind": "host", "name": "Agnes"},
                {"kind": "open"},
                {"kind": "ai", "level": "hard"},
            ],
        }
    )
    c.call({"type": "create", "game": "aristocracy", "seats": [
        {"kind": "host", "name": "Bertrand"}, {"kind": "open"}, {"kind": "open"},
        {"kind": "ai", "level": "easy"}]})  # fmt: skip
    c.close()


def main() -> int:
    host, guest = new_app(), new_app()
    try:
        press(host, "Play online")
        host.top.prefs.name = "Hilde"
        press(host, "Host a table…")
        setup = host.top
        setup._select_game("majesty")
        setup.players = 3
        setup.seats[2].kind = "normal"
        setup.seats[2].name = "Dietrich"
        setup.rebuild()
        shot(host, "online-host.png")
        press(host, "Open the table")
        room = host.top
        run_until([host], lambda: room.match is not None and room.match.game is not None
                  and bool(room.link()))  # fmt: skip
        link = room.link()
        more_tables(room.server_url())

        press(guest, "Play online")
        online = guest.top
        online.prefs.name = "Konrad"
        online.address = link  # pasted whole: the code comes with it
        # (both apps share one home here: the row shown is the guest's own kind of entry)
        online.prefs.seats = [KeptSeat("ws://192.168.1.20:8765", "K7PQ2M", 1, "-", "Monarch",
                                       "Konrad")]  # fmt: skip
        online.rebuild()
        shot(guest, "online-join.png")
        press(guest, "Find the tables")
        lobby = guest.top
        run_until([host, guest], lambda: len(lobby.tables) >= 3)
        shot(guest, "online-lobby.png")
        shot(host, "online-waiting.png")
        press(guest, "Join")
        run_until([host, guest], lambda: type(guest.top).__name__ == "TableScene"
                  and type(host.top).__name__ == "TableScene")  # fmt: skip
        a, b = host.top, guest.top
        from tabletop.engine import Rng

        rng = Rng(5)
        moves = 0
        while moves < 7:
            run_until([host, guest], lambda: bool(a.legal) or bool(b.legal))
            scene = a if a.legal else b
            scene.apply(scene.shown, rng.choice(scene.legal))
            moves += 1
            run_until([host, guest], lambda: not a.match.waiting and not b.match.waiting)

        def guests_turn() -> bool:  # the host plays on until it is Konrad's turn
            if a.legal and not a.match.waiting:
                a.apply(a.shown, rng.choice(a.legal))
            return bool(b.legal)

        run_until([host, guest], guests_turn, patience=60)
        for _ in range(40):  # the cards settle
            host.step(DT)
            guest.step(DT)
        a.match.chat(0, "Good luck, Konrad!")  # arrives as a toast and a log line
        run_until([host, guest], lambda: b.toast.startswith("Hilde"))
        shot(guest, "online-table.png")
    finally:
        for app in (host, guest):
            if hasattr(app, "online_session"):
                app.online_session.close()
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
