"""The AI worker process: the child side of :class:`~tabletop.controller.ai_seats.worker.AiWorker`.

It is started with the ``spawn`` method on every OS, so it begins as a fresh interpreter:
no window, display, audio device or open file of the app is inherited, and nothing here
imports pygame.  It reads pickled messages from one pipe and writes answers to another:

- ``("game", key, game)``: keep ``game`` under ``key`` (sent once per game);
- ``("job", job_id, key, kind, view, seat, legal, seed)``: answer with
  ``("answer", job_id, index, error, reason)`` where ``index`` is the choice in ``legal``
  and ``reason`` the sentence an advising agent (the Hint) gives for it, else "";
- ``("probe", job_id)``: answer ``("probe", job_id, facts)`` (tests: what the worker holds).

It dies with the app whatever kills the app: on Linux the kernel sends it SIGKILL when its
parent dies (``PR_SET_PDEATHSIG``); everywhere a watcher thread exits the process as soon as
the job pipe closes, the parent's sentinel fires, or (POSIX) the parent pid changes.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import signal
import sys
import threading
from multiprocessing import connection, parent_process
from typing import Any

PR_SET_PDEATHSIG = 1
WATCH_EVERY = 0.25  # seconds between checks that the parent is alive


def die_with_parent(parent_pid: int) -> None:
    """Linux: ask the kernel for SIGKILL when the parent dies; exit if it is gone already."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(0)


def lower_priority() -> None:
    """Searching must not take the CPU from the render loop when cores are short."""
    try:
        if hasattr(os, "nice"):
            os.nice(5)
        elif sys.platform == "win32":
            import ctypes

            below_normal = 0x4000
            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)
    except (OSError, AttributeError):
        pass


def _parent_gone(parent_pid: int) -> bool:
    return os.name == "posix" and os.getppid() != parent_pid


def _watch(jobs: Any, inbox: queue.Queue[Any], parent_pid: int) -> None:
    """Read messages into ``inbox``; end the process when the parent is gone."""
    parent = parent_process()
    waitables: list[Any] = [jobs]
    if parent is not None and parent.sentinel is not None:
        waitables.append(parent.sentinel)
    while True:
        ready = connection.wait(waitables, timeout=WATCH_EVERY)
        if _parent_gone(parent_pid) or (len(waitables) > 1 and waitables[1] in ready):
            os._exit(0)
        if jobs in ready:
            try:
                inbox.put(pickle.loads(jobs.recv_bytes()))
            except (EOFError, OSError):  # the app closed the pipe, or died
                os._exit(0)


def _facts() -> dict[str, Any]:
    """What a test may ask the worker: its pid and whether it holds any pygame handle."""
    pg = sys.modules.get("pygame")
    return {
        "pid": os.getpid(),
        "pygame_imported": pg is not None,
        "display": bool(pg and pg.display.get_init()),
        "mixer": bool(pg and getattr(pg, "mixer", None) and pg.mixer.get_init()),
    }


def serve(jobs: Any, answers: Any, parent_pid: int, pdeathsig: bool = True) -> None:
    """The worker's main loop (the ``target`` of the spawned process)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the app's to handle
    if pdeathsig:
        die_with_parent(parent_pid)
    lower_priority()
    inbox: queue.Queue[Any] = queue.Queue()
    threading.Thread(
        target=_watch, args=(jobs, inbox, parent_pid), name="tabletop-ai-watch", daemon=True
    ).start()
    from tabletop.controller.ai_seats.decide import decide_why

    games: dict[str, Any] = {}
    while True:
        msg = inbox.get()
        what = msg[0]
        if what == "game":
            games[msg[1]] = msg[2]
            continue
        if what == "probe":
            reply: tuple[Any, ...] = ("probe", msg[1], _facts())
        elif what == "job":
            _, job_id, key, kind, view, seat, legal, seed = msg
            try:
                index, why = decide_why(games[key], kind, view, seat, legal, seed)
                reply = ("answer", job_id, index, "", why)
            except Exception as e:  # an agent bug must not end the worker
                reply = ("answer", job_id, 0, f"{type(e).__name__}: {e}", "")
        else:
            continue
        with contextlib.suppress(OSError):
            answers.send_bytes(pickle.dumps(reply, pickle.HIGHEST_PROTOCOL))
