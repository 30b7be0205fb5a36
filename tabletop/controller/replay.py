"""A finished (or saved) game replayed from its action list, as one seat saw it.

A replay never shows the state: position ``k`` (after ``k`` moves) shows
``game.view(state_k, seat)`` and the events of the first ``k`` moves redacted for that seat
(``Event.for_seat``) — exactly what the seat had in front of it then.  Once the game is over,
``seat=None`` shows it to a spectator with every hand open: each zone as the seat that knew
most about it saw it (cards nobody saw, such as the rest of a shuffled deck, stay hidden).

States are rebuilt from the moves: one pass at the start collects each move's events and keeps
a copy of the state every :data:`CHECKPOINT` moves, so stepping back replays a few moves only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine import Action, Event, Game, events_for

CHECKPOINT = 16


class ReplayError(Exception):
    """The moves do not replay (a damaged record); the message says at which move."""


@dataclass(frozen=True)
class Seat:
    """Who sat in a seat, for the replay's labels."""

    name: str
    kind: str = "human"
    level: str | None = None

    @property
    def is_ai(self) -> bool:
        """True for a computer seat."""
        return self.kind == "ai"


class Replay:
    """The positions of one game, from the set-up (0) to the last move (:attr:`length`)."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        moves: Sequence[tuple[int, Action | Mapping[str, Any]]],
        seats: Sequence[Seat] | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = dict(options or {})
        self.seats = list(seats) if seats else [Seat(f"Player {i + 1}") for i in range(players)]
        self.moves: list[tuple[int, Action]] = []
        self.events: list[list[Event]] = []
        self._checkpoints: dict[int, Any] = {}
        state = game.new_game(players, seed, self.options)
        self._checkpoints[0] = game.copy(state)
        for i, (seat, move) in enumerate(moves):
            action = move if isinstance(move, Action) else Action.from_json(dict(move))
            try:
                self.events.append(list(game.apply(state, seat, action)))
            except Exception as e:
                raise ReplayError(f"move {i + 1} of {len(moves)} does not replay: {e}") from None
            self.moves.append((seat, action))
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints[i + 1] = game.copy(state)
        self.finished = bool(game.is_over(state))
        self._final = state
        self._cache: tuple[int, Any] | None = None

    @classmethod
    def of_match(cls, match: Any) -> Replay:
        """The replay of a :class:`~tabletop.controller.Match` (its history)."""
        seats = [Seat(s.name, s.kind, s.level if s.is_ai else None) for s in match.seats]
        return cls(
            match.game,
            match.players,
            match.seed,
            match.options,
            [(p.seat, p.action) for p in match.history],
            seats,
        )

    @classmethod
    def of_record(cls, record: Any, game: Game) -> Replay:
        """The replay of a :class:`~tabletop.controller.history.records.GameRecord`."""
        seats = [Seat(s.name, s.kind, s.level) for s in record.seats]
        moves = [(int(m["seat"]), m["action"]) for m in record.actions]
        return cls(game, len(record.seats), record.seed, record.options, moves, seats)

    @property
    def length(self) -> int:
        """How many moves the game has (the last position)."""
        return len(self.moves)

    def may_reveal(self) -> bool:
        """Whether the open-hands spectator view is allowed: only once the game is over."""
        return self.finished

    # --- positions ----------------------------------------------------------------------
    def state_at(self, step: int) -> Any:
        """The state after ``step`` moves (internal: for views, never shown)."""
        step = max(0, min(step, self.length))
        if step == self.length:
            return self._final
        if self._cache is not None and self._cache[0] == step:
            return self._cache[1]
        base = max(k for k in self._checkpoints if k <= step)
        state = self.game.copy(self._checkpoints[base])
        for seat, action in self.moves[base:step]:
            self.game.apply(state, seat, action)
        self._cache = (step, state)
        return state

    def view(self, step: int, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` saw after ``step`` moves; ``None``: every hand open (finished games
        only, else the plain spectator view)."""
        state = self.state_at(step)
        if seat is not None or not self.may_reveal():
            return self.game.view(state, seat)
        return open_view(self.game, state, self.players)

    def log(self, step: int, seat: int | None) -> list[Event]:
        """The events of the first ``step`` moves as ``seat`` saw them (all of them, in full,
        for the open spectator view of a finished game)."""
        out: list[Event] = []
        for events in self.events[: max(0, step)]:
            if seat is None and self.may_reveal():
                out += events
            else:
                out += events_for(events, seat)
        return out

    def mover(self, step: int) -> int | None:
        """The seat that made move ``step`` (1-based), if any."""
        return self.moves[step - 1][0] if 1 <= step <= self.length else None


def _known(zone: Mapping[str, Any]) -> int:
    cards = zone.get("cards") or ()
    return sum(1 for c in cards if isinstance(c, Mapping) and c.get("card") is not None)


def _owner(zone_id: str) -> int | None:
    head, _, rest = zone_id.partition(".")
    if rest and head[:1] == "p" and head[1:].isdigit():
        return int(head[1:])
    return None


def open_view(game: Game, state: Any, players: int) -> dict[str, Any]:
    """A spectator's view with every hand open: each zone as its owner saw it (a shared zone
    as the seat that identified most of its cards), each seat's line from its own view."""
    views = [game.view(state, s) for s in range(players)]
    out = dict(game.view(state, None))
    zones: dict[str, Any] = dict(out.get("zones") or {})
    for zid in list(zones):
        owner = _owner(zid)
        if owner is not None and owner < players and zid in (views[owner].get("zones") or {}):
            zones[zid] = views[owner]["zones"][zid]
            continue
        best = zones[zid]
        for v in views:
            z = (v.get("zones") or {}).get(zid)
            if z is not None and _known(z) > _known(best):
                best = z
        zones[zid] = best
    out["zones"] = zones
    seats = list(out.get("seats") or ())
    for i, v in enumerate(views):
        own = list(v.get("seats") or ())
        if i < len(seats) and i < len(own):
            seats[i] = own[i]
    out["seats"] = seats
    out["viewer"] = None
    return out
