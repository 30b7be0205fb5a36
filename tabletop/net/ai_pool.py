"""The server's AI seats: decisions in a pool of spawned worker processes.

A job carries the game's id, the level, the seat's view, its legal actions and the seed the
match derives for that decision — never the state — exactly what the app's own AI worker is
given, so an AI seat online is as fair as one at home.  The event loop awaits the answer, so a
long Hard search delays no other table's messages.  The workers die with the server (on Linux
the kernel kills them when it goes, see :mod:`tabletop.controller.ai_seats.process`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tabletop.engine import Action


def _init_worker(parent_pid: int) -> None:
    """In each worker: die with the server, and give way to the event loop's process."""
    import signal

    from tabletop.controller.ai_seats import die_with_parent, lower_priority

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent_pid)
    lower_priority()


def _decide(
    game_id: str, level: str, view: Mapping[str, Any], seat: int, legal: list[Action], seed: int
) -> int:
    """Runs in a worker: the index of the agent's choice in ``legal``."""
    from tabletop import registry
    from tabletop.controller.ai_seats import decide_why

    return decide_why(registry.get(game_id), level, view, seat, legal, seed)[0]


def decide_here(
    game_id: str, level: str, view: Mapping[str, Any], seat: int, legal: list[Action], seed: int
) -> int:
    """The same decision in this process (``--ai-workers 0``: tests, tiny servers)."""
    return _decide(game_id, level, view, seat, legal, seed)


class AiPool:
    """``workers`` spawned processes (0: decide in a thread of the server itself)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(0, int(workers))
        self._pool: ProcessPoolExecutor | None = self._new_pool() if self.workers else None

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_init_worker,
            initargs=(os.getpid(),),
        )

    async def decide(
        self,
        game_id: str,
        level: str,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Action],
        seed: int,
    ) -> int:
        """The index in ``legal`` of the AI's choice (0 if the agent failed)."""
        from tabletop.controller.ai_seats import plain

        loop = asyncio.get_running_loop()
        args = (game_id, level, plain(view), seat, list(legal), seed)
        for _attempt in range(2):
            try:
                if self._pool is None:
                    return await loop.run_in_executor(None, _decide, *args)
                return await loop.run_in_executor(self._pool, _decide, *args)
            except BrokenProcessPool:  # a worker was killed: a fresh pool, and once more
                self._restart()
            except Exception:  # an agent's bug: play on with the first move
                return 0
        return 0

    def _restart(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
