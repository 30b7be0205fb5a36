"""Sounds: the player never crashes the app, honours the settings, rate-limits; the table asks
for the right sounds; the WAVs exist, are valid and small; the settings keep the volume."""

from __future__ import annotations

import logging
import os
import wave

import pygame
import pytest

from tabletop.ui import sound
from tabletop.ui.settings import VOLUMES, Settings, load_settings, save_settings
from tabletop.ui.sound import MIN_GAP, SOUNDS, SoundPlayer, sounds_dir

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

BUDGET = 300_000  # bytes, every WAV together


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class FakeSound:
    def __init__(self) -> None:
        self.plays = 0
        self.volume = -1.0

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        self.plays += 1


def opened(player: SoundPlayer, *names: str) -> dict[str, FakeSound]:
    """Give ``player`` an open mixer and fake sounds that count their plays."""
    fakes = {n: FakeSound() for n in names}
    player.ready = True
    player.sounds.update(fakes)
    return fakes


class Spy:
    """Stands in for the app's player and records the names asked for."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def play(self, name: str) -> bool:
        self.names.append(name)
        return True

    def stop(self) -> None:
        self.names.append("(stop)")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def test_a_mixer_that_cannot_open_turns_sound_off_quietly(monkeypatch, caplog) -> None:
    calls = []
    monkeypatch.setattr(sound, "SILENT_DRIVERS", frozenset())  # try to open it on any driver

    def broken_init(*args, **kwargs):
        calls.append(1)
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    player = SoundPlayer(Settings(), clock=FakeClock())
    with caplog.at_level(logging.INFO, logger="tabletop.ui.sound"):
        assert player.play("drop") is False
        player.clock.now += 1
        assert player.play("turn") is False
    assert calls == [1]  # tried once, not at every sound
    assert player.broken and "no audio device" in player.broken and not player.ready
    assert "no audio device" in caplog.text and player.played == []


def test_with_sound_off_nothing_is_played_and_the_mixer_stays_shut(monkeypatch) -> None:
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: pytest.fail("mixer opened"))
    settings = Settings(sound=False)
    player = SoundPlayer(settings, clock=FakeClock())
    fakes = opened(player, "drop")
    player.ready = False
    assert player.play("drop") is False and fakes["drop"].plays == 0
    settings.sound = True  # read at every play: switching on takes effect at once
    player.ready = True
    assert player.play("drop") is True and fakes["drop"].plays == 1


def test_the_same_sound_plays_at_most_once_per_gap() -> None:
    clock = FakeClock()
    player = SoundPlayer(Settings(), clock=clock)
    fakes = opened(player, "deal", "drop")
    started = sum(player.play("deal") for _ in range(20))  # twenty cards dealt at once
    assert started == 1 and fakes["deal"].plays == 1
    assert player.play("drop") is True  # another sound is not held back
    clock.now += MIN_GAP / 2
    assert player.play("deal") is False
    clock.now += MIN_GAP
    assert player.play("deal") is True and fakes["deal"].plays == 2


def test_the_volume_setting_reaches_the_sound() -> None:
    settings = Settings(volume="Low")
    player = SoundPlayer(settings, clock=FakeClock())
    fakes = opened(player, "turn")
    player.play("turn")
    assert fakes["turn"].volume == pytest.approx(VOLUMES["Low"])
    settings.volume = "High"
    player.clock.now += 1
    player.play("turn")
    assert fakes["turn"].volume == pytest.approx(VOLUMES["High"])


def test_the_dummy_audio_driver_means_no_sound(monkeypatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: pytest.fail("mixer opened"))
    player = SoundPlayer(Settings(), clock=FakeClock())
    assert player.play("drop") is False and "dummy" in (player.broken or "")


def test_every_sound_loads_and_plays_on_the_dummy_driver(monkeypatch) -> None:
    monkeypatch.setattr(sound, "SILENT_DRIVERS", frozenset())
    player = SoundPlayer(Settings(), clock=FakeClock())
    try:
        assert [n for n in SOUNDS if not player.play(n)] == [], player.broken
        assert all(player.sounds[n] is not None for n in SOUNDS)
    finally:
        pygame.mixer.quit()


def test_every_named_sound_is_a_short_quiet_16_bit_mono_wav_within_budget() -> None:
    total = 0
    for name in SOUNDS:
        path = sounds_dir() / f"{name}.wav"
        assert path.is_file(), path
        total += path.stat().st_size
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2), name
            frames = w.readframes(w.getnframes())
            assert 0 < w.getnframes() / w.getframerate() <= 2.0, name
        samples = memoryview(frames).cast("h")
        peak = max(abs(s) for s in samples)
        assert 0 < peak <= 32767 * 0.5, name  # modest loudness
        assert abs(samples[0]) < 50 and abs(samples[-1]) < 50, name  # starts and ends silent
    assert total < BUDGET, total


def test_settings_keep_sound_and_volume_and_old_files_still_load(tmp_path) -> None:
    s = Settings(sound=False, volume="Low")
    path = save_settings(s, tmp_path / "settings.json")
    loaded, message = load_settings(path)
    assert message is None and loaded.volume == "Low" and loaded.sound is False
    assert loaded.volume_factor == 0.0  # off is silent whatever the volume
    old = Settings.from_json({"animation_speed": "Fast", "sound": True, "someday": 3})
    assert old.volume == "Medium" and old.volume_factor == pytest.approx(VOLUMES["Medium"])
    assert Settings.from_json({"volume": "Deafening"}).volume == "Medium"


# --- the table ---------------------------------------------------------------------------------


def _table():
    from court_game import COURT
    from table_driver import make_app, open_table

    from tabletop.controller import SeatConfig
    from tabletop.controller.match import AI

    app = make_app()
    spy = Spy()
    app.sound = spy
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")]
    return app, open_table(app, COURT, seats), spy


def test_the_table_sounds_an_accepted_drop_then_the_next_turn() -> None:
    from table_driver import drag, wait_for

    app, sc, spy = _table()
    uid = sc.match.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("p0.court").center)
    assert sc.match.history
    assert spy.names[:2] == ["pick", "drop"] and "refuse" not in spy.names
    assert "slide" not in spy.names[:3]  # the dropped card made its own sound
    # the AI answers (in its own process: patient on a busy machine), then Ann is to move again
    wait_for(app, lambda: len(sc.match.history) >= 2 and bool(sc.legal), frames=200)
    assert len(sc.match.history) >= 2 and sc.legal
    after = spy.names[2:]
    assert after[-1] == "turn" and ("slide" in after or "flip" in after), spy.names
    assert app.crashes == 0


def test_the_table_sounds_a_refused_drop_and_m_mutes() -> None:
    from table_driver import drag, key

    app, sc, spy = _table()
    uid = sc.match.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("market").center)
    assert not sc.match.history and sc.toast.startswith("The market only sells")
    assert spy.names == ["pick", "refuse"]
    key(app, pygame.K_m, "m")
    assert app.settings.sound is False and load_settings()[0].sound is False
    assert "Sound off" in sc.toast
    key(app, pygame.K_m, "m")
    assert app.settings.sound is True and "Sound on" in sc.toast


def test_undo_sounds_a_soft_slide() -> None:
    from table_driver import drag, key

    app, sc, spy = _table()
    uid = sc.match.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("p0.court").center)
    spy.names.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL))
    app.step(1 / 30)
    assert not sc.match.history and spy.names[:1] == ["slide"], spy.names
    spy.names.clear()
    key(app, pygame.K_z, "z")  # without Ctrl: nothing taken back, no sound
    assert not spy.names


def test_the_results_sound_is_the_fanfare_only_when_a_human_won() -> None:
    from tabletop.controller import SeatConfig
    from tabletop.controller.match import AI
    from tabletop.engine.game import Outcome
    from tabletop.ui.match_config import MatchConfig
    from tabletop.ui.scenes.results import ResultsScene

    config = MatchConfig("toy", [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")], {}, 1)
    names = ["Ann", "Bot"]

    def ending(winners: list[int], cfg: MatchConfig | None = config) -> str:
        outcome = Outcome(scores=[3, 5], winners=winners)
        return ResultsScene(object(), "Toy", names, outcome, cfg).ending_sound()  # type: ignore[arg-type]

    assert ending([0]) == "fanfare"
    assert ending([1]) == "game_over"
    assert ending([1], None) == "fanfare"  # nobody to console: a watched game ends in a flourish


def test_play_through_an_app_without_a_player_does_nothing() -> None:
    class Bare:
        pass

    sound.play(Bare(), "drop")  # test apps and fakes may have no player
    spy = Spy()
    holder = Bare()
    holder.sound = spy  # type: ignore[attr-defined]
    sound.play(holder, "drop")
    assert spy.names == ["drop"]


def test_sound_and_volume_are_reached_with_the_keyboard_in_settings(monkeypatch, tmp_path) -> None:
    from ui_shell_support import close_app, make_app, post_key

    from tabletop.ui.scenes.settings_scene import ROWS, SettingsScene

    app = make_app(monkeypatch, tmp_path)
    try:
        spy = Spy()
        app.sound = spy
        app.push(SettingsScene(app))
        for _ in range(ROWS.index("volume") + 1):
            post_key(pygame.K_TAB)
        post_key(pygame.K_RIGHT)  # Medium → High
        app.step(1 / 60)
        assert app.settings.volume == "High" and load_settings()[0].volume == "High"
        assert spy.names[-1:] == ["turn"]  # a sample at the new volume
        post_key(pygame.K_UP)  # the row above: the sound toggle
        post_key(pygame.K_RETURN)
        app.step(1 / 60)
        assert app.settings.sound is False and load_settings()[0].sound is False
        assert app.crashes == 0
    finally:
        close_app()


def test_the_sound_of_a_move_follows_its_events() -> None:
    from tabletop.engine.events import LOG, MOVE, REVEAL, Event

    _app, sc, _ = _table()

    def move(uid: str | None, source: str, face_up: bool = True) -> Event:
        data = {"card": uid, "card_id": None, "source": source, "target": "discard"}
        return Event(MOVE, "", {**data, "face_up": face_up})

    assert sc._move_sound([Event(LOG, "nothing moved")], None) is None
    assert sc._move_sound([move("a", "p0.hand")], None) == "slide"
    assert sc._move_sound([move("a", "p0.hand")], "a") is None  # the drop made its sound
    assert sc._move_sound([move(u, "market") for u in "abc"], None) == "deal"
    assert sc._move_sound([move("a", "market"), Event(REVEAL, "", {"cards": []})], None) == "flip"
    assert sc._move_sound([move("a", "deck")], None) == "flip"  # out of a face-down pile
    assert sc._move_sound([move("a", "deck", face_up=False)], None) == "slide"


def test_the_shipped_sounds_are_what_our_script_makes(tmp_path) -> None:
    """Provenance: make_sounds.py (standard library, fixed seed) writes these very files."""
    import runpy
    import sys

    script = sounds_dir() / "make_sounds.py"
    argv = sys.argv
    sys.argv = [str(script), str(tmp_path)]
    try:
        with pytest.raises(SystemExit) as done:
            runpy.run_path(str(script), run_name="__main__")
    finally:
        sys.argv = argv
    assert done.value.code == 0
    assert sorted(p.stem for p in tmp_path.glob("*.wav")) == sorted(SOUNDS)
    for name in SOUNDS:
        with (
            wave.open(str(tmp_path / f"{name}.wav")) as a,
            wave.open(str(sounds_dir() / f"{name}.wav")) as b,
        ):
            assert a.getparams() == b.getparams(), name
            made = memoryview(a.readframes(a.getnframes())).cast("h")
            shipped = memoryview(b.readframes(b.getnframes())).cast("h")
        # equal up to the last bit a different maths library might round otherwise
        assert max(abs(x - y) for x, y in zip(made, shipped, strict=True)) <= 2, name
