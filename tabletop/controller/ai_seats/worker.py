"""AI decisions off the render loop: spawned worker processes that see only a seat's view.

A worker receives the game object (once), the AI level, the seat's view and its legal
actions, never the state.  It is a *spawned* process on every OS (see
:mod:`tabletop.controller.ai_seats.process`): started once, kept warm, holding no window or audio
handle, and dying with the app.  One process answers while the jobs come one at a time; when
several seats decide at once (a secret, simultaneous phase) each job goes to a process of its
own, up to ``size`` of them (started the first time they are needed, then kept warm too), so
the phase takes the slowest seat's time, not the sum.  Threads are used only when asked for
(``TABLETOP_AI_THREADS=1`` or ``AiWorker(process=False)``) or for a job that cannot be sent
to a process; they too take several jobs at once.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import pickle
import queue
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import connection
from typing import Any

from tabletop.controller.ai_seats.decide import decide_why
from tabletop.engine import Action, Game

THREADS_ENV = "TABLETOP_AI_THREADS"  # set to 1 to keep the AI in a thread (tests)
SIZE_ENV = "TABLETOP_AI_PROCESSES"  # the most worker processes deciding at once
MAX_RESTARTS = 3  # a worker that keeps dying is replaced by the thread
MOST_LANES = 6  # no table has more seats deciding at once


def plain(value: Any) -> Any:
    """A view made picklable: read-only mappings become dicts (views may be immutable)."""
    if isinstance(value, Mapping) and not isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(plain(v) for v in value)
    return value


def pool_size() -> int:
    """How many seats may decide at once: ``TABLETOP_AI_PROCESSES``, else one per core (at
    least two, at most :data:`MOST_LANES`)."""
    raw = os.environ.get(SIZE_ENV, "").strip()
    if raw.isdigit() and int(raw) > 0:
        return min(int(raw), MOST_LANES)
    return max(2, min(os.cpu_count() or 2, MOST_LANES))


def threads_wanted() -> bool:
    """True when ``TABLETOP_AI_THREADS`` asks for the thread instead of the process."""
    return os.environ.get(THREADS_ENV, "").strip().lower() in ("1", "true", "yes")


@dataclass
class Answer:
    """The chosen action for a job (or the error it raised), and why, when the agent says
    (the Hint's one-sentence reason; "" for the other agents)."""

    token: Any
    seat: int
    action: Action | None
    error: str = ""
    reason: str = ""


@dataclass
class _Job:
    channel: Any
    token: Any
    game: Game
    kind: str
    view: Mapping[str, Any]
    seat: int
    legal: list[Action]
    seed: int


class _Process:
    """The spawned worker and its two pipes (jobs out, answers in)."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        jobs_r, self.jobs = ctx.Pipe(duplex=False)
        self.answers, answers_w = ctx.Pipe(duplex=False)
        from tabletop.controller.ai_seats.process import serve

        main = threading.current_thread() is threading.main_thread()
        self.proc = ctx.Process(
            target=serve,
            args=(jobs_r, answers_w, os.getpid(), main),  # PDEATHSIG follows the thread
            name="tabletop-ai",
            daemon=True,
        )
        self.proc.start()
        jobs_r.close()
        answers_w.close()
        self.games: dict[int, str] = {}  # id(game) → key in the worker

    def send(self, msg: tuple[Any, ...]) -> None:
        self.jobs.send_bytes(pickle.dumps(msg, pickle.HIGHEST_PROTOCOL))

    def game_key(self, game: Game) -> str:
        """The worker's key for ``game``, sending the game the first time."""
        key = self.games.get(id(game))
        if key is None:
            key = f"{game.info.id}#{len(self.games)}"
            self.send(("game", key, game))
            self.games[id(game)] = key
        return key

    def alive(self) -> bool:
        return self.proc.is_alive()

    def close(self) -> None:
        for conn in (self.jobs, self.answers):
            with contextlib.suppress(OSError):
                conn.close()
        self.proc.join(0.5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(0.5)


class AiWorker:
    """Answers decision jobs off the render loop; each table polls its own channel.

    ``size``: the most jobs decided at the same time (processes, or threads in thread mode).
    """

    def __init__(self, process: bool | None = None, size: int | None = None) -> None:
        self.process = not threads_wanted() if process is None else process
        self.size = max(1, size if size is not None else pool_size())
        self._procs: list[_Process] = []
        self._restarts = 0
        self._ids = itertools.count(1)
        self._inflight: dict[int, _Job] = {}  # sent to a process, not answered yet
        self._lane: dict[int, _Process] = {}  # job id → the process deciding it
        self._probes: dict[int, dict[str, Any]] = {}
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._done: queue.Queue[tuple[Any, Answer]] = queue.Queue()
        self._answers: dict[Any, list[Answer]] = defaultdict(list)
        self._threads: list[threading.Thread] = []
        self._thread_jobs = 0  # given to the threads, not answered yet
        self._lock = threading.Lock()
        self.busy: set[Any] = set()
        self.most_at_once = 0  # the most lanes ever deciding together (tests, figures)

    # --- the processes ------------------------------------------------------------------------
    @property
    def _proc(self) -> _Process | None:
        """The first worker process (the one kept warm for one-at-a-time jobs)."""
        return self._procs[0] if self._procs else None

    @property
    def _thread(self) -> threading.Thread | None:
        """The first answering thread (``None`` while every job went to a process)."""
        return self._threads[0] if self._threads else None

    def start(self) -> None:
        """Start the first worker process now (it imports the AI while the table opens)."""
        if self.process and not self._procs:
            self._spawn()

    def _spawn(self) -> _Process | None:
        try:
            proc = _Process()
        except (OSError, RuntimeError, ValueError):  # no processes here: use the thread
            if not self._procs:
                self.process = False
            return None
        self._procs.append(proc)
        return proc

    def prepare(self, game: Game) -> None:
        """Start the worker and send it ``game`` ahead of the first decision."""
        self.start()
        if self._proc is not None:
            with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError, OSError):
                self._proc.game_key(game)

    @property
    def pid(self) -> int | None:
        """The first worker process's id (``None`` before it starts or in thread mode)."""
        return self._proc.proc.pid if self._proc is not None else None

    @property
    def pids(self) -> list[int]:
        """Every worker process's id."""
        return [p.proc.pid for p in self._procs if p.proc.pid is not None]

    def probe(self, timeout: float = 30.0) -> dict[str, Any]:
        """Ask the worker what it holds (its pid, whether pygame is initialised); tests."""
        self.start()
        assert self._proc is not None, "no worker process"
        job_id = next(self._ids)
        self._proc.send(("probe", job_id))
        end = time.monotonic() + timeout
        while job_id not in self._probes and time.monotonic() < end:
            self._collect(0.05)
        return self._probes.pop(job_id)

    def in_flight(self) -> dict[int, int]:
        """How many jobs each worker process (by pid) is deciding now."""
        out = {pid: 0 for pid in self.pids}
        for proc in self._lane.values():
            if proc.proc.pid is not None:
                out[proc.proc.pid] = out.get(proc.proc.pid, 0) + 1
        return out

    def _note_at_once(self) -> None:
        """Count the jobs being decided at the same moment: one per process holding a job,
        one per thread with a job (jobs queued behind another in one lane do not count)."""
        lanes = len({id(p) for p in self._lane.values()})
        with self._lock:
            lanes += min(len(self._threads), self._thread_jobs)
        self.most_at_once = max(self.most_at_once, lanes)

    # --- asking -----------------------------------------------------------------------------
    def submit(
        self,
        token: Any,
        game: Game,
        kind: str,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Action],
        seed: int,
        channel: Any = None,
    ) -> None:
        """Ask for a decision; the answer comes back on ``channel`` with the same ``token``."""
        job = _Job(channel, token, game, kind, view, seat, list(legal), seed)
        self.busy.add(token)
        if self.process and self._send(job):
            self._note_at_once()
            return
        self._to_thread(job)

    def _pick(self) -> _Process | None:
        """The process for the next job: an idle one, else a new one while fewer than
        ``size`` run, else the least busy."""
        self.start()
        if not self._procs:
            return None
        load = {id(p): 0 for p in self._procs}
        for proc in self._lane.values():
            load[id(proc)] = load.get(id(proc), 0) + 1
        best = min(self._procs, key=lambda p: load[id(p)])
        if load[id(best)] > 0 and len(self._procs) < self.size:
            return self._spawn() or best
        return best

    def _send(self, job: _Job, job_id: int | None = None) -> bool:
        """Send a job to a process; False when it cannot go there (use the thread)."""
        proc = self._pick()
        if proc is None:
            return False
        job_id = job_id or next(self._ids)
        try:
            key = proc.game_key(job.game)
            view = plain(job.view)
            proc.send(("job", job_id, key, job.kind, view, job.seat, job.legal, job.seed))
        except (pickle.PicklingError, TypeError, AttributeError):
            return False  # this job cannot be pickled: the thread answers it
        except OSError:  # the worker died: a new one takes the job
            self._replace_process(proc)
            return self.process and self._send(job, job_id)
        self._inflight[job_id] = job
        self._lane[job_id] = proc
        return True

    def _replace_process(self, proc: _Process) -> None:
        """``proc`` died: close it and hand its jobs to the others (or a new one)."""
        proc.close()
        if proc in self._procs:
            self._procs.remove(proc)
        self._restarts += 1
        if self._restarts > MAX_RESTARTS:
            self.process = False
        lost = [(i, j) for i, j in self._inflight.items() if self._lane.get(i) is proc]
        for job_id, _ in lost:
            self._inflight.pop(job_id, None)
            self._lane.pop(job_id, None)
        for job_id, job in lost:
            if not (self.process and self._send(job, job_id)):
                self._to_thread(job)

    def _to_thread(self, job: _Job) -> None:
        """Queue ``job`` for the threads, starting one more while all are busy."""
        if sys.getswitchinterval() > 0.002:  # a thread agent yields to the render loop often
            sys.setswitchinterval(0.002)
        with self._lock:
            self._thread_jobs += 1
            self._threads = [t for t in self._threads if t.is_alive()]
            if len(self._threads) < min(self.size, self._thread_jobs):
                t = threading.Thread(target=self._run, name="tabletop-ai", daemon=True)
                self._threads.append(t)
                t.start()
        self._note_at_once()
        self._jobs.put(job)

    # --- answers ----------------------------------------------------------------------------
    def _collect(self, timeout: float = 0.0) -> None:
        while True:
            try:
                channel, ans = self._done.get_nowait()
            except queue.Empty:
                break
            self._answers[channel].append(ans)
        if not self._procs:
            return
        ready: list[Any] = [p.answers for p in self._procs]
        with contextlib.suppress(OSError, ValueError):
            ready = connection.wait(ready, timeout) if timeout else ready
        for proc in list(self._procs):
            if proc.answers not in ready:
                continue
            try:
                while proc.answers.poll(0):
                    self._receive(pickle.loads(proc.answers.recv_bytes()))
            except (EOFError, OSError):
                self._replace_process(proc)

    def _receive(self, msg: tuple[Any, ...]) -> None:
        if msg[0] == "probe":
            self._probes[msg[1]] = msg[2]
            return
        _, job_id, index, error, reason = msg
        job = self._inflight.pop(job_id, None)
        self._lane.pop(job_id, None)
        if job is None:
            return
        action = job.legal[index] if 0 <= index < len(job.legal) else None
        self._answers[job.channel].append(Answer(job.token, job.seat, action, error, reason))

    def poll(self, channel: Any = None) -> list[Answer]:
        """Answers for ``channel`` that arrived since the last call."""
        self._collect()
        out = self._answers.pop(channel, [])
        for a in out:
            self.busy.discard(a.token)
        return out

    def wait(self, timeout: float = 10.0, channel: Any = None) -> list[Answer]:
        """Block until an answer for ``channel`` arrives (tests and headless runs)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            got = self.poll(channel)
            if got:
                return got
            self._collect(0.005) if self._procs else time.sleep(0.005)
        return []

    def stop(self) -> None:
        """End the worker threads and processes (used when the app closes)."""
        for t in self._threads:
            if t.is_alive():
                self._jobs.put(None)
        for proc in self._procs:
            proc.close()
        self._procs.clear()
        self._inflight.clear()
        self._lane.clear()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                i, why = decide_why(job.game, job.kind, job.view, job.seat, job.legal, job.seed)
                ans = Answer(job.token, job.seat, job.legal[i], reason=why)
            except Exception as e:  # an agent bug must not kill the table
                first = job.legal[0] if job.legal else None
                ans = Answer(job.token, job.seat, first, f"{type(e).__name__}: {e}")
            with self._lock:
                self._thread_jobs -= 1
            self._done.put((job.channel, ans))


_SHARED: AiWorker | None = None


def shared_worker() -> AiWorker:
    """The app's one AI worker (its process starts when a table first needs it)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = AiWorker()
    return _SHARED
