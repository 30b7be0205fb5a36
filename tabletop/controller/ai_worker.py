"""AI decisions off the render loop: a worker process (or thread) that sees only a seat's view.

The worker receives the game object, the AI level, the seat's view and its legal actions,
never the state.  A separate process keeps a searching AI from competing with the render
loop for the interpreter; a thread is the fallback when a process cannot be used.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import sys
import threading
from collections import defaultdict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabletop.ai import make_agent
from tabletop.engine import Action, Game, Rng

FALLBACKS = ("greedy", "random")
THREADS_ENV = "TABLETOP_AI_THREADS"  # set to 1 to keep the AI in a thread


def agent_for(kind: str, game: Game) -> Any:
    """``make_agent(kind)``, falling back to ``greedy`` and then ``random`` when unknown."""
    for k in (kind, *FALLBACKS):
        try:
            return make_agent(k, game)
        except ValueError:
            continue
    raise ValueError(f"no agent available for {game.info.id}")


_AGENTS: dict[tuple[str, str], Any] = {}


def decide(
    game: Game, kind: str, view: dict[str, Any], seat: int, legal: list[Action], seed: int
) -> int:
    """The index in ``legal`` of the agent's choice (runs in the worker)."""
    key = (game.info.id, kind)
    if key not in _AGENTS:
        _AGENTS[key] = agent_for(kind, game)
    action = _AGENTS[key].choose(game, view, seat, legal, Rng(seed))
    return legal.index(action) if action in legal else 0


@dataclass
class Answer:
    """The chosen action for a job (or the error it raised)."""

    token: Any
    seat: int
    action: Action | None
    error: str = ""


@dataclass
class _Job:
    channel: Any
    token: Any
    game: Game
    kind: str
    view: dict[str, Any]
    seat: int
    legal: list[Action]
    seed: int


class AiWorker:
    """Answers decision jobs off the render loop; each table polls its own channel."""

    def __init__(self, process: bool | None = None) -> None:
        if process is None:
            # A forked process needs no re-import of the app's main module (which a spawned
            # one would run again, frozen bundles included); elsewhere the thread is used.
            process = sys.platform.startswith("linux") and os.environ.get(THREADS_ENV, "") not in (
                "1",
                "true",
                "yes",
            )
        self.process = process
        self._pool: ProcessPoolExecutor | None = None
        self._futures: list[tuple[_Job, Future[int]]] = []
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._done: queue.Queue[tuple[Any, Answer]] = queue.Queue()
        self._answers: dict[Any, list[Answer]] = defaultdict(list)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.busy: set[Any] = set()
        if sys.getswitchinterval() > 0.002:  # a thread agent yields to the render loop often
            sys.setswitchinterval(0.002)

    # --- asking -------------------------------------------------------------------------
    def submit(
        self,
        token: Any,
        game: Game,
        kind: str,
        view: dict[str, Any],
        seat: int,
        legal: list[Action],
        seed: int,
        channel: Any = None,
    ) -> None:
        """Ask for a decision; the answer comes back on ``channel`` with the same ``token``."""
        job = _Job(channel, token, game, kind, view, seat, list(legal), seed)
        self.busy.add(token)
        if self.process and self._submit_process(job):
            return
        self._ensure_thread()
        self._jobs.put(job)

    def _submit_process(self, job: _Job) -> bool:
        try:
            if self._pool is None:
                method = "fork" if sys.platform.startswith("linux") else "spawn"
                ctx = multiprocessing.get_context(method)
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=ctx)
            fut = self._pool.submit(
                decide, job.game, job.kind, job.view, job.seat, job.legal, job.seed
            )
        except Exception:  # cannot pickle, cannot start a process: use the thread
            self.process = False
            return False
        self._futures.append((job, fut))
        return True

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="tabletop-ai", daemon=True)
            self._thread.start()

    # --- answers ------------------------------------------------------------------------
    def _collect(self) -> None:
        while True:
            try:
                channel, ans = self._done.get_nowait()
            except queue.Empty:
                break
            self._answers[channel].append(ans)
        still = []
        for job, fut in self._futures:
            if not fut.done():
                still.append((job, fut))
                continue
            try:
                i = fut.result()
                ans = Answer(job.token, job.seat, job.legal[i])
            except Exception:  # the process failed: answer from a thread instead
                self.process = False
                self._ensure_thread()
                self._jobs.put(job)
                continue
            self._answers[job.channel].append(ans)
        self._futures = still

    def poll(self, channel: Any = None) -> list[Answer]:
        """Answers for ``channel`` that arrived since the last call."""
        self._collect()
        out = self._answers.pop(channel, [])
        for a in out:
            self.busy.discard(a.token)
        return out

    def wait(self, timeout: float = 10.0, channel: Any = None) -> list[Answer]:
        """Block until an answer for ``channel`` arrives (tests and headless runs)."""
        import time

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            got = self.poll(channel)
            if got:
                return got
            time.sleep(0.005)
        return []

    def stop(self) -> None:
        """End the worker thread and process (used when the app closes)."""
        if self._thread is not None and self._thread.is_alive():
            self._jobs.put(None)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                i = decide(job.game, job.kind, job.view, job.seat, job.legal, job.seed)
                ans = Answer(job.token, job.seat, job.legal[i])
            except Exception as e:  # an agent bug must not kill the table
                first = job.legal[0] if job.legal else None
                ans = Answer(job.token, job.seat, first, f"{type(e).__name__}: {e}")
            self._done.put((job.channel, ans))


_SHARED: AiWorker | None = None


def shared_worker() -> AiWorker:
    """The app's one AI worker (started on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = AiWorker()
    return _SHARED
