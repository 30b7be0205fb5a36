"""Read aloud: what the table says to the seat at the screen, handed to a :class:`Speaker`.

Only what the shown seat's own screen shows is said: the new lines of its log
(``match.log_for(seat)``, already redacted for it: back at the screen, a seat hears what
happened since it last heard), the turn line (the prompt, or the move
Tab has focused), the focused card's or zone's tip and each refusal's reason.  While the
hand-off screen is up nothing is said, and when the seat at the screen changes, nothing
queued for the previous seat is said.

The table scene calls :func:`follow` once per frame and :func:`refused` with each reason it
shows; both do nothing unless the Read aloud setting is on.
"""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.ui.seat_words import personal
from tabletop.ui.speech import RATES, Speaker


class Voice(Protocol):
    """Where narration goes (a :class:`Speaker`, or a recorder in tests)."""

    def say(self, text: str, seat: int | None) -> None: ...

    def hand_over(self, seat: int | None) -> None: ...


class Narrator:
    """Remembers what was said to whom, so each frame says only what is new."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.seat: int | None = None
        self.started = False
        self.heard: dict[int, int] = {}  # each seat's log lines already said to it
        self.turn = ""
        self.tip = ""
        self.stamp: tuple[Any, ...] | None = None

    def follow(self, sc: Any) -> None:
        """Say what changed on the table ``sc`` since the last call."""
        seat = sc.shown
        if not self.started or seat != self.seat:
            self.started = True
            self.seat = seat
            self.voice.hand_over(seat)
            if seat is not None and seat not in self.heard:  # the backlog before its first
                self.heard[seat] = len(self._log(sc, seat))  # look is on screen, not news
            self.turn = self.tip = ""
            self.stamp = None
        if seat is None:
            return  # the hand-off screen: no seat may hear anything
        stamp = (sc.token, sc.focus, getattr(sc, "net_stamp", None), sc.hint is None)
        if stamp == self.stamp:
            return
        self.stamp = stamp
        said: list[str] = []
        lines = self._log(sc, seat)
        said += lines[self.heard.get(seat, 0) :]  # what happened since this seat last heard
        self.heard[seat] = len(lines)
        from tabletop.ui.table.paint import turn_line

        turn = turn_line(sc)
        if turn != self.turn:
            self.turn = turn
            said.append(turn)
        tip = self._tip(sc)
        if tip and tip != self.tip:
            said.append(tip)
        self.tip = tip
        if said:
            self.voice.say(". ".join(s.rstrip(". ") for s in said) + ".", seat)

    def refused(self, sc: Any, reason: str) -> None:
        """Say a refusal's reason (or another toast) to the seat at the screen."""
        if sc.shown is not None and reason.strip():
            self.voice.say(reason, sc.shown)

    @staticmethod
    def _log(sc: Any, seat: int | None) -> list[str]:
        if seat is None:
            return []
        reader = sc.match.seats[seat].name if getattr(sc, "addresses_seat", True) else None
        return [personal(sc.names_in(e.text), reader) for e in sc.match.log_for(seat) if e.text]

    @staticmethod
    def _tip(sc: Any) -> str:
        from tabletop.ui.table.tips import focus_tip

        found = focus_tip(sc)
        if found is None:
            return ""
        tip = found[0]
        return ". ".join(t for t in (tip.title, tip.body) if t)


def enabled(app: Any) -> bool:
    """Whether the Read aloud setting is on."""
    return bool(getattr(getattr(app, "settings", None), "read_aloud", False))


def speaker(app: Any) -> Speaker:
    """The app's one speaker (made on first use; its rate follows the settings)."""
    sp = getattr(app, "speaker", None)
    if sp is None:
        sp = Speaker()
        app.speaker = sp
    sp.rate = RATES.get(getattr(app.settings, "speech_rate", "Normal"), RATES["Normal"])
    return sp


def narrator(sc: Any) -> Narrator | None:
    """The table's narrator when reading aloud is on (made on first use)."""
    if not enabled(sc.app):
        return None
    n = getattr(sc, "narrator", None)
    if n is None:
        n = sc.narrator = Narrator(speaker(sc.app))
    return n


def follow(sc: Any) -> None:
    """Per frame at the table: say what is new (nothing when the setting is off)."""
    if (n := narrator(sc)) is not None:
        n.follow(sc)


def refused(sc: Any, reason: str) -> None:
    """A reason shown at the table: say it (nothing when the setting is off)."""
    if (n := narrator(sc)) is not None:
        n.refused(sc, reason)
