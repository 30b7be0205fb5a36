"""On a table server too, the AI seats of a simultaneous phase decide together: every one is
asked at once, and one seat's move does not send the others back to think (no clock: the
test counts the decisions in flight and holds their answers itself)."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from tabletop import registry
from tabletop.net.server import Server, ServerOptions
from tabletop.net.sqlite_storage import SqliteStorage
from tabletop.net.storage import SeatRow
from tabletop.net.table import ServerTable


class _HeldPool:
    """An AI pool whose answers the test releases one by one (each ask waits for its own)."""

    def __init__(self, table_of: Any) -> None:
        self.table_of = table_of
        self.asked: list[tuple[int, int]] = []  # (seat, moves played when asked)
        self.in_flight = 0
        self.most = 0
        self.waiting: list[tuple[int, asyncio.Event]] = []

    async def decide(self, game_id: str, level: str, view: Any, seat: int, legal: list[Any],
                     seed: int) -> int:  # fmt: skip
        self.asked.append((seat, len(self.table_of().match.history)))
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        gate = asyncio.Event()
        self.waiting.append((seat, gate))
        await gate.wait()
        self.in_flight -= 1
        return next((i for i, a in enumerate(legal) if a.name == "stall_ready"), 0)

    def release(self, seat: int) -> None:
        i = next(i for i, (s, _) in enumerate(self.waiting) if s == seat)
        self.waiting.pop(i)[1].set()

    def close(self) -> None:
        pass


def test_server_ai_seats_of_a_secret_phase_decide_together(tmp_path) -> None:
    async def main() -> None:
        server = Server(ServerOptions(ai_delay=0.0, ai_workers=0), SqliteStorage(tmp_path / "s"))
        pool = _HeldPool(lambda: server.tables["ABCDEF"])
        server.ai = pool  # type: ignore[assignment]
        rows = [SeatRow(s, "ai", f"Bot {s}", "easy") for s in range(3)]
        table = ServerTable.create("ABCDEF", registry.get("aristocracy"), rows, {}, server.storage)
        table.started = True
        server.tables[table.code] = table
        assert sorted(table.ai_due()) == [0, 1, 2]  # the stalls: a secret, simultaneous phase
        server._schedule_ai(table)
        for _ in range(5):
            await asyncio.sleep(0)
        assert pool.most == 3  # all three deciding at once
        for seat in (1, 0, 2):  # the answers come back one by one, each played as it comes
            pool.release(seat)
            for _ in range(10):
                await asyncio.sleep(0)
        played = Counter(p.seat for p in table.match.history[:3])
        assert played == {0: 1, 1: 1, 2: 1}, played
        in_phase = Counter(seat for seat, n in pool.asked if n < 3)
        assert in_phase == {0: 1, 1: 1, 2: 1}, in_phase  # nobody sent back to think again
        for _, gate in pool.waiting:
            gate.set()
        server.tables.clear()

    asyncio.run(main())
