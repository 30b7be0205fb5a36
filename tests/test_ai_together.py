"""AI seats in a simultaneous (secret) phase decide together, not one after another.

No clock is read: the proofs count the jobs in flight at once (worker processes holding a
job each; threads meeting at a barrier only all of them can reach) and, at the table, that
every AI seat of a secret phase is asked before any answer is played and that one seat's
move does not send the others back to think again.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections import Counter
from typing import Any

import pytest
from court_game import COURT

from tabletop import registry
from tabletop.controller import AiWorker, Match, SeatConfig
from tabletop.controller.ai_seats import decide as ai_decide
from tabletop.controller.ai_seats import worker as ai_worker
from tabletop.controller.ai_seats.worker import Answer
from tabletop.controller.match import AI

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _court() -> Match:
    return Match(COURT, [SeatConfig(AI, "Bot", "greedy"), SeatConfig(name="Bob")], 3)


class _MeetingAgent:
    """Answers only once ``parties`` decisions are being made at the same moment."""

    def __init__(self, parties: int) -> None:
        self.barrier = threading.Barrier(parties, timeout=10)  # a guard against hanging only

    def choose(self, game: Any, view: Any, seat: int, legal: list[Any], rng: Any) -> Any:
        self.barrier.wait()  # raises BrokenBarrierError unless all parties are deciding
        return legal[0]


def test_threads_decide_several_jobs_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ai_decide._AGENTS, (COURT.info.id, "meeting"), _MeetingAgent(3))
    m = _court()
    w = AiWorker(process=False, size=3)
    try:
        for i in range(3):
            w.submit(("t", i), COURT, "meeting", m.view(0), 0, m.legal(0), i)
        got: list[Answer] = []
        while len(got) < 3:
            more = w.wait(30)
            assert more, "an answer never came"
            got += more
        assert [a.error for a in got] == ["", "", ""]  # all three met: decided together
        assert w.most_at_once == 3
    finally:
        w.stop()


class _FakeProcess:
    """A worker process that takes jobs and never answers (the test answers for it)."""

    pids = itertools.count(1000)

    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []
        self.games: dict[int, str] = {}
        pid = next(self.pids)
        self.proc = type("P", (), {"pid": pid, "is_alive": lambda self: True})()
        self.answers = None

    def send(self, msg: tuple[Any, ...]) -> None:
        self.sent.append(msg)

    def game_key(self, game: Any) -> str:
        return self.games.setdefault(id(game), f"{game.info.id}#0")

    def close(self) -> None:
        pass


def test_jobs_at_once_go_to_processes_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_worker, "_Process", _FakeProcess)
    m = _court()
    w = AiWorker(process=True, size=3)
    w.submit("a", COURT, "greedy", m.view(0), 0, m.legal(0), 1)
    (job_id,) = w._inflight
    w._receive(("answer", job_id, 0, "", ""))
    w.submit("b", COURT, "greedy", m.view(0), 0, m.legal(0), 2)  # one at a time: kept warm
    assert len(w.pids) == 1
    (job_id,) = w._inflight
    w._receive(("answer", job_id, 0, "", ""))
    for seat in range(3):  # a secret phase: three seats asked together
        w.submit(("c", seat), COURT, "greedy", m.view(0), 0, m.legal(0), seat)
    assert sorted(w.in_flight().values()) == [1, 1, 1]  # one job in each of three processes
    assert w.most_at_once == 3
    w.submit("d", COURT, "greedy", m.view(0), 0, m.legal(0), 9)  # no more than ``size``
    assert len(w.pids) == 3 and sorted(w.in_flight().values()) == [1, 1, 2]


class _HeldWorker:
    """A worker that records every request and answers only when the test says."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, int, Any]] = []  # (token, seat, legal)
        self.busy: set[Any] = set()
        self.out: list[Answer] = []

    def prepare(self, game: Any) -> None:
        pass

    def submit(self, token: Any, game: Any, kind: str, view: Any, seat: int, legal: Any,
               seed: int, channel: Any = None) -> None:  # fmt: skip
        self.asked.append((token, seat, list(legal)))
        self.busy.add(token)

    def answer(self, index: int) -> None:
        token, seat, legal = self.asked[index]
        ready = [a for a in legal if a.name == "stall_ready"]
        self.out.append(Answer(token, seat, (ready or legal)[0]))

    def poll(self, channel: Any = None) -> list[Answer]:
        out, self.out = self.out, []
        for a in out:
            self.busy.discard(a.token)
        return out


def test_the_table_asks_every_ai_seat_of_a_secret_phase_at_once() -> None:
    from table_driver import DT, make_app

    from tabletop.ui.table.scene import TableScene

    game = registry.games()["aristocracy"]
    seats = [SeatConfig(name="Me")] + [SeatConfig(AI, f"Bot {i}", "easy") for i in (1, 2, 3)]
    match = Match(game, seats, 4, ai_key=1)
    assert set(match.ai_to_act()) == {1, 2, 3}  # the stalls: every seat commits in secret
    worker = _HeldWorker()
    app = make_app()
    scene = TableScene(app, match, worker=worker)
    app.push(scene)
    for _ in range(3):
        app.step(DT)
    assert sorted(s for _, s, _ in worker.asked) == [1, 2, 3]  # three in flight at once
    for i in range(3):  # the answers come back one by one, each played as it comes
        worker.answer(i)
        for _ in range(30):
            app.step(DT)
    played = Counter(p.seat for p in match.history)
    assert played == {1: 1, 2: 1, 3: 1}, played
    asked = Counter(s for _, s, _ in worker.asked)
    assert asked == {1: 1, 2: 1, 3: 1}, asked  # nobody was sent back to think again
