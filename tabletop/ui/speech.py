"""The system speech engine behind a queue: reading aloud never waits on the render loop.

:class:`Speaker` owns one worker thread that owns the ``pyttsx3`` engine (SAPI on Windows,
NSSpeechSynthesizer on macOS, eSpeak NG on Linux).  :meth:`Speaker.say` only queues: the
newest utterance wins (anything still waiting is dropped and the one being spoken is cut:
on Linux, where eSpeak NG would play through ``aplay`` beyond reach, the line is written to a
file and played by ``speech_mixer.MixerVoice``, which stops at once),
and every utterance belongs to a seat: after :meth:`Speaker.hand_over` to another seat,
nothing queued for the previous one is spoken (hot-seat privacy).
"""

from __future__ import annotations

import contextlib
import queue
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

RATES: dict[str, int] = {"Slow": 140, "Normal": 180, "Fast": 240}  # words per minute


def install_hint() -> str:
    """What to install for reading aloud on this system."""
    if sys.platform.startswith("linux"):
        return "Install eSpeak NG (Debian/Ubuntu: sudo apt install espeak-ng) and restart."
    if sys.platform == "darwin":
        return "Reinstall Tabletop: the macOS voice is part of the system (pyobjc is missing)."
    return "Reinstall Tabletop: the Windows voice (SAPI) could not be reached (pywin32 missing)."


def open_engine() -> tuple[Any, str | None]:
    """A pyttsx3 engine, or ``(None, why not)`` saying what to install."""
    try:
        import pyttsx3
    except ImportError:
        return None, "Reading aloud needs the pyttsx3 package. " + install_hint()
    try:
        return pyttsx3.init(), None
    except Exception as e:  # a missing eSpeak NG library, SAPI or pyobjc
        return None, f"No speech engine ({type(e).__name__}). " + install_hint()


_PROBLEM: list[str | None] = []  # the answer of engine_problem, asked once per run


def engine_problem() -> str | None:
    """Why reading aloud cannot work here (``None`` when a speech engine answers)."""
    if not _PROBLEM:
        _PROBLEM.append(open_engine()[1])
    return _PROBLEM[0]


class Player(Protocol):
    """Plays a WAV file in a way that can be stopped half-way (``speech_mixer.MixerVoice``)."""

    def ready(self) -> bool: ...
    def play(self, path: Path) -> bool: ...
    def playing(self) -> bool: ...
    def stop(self) -> None: ...


def _plays_itself(engine: Any) -> bool:
    """Whether ``engine`` is pyttsx3 on eSpeak NG, which plays through ``aplay`` in a thread
    of its own that nothing can stop: such an engine writes files for a player instead."""
    driver = getattr(getattr(engine, "proxy", None), "_driver", None)
    return type(driver).__module__.endswith(".espeak")


@dataclass(frozen=True)
class Utterance:
    """One thing to say, to one seat (``None``: anyone at the screen)."""

    text: str
    seat: int | None
    number: int


class Speaker:
    """Speaks utterances in a worker thread, newest first (see the module docstring)."""

    def __init__(
        self, rate: int = RATES["Normal"], engine: Any = None, player: Player | None = None
    ) -> None:
        self.rate = rate
        self.seat: int | None = None
        self.problem: str | None = None
        self._engine = engine
        self._queue: queue.Queue[Utterance | None] = queue.Queue()
        self._latest = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.spoken: list[Utterance] = []  # what reached the engine (for tests and the log)
        self._player = player

    # --- the render loop's side -------------------------------------------------------
    def say(self, text: str, seat: int | None) -> None:
        """Queue ``text`` for ``seat``; it cuts whatever is still waiting or being said."""
        text = " ".join(text.split())
        if not text:
            return
        with self._lock:
            self._latest += 1
            item = Utterance(text, seat, self._latest)
        self._start()
        self._queue.put(item)
        self._interrupt()

    def hand_over(self, seat: int | None) -> None:
        """The screen now shows ``seat``: nothing queued for another seat is said."""
        with self._lock:
            self.seat = seat
            self._latest += 1  # everything queued so far is older than the hand-over
        self._interrupt()

    def close(self) -> None:
        """Stop the worker (it ends after the utterance it is saying)."""
        if self._thread is not None:
            self._queue.put(None)

    # --- the worker's side ------------------------------------------------------------
    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _interrupt(self) -> None:
        stop = getattr(self._engine, "stop", None)
        if callable(stop):
            with contextlib.suppress(Exception):  # between two utterances: nothing to cut
                stop()

    def wanted(self, item: Utterance) -> bool:
        """Whether ``item`` is still to be said: the newest, and for the seat at the screen."""
        with self._lock:
            newest = item.number == self._latest
            return newest and (item.seat is None or item.seat == self.seat)

    def _run(self) -> None:
        if self._engine is None:
            self._engine, self.problem = open_engine()
        if self._player is None and _plays_itself(self._engine):
            from tabletop.ui.speech_mixer import MixerVoice

            self._player = MixerVoice()
        while (item := self._queue.get()) is not None:
            if self._engine is None or not self.wanted(item):
                continue
            self.spoken.append(item)
            try:
                self._engine.setProperty("rate", self.rate)
                if not self._say_through_player(item):
                    self._engine.say(item.text)
                    self._engine.runAndWait()
                    self._until_said()
            except Exception as e:  # a broken voice must not end the game
                self.problem = f"Reading aloud stopped: {e}"

    def _say_through_player(self, item: Utterance) -> bool:
        """Synthesise ``item`` to a file and play it where it can be cut; ``False`` when
        there is no player (the engine then speaks by itself)."""
        player = self._player
        if player is None or not player.ready():
            return False
        with tempfile.TemporaryDirectory(prefix="tabletop-voice-") as folder:
            wav = Path(folder) / "line.wav"
            self._engine.save_to_file(item.text, str(wav))
            self._engine.runAndWait()
            self._until_said()
            if not wav.exists() or not self.wanted(item) or not player.play(wav):
                return True
            while player.playing():
                if not self.wanted(item):  # a newer line or a hand-over: cut this one
                    player.stop()
                    break
                time.sleep(0.02)
        return True

    def _until_said(self, limit: float = 30.0) -> None:
        """Wait while the engine still speaks: pyttsx3's eSpeak NG driver returns from
        ``runAndWait`` while eSpeak synthesises on a thread of its own, and starting the next
        utterance then would mix the two."""
        driver = getattr(getattr(self._engine, "proxy", None), "_driver", None)
        end = time.monotonic() + limit
        while getattr(driver, "_speaking", False) and time.monotonic() < end:
            time.sleep(0.02)
