"""AI turns at the table: asking the AI worker for moves and hints, and playing its answers.

A mixin of :class:`~tabletop.ui.table.scene.TableScene`. Jobs are tagged with the scene's
state token, so an answer to a state that has since changed is dropped — except in a phase
where several seats decide at once (a secret commit): there every AI seat is asked together,
and another seat's move does not cancel the others' thinking, so the phase takes the slowest
seat's time, not the sum.  An answer is played only while its seat is still to act and its
move still legal.  All-AI games can be paused, stepped one move at a time or played fast.
"""

from __future__ import annotations

from typing import Any


class AiTurns:
    """Scheduling the AI seats and the hint (mixed into the table scene)."""

    def request_hint(self) -> None:
        """Ask the ``hint`` agent (Hard's search, with its reason) for the shown seat's move."""
        seat = self.shown
        if seat is None or not self.legal or self.hint_pending:
            return
        self.hint_pending = True
        self.worker.submit(
            ("hint", self.token), self.match.game, "hint", self.view, seat, self.legal,
            self.match.ai_seed_for(seat, 1), id(self),
        )  # fmt: skip

    def _answer(self, ans: Any) -> None:
        token = ans.token
        if isinstance(token, tuple) and token and token[0] == "hint":
            self.hint_pending = False
            if token[1] == self.token and ans.action is not None:
                self.hint = ans.action
                self.hint_reason = ans.reason  # Hard's reason in a sentence, naming the move
                self.focus = -1  # the hint is now what Enter plays: no Tab choice beside it
            return
        seat = self.pending.get(token)
        stale = token[0] != self.token and token not in self.together
        if seat is None or ans.action is None or stale:
            self.pending.pop(token, None)
            return
        self.held.append((seat, ans.action))

    def _forget_answers(self, mover: int | None) -> None:
        """After a move by ``mover`` (``None``: any other change, such as undo) drop the AI
        jobs and answers it made stale; those of the other seats deciding in the same
        simultaneous phase stand."""
        to_act = set(self.match.to_act()) if mover is not None else set()
        keep = {
            token: seat
            for token, seat in self.pending.items()
            if token in self.together and seat != mover and seat in to_act
        }
        self.pending.clear()
        self.pending.update(keep)
        self.together &= set(keep)
        self.held[:] = [(seat, a) for seat, a in self.held if seat in keep.values()]

    def _schedule_ai(self, dt: float) -> None:
        m = self.match
        if self.ai_wait > 0:
            self.ai_wait -= dt
            return
        if self.tweens or self.ghosts or self.privacy is not None or self.banners:
            return  # (a moment's banner is read before the next move)
        if self.held and (not (m.all_ai and self.paused) or self.step):
            seat, action = self.held.pop(0)
            if seat not in m.to_act() or action not in m.legal(seat):  # the table moved on
                self.pending = {t: s for t, s in self.pending.items() if s != seat}
                return
            self.step = False
            self.ai_wait = 0.0 if self.fast else self.watch_delay if m.all_ai else 0.15
            self.apply(seat, action)
            return
        deciding = m.ai_to_act()
        together = len(m.to_act()) > 1  # a simultaneous phase: every seat asked at once
        for seat in deciding:
            if seat in self.pending.values():
                continue  # asked already (in this state, or earlier in the same phase)
            token = (self.token, seat)
            cfg = m.seats[seat]
            self.pending[token] = seat
            if together:
                self.together.add(token)
            self.worker.submit(
                token, m.game, cfg.level, m.view(seat), seat, m.legal(seat),
                m.ai_seed_for(seat), id(self),
            )  # fmt: skip

    @property
    def thinking(self) -> set[int]:
        """Seats whose AI is computing now."""
        return {seat for token, seat in self.pending.items() if token in self.worker.busy}

    def toggle_pause(self) -> None:
        """All-AI games: stop or go on playing."""
        self.paused = not self.paused
        self._build_buttons()

    def step_once(self) -> None:
        """All-AI games: pause after playing one more move."""
        self.paused = True
        self.step = True
        self._build_buttons()

    def toggle_fast(self) -> None:
        """All-AI games: play on without waiting or animating, or back to watching."""
        self.fast = not self.fast
        if self.fast:
            self.ai_wait = 0.0
            self.tweens.clear()
            self.ghosts.clear()
        self._build_buttons()
