"""The app's online side: the table server it hosts (a child process) and its connections
to table servers, one per address, kept for as long as the app runs (no pygame).

Each app has its own session (:func:`session`), so two apps in one process — as the tests
drive them — never share a connection.  Nothing here waits: the menus poll.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import socket
import threading
from typing import Any

from tabletop import storage
from tabletop.net.client import FAILED, NetClient
from tabletop.net.host import HostedServer

DEFAULT_PORT = 8765
PORT_ENV = "TABLETOP_HOST_PORT"  # another port for the hosted server (0: any free one)
LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"


def lan_address() -> str:
    """This machine's address on its local network, or "" when it has none.

    A UDP socket "connected" to a public address makes the system choose the interface it
    would route through; nothing is sent.
    """
    for probe in ("192.0.2.1", "10.255.255.255"):  # a documentation address, then a private one
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                ip = s.getsockname()[0]
        except OSError:
            continue
        if ip and not ip.startswith("127.") and ip != EVERYWHERE:
            return str(ip)
    return ""


def port_of(url: str) -> int:
    """The port of a ``ws://host:port`` address (0 when it has none)."""
    tail = url.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class OnlineSession:
    """One app's hosted server and connections (see the module docstring)."""

    def __init__(self, app_name: str = "") -> None:
        self.app_name = app_name
        self.hosted: HostedServer | None = None
        self.lan = False
        env = os.environ.get(PORT_ENV, "").strip()
        self.port = int(env) if env.isdigit() else DEFAULT_PORT
        self.clients: dict[str, NetClient] = {}
        self._lan_ip: str | None = None
        atexit.register(self.close)

    # --- hosting -----------------------------------------------------------------------
    def host(self, lan: bool) -> HostedServer:
        """The hosted server, started now if it is not running (or started again when it
        should listen more or less widely); returns at once."""
        h = self.hosted
        if h is not None and h.running and self.lan == lan:
            return h
        if self.port == 0 and h is not None and h.address:
            self.port = port_of(h.address)  # "any free port" once; the same one after that
        self.stop_hosting()
        self.lan = lan
        bind = EVERYWHERE if lan else LOOPBACK
        self.hosted = HostedServer(bind, self.port, data=storage.data_dir() / "server")
        self.hosted.start()
        return self.hosted

    @property
    def hosting(self) -> bool:
        """True while the hosted server runs."""
        return self.hosted is not None and self.hosted.running

    @property
    def host_url(self) -> str:
        """Where this app reaches the server it hosts ("" until it listens)."""
        h = self.hosted
        if h is None or not h.address:
            return ""
        return f"ws://{LOOPBACK}:{port_of(h.address)}"

    def share_addresses(self) -> list[str]:
        """``host:port`` to give friends (the network address only when open to it)."""
        h = self.hosted
        if h is None or not h.address:
            return []
        port = port_of(h.address)
        if not self.lan:
            return [f"{LOOPBACK}:{port}"]
        if self._lan_ip is None:
            self._lan_ip = lan_address()  # asked once: the address is shown every frame
        ip = self._lan_ip
        return [f"{ip}:{port}"] if ip else [f"{socket.gethostname()}:{port}"]

    def stop_hosting(self) -> None:
        """End the hosted server (its tables wait in the data folder for the next time)."""
        if self.hosted is not None:
            url = self.host_url
            self.hosted.stop()
            if url in self.clients:
                _close_later(self.clients.pop(url))

    # --- connections -----------------------------------------------------------------------
    def client(self, url: str) -> NetClient:
        """The connection to ``url`` (a new one when there is none, or it gave up)."""
        c = self.clients.get(url)
        if c is None or c.status == FAILED:
            if c is not None:
                _close_later(c)
            c = NetClient(url, app=self.app_name)
            self.clients[url] = c
        return c

    def drop_client(self, url: str) -> None:
        """Close the connection to ``url`` (it stops reconnecting)."""
        c = self.clients.pop(url, None)
        if c is not None:
            _close_later(c)

    def close(self) -> None:
        """Close every connection and stop hosting (the app is closing)."""
        for c in list(self.clients.values()):
            with contextlib.suppress(Exception):
                c.close()
        self.clients.clear()
        with contextlib.suppress(Exception):
            self.stop_hosting()


def _close_later(client: NetClient) -> None:
    """Close a connection off the render thread (its thread may be inside a connect attempt
    for a few seconds more)."""
    threading.Thread(target=client.close, name="tabletop-net-close", daemon=True).start()


def leave_seats(match: Any) -> None:
    """Leave an online table: the others see this client's seats empty at once, and their
    tokens (kept in Play online) take them back later."""
    for token in getattr(match, "tokens", {}).values():
        match.client.send({"type": "leave", "code": match.code, "token": token})
    match.close()


def session(app: Any) -> OnlineSession:
    """The online session of ``app`` (made on first use)."""
    found = getattr(app, "online_session", None)
    if found is None:
        import tabletop

        found = OnlineSession(f"Tabletop {tabletop.__version__}")
        app.online_session = found
    return found
