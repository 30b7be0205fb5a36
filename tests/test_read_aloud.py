"""Read aloud at a hot-seat table: each seat hears only what its own screen shows, and the
system speech engine (eSpeak NG on Linux) really makes sound of it.

Two humans share the screen of each game for a few moves with the Read aloud setting on.
Every utterance is checked when it is said against the state of that moment: it names no
card the listening seat may not identify (another seat's hand, the deck), unless that name
is known to the seat some other way (a copy in sight, its own log).  Then what the first seat
heard is spoken into a WAV file, which must not be silent.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import threading
import time
import wave
from array import array
from pathlib import Path
from typing import Any

import pytest
from table_driver import DT, hand_over, make_app, open_table

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.ui import narration, speech

MOVES = 6  # moves per game: enough for both seats to act and hand over


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _names(sc: Any, cards: set[int]) -> set[str]:
    """The names of ``cards`` (engine card numbers) as the card list gives them."""
    zones, state = sc.match.game.zones, sc.match.state
    out = set()
    for c in cards:
        cid = zones.card_id(c) if zones.identity is None else zones.identity(state, c)
        cdef = sc.data.cards.get(cid) if cid else None
        if cdef is not None and getattr(cdef, "name", ""):
            out.add(cdef.name)
    return out


# pyttsx3's eSpeak driver returns from runAndWait while eSpeak NG still synthesises on its
# own thread; it writes the file when the message ends, then clears ``_speaking``.
_SAY = """
import sys, time, pyttsx3
engine = pyttsx3.init()
engine.setProperty("rate", int(sys.argv[3]))
engine.save_to_file(sys.argv[1], sys.argv[2])
engine.runAndWait()
driver = getattr(engine.proxy, "_driver", None)
end = time.monotonic() + 90
while getattr(driver, "_speaking", False) and time.monotonic() < end:
    time.sleep(0.05)
"""


def _speak_to_file(text: str, path: Path) -> str | None:
    """Say ``text`` into a WAV file with the system engine, in a process of its own: eSpeak
    NG's synthesis callback is global to a process, so an engine another test in this
    worker left behind could take the samples.  Returns why not, or ``None``."""
    rate = str(speech.RATES["Normal"])
    try:
        run = subprocess.run(
            [sys.executable, "-c", _SAY, text, str(path), rate],
            capture_output=True,
            text=True,
            timeout=120,
        )
    except subprocess.TimeoutExpired:
        return "the speech engine did not finish within 120 s"
    if run.returncode != 0:
        return (run.stderr.strip().splitlines() or ["exit " + str(run.returncode)])[-1]
    if not path.exists():
        return f"the speech engine wrote no {path.name} ({run.stderr.strip()[-300:]})"
    return None


def _secrets(sc: Any, seat: int) -> set[str]:
    """Card names ``seat`` may not know now: cards it may not identify, less every name it
    sees on a card in sight or reads in its own view and log."""
    m = sc.match
    zones = m.game.zones
    every: set[int] = set()
    for place in zones.places(m.players):
        every.update(place.cards(m.state))
    hidden = zones.unseen(m.state, m.players, seat)
    told = json.dumps(m.view(seat), default=str) + " ".join(e.text for e in m.log_for(seat))
    known = _names(sc, every - hidden)
    return {n for n in _names(sc, hidden) - known if n not in told}


class Ears:
    """A voice that checks each utterance against the seat at the screen's secrets."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seat: int | None = None
        self.heard: dict[int, list[str]] = {}
        self.secrets_met = 0  # utterances checked while the seat had secrets to keep
        self.rate = 0

    def hand_over(self, seat: int | None) -> None:
        self.seat = seat

    @property
    def sc(self) -> Any:
        return self.app.top  # the table

    def say(self, text: str, seat: int | None) -> None:
        assert seat is not None and seat == self.seat == self.sc.shown, (seat, self.seat, text)
        secrets = _secrets(self.sc, seat)
        self.secrets_met += bool(secrets)
        told = [n for n in secrets if re.search(rf"\b{re.escape(n)}\b", text, re.IGNORECASE)]
        assert not told, f"seat {seat} was told {told} in: {text!r}"
        self.heard.setdefault(seat, []).append(text)


def _rms(path: Path) -> float:
    """The loudness of a 16-bit WAV file (macOS's voice writes AIFF: its size stands in)."""
    if path.read_bytes()[:4] != b"RIFF":
        return float(path.stat().st_size > 10_000) * 1000
    with wave.open(str(path), "rb") as w:
        assert w.getsampwidth() == 2, w.getsampwidth()
        samples = array("h", w.readframes(w.getnframes()))
    return math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_each_seat_hears_only_its_own_screen_and_the_voice_is_audible(
    game_id: str, tmp_path: Path
) -> None:
    game = registry.get(game_id)
    app = make_app()
    app.settings.read_aloud = True
    ears = Ears(app)
    app.speaker = ears  # narration.speaker(app) hands this to the table
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(name="Bob")], seed=5)
    m = sc.match
    moves = refused = 0
    for _ in range(400):
        if moves >= MOVES or m.is_over():
            break
        if sc.privacy is not None:
            hand_over(app, sc, 0.9)
            continue
        seat = sc.shown
        if seat is None or seat not in m.to_act() or sc.tweens or sc.ghosts:
            app.step(DT)
            continue
        sc.ctl.focus = 0  # Tab's first move: its card's tip is read
        app.step(DT)
        if not refused:  # a move out of turn is refused, and the reason read
            refused += sc.apply(1 - seat, sc.legal[0]) is False
        sc.apply(seat, sc.legal[-1])
        moves += 1
        app.step(DT)
    assert moves >= 3, moves
    assert refused, "the move out of turn was not refused"
    assert set(ears.heard) == {0, 1}, ears.heard.keys()  # both seats heard their table
    assert ears.secrets_met, "no seat had a card to keep from the other: the check is empty"
    said = " ".join(ears.heard[0])[:300]
    wav = tmp_path / "heard.wav"
    problem = _speak_to_file(said, wav)
    if problem:
        pytest.fail(f"no speech engine to test reading aloud with: {problem}")
    assert _rms(wav) > 100, "the speech engine wrote a silent file"


def test_a_newer_utterance_and_a_hand_over_drop_what_is_still_queued() -> None:
    sp = speech.Speaker(engine=object())  # the worker is not started: nothing is spoken
    sp.hand_over(0)
    sp.say("Ann's hand: the Miller", 0)
    older = speech.Utterance("Ann's hand: the Miller", 0, sp._latest)
    assert sp.wanted(older)
    sp.say("Your move", 0)
    assert not sp.wanted(older)  # the newer one cuts it
    newest = speech.Utterance("Your move", 0, sp._latest)
    sp.hand_over(1)
    assert not sp.wanted(newest)  # Bob is at the screen now: nothing of Ann's is said
    assert narration.enabled(type("A", (), {"settings": None})()) is False


def test_the_next_utterance_waits_until_the_voice_has_finished_the_last() -> None:
    class Driver:
        _speaking = False

    class Engine:  # like pyttsx3 on eSpeak NG: runAndWait returns while it still speaks
        def __init__(self) -> None:
            self.proxy = type("Proxy", (), {"_driver": Driver()})()
            self.said: list[tuple[str, bool]] = []

        def setProperty(self, name: str, value: object) -> None:
            pass

        def say(self, text: str) -> None:
            self.said.append((text, self.proxy._driver._speaking))

        def runAndWait(self) -> None:
            self.proxy._driver._speaking = True
            threading.Timer(0.3, setattr, (self.proxy._driver, "_speaking", False)).start()

    engine = Engine()
    sp = speech.Speaker(engine=engine)
    sp.hand_over(None)
    sp.say("first", None)
    deadline = time.monotonic() + 10
    while not engine.said and time.monotonic() < deadline:
        time.sleep(0.01)
    sp.say("second", None)
    while len(engine.said) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    sp.close()
    assert engine.said == [("first", False), ("second", False)], engine.said


def test_a_newer_line_cuts_the_one_being_played() -> None:
    class Engine:  # writes each line to a file, as eSpeak NG does under save_to_file
        def setProperty(self, name: str, value: object) -> None:
            pass

        def save_to_file(self, text: str, path: str) -> None:
            Path(path).write_text(text)

        def runAndWait(self) -> None:
            pass

    class Player:  # a line plays until it is stopped
        def __init__(self) -> None:
            self.played: list[str] = []
            self.stopped: list[str] = []
            self.sounding = False

        def ready(self) -> bool:
            return True

        def play(self, path: Path) -> bool:
            self.played.append(path.read_text())
            self.sounding = True
            return True

        def playing(self) -> bool:
            return self.sounding

        def stop(self) -> None:
            self.stopped.append(self.played[-1])
            self.sounding = False

    player = Player()
    sp = speech.Speaker(engine=Engine(), player=player)
    sp.hand_over(0)
    sp.say("Ann's turn", 0)
    deadline = time.monotonic() + 10
    while not player.played and time.monotonic() < deadline:
        time.sleep(0.01)
    sp.say("Bob played the Miller", 0)  # cuts Ann's turn half-way
    while len(player.played) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    sp.hand_over(1)  # Bob comes to the screen: Ann's line stops
    while len(player.stopped) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    sp.close()
    assert player.played == ["Ann's turn", "Bob played the Miller"]
    assert player.stopped == ["Ann's turn", "Bob played the Miller"]


def test_without_a_speech_engine_settings_say_what_to_install(monkeypatch, tmp_path) -> None:
    from ui_shell_support import close_app, filled
    from ui_shell_support import make_app as make_shell

    from tabletop.ui.scenes.settings_scene import SettingsScene

    monkeypatch.setattr(speech, "_PROBLEM", [])
    monkeypatch.setattr(speech, "open_engine", lambda: (None, "No voice. " + speech.install_hint()))
    app = make_shell(monkeypatch, tmp_path)
    try:
        app.settings.read_aloud = True
        app.push(SettingsScene(app))
        filled(app)
        assert "Install" in app.top.voice_note or "Reinstall" in app.top.voice_note
        monkeypatch.setattr(speech, "_PROBLEM", [None])  # a voice answers: no note
        app.top.rebuild()
        assert app.top.voice_note == ""
        assert app.crashes == 0
    finally:
        close_app()
