"""The table's controller: what a match at the table is doing, as one object.

The scene holds four parts: the model (``model.py``: where the cards lie, the legal moves by
gesture), the interaction (``interaction.py``: the hand and the cover), the painter
(``paint.py`` and its helpers, writing only ``drawn.py``'s record) and this controller.  It
keeps the state the match's progress changes: the state token, the hint and the Tab focus,
the AI seats' jobs (``ai_turns.AiJobs``) and the all-AI controls, the cards in flight, the
toast, the rivals' story and its banners, the log's scroll and the final scoring's clock.

Every field is declared in :meth:`TableController.__init__` and written only here, through a
method named for what happened (``tests/test_table_attribute_owners.py`` checks it).  It
draws nothing and reads no display; it asks the AI worker and the match, never the scene.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.ui.table import story
from tabletop.ui.table.ai_turns import AiJobs

if TYPE_CHECKING:
    from tabletop.engine import Action
    from tabletop.ui.table.widgets import Tween

TOAST_TIME = 3.5
FINAL_REVEAL_TIME = 12.0  # seconds the final scoring keeps revealing rows (0.45 s each)


class TableController:
    """The match-facing state of one table, and the changes to it (see the module docstring)."""

    def __init__(
        self,
        match: Any,
        worker: Any,
        *,
        channel: Any = None,
        watch_delay: float = 0.5,
        guide: bool = False,
    ) -> None:
        self.match = match
        self.worker = worker
        self.channel = id(self) if channel is None else channel  # the worker answers on it
        self.watch_delay = watch_delay  # the pause between moves of an all-AI game
        self.token = 0  # changes whenever the state changes
        self.ai = AiJobs()
        self.hint: Action | None = None
        self.hint_pending = False
        self.hint_reason = ""  # Hard's reason in a sentence, naming the move
        self.focus = -1  # the legal move Tab chose (-1: none)
        self.paused = False
        self.step = False  # paused, but one more move is to be played
        self.fast = False  # an all-AI game played without pauses or animation (F)
        self.ai_wait = 0.0
        self.tweens: dict[str, Tween] = {}  # cards sliding to their new places, by key
        self.ghosts: list[Tween] = []  # images flying where no card of the view goes
        self.toast = ""
        self.toast_t = 0.0
        self.story = story.Story()  # the rivals' moves since the shown seat acted (cues)
        self.banners: list[story.Moment] = []  # moments to show, the first on show now
        self.banner_t = 0.0
        self.moment_from = len(story.played_moves(match))  # moments shown up to here
        self.log_scroll = 0
        self.final_t = -1.0
        self.final_focus = False  # Tab selected Continue under the final scoring
        self.results_opened = False
        self.my_turn: bool | None = None  # the shown human seat may act (None: not known yet)
        self.guide_on = guide  # the first-game guide shows (G; see tabletop.ui.first_game)

    # ------------------------------------------------------------------ the state
    def moved(self, mover: int | None) -> None:
        """The state changed (a move by ``mover``; ``None``: undo, a step of a replay...):
        a new token, the hint gone, the AI jobs the change made stale dropped."""
        self.token += 1
        self.hint = None
        self.hint_pending = False
        to_act = set(self.match.to_act()) if mover is not None else set()
        self.ai.forget(mover, to_act)

    def turn_now(self, can_act: bool) -> bool:
        """The shown seat may act now (or not); True when its turn has just come."""
        came = can_act and self.my_turn is False
        self.my_turn = can_act
        return came

    # ------------------------------------------------------------------ focus and hint
    def step_focus(self, step: int, moves: int) -> None:
        """Tab: the next (``step`` 1) or previous (-1) of ``moves`` legal moves; the hint
        gives way."""
        self.hint = None
        if moves:
            self.focus = (self.focus + step) % moves

    def set_focus(self, index: int) -> None:
        """The move Enter plays is ``index`` (-1: none)."""
        self.focus = index

    def keep_focus(self, moves: int) -> None:
        """The list of legal moves is now ``moves`` long: a focus past its end goes."""
        if self.focus >= moves:
            self.focus = -1

    def clear_choice(self) -> None:
        """Esc: neither a Tab choice nor the hint."""
        self.focus = -1
        self.hint = None

    def focus_continue(self) -> None:
        """Tab under the final scoring selects Continue."""
        self.final_focus = True

    def ask_hint(self, view: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> None:
        """Ask the ``hint`` agent (Hard's search, with its reason) for ``seat``'s move."""
        if self.hint_pending or not legal:
            return
        self.hint_pending = True
        self.worker.submit(
            ("hint", self.token), self.match.game, "hint", view, seat, legal,
            self.match.ai_seed_for(seat, 1), self.channel,
        )  # fmt: skip

    # ------------------------------------------------------------------ the AI seats
    def take_answers(self) -> None:
        """Take the worker's answers: the hint, or AI moves held until they may be played."""
        for ans in self.worker.poll(self.channel):
            token = ans.token
            if isinstance(token, tuple) and token and token[0] == "hint":
                self.hint_pending = False
                if token[1] == self.token and ans.action is not None:
                    self.hint = ans.action
                    self.hint_reason = ans.reason
                    self.focus = -1  # the hint is now what Enter plays: no Tab choice beside it
                continue
            self.ai.answered(token, ans.action, self.token)

    def ai_move(self, dt: float, blocked: bool) -> tuple[int, Action] | None:
        """The AI move to play now, if any; else ask the AI seats still to decide.
        ``blocked``: the table shows something to see first (cards moving, a banner, the
        hand-over screen)."""
        m = self.match
        if self.ai_wait > 0:
            self.ai_wait -= dt
            return None
        if blocked or self.tweens or self.ghosts or self.banners:
            return None
        if self.ai.held and (not (m.all_ai and self.paused) or self.step):
            answer = self.ai.next_answer()
            assert answer is not None
            seat, action = answer
            if seat not in m.to_act() or action not in m.legal(seat):  # the table moved on
                self.ai.drop_seat(seat)
                return None
            self.step = False
            self.ai_wait = 0.0 if self.fast else self.watch_delay if m.all_ai else 0.15
            return answer
        together = len(m.to_act()) > 1  # a simultaneous phase: every seat asked at once
        for seat in m.ai_to_act():
            if self.ai.asked(seat):
                continue  # asked already (in this state, or earlier in the same phase)
            token = (self.token, seat)
            self.ai.ask(token, seat, together)
            self.worker.submit(
                token, m.game, m.seats[seat].level, m.view(seat), seat, m.legal(seat),
                m.ai_seed_for(seat), self.channel,
            )  # fmt: skip
        return None

    def use_worker(self, worker: Any) -> None:
        """Ask ``worker`` from now on (a benchmark swaps its own in)."""
        self.worker = worker

    @property
    def thinking(self) -> set[int]:
        """Seats whose AI is computing now."""
        return self.ai.thinking(self.worker.busy)

    def toggle_pause(self) -> None:
        """All-AI games: stop or go on playing."""
        self.paused = not self.paused

    def step_once(self) -> None:
        """All-AI games: pause after playing one more move."""
        self.paused = True
        self.step = True

    def toggle_fast(self) -> None:
        """All-AI games: play on without waiting or animating, or back to watching."""
        self.fast = not self.fast
        if self.fast:
            self.ai_wait = 0.0
            self.still()

    # ------------------------------------------------------------------ cards in flight
    def slide(self, key: str, tween: Tween) -> None:
        """The card ``key`` slides to its place."""
        self.tweens[key] = tween

    def fly(self, ghost: Tween) -> None:
        """An image flies where no card of the view goes."""
        self.ghosts.append(ghost)

    def still(self) -> None:
        """Every card where it lies: no slide, no flight."""
        self.tweens.clear()
        self.ghosts.clear()

    # ------------------------------------------------------------------ words
    def say(self, text: str) -> None:
        """A short message over the table."""
        self.toast = text.strip()
        self.toast_t = TOAST_TIME

    def scroll_log(self, lines: int, most: int) -> None:
        """Show ``lines`` older log lines (newer when negative), no further back than ``most``."""
        self.log_scroll = max(0, min(self.log_scroll + lines, most))

    def log_to_end(self) -> None:
        """The log shows its newest lines."""
        self.log_scroll = 0

    def flip_guide(self) -> bool:
        """G: the first-game guide on or off; whether it is on now."""
        self.guide_on = not self.guide_on
        return self.guide_on

    # ------------------------------------------------------------------ the story
    def read_story(self, shown: int | None) -> None:
        """The marks for the ``shown`` seat, and the moments played since the last reading
        queued as banners (none while fast-forwarding)."""
        self.story = story.read(self.match, shown)
        played = len(story.played_moves(self.match))
        start = min(self.moment_from, played)
        fresh = story.moments(self.match, shown, start)
        self.moment_from = played
        if self.fast:
            return
        queued = {m.key for m in self.banners}
        self.banners += [m for m in fresh if m.key not in queued]

    def skip_banner(self) -> bool:
        """Close the moment's banner on show (the next one follows); False if none."""
        if not self.banners:
            return False
        self.banners.pop(0)
        self.banner_t = 0.0
        return True

    # ------------------------------------------------------------------ per frame
    def tick(self, dt: float) -> None:
        """Time passes: cards fly, the toast fades, a banner runs out."""
        for key in [k for k, t in self.tweens.items() if _advanced(t, dt).done]:
            del self.tweens[key]
        for t in self.ghosts:
            t.t += dt
        self.ghosts = [t for t in self.ghosts if not t.done]
        if self.toast_t > 0:
            self.toast_t -= dt
        if not self.banners:
            return
        if self.fast:
            self.banners.clear()
            return
        self.banner_t += dt
        if self.banner_t >= story.MOMENT_TIME:
            self.skip_banner()

    def tick_final(self, dt: float) -> None:
        """The game is over: the final scoring's clock starts, then runs once the cards
        have landed."""
        if self.final_t < 0:
            self.final_t = 0.0
        elif not (self.tweens or self.ghosts):
            self.final_t += dt

    def hide_final(self) -> None:
        """No final scoring over the table (a replay's last position)."""
        self.final_t = -1.0

    def revealing(self) -> bool:
        """The final scoring is still revealing its rows."""
        return 0 <= self.final_t < FINAL_REVEAL_TIME

    def open_results(self) -> bool:
        """The results are to open; False when they were opened already."""
        if self.results_opened:
            return False
        self.results_opened = True
        return True

    def moving(self) -> bool:
        """Cards in flight, the toast on show or a hint on its way."""
        return bool(self.tweens or self.ghosts or self.toast_t > 0 or self.hint_pending)


def _advanced(t: Tween, dt: float) -> Tween:
    t.t += dt
    return t
