"""A save checked whole before it is offered: every field's type and bounds, then the replay.

:func:`check_shape` looks at the decoded document only (cheap, no game code);
:func:`verify` also replays the action list from the seed with the game's rules and compares
the result with the stored snapshot.  A save that replays cleanly but whose snapshot differs
is *repaired* (the replay wins, and the note says so); one whose moves do not replay is
refused.  Messages are plain words for players: no exception names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from tabletop.engine import Action, Event, Game

MAX_NAME = 18  # the New game form's limit on a seat's name
MAX_LEVEL = 24
MAX_GAME_ID = 64
MAX_ACTIONS = 100_000
MAX_SEED = 1 << 64
SEAT_KINDS = ("human", "ai")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_shape(data: dict[str, Any]) -> str:
    """The first problem with a decoded save's fields ("" when every field is well formed)."""
    game = data.get("game")
    if not isinstance(game, str) or not 0 < len(game) <= MAX_GAME_ID:
        return "it does not name its game"
    seed = data.get("seed")
    if not _is_int(seed) or not 0 <= seed < MAX_SEED:
        return "its seed is missing or not a whole number in range"
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        return "it has no list of seats"
    if not isinstance(data.get("players"), int) or data["players"] != len(seats):
        return f"it says {data.get('players')!r} players but has {len(seats)} seats"
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            return f"seat {i + 1} is not a seat description"
        if seat.get("kind", "human") not in SEAT_KINDS:
            return f"seat {i + 1} is neither a person nor the computer"
        name = seat.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            return f"seat {i + 1}'s name is not text of at most {MAX_NAME} characters"
        level = seat.get("level", "normal")
        if not isinstance(level, str) or len(level) > MAX_LEVEL:
            return f"seat {i + 1}'s AI level is not valid"
    options = data.get("options", {})
    if options is not None and not isinstance(options, dict):
        return "its options are not a set of named values"
    actions = data.get("actions")
    if not isinstance(actions, list):
        return "it has no list of moves"
    if len(actions) > MAX_ACTIONS:
        return f"it holds more than {MAX_ACTIONS:,} moves"
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or not isinstance(a.get("action"), dict):
            return f"move {i + 1} is not a move"
        seat = a.get("seat")
        if not _is_int(seat) or not 0 <= seat < len(seats):
            return f"move {i + 1} names a seat that is not at the table"
        if not isinstance(a["action"].get("name"), str) or not isinstance(
            a["action"].get("args", {}), dict
        ):
            return f"move {i + 1} is not a move"
        if not isinstance(a.get("barrier", True), bool):
            return f"move {i + 1} is not a move"
    if not isinstance(data.get("over", False), bool):
        return "its 'over' flag is not true or false"
    if "snapshot" in data and not isinstance(data["snapshot"], dict):
        return "its snapshot is not a game state"
    return ""


class Unusable(Exception):
    """A save that cannot be played; the message says why in plain words."""

    def __init__(self, message: str, reason: str = "invalid", at: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.at = at  # the index of the move that would not replay, when that was the problem


@dataclass
class Verified:
    """A save that replays: the rebuilt state, each move's events, and a note if repaired."""

    game: Game
    state: Any
    moves: list[tuple[int, Action]]
    events: list[list[Event]]
    note: str = ""
    repaired: dict[str, Any] = field(default_factory=dict)  # fields to fix in the file


def find_game(game_id: str) -> Game | None:
    """The registered game of a save's id; ``a-b`` and ``a_b`` name the same game (ids were
    respelled once), so older saves still find theirs."""
    from tabletop import registry

    for candidate in dict.fromkeys((game_id, game_id.replace("-", "_"), game_id.replace("_", "-"))):
        try:
            return registry.get(candidate)
        except KeyError:
            continue
    return None


def _plain(value: Any) -> Any:
    """A value as it reads back from JSON (tuples become lists, keys text)."""
    return json.loads(json.dumps(value))


def verify(data: dict[str, Any], game: Game | None = None) -> Verified:
    """Check ``data`` whole; return the replayed match or raise :class:`Unusable`."""
    problem = check_shape(data)
    if problem:
        raise Unusable(f"the save is damaged: {problem}")
    if game is None:
        game = find_game(data["game"])
        if game is None:
            raise Unusable(
                f"the save is for a game this version does not have ({data['game'][:40]!r})",
                "unknown-game",
            )
    elif game.info.id != data["game"]:
        raise Unusable(f"the save is for {data['game']!r}, not {game.info.id!r}", "invalid")
    players = len(data["seats"])
    if not game.info.min_players <= players <= game.info.max_players:
        raise Unusable(
            f"{game.info.name} takes {game.info.min_players}–{game.info.max_players} players, "
            f"the save has {players}"
        )
    try:
        options = game.info.resolve_options(data.get("options"))
    except Exception:
        raise Unusable("the save's game options are not valid for this game") from None
    moves: list[tuple[int, Action]] = []
    try:
        state = game.new_game(players, data["seed"], options)
    except Exception:
        raise Unusable("the game cannot be set up from this save") from None
    events: list[list[Event]] = []
    for i, a in enumerate(data["actions"]):
        try:
            action = Action.from_json(a["action"])
            if game.is_over(state):
                raise ValueError("the game was already over")
            events.append(list(game.apply(state, a["seat"], action)))
        except Exception:
            raise Unusable(
                f"move {i + 1} of {len(data['actions'])} is not legal at that point, so the "
                "game cannot be rebuilt",
                "mismatch",
                i,
            ) from None
        moves.append((a["seat"], action))
    verified = Verified(game, state, moves, events)
    try:
        replayed = _plain(game.state_to_json(state))
    except Exception:
        raise Unusable("the rebuilt game cannot be saved again") from None
    notes = []
    if data.get("snapshot") != replayed:
        if "snapshot" in data:
            notes.append("its saved position did not match its moves")
        verified.repaired["snapshot"] = replayed
    over = game.is_over(state)
    if data.get("over") is not over:
        if "over" in data:
            notes.append("its 'finished' mark was wrong")
        verified.repaired["over"] = over
    if notes:
        n = len(moves)
        verified.note = (
            f"{' and '.join(notes).capitalize()}; it was rebuilt from its "
            f"{n} recorded move{'s' * (n != 1)}."
        )
    return verified
