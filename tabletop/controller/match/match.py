"""A match: seats, the state, applying actions, undo back to the last barrier, autosave."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop import text_gate
from tabletop.controller.match.seats import SeatConfig
from tabletop.controller.match.undo import step_is_barrier
from tabletop.controller.saving import journal, saves
from tabletop.engine import Action, Event, Game, Gesture, IllegalAction, Outcome, events_for
from tabletop.engine.play import derive_seed

SNAPSHOT_EVERY = 64  # moves between two snapshots of the autosave (the journal holds the rest)


@dataclass
class Played:
    """One applied action and what it did."""

    seat: int
    action: Action
    barrier: bool
    events: list[Event] = field(default_factory=list)


class Match:
    """One game being played: the only object that changes the state."""

    def __init__(
        self,
        game: Game,
        seats: list[SeatConfig],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        save_path: Path | str | None = None,
        state: Any = None,
        ai_key: int | None = None,
    ) -> None:
        if not game.info.min_players <= len(seats) <= game.info.max_players:
            raise ValueError(
                f"{game.info.name} takes {game.info.min_players}–{game.info.max_players} players"
            )
        self.game = game
        self.seats = [
            SeatConfig(s.kind, text_gate.clean(s.name) or f"Player {i + 1}", s.level)
            for i, s in enumerate(seats)
        ]
        self.seed = random.randrange(1 << 62) if seed is None else int(seed)
        self.options = game.info.resolve_options(options)
        self.state = (
            state if state is not None else game.new_game(len(seats), self.seed, self.options)
        )
        self.history: list[Played] = []
        self.save_path = Path(save_path) if save_path else None
        self.listeners: list[Callable[[Played], None]] = []
        self._save_error = ""
        self.load_note = ""  # what was repaired when this match was loaded ("" if nothing)
        self._token = secrets.token_hex(8)  # names this match's journal
        # the AI's own seed: drawn apart from the deal's and never saved, so no agent's
        # generator can lead back to the cards (see ai_seed_for); tests may fix it
        self._ai_key = secrets.randbits(63) if ai_key is None else int(ai_key)
        self._epoch = 0

    # --- questions --------------------------------------------------------------------
    def ai_seed_for(self, seat: int, purpose: int = 0) -> int:
        """The seed of ``seat``'s AI for the next decision (``purpose`` 1: a hint): a keyed
        one-way hash of the match's AI key and the move count, independent of the deal."""
        return derive_seed(self._ai_key, len(self.history), seat, purpose)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def moves_played(self) -> int:
        """How many moves have been played (what a redrawing cache may key on)."""
        return len(self.history)

    def local_humans(self) -> list[int]:
        """The seats people at this computer play (every non-AI seat of a local match)."""
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def to_act(self) -> list[int]:
        """The seats that must decide now."""
        return self.game.to_act(self.state)

    def humans_to_act(self) -> list[int]:
        """Human seats that must decide now."""
        return [s for s in self.to_act() if not self.seats[s].is_ai]

    def ai_to_act(self) -> list[int]:
        """AI seats that must decide now."""
        return [s for s in self.to_act() if self.seats[s].is_ai]

    def legal(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now."""
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None`` = spectator)."""
        return self.game.view(self.state, seat)

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_over(self.state)

    def outcome(self) -> Outcome:
        """Scores, breakdown and winners."""
        return self.game.outcome(self.state)

    def log_for(self, seat: int | None) -> list[Event]:
        """Every event so far, filtered and redacted for ``seat``."""
        out: list[Event] = []
        for p in self.history:
            out += events_for(p.events, seat)
        return out

    @property
    def all_ai(self) -> bool:
        """True when no human plays (the game is watched)."""
        return all(s.is_ai for s in self.seats)

    # --- changing the state -------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` (raises :class:`IllegalAction`), record it, autosave."""
        events = self.game.apply(self.state, seat, action)
        barrier = step_is_barrier(self.game, events)
        played = Played(seat, action, barrier, list(events))
        self.history.append(played)
        self._autosave_move(played)
        for listener in list(self.listeners):
            listener(played)
        return events

    def try_reason(self, seat: int, action: Action) -> str:
        """Why the engine refuses ``action`` ("" if it is legal); never changes the state."""
        if self.is_over():
            return "The game is over."
        if seat not in self.to_act():
            return self.game.not_your_turn(self.state, seat)
        if action in self.legal(seat):
            return ""
        return self._reason(self.game.why_illegal, seat, action)

    def drop_reason(self, seat: int, gesture: Gesture) -> str:
        """The rules' words for a gesture that matches no legal action."""
        return self._reason(self.game.explain_gesture, seat, gesture)

    def _reason(self, ask: Callable[[Any, int, Any], str], seat: int, what: Any) -> str:
        """The rules' answer to ``ask`` about this state; a reason the rules raise instead is
        taken as the answer, and any other failure gets a plain refusal."""
        try:
            return ask(self.state, seat, what)
        except IllegalAction as e:
            return e.reason
        except Exception:
            return "That move is not allowed now."

    def undo_depth(self, seat: int) -> int:
        """How many of ``seat``'s latest actions may be taken back now."""
        n = 0
        for p in reversed(self.history):
            if p.seat != seat or p.barrier:
                break
            n += 1
        return n

    def can_undo(self, seat: int) -> bool:
        """True if ``seat`` may take back its last action."""
        return self.undo_depth(seat) > 0 and not self.seats[seat].is_ai and not self.is_over()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action (by replaying the rest); False if not allowed."""
        if not self.can_undo(seat):
            return False
        kept = self.history[:-1]
        self.state = self.game.replay(
            self.players, self.seed, self.options, [(p.seat, p.action) for p in kept]
        )
        self.history = kept
        self.autosave()
        return True

    # --- persistence ----------------------------------------------------------------------
    def _header(self) -> dict[str, Any]:
        """Every field of the save document but the action list."""
        return {
            "format": {"kind": saves.KIND, "version": saves.FORMAT_VERSION},
            "game": self.game.info.id,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "seats": [s.to_json() for s in self.seats],
            "over": self.is_over(),
            "snapshot": self.game.state_to_json(self.state),
        }

    @staticmethod
    def _move_json(p: Played) -> dict[str, Any]:
        return {"seat": p.seat, "action": p.action.to_json(), "barrier": p.barrier}

    def to_json(self) -> dict[str, Any]:
        """The save document: setup, seats, the action list and a state snapshot."""
        doc = self._header()
        del doc["format"]
        doc["actions"] = [self._move_json(p) for p in self.history]
        return doc

    def save(self, path: Path | str | None = None) -> Path:
        """Write the whole match to ``path`` (default: its autosave file) atomically, now."""
        target = Path(path) if path else self.save_path
        if target is None:
            raise ValueError("no save path given")
        if self.save_path is not None and target == self.save_path:
            self.autosave()
            if self.save_error:
                raise OSError(self.save_error)
            return target
        saves.write_atomic(target, self.to_json())
        return target

    @property
    def save_error(self) -> str:
        """The last autosave failure in words ("" when the autosave is up to date)."""
        if self.save_path is None:
            return self._save_error
        return self._save_error or journal.writer_for(self.save_path).error

    @save_error.setter
    def save_error(self, value: str) -> None:
        self._save_error = value

    def _snapshot(self, actions: bool) -> None:
        assert self.save_path is not None
        self._epoch += 1
        journal.writer_for(self.save_path).snapshot(
            self._header(),
            len(self.history),
            f"{self._token}.{self._epoch}",
            [self._move_json(p) for p in self.history] if actions else None,
        )

    def autosave(self) -> None:
        """Write the whole autosave now (and restart its journal); never raises.

        After a plain move :meth:`apply` only queues the move for the journal (O(1)); this
        is for the start, undo and resume, when the move list itself changes.
        """
        if self.save_path is None:
            return
        self._save_error = ""
        try:
            self._snapshot(actions=True)
        except Exception as e:  # the state would not convert: say so, keep playing
            self._save_error = f"Autosave failed: {e}"
            return
        if not journal.writer_for(self.save_path).flush():
            self._save_error = "Autosave failed: the disk did not answer in time"

    def _autosave_move(self, played: Played) -> None:
        """Queue one move for the autosave's journal; now and then a whole snapshot."""
        if self.save_path is None:
            return
        record = self._move_json(played)
        record["i"] = len(self.history) - 1
        try:
            if self._epoch == 0:  # nothing written for this match yet: the whole of it
                self._snapshot(actions=True)
                return
            journal.writer_for(self.save_path).append(record)
            if len(self.history) % SNAPSHOT_EVERY == 0 or self.is_over():
                self._snapshot(actions=False)
        except Exception as e:
            self._save_error = f"Autosave failed: {e}"

    def flush(self) -> None:
        """Wait until the autosave holds every move (e.g. before the app closes)."""
        if self.save_path is not None:
            journal.writer_for(self.save_path).flush()

    @property
    def acknowledged(self) -> int:
        """How many moves the autosave has on disk."""
        if self.save_path is None:
            return 0
        return journal.writer_for(self.save_path).acknowledged

    @classmethod
    def load(
        cls,
        path: Path | str,
        game: Game | None = None,
        *,
        save_path: Path | str | None = None,
    ) -> Match:
        """Rebuild a match from a save checked whole; raise :class:`saves.SaveError` (the file
        moved aside) if it cannot be used.  ``load_note`` says what was repaired, if anything."""
        path = Path(path)
        loaded = saves.load_verified(path, game)
        data, v = loaded.data, loaded.verified
        match = cls(
            v.game,
            [SeatConfig.from_json(s) for s in data["seats"]],
            data["seed"],
            data.get("options"),
            save_path=save_path,
            state=v.state,
        )
        for a, (seat, action), ev in zip(data["actions"], v.moves, v.events, strict=True):
            match.history.append(Played(seat, action, bool(a.get("barrier", True)), ev))
        match.load_note = loaded.note
        return match
