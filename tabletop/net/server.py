"""The authoritative server (``tabletop serve``): many tables, each seat sent only its view.

One asyncio event loop runs every connection (``websockets``); the rules run in the loop
(a move costs well under a millisecond), the AI in a process pool.  Each connection has its
own writer task and queue, so a slow reader never holds up another.  Limits — frame size,
messages per second, bad messages, tables per address, tables in all — are options; a client
that breaks them gets an ``error`` message and, if it goes on, is closed; no other connection
notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.server import ServerConnection, serve

import tabletop
from tabletop import registry
from tabletop.net import protocol, wire
from tabletop.net.ai_pool import AiPool
from tabletop.net.databases import open_storage
from tabletop.net.storage import CodeTaken, LeaseLost, MoveConflict, SeatRow, Storage
from tabletop.net.table import AI, LEVELS, OPEN, ServerTable, Subscriber, new_code

log = logging.getLogger("tabletop.net.server")


@dataclass
class ServerOptions:
    """Everything ``tabletop serve`` can be told (each limit with a sane default)."""

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path | None = None  # folder of the database (default: the user's data folder)
    tls_cert: Path | None = None
    tls_key: Path | None = None
    grace: float = 120.0  # seconds a dropped player's seat waits before the host may hand it on
    ai_workers: int = 1
    ai_delay: float = 0.4  # seconds between an AI seat's moves, so people can follow them
    max_frame: int = 64 * 1024  # bytes of one client message
    rate: float = 20.0  # messages per second a connection may send, on average
    burst: int = 60  # ... and at once
    max_bad: int = 20  # malformed or over-rate messages before the connection is closed
    tables_per_address: int = 10
    max_tables: int = 1000
    max_queue: int = 512  # messages waiting for a slow reader before it is closed
    compress: bool = False  # permessage-deflate: a view 5-8 times smaller, a third more CPU
    db: str | None = None  # postgresql://… (shared by several processes) or a SQLite file
    advertise: str | None = None  # the address players reach this process at (shared db)
    lease: float = 10.0  # seconds a silent process keeps its tables (shared db)


@dataclass(eq=False)
class Conn:
    """One client connection."""

    ws: ServerConnection
    address: str
    out: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    tokens: float = 0.0
    last: float = field(default_factory=time.monotonic)
    bad: int = 0
    hello: bool = False
    subs: list[tuple[ServerTable, Subscriber]] = field(default_factory=list)
    closed: bool = False

    def send(self, msg: dict[str, Any] | str) -> None:
        """Queue a message for the writer task (never waits)."""
        if self.closed:
            return
        self.out.put_nowait(msg if isinstance(msg, str) else wire.to_text(msg))


class Server:
    """The tables, their storage and AI, and the connections (see the module docstring)."""

    def __init__(self, options: ServerOptions, storage: Storage | None = None) -> None:
        self.options = options
        if storage is None:
            folder = options.data
            if folder is None and not options.db:
                from tabletop.storage import data_dir

                folder = data_dir() / "server"
            storage = open_storage(options.db, folder, options.lease)
        self.storage = storage
        self.ai = AiPool(options.ai_workers)
        self.tables: dict[str, ServerTable] = {}
        self.conns: set[Conn] = set()
        self.thinking: set[tuple[str, int, int]] = set()  # (code, move number, seat)
        self.port = options.port
        self._handlers: dict[str, Callable[[Conn, dict[str, Any]], Awaitable[None] | None]] = {
            "hello": self._hello,
            "list": self._list,
            "create": self._create,
            "join": self._join,
            "rejoin": self._seated(self._rejoin),
            "watch": self._watch,
            "leave": self._seated(self._leave),
            "move": self._seated(self._move),
            "undo": self._seated(self._undo),
            "explain": self._seated(self._explain),
            "chat": self._seated(self._chat),
            "seat_ai": self._seated(self._seat_ai),
            "ping": self._ping,
        }

    # --- life ---------------------------------------------------------------------------
    def restore(self) -> int:
        """Bring back the unfinished tables this process takes on (every one for a lone
        server; those without a live owner for a shared database); how many."""
        rows = self.storage.adopt()
        for row in rows:
            self._bring_back(row)
        return len(rows)

    def _bring_back(self, row: Any) -> ServerTable | None:
        """Rebuild a stored table move by move and keep it (None: it no longer replays)."""
        try:
            game = registry.get(row.game)
            table = ServerTable.restore(row, game, self.storage)
        except Exception as e:  # a table that no longer replays is reported, not fatal
            log.warning("table %s could not be restored: %s", row.code, e)
            return None
        if table.match.is_over() and not row.over:
            try:  # the process that played the last move died before it stored the end
                table.record_end()
            except LeaseLost:  # another process took the table meanwhile: it is theirs
                return None
        self.tables[row.code] = table
        return table

    def ssl_context(self) -> ssl.SSLContext | None:
        """The TLS context when a certificate and key are given."""
        if self.options.tls_cert is None:
            return None
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(str(self.options.tls_cert), str(self.options.tls_key or ""))
        return ctx

    async def run(self, ready: Callable[[str], None] | None = None) -> None:
        """Serve until cancelled; ``ready`` is told the address once listening."""
        registry.games()  # load every game and its data now, not at the first player's hello
        async with serve(
            self._connection,
            self.options.host,
            self.options.port,
            max_size=self.options.max_frame,
            max_queue=16,
            compression="deflate" if self.options.compress else None,
            ssl=self.ssl_context(),
            ping_interval=20,
            ping_timeout=20,
            process_request=self._http,
        ) as server:
            sock = next(iter(server.sockets))
            self.port = sock.getsockname()[1]
            scheme = "wss" if self.options.tls_cert else "ws"
            host = self.options.host if ":" not in self.options.host else f"[{self.options.host}]"
            address = f"{scheme}://{host}:{self.port}"
            self.storage.register(self.options.advertise or address)
            self.restore()
            for table in self.tables.values():
                self._schedule_ai(table)
            tasks = []
            if self.storage.shared:
                loop = asyncio.get_running_loop()
                tasks += [loop.create_task(self._leases()), loop.create_task(self._listen())]
            if ready is not None:
                ready(address)
            stop: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def on_term() -> None:
                if not stop.done():
                    stop.set_result(None)

            with contextlib.suppress(NotImplementedError, AttributeError):  # not on Windows
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, on_term)
            try:
                await stop  # until SIGTERM (or cancelled): then give the tables up cleanly
            finally:
                for task in tasks:
                    task.cancel()
                self.ai.close()
                self.storage.close()

    def _http(self, connection: ServerConnection, request: Any) -> Any:
        """``GET /health`` for a load balancer: 200 while this process can reach its database
        (and says how many tables it holds), 503 otherwise.  Anything else is a websocket."""
        if request.path.split("?")[0] != "/health":
            return None
        try:
            self.storage.heartbeat()
        except Exception as e:
            return connection.respond(503, f"database unreachable: {e}\n")
        return connection.respond(200, f"ok {len(self.tables)} tables\n")

    async def _leases(self) -> None:
        """Every third of the lease: renew this process's, let go of tables another process
        has taken over, adopt the tables of processes that died."""
        every = max(0.05, self.options.lease / 3)
        while True:
            await asyncio.sleep(every)
            try:
                self._renew()
            except Exception:  # the database is away: try again next time
                log.exception("lease renewal failed")

    async def _listen(self) -> None:
        """Wake the lease round at once when another process frees its tables or finds one
        dead (PostgreSQL's ``LISTEN/NOTIFY``), instead of at the next third of the lease."""
        listen = getattr(self.storage, "listen", None)
        if listen is None:
            return
        while True:
            try:
                async for _ in listen():
                    self._renew()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: the lease rounds go on without it
                log.exception("listening for other processes failed")
            await asyncio.sleep(max(0.5, self.options.lease / 3))

    def _renew(self) -> None:
        owned = self.storage.heartbeat()
        if owned is not None:
            for code, table in list(self.tables.items()):
                if code not in owned and not table.match.is_over():
                    self._lose(code)
        for row in self.storage.adopt():
            back = self._bring_back(row)
            if back is not None:
                self._schedule_ai(back)

    def _lose(self, code: str) -> None:
        """Another process owns table ``code`` now: forget it and send its players there."""
        table = self.tables.pop(code, None)
        if table is None:
            return
        try:
            address = self.storage.owner_address(code) or ""
        except Exception:
            address = ""
        for sub in list(table.subscribers):
            sub.conn.send({"type": "redirect", "code": code, "address": address})
            sub.conn.subs = [(t, x) for t, x in sub.conn.subs if t is not table]
        table.subscribers.clear()
        log.info("table %s moved to %s", code, address or "another process")

    # --- a connection ----------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        peer = ws.remote_address
        conn = Conn(ws, str(peer[0]) if peer else "?", tokens=float(self.options.burst))
        self.conns.add(conn)
        writer = asyncio.create_task(self._writer(conn))
        try:
            async for frame in ws:
                if not self._allow(conn):
                    if self._strike(conn, "Too many messages: slow down."):
                        break
                    continue
                try:
                    msg = protocol.parse_client(frame)
                except protocol.BadMessage as e:
                    if self._strike(conn, str(e), e.ref):
                        break
                    continue
                if not conn.hello and msg["type"] not in ("hello", "ping"):
                    conn.send(_error("Say hello first, with the protocol version.", msg))
                    continue
                try:
                    result = self._handlers[msg["type"]](conn, msg)
                    if result is not None:
                        await result
                except _Redirected:
                    pass
                except LeaseLost as e:  # another process took the table over meanwhile
                    self._lose(str(e))
                    conn.send(_error("That table has moved; reconnecting to it.", msg))
                except Exception:  # a bug must cost this message, never the server
                    log.exception("message %s failed", msg.get("type"))
                    conn.send(_error("The server could not handle that message.", msg))
                if conn.closed:
                    break
        except websockets.ConnectionClosed:
            pass
        finally:
            conn.closed = True
            conn.out.put_nowait(None)
            self.conns.discard(conn)
            self._drop(conn)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2)

    async def _writer(self, conn: Conn) -> None:
        while True:
            text = await conn.out.get()
            if text is None:
                return
            if conn.out.qsize() > self.options.max_queue:  # it does not read: let it go
                conn.closed = True
                await conn.ws.close(1008, "too slow to read the table's messages")
                return
            try:
                await conn.ws.send(text)
            except websockets.ConnectionClosed:
                return

    def _allow(self, conn: Conn) -> bool:
        now = time.monotonic()
        conn.tokens = min(
            float(self.options.burst), conn.tokens + (now - conn.last) * self.options.rate
        )
        conn.last = now
        if conn.tokens < 1:
            return False
        conn.tokens -= 1
        return True

    def _strike(self, conn: Conn, reason: str, ref: int | None = None) -> bool:
        """Count a bad message; True when the connection must close."""
        conn.bad += 1
        fatal = conn.bad > self.options.max_bad
        answer: dict[str, Any] = {"type": "error", "reason": reason, "fatal": fatal}
        if ref is not None:
            answer["ref"] = ref
        conn.send(answer)
        if fatal:
            conn.closed = True
            conn.out.put_nowait(None)
            asyncio.get_running_loop().create_task(conn.ws.close(1008, "too many bad messages"))
        return fatal

    def _drop(self, conn: Conn) -> None:
        """A connection went: its seats are away (their players may come back).  A finished
        table nobody watches any more is let go (its result is in storage)."""
        for table, sub in conn.subs:
            with contextlib.suppress(ValueError):
                table.subscribers.remove(sub)
            if table.match.is_over() and not table.subscribers:
                self.tables.pop(table.code, None)
                continue
            if sub.seat is not None:
                seat = table.seats[sub.seat]
                seat.connected = max(0, seat.connected - 1)
                if not seat.connected:
                    seat.left_at = time.time()
                self._broadcast(table)
        conn.subs.clear()

    # --- messages ----------------------------------------------------------------------------
    def _hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        if msg["version"] != protocol.PROTOCOL:
            conn.send(
                _error(
                    f"This server speaks version {protocol.PROTOCOL} of the table protocol and "
                    f"your app speaks version {msg['version']}: use the same Tabletop version "
                    f"as the host (the server runs Tabletop {tabletop.__version__}).",
                    msg,
                    fatal=True,
                )
            )
            conn.closed = True
            return
        conn.hello = True
        conn.send(
            {
                "type": "welcome",
                "version": protocol.PROTOCOL,
                "server": f"Tabletop {tabletop.__version__}",
                "games": sorted(registry.games()),
                "limits": {
                    "frame": self.options.max_frame,
                    "rate": self.options.rate,
                    "chat": protocol.MAX_TEXT,
                    "name": protocol.MAX_NAME,
                    "grace": self.options.grace,
                },
                "ref": msg.get("ref"),
            }
        )

    def _list(self, conn: Conn, msg: dict[str, Any]) -> None:
        tables = [
            t.lobby_entry() for t in self.tables.values() if t.listed and not t.match.is_over()
        ]
        if self.storage.shared and len(tables) < 200:
            # a shared database: the tables other processes hold are listed from their rows
            with contextlib.suppress(Exception):
                tables += [
                    lobby_entry_of(row) for row in self.storage.open_tables()
                    if row.code not in self.tables
                ][: 200 - len(tables)]  # fmt: skip
        conn.send({"type": "tables", "tables": tables[:200], "ref": msg.get("ref")})

    def _create(self, conn: Conn, msg: dict[str, Any]) -> None:
        game_id = msg["game"]
        try:
            game = registry.get(game_id)
        except KeyError:
            conn.send(_error(f"This server has no game '{game_id[:40]}'.", msg))
            return
        mine = sum(
            1 for t in self.tables.values() if t.creator == conn.address and not t.match.is_over()
        )
        if mine >= self.options.tables_per_address:
            conn.send(
                _error(
                    f"One address may hold {self.options.tables_per_address} tables at once.",
                    msg,
                )
            )
            return
        if len(self.tables) >= self.options.max_tables:
            conn.send(_error("The server is full; try again later.", msg))
            return
        wanted = msg["seats"]
        info = game.info
        if not info.min_players <= len(wanted) <= info.max_players:
            conn.send(
                _error(f"{info.name} takes {info.min_players}–{info.max_players} players.", msg)
            )
            return
        rows: list[SeatRow] = []
        host_seat: int | None = None
        for i, spec in enumerate(wanted):
            spec = spec if isinstance(spec, dict) else {}
            kind = spec.get("kind")
            if kind == "host" and host_seat is None:
                host_seat = i
                rows.append(SeatRow(i, OPEN, f"Player {i + 1}", "", None, True))
            elif kind == AI:
                level = spec.get("level") if spec.get("level") in LEVELS else "normal"
                name = protocol.clean_name(spec.get("name"), f"AI ({str(level).title()})")
                rows.append(SeatRow(i, AI, name, str(level)))
            else:
                rows.append(SeatRow(i, OPEN, f"Player {i + 1}", ""))
        if host_seat is None:
            conn.send(_error("A table needs one seat for its host.", msg))
            return
        try:
            options = info.resolve_options(msg.get("options") or {})
        except Exception as e:
            conn.send(_error(f"Those options cannot be used: {e}", msg))
            return
        for _ in range(8):  # a code another process picked meanwhile: pick again
            code = new_code(self.tables)
            try:
                table = ServerTable.create(
                    code,
                    game,
                    rows,
                    options,
                    self.storage,
                    listed=bool(msg.get("listed", True)),
                    creator=conn.address,
                )
                break
            except CodeTaken:
                continue
        else:
            conn.send(_error("The server could not find a free table code; try again.", msg))
            return
        self.tables[code] = table
        host_name = spec_name(wanted[host_seat])
        seat, token = table.take_seat(host_seat, host_name)
        table.seats[seat].row.host = True
        self.storage.save_seat(code, table.seats[seat].row)
        conn.send({"type": "created", "code": code, "seat": seat, "token": token,
                   "ref": msg.get("ref")})  # fmt: skip
        self._subscribe(conn, table, seat)
        self._changed(table)

    def _table(self, conn: Conn, msg: dict[str, Any]) -> ServerTable | None:
        code = protocol.normal_code(msg["code"])
        table = self.tables.get(code)
        if table is None:
            table = self._find(conn, code, msg)
        if table is None:
            conn.send(_error(f"There is no table '{code[:8]}' on this server.", msg))
        return table

    def _find(self, conn: Conn, code: str, msg: dict[str, Any]) -> ServerTable | None:
        """A table this process does not hold: taken over if its owner died, else the client
        is sent to the owner (a shared database; a lone one holds every table already)."""
        address = self.storage.owner_address(code)
        if address is not None:
            conn.send({"type": "redirect", "code": code, "address": address,
                       "ref": msg.get("ref")})  # fmt: skip
            raise _Redirected
        if not self.storage.claim(code):
            # another process took it between the two questions (the owner found dead, then
            # adopted elsewhere): send the client there rather than leave it on a process
            # that will never serve its table
            address = self.storage.owner_address(code)
            if address is not None:
                conn.send({"type": "redirect", "code": code, "address": address,
                           "ref": msg.get("ref")})  # fmt: skip
                raise _Redirected
            return self._ended(code)
        row = self.storage.load(code)
        if row is None:
            return self._ended(code)
        table = self._bring_back(row)
        if table is not None:
            self._schedule_ai(table)
        return table

    def _ended(self, code: str) -> ServerTable | None:
        """A finished table, rebuilt so that a player who missed its last move sees the end:
        the process that played it died before telling everyone, or the server restarted."""
        row = self.storage.load(code, over=True)
        return self._bring_back(row) if row is not None else None

    def _seat(self, conn: Conn, msg: dict[str, Any]) -> tuple[ServerTable, int] | None:
        """The table and the seat a message's token proves (an error sent otherwise)."""
        table = self._table(conn, msg)
        if table is None:
            return None
        seat = table.seat_of(msg["token"])
        if seat is None:
            conn.send(_refused(table, "That seat token is not valid at this table.", msg))
            return None
        return table, seat

    def _seated(
        self, handle: Callable[[Conn, dict[str, Any], ServerTable, int], None]
    ) -> Callable[[Conn, dict[str, Any]], None]:
        """The handler of a message only a seated player may send: ``handle`` gets the table
        and the seat the message's token proves (an error is sent otherwise)."""

        def checked(conn: Conn, msg: dict[str, Any]) -> None:
            found = self._seat(conn, msg)
            if found is not None:
                handle(conn, msg, *found)

        return checked

    def _join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg)
        if table is None:
            return
        try:
            seat, token = table.take_seat(msg.get("seat"), msg.get("name") or "")
        except ValueError as e:
            conn.send(_error(str(e), msg))
            return
        conn.send({"type": "joined", "code": table.code, "seat": seat, "token": token,
                   "ref": msg.get("ref")})  # fmt: skip
        self._subscribe(conn, table, seat)
        self._changed(table)

    def _rejoin(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        table.seats[seat].standin = None  # the player is back: the AI stands down
        conn.send({"type": "joined", "code": table.code, "seat": seat, "token": msg["token"],
                   "ref": msg.get("ref")})  # fmt: skip
        self._subscribe(conn, table, seat)
        self._changed(table)

    def _watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg)
        if table is None:
            return
        conn.send({"type": "joined", "code": table.code, "seat": None, "token": "",
                   "ref": msg.get("ref")})  # fmt: skip
        self._subscribe(conn, table, None)
        self._send_state(table)

    def _leave(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        kept = []
        for t, sub in conn.subs:
            if t is table and sub.seat == seat:
                with contextlib.suppress(ValueError):
                    table.subscribers.remove(sub)
                s = table.seats[seat]
                s.connected = max(0, s.connected - 1)
                if not s.connected:
                    s.left_at = time.time()
            else:
                kept.append((t, sub))
        conn.subs = kept
        if not table.seats[seat].connected:
            table.release(seat)  # before the game begins, leaving gives the seat back
        self._broadcast(table)

    def _move(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        if table.ai_level(seat) is not None:
            table.seats[seat].standin = None  # acting again takes the seat back from the AI
        try:
            reason = table.move(seat, msg["n"], msg["action"])
        except MoveConflict:
            reason = "That move was already played."
        if reason:
            conn.send(_refused(table, reason, msg))
            self._send_state(table, only=conn)  # the client's picture may be stale
            return
        self._changed(table)

    def _undo(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        if msg.get("n") is not None and msg["n"] != table.n:
            conn.send(_refused(table, "Someone has moved since; nothing was taken back.", msg))
            return
        reason = table.undo(seat)
        if reason:
            conn.send(_refused(table, reason, msg))
            return
        self._changed(table)
        self._notice(table, f"{table.seats[seat].row.name} took back their last move.")

    def _explain(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        conn.send({"type": "explained", "code": table.code, "reason": table.explain(seat, msg["gesture"]),
                   "ref": msg.get("ref")})  # fmt: skip

    def _chat(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        text = protocol.clean_chat(msg["text"])
        if not text:
            return
        line = {"type": "chat", "code": table.code, "seat": seat,
                "name": table.seats[seat].row.name, "text": text}  # fmt: skip
        for c in {sub.conn for sub in table.subscribers}:
            c.send(line)

    def _notice(self, table: ServerTable, text: str) -> None:
        """A line from the table itself in everyone's log (an undo, a seat handed on)."""
        line = {"type": "chat", "code": table.code, "seat": None, "name": "Table", "text": text}
        for c in {sub.conn for sub in table.subscribers}:
            c.send(line)

    def _seat_ai(self, conn: Conn, msg: dict[str, Any], table: ServerTable, seat: int) -> None:
        target = msg["seat"]
        reason = table.set_ai(seat, target, msg.get("level") or "normal", self.options.grace)
        if reason:
            conn.send(_refused(table, reason, msg))
            return
        self._changed(table)
        if 0 <= target < len(table.seats) and table.seats[target].standin:
            name = table.seats[target].row.name
            self._notice(table, f"The AI plays for {name} until they come back.")

    def _ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        conn.send({"type": "pong", "ref": msg.get("ref")})

    # --- after a change ------------------------------------------------------------------------
    def _subscribe(self, conn: Conn, table: ServerTable, seat: int | None) -> None:
        for t, sub in conn.subs:
            if t is table and sub.seat == seat:
                sub.sent = -1
                return
        sub = Subscriber(conn, seat)
        table.subscribers.append(sub)
        conn.subs.append((table, sub))
        if seat is not None:
            s = table.seats[seat]
            s.connected += 1
            s.left_at = None

    def _changed(self, table: ServerTable) -> None:
        self._send_state(table)
        self._schedule_ai(table)

    def _broadcast(self, table: ServerTable) -> None:
        self._send_state(table)

    def _send_state(self, table: ServerTable, only: Conn | None = None) -> None:
        for sub in list(table.subscribers):
            if only is None or sub.conn is only:
                sub.conn.send(table.text_for(sub))

    def _schedule_ai(self, table: ServerTable) -> None:
        """Ask for every AI seat due now, all at once (in a simultaneous phase each decides in
        a worker of its own); a seat still deciding is not asked again."""
        busy = {s for code, _, s in self.thinking if code == table.code}
        for seat in table.ai_due():
            if seat in busy:
                continue
            key = (table.code, table.n, seat)
            self.thinking.add(key)
            asyncio.get_running_loop().create_task(self._ai_move(table, seat, key))

    async def _ai_move(self, table: ServerTable, seat: int, key: tuple[str, int, int]) -> None:
        stale = False
        try:
            n = table.n
            m = table.match
            together = len(m.to_act()) > 1  # another seat's move does not void this decision
            level = table.ai_level(seat) or "normal"
            legal = m.legal(seat)
            started = time.monotonic()
            index = await self.ai.decide(
                table.game.info.id, level, m.view(seat), seat, legal, m.ai_seed_for(seat)
            )
            wait = self.options.ai_delay - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            if table.ai_level(seat) is None or self.tables.get(table.code) is not table:
                return  # the player came back (or the table closed) meanwhile
            if table.n != n and not (together and seat in m.to_act()):
                stale = True  # the table moved on: ask again for the new position
                return
            action = legal[index] if 0 <= index < len(legal) else legal[0]
            try:  # (``move`` refuses it if this seat moved since or it is no longer legal)
                reason = table.move(seat, n, action.to_json())
            except MoveConflict:
                stale = True
                return
            except LeaseLost:
                self._lose(table.code)
                return
            if reason:
                if table.n == n:  # refused in the very position it was chosen for
                    log.warning("AI move refused at %s: %s", table.code, reason)
                else:  # chosen in a simultaneous phase another seat has moved on from
                    stale = True
                return
        finally:
            self.thinking.discard(key)
            if stale and self.tables.get(table.code) is table:
                self._schedule_ai(table)
        self._changed(table)


class _Redirected(Exception):
    """The message's table is another process's: the client was told where."""


def lobby_entry_of(row: Any) -> dict[str, Any]:
    """The lobby's entry for a table another process holds (from its stored rows)."""
    try:
        name = registry.get(row.game).info.name
    except KeyError:
        name = row.game
    return {
        "code": row.code,
        "game": row.game,
        "name": name,
        "players": row.players,
        "started": row.started,
        "over": False,
        "moves": 0,
        "seats": [
            {"seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level if s.kind == AI
             else "", "connected": True, "away": 0, "host": s.host}
            for s in row.seats
        ],
    }  # fmt: skip


def spec_name(spec: Any) -> str:
    """The name a seat's spec in ``create`` asks for."""
    return str(spec.get("name") or "") if isinstance(spec, dict) else ""


def _error(reason: str, msg: dict[str, Any] | None = None, fatal: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "reason": reason}
    if msg is not None and msg.get("ref") is not None:
        out["ref"] = msg["ref"]
    if fatal:
        out["fatal"] = True
    return out


def _refused(table: ServerTable, reason: str, msg: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "refused", "code": table.code, "reason": reason}
    if msg.get("ref") is not None:
        out["ref"] = msg["ref"]
    return out


def run_server(options: ServerOptions, ready: Callable[[str], None] | None = None) -> None:
    """Run a server in this thread until interrupted."""
    server = Server(options)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(server.run(ready))
