"""A client's connection to a table server, on a thread of its own.

The render loop never touches the socket: :meth:`NetClient.send` queues a message and returns,
:meth:`NetClient.poll` returns what has arrived.  The thread runs an asyncio loop with one
``websockets`` connection; when it drops, the thread reconnects with a growing pause (up to
:data:`MAX_BACKOFF` seconds), says hello again and sends the messages registered with
:meth:`NetClient.on_connect` (the seats' rejoin), so a game carries on by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import queue
import threading
from typing import Any

import websockets
from websockets.asyncio.client import connect

from tabletop.net import protocol

MAX_BACKOFF = 3.0
FIRST_BACKOFF = 0.2
MAX_INBOUND = 8 * 1024 * 1024  # bytes of one server message (a big view and its whole log)

CONNECTING = "connecting"
CONNECTED = "connected"
FAILED = "failed"  # it will not try again (another protocol version, a closed client)


def parse_address(text: str) -> tuple[str, str]:
    """``(ws url, table code)`` from what a player typed: ``host``, ``host:port``,
    ``ws://host:port``, or a whole ``tabletop://host:port/CODE`` link; the code may be ""."""
    text = text.strip()
    code = ""
    scheme = "ws"
    for prefix, sch in (("tabletop://", "ws"), ("tabletops://", "wss"), ("ws://", "ws"),
                        ("wss://", "wss")):  # fmt: skip
        if text.lower().startswith(prefix):
            text, scheme = text[len(prefix) :], sch
            break
    host, _, rest = text.partition("/")
    if rest:
        code = protocol.normal_code(rest.split("/")[0].split("?")[0])
    if not host:
        raise ValueError("Give the host's address, such as 192.168.1.20:8765.")
    if host.startswith("["):  # [::1]:8765
        if "]:" not in host:
            host += ":8765"
    elif host.count(":") == 0:
        host += ":8765"
    return f"{scheme}://{host}", code


def table_link(url: str, code: str) -> str:
    """The ``tabletop://`` link a host passes to friends."""
    scheme = "tabletops" if url.startswith("wss://") else "tabletop"
    return f"{scheme}://{url.split('://', 1)[-1]}/{code}"


class NetClient:
    """One connection, kept alive by its thread (see the module docstring)."""

    def __init__(self, url: str, app: str = "", record: list[str] | None = None) -> None:
        # several server processes may share the tables: ``url`` may list them, comma
        # separated; the client starts with the first and moves on when one cannot be reached
        self.homes = [u.strip() for u in url.split(",") if u.strip()] or [url]
        self.url = self.homes[0]
        self._home = 0
        self.record = record  # every frame received, as text (tests: what left the server)
        self.app = app
        self.status = CONNECTING
        self.reason = ""  # why it is not connected, in words
        self.server = ""  # what the server said it is
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._resume: dict[str, dict[str, Any]] = {}
        self._loop = asyncio.new_event_loop()
        self._out: asyncio.Queue[dict[str, Any]] | None = None
        self._stop = False
        self._waiters: dict[int, tuple[threading.Event, list[dict[str, Any]]]] = {}
        self._asked: dict[int, dict[str, Any]] = {}  # call()s not answered yet, by ref
        self._refs = itertools.count(1)
        self.connects = 0  # how many times it has connected (tests: reconnection)
        self._thread = threading.Thread(target=self._run, name="tabletop-net", daemon=True)
        self._thread.start()

    # --- the render thread's side ------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Queue ``msg`` for the server (sent once connected); never waits."""
        if self._stop:
            return
        self._loop.call_soon_threadsafe(self._enqueue, dict(msg))

    def poll(self) -> list[dict[str, Any]]:
        """Every message that has arrived since the last call."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def on_connect(self, key: str, msg: dict[str, Any] | None) -> None:
        """Send ``msg`` after every (re)connection (``None`` forgets ``key``)."""
        if msg is None:
            self._resume.pop(key, None)
        else:
            self._resume[key] = dict(msg)

    def on_connect_messages(self, code: str) -> list[dict[str, Any]]:
        """The messages registered for table ``code`` (to send now, when already connected)."""
        return [m for k, m in self._resume.items() if k.startswith(f"{code}:")]

    def call(self, msg: dict[str, Any], timeout: float = 5.0) -> dict[str, Any]:
        """Send ``msg`` and wait for the answer that repeats its ``ref`` (tools and tests;
        the app polls instead).  Raises TimeoutError."""
        ref = next(self._refs) + 1_000_000
        done = threading.Event()
        box: list[dict[str, Any]] = []
        self._waiters[ref] = (done, box)
        self._asked[ref] = {**msg, "ref": ref}
        self.send(self._asked[ref])
        answered = done.wait(timeout)
        self._asked.pop(ref, None)
        if not answered:
            self._waiters.pop(ref, None)
            raise TimeoutError(f"the server did not answer '{msg.get('type')}' in {timeout} s")
        return box[0]

    def close(self) -> None:
        """Close the connection and end the thread."""
        self._stop = True
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._wake)
        self._thread.join(5)

    # --- the network thread ----------------------------------------------------------------
    def _enqueue(self, msg: dict[str, Any]) -> None:
        if self._out is not None:
            self._out.put_nowait(msg)

    def _wake(self) -> None:
        if self._out is not None:
            self._out.put_nowait({"type": "_stop"})

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._out = asyncio.Queue()
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    def _status(self, status: str, reason: str = "") -> None:
        self.status, self.reason = status, reason
        self._inbox.put({"type": "_status", "status": status, "reason": reason})

    async def _main(self) -> None:
        backoff = FIRST_BACKOFF
        while not self._stop:
            try:
                async with connect(
                    self.url, max_size=MAX_INBOUND, open_timeout=5, ping_interval=20
                ) as ws:
                    backoff = FIRST_BACKOFF
                    await ws.send(
                        protocol.encode(
                            {"type": "hello", "version": protocol.PROTOCOL, "app": self.app}
                        )
                    )
                    for msg in list(self._resume.values()):
                        await ws.send(protocol.encode(msg))
                    self.connects += 1
                    self._status(CONNECTED)
                    await self._session(ws)
            except (OSError, websockets.InvalidURI, websockets.InvalidHandshake) as e:
                self._status(CONNECTING, _words(e))
                self._next_home()
            except _Moved:
                backoff = FIRST_BACKOFF  # the table lives on another process: go there now
                assert self._out is not None
                for msg in list(self._asked.values()):  # what was asked here is asked there
                    self._out.put_nowait(msg)
                continue
            except websockets.ConnectionClosed as e:
                self._status(CONNECTING, "The connection to the table was lost.")
                if e.rcvd is not None and e.rcvd.code == 1008:
                    self._status(FAILED, f"The server closed the connection: {e.rcvd.reason}")
                    return
            except TimeoutError:
                self._status(CONNECTING, "The server did not answer in time.")
            if self.status == FAILED or self._stop:
                return
            await self._sleep(backoff)
            backoff = min(MAX_BACKOFF, backoff * 1.5)

    def _next_home(self) -> None:
        """This address cannot be reached: try the next one given (a redirect's target is
        left for the addresses the player gave)."""
        if self.url in self.homes:
            self._home = (self.homes.index(self.url) + 1) % len(self.homes)
        self.url = self.homes[self._home]

    def _moved(self, address: str) -> None:
        """The server says the table is held by another process (at ``address``; "": none
        is known yet, so try again where the player connected)."""
        self.url = address if address.startswith(("ws://", "wss://")) else self.homes[self._home]
        raise _Moved

    async def _sleep(self, seconds: float) -> None:
        assert self._out is not None
        with contextlib.suppress(asyncio.TimeoutError):
            # a _stop put meanwhile ends the wait early (and is kept for the next session)
            end = self._loop.time() + seconds
            while self._loop.time() < end and not self._stop:
                await asyncio.sleep(min(0.05, seconds))

    async def _session(self, ws: Any) -> None:
        assert self._out is not None
        reader = asyncio.create_task(self._reader(ws))
        try:
            while not self._stop:
                get = asyncio.create_task(self._out.get())
                done, _ = await asyncio.wait({get, reader}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    get.cancel()
                    if get.done() and not get.cancelled():
                        self._out.put_nowait(get.result())  # taken just now: keep it
                    reader.result()  # raises ConnectionClosed
                    return
                msg = get.result()
                if msg.get("type") == "_stop":
                    break
                try:
                    await ws.send(protocol.encode(msg))
                except websockets.ConnectionClosed:
                    self._out.put_nowait(msg)  # sent again after the reconnection
                    raise
        finally:
            reader.cancel()
            if self._stop:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def _reader(self, ws: Any) -> None:
        async for frame in ws:
            if self.record is not None:
                self.record.append(frame if isinstance(frame, str) else frame.decode())
            try:
                msg = json.loads(frame)
            except ValueError:
                continue
            if not isinstance(msg, dict):
                continue
            if msg.get("type") == "redirect":
                self._moved(str(msg.get("address") or ""))
            if msg.get("type") == "welcome":
                self.server = str(msg.get("server", ""))
            if msg.get("type") == "error" and msg.get("fatal"):
                self._status(FAILED, str(msg.get("reason", "")))
                self._stop = True
            ref = msg.get("ref")
            waiter = self._waiters.pop(ref, None) if isinstance(ref, int) else None
            if waiter is not None:
                waiter[1].append(msg)
                waiter[0].set()
                continue
            self._inbox.put(msg)


class _Moved(Exception):
    """The server sent this client to another process: reconnect there."""


def _words(e: Exception) -> str:
    """A connection failure in a player's words."""
    if isinstance(e, ConnectionRefusedError):
        return "No table server answers at that address (is the host's table open?)."
    if isinstance(e, OSError) and "Name or service not known" in str(e):
        return "That address cannot be found."
    if isinstance(e, websockets.InvalidURI):
        return "That is not a table address."
    if isinstance(e, websockets.InvalidHandshake):
        return "Something answers at that address, but it is not a Tabletop server."
    return f"The table server cannot be reached ({getattr(e, 'strerror', None) or e})."
