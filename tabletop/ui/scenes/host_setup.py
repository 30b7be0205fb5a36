"""Host a table: the New game form, where each seat is the host, Open (for a friend) or an AI.

Open the table starts the app's own table server if it is not running yet (loopback, or the
whole network when the player chose so) and hands the set-up to the waiting room, which
sends it to the server once it listens.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.controller import SeatConfig
from tabletop.ui.match_config import AI_EASY, AI_HARD, AI_NORMAL
from tabletop.ui.online_seats import load_prefs
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.new_game import MAX_NAME, NewGameScene

YOU = "you"
OPEN = "open"
HOST_KINDS: tuple[str, ...] = (YOU, OPEN, AI_EASY, AI_NORMAL, AI_HARD)
HOST_LABELS: dict[str, str] = {
    YOU: "You (host)",
    OPEN: "Open (a friend)",
    AI_EASY: "AI Easy",
    AI_NORMAL: "AI Normal",
    AI_HARD: "AI Hard",
}
HOST_HELP = (
    "Open seats wait for friends: the game starts when every one is taken, and in the "
    "waiting room you may give an open seat to the AI. AI seats play on your table server "
    "and see only their own cards. Friends type their own names when they join."
)


def seat_specs(seats: list[SeatConfig]) -> list[dict[str, Any]]:
    """The ``create`` message's seats for the form's seats."""
    out: list[dict[str, Any]] = []
    for s in seats:
        if s.kind == YOU:
            out.append({"kind": "host", "name": s.name.strip()})
        elif s.kind == OPEN:
            out.append({"kind": "open"})
        else:
            spec: dict[str, Any] = {"kind": "ai", "level": s.level}
            if s.name.strip():
                spec["name"] = s.name.strip()
            out.append(spec)
    return out


class HostSetupScene(NewGameScene):
    """The set-up of a hosted table (see the module docstring)."""

    heading = "Host a table"
    seat_kinds = HOST_KINDS
    seat_labels = HOST_LABELS
    seat_help = HOST_HELP
    ask_seed = False
    start_label = "Open the table"

    def __init__(self, app: AppContext, lan: bool = False, game_id: str | None = None) -> None:
        self.lan = lan
        super().__init__(app, game_id)

    def _restore(self, game_id: str | None) -> None:
        """You in the first seat, friends' seats open; the game as last chosen."""
        super()._restore(game_id)
        me = load_prefs().name or (self.seats[0].name if self.seats else "") or "Host"
        self.seats = [SeatConfig(YOU, me)] + [SeatConfig(OPEN, "") for _ in self.seats[1:]]

    def name_placeholder(self, i: int, seat: SeatConfig) -> str:
        """An open seat's name is the friend's own, given when they join; an AI seat left
        unnamed is called after its level."""
        if seat.kind == OPEN:
            return "their own name, when they join"
        return f"Player {i + 1}" if seat.kind == YOU else f"AI ({seat.level.title()})"

    def seat_named(self, seat: SeatConfig) -> bool:
        """Open seats are named by the friends who take them."""
        return seat.kind != OPEN

    def _remember(self, options: dict[str, Any]) -> None:
        """The local New game form keeps its own memory: nothing is written here."""

    def _choose(self, what: str, key: Any, chosen: str) -> bool:
        """One seat is the host's: choosing You for a seat makes the old one Open; a seat
        turned Open or back shows its name entry as it now works."""
        if what == "seat_kind" and chosen == YOU:
            for i, seat in enumerate(self.seats):
                if i != key and seat.kind == YOU:
                    self.seats[i] = SeatConfig(OPEN, "")
            self.seats[key] = SeatConfig(YOU, self.seats[key].name)
            self.rebuild()
            return True
        if what == "seat_kind" and OPEN in (chosen, self.seats[key].kind):
            super()._choose(what, key, chosen)
            self.rebuild()
            return True
        return super()._choose(what, key, chosen)

    def create_message(self) -> dict[str, Any]:
        """The ``create`` message for the form; raises ValueError with the reason."""
        config = self.config()
        seats = [replace(s, name=s.name[:MAX_NAME]) for s in config.seats]
        if sum(s.kind == YOU for s in seats) != 1:
            raise ValueError("Choose one seat for yourself (You, the host).")
        return {
            "type": "create",
            "game": config.game_id,
            "options": dict(config.options),
            "seats": seat_specs(seats),
        }

    def start(self) -> None:
        """Start hosting (if not yet) and go to the waiting room with the set-up."""
        msg = self.checked(self.create_message)
        if msg is None:
            return
        from tabletop.ui.online_session import session
        from tabletop.ui.scenes.waiting_room import WaitingRoomScene

        hosted = session(self.app).host(self.lan)
        if hosted.error:
            self.app.show_message("The table server did not start", hosted.error)
            return
        name = self.game.info.name if self.game is not None else ""
        self.app.replace(WaitingRoomScene(self.app, request=msg, hosted=True, game_name=name))
