"""AI decisions off the render loop: a worker thread that sees only a seat's view and moves."""

from __future__ import annotations

import queue
import sys
import threading
from dataclasses import dataclass
from typing import Any

from tabletop.ai import make_agent
from tabletop.engine import Action, Game, Rng

FALLBACKS = ("greedy", "random")


def agent_for(kind: str, game: Game) -> Any:
    """``make_agent(kind)``, falling back to ``greedy`` and then ``random`` when unknown."""
    for k in (kind, *FALLBACKS):
        try:
            return make_agent(k, game)
        except ValueError:
            continue
    raise ValueError(f"no agent available for {game.info.id}")


@dataclass
class Job:
    """One question for an agent: a seat's view and its legal actions, nothing more."""

    token: Any
    game: Game
    kind: str
    view: dict[str, Any]
    seat: int
    legal: list[Action]
    seed: int


@dataclass
class Answer:
    """The chosen action for a job (or the error it raised)."""

    token: Any
    seat: int
    action: Action | None
    error: str = ""


class AiWorker:
    """A daemon thread answering :class:`Job`s; the UI polls :meth:`poll` every frame."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._answers: queue.Queue[Answer] = queue.Queue()
        self._agents: dict[tuple[str, str], Any] = {}
        self._thread: threading.Thread | None = None
        self.busy: set[Any] = set()
        # The render loop should get the interpreter back quickly while an agent computes.
        if sys.getswitchinterval() > 0.002:
            sys.setswitchinterval(0.002)

    def _ensure(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="tabletop-ai", daemon=True)
            self._thread.start()

    def submit(
        self,
        token: Any,
        game: Game,
        kind: str,
        view: dict[str, Any],
        seat: int,
        legal: list[Action],
        seed: int,
    ) -> None:
        """Ask for a decision; the answer comes back with the same ``token``."""
        self._ensure()
        self.busy.add(token)
        self._jobs.put(Job(token, game, kind, view, seat, list(legal), seed))

    def poll(self) -> list[Answer]:
        """Answers that arrived since the last call."""
        out = []
        while True:
            try:
                a = self._answers.get_nowait()
            except queue.Empty:
                return out
            self.busy.discard(a.token)
            out.append(a)

    def wait(self, timeout: float = 10.0) -> list[Answer]:
        """Block until at least one answer arrives (tests and headless runs)."""
        try:
            a = self._answers.get(timeout=timeout)
        except queue.Empty:
            return []
        self.busy.discard(a.token)
        return [a, *self.poll()]

    def stop(self) -> None:
        """Let the thread finish after its current job."""
        if self._thread is not None and self._thread.is_alive():
            self._jobs.put(None)

    def _agent(self, game: Game, kind: str) -> Any:
        key = (game.info.id, kind)
        if key not in self._agents:
            self._agents[key] = agent_for(kind, game)
        return self._agents[key]

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                agent = self._agent(job.game, job.kind)
                action = agent.choose(job.game, job.view, job.seat, job.legal, Rng(job.seed))
                if action not in job.legal:
                    action = job.legal[0]
                self._answers.put(Answer(job.token, job.seat, action))
            except Exception as e:  # an agent bug must not kill the table
                fallback = job.legal[0] if job.legal else None
                self._answers.put(Answer(job.token, job.seat, fallback, f"{type(e).__name__}: {e}"))
