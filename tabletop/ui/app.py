"""The desktop app: one window, one loop (tick, events, update, draw, flip) and a scene stack.

Environment:
``TABLETOP_SMOKE_FRAMES=N`` runs N frames then exits (0 unless a scene failed),
``TABLETOP_WINDOW=WxH`` forces the window size, ``TABLETOP_HOME`` redirects user folders.
"""

from __future__ import annotations

import copy
import logging
import os
import sys
import traceback
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pygame

from tabletop import storage
from tabletop.ui import theme
from tabletop.ui.scene import Scene
from tabletop.ui.settings import Settings, load_settings, save_settings
from tabletop.ui.sound import SoundPlayer

log = logging.getLogger("tabletop.ui.app")

FPS = 60
IDLE_FPS = 12  # when nothing moves and the user has done nothing for IDLE_AFTER seconds
IDLE_AFTER = 1.5
SPARE_AFTER = 0.25  # seconds without input before a UI manager is themed for the next scene
DEFAULT_SIZE = (1280, 720)
MAX_CRASHES_IN_A_ROW = 3
LOG_FILE = "tabletop.log"
TITLE = "Tabletop"


class EarlyRecords(logging.Handler):
    """Holds what is logged before the log file opens (after the first frame is shown)."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def hold_log_records(path: Path) -> None:
    """Keep the ``tabletop`` loggers' records in memory until :func:`setup_logging` opens
    the file at ``path`` (a file handler left for another path is closed now)."""
    logger = logging.getLogger("tabletop")
    for h in list(logger.handlers):
        if getattr(h, "_tabletop", False):
            if Path(getattr(h, "baseFilename", "")) == path:
                return
            logger.removeHandler(h)
            h.close()
    if not any(isinstance(h, EarlyRecords) for h in logger.handlers):
        logger.addHandler(EarlyRecords())
    logger.setLevel(logging.INFO)


def setup_logging() -> Path:
    """Send the ``tabletop`` loggers to a rotating file in the user log folder; return its path.

    Records held since :func:`hold_log_records` are written to it first."""
    import logging.handlers

    path = storage.log_dir() / LOG_FILE
    logger = logging.getLogger("tabletop")
    early = [h for h in logger.handlers if isinstance(h, EarlyRecords)]
    for h in early:
        logger.removeHandler(h)
    for h in list(logger.handlers):
        if getattr(h, "_tabletop", False):
            if Path(getattr(h, "baseFilename", "")) == path:
                return path
            logger.removeHandler(h)
            h.close()
    try:
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:  # the log folder is not writable: the system's temporary folder takes it
        path = storage.fallback_log_dir() / LOG_FILE
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    handler._tabletop = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    for h in early:
        for record in h.records:
            handler.handle(record)
    return path


def _env_size() -> tuple[int, int] | None:
    value = os.environ.get("TABLETOP_WINDOW", "").lower().strip()
    if "x" not in value:
        return None
    try:
        w, h = (int(v) for v in value.split("x", 1))
    except ValueError:
        return None
    return (max(320, w), max(240, h))


def default_window_size() -> tuple[int, int]:
    """80% of the desktop (at least 1280×720 when the desktop is larger), or ``TABLETOP_WINDOW``."""
    forced = _env_size()
    if forced:
        return forced
    try:
        desk = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return DEFAULT_SIZE
    dw, dh = desk
    if dw <= 0 or dh <= 0:
        return DEFAULT_SIZE
    w, h = round(dw * 0.8), round(dh * 0.8)
    if w < DEFAULT_SIZE[0] or h < DEFAULT_SIZE[1]:
        w, h = min(DEFAULT_SIZE[0], dw), min(DEFAULT_SIZE[1], dh)
    return (w, h)


class App:
    """The window, the loop and the scene stack; implements :class:`AppContext`."""

    def __init__(
        self,
        home: Callable[[App], Scene] | None = None,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        locked_out: str | None = None,
        locked_title: str = "Tabletop is already open",
    ) -> None:
        self.locked_out = locked_out  # another instance holds the user folders: say so, close
        self.locked_title = locked_title  # (or the folders cannot be used at all)
        self.log_path = storage.log_dir() / LOG_FILE
        self._log_open = False
        hold_log_records(self.log_path)  # the file opens after the first frame (open_log)
        warnings.filterwarnings("ignore", category=UserWarning, module=r"pygame_gui\..*")
        # Real pixels on HiDPI Windows screens (the scale factor then enlarges everything).
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        pygame.display.init()
        pygame.font.init()
        self.settings_message: str | None = None
        if settings is None:
            settings, self.settings_message = load_settings()
            if self.settings_message:
                log.warning("settings: %s", self.settings_message)
                self.open_log()
        self.settings = settings
        self.sound = SoundPlayer(settings)  # opens the mixer on the first sound
        self._home = home
        self._windowed_size = size or default_window_size()
        self.window = self._open_window(self.settings.fullscreen)
        pygame.display.set_caption(TITLE)
        self.clock = pygame.time.Clock()
        self.quiet_for = 0.0  # seconds since the last input event
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.crashes = 0
        self._crash_streak = 0
        self._last_size = self.window.get_size()
        self._themes: dict[tuple[float, bool], dict[str, Any]] = {}
        self._drawn_alone: Scene | None = None  # the scene the window holds, if only one
        self._spare_ui: tuple[tuple[Any, ...], Any] | None = None  # (key, manager), see make_ui

    # --- window ---------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as e:
                log.warning("fullscreen failed (%s); using a window", e)
        surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        return surface

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.window.get_size()

    @property
    def scale(self) -> float:
        """Screen pixels per design pixel (1280×720 design)."""
        return theme.scale_for_size(self.size)

    @property
    def palette(self) -> theme.Palette:
        """The palette chosen in the settings."""
        return theme.palette(self.settings.colour_safe)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and a resizable window."""
        if not on and not self.is_fullscreen:
            return
        if on and self.is_fullscreen:
            return
        if not self.is_fullscreen:
            self._windowed_size = self.size
        self._drawn_alone = None
        self.window = self._open_window(on)
        self._size_changed()

    @property
    def is_fullscreen(self) -> bool:
        """True when the window covers the screen."""
        return bool(self.window.get_flags() & pygame.FULLSCREEN)

    def toggle_fullscreen(self) -> None:
        """F11: flip fullscreen and remember it in the settings."""
        self.settings.fullscreen = not self.is_fullscreen
        self.set_fullscreen(self.settings.fullscreen)
        self._persist_settings()

    def _size_changed(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        size = self.window.get_size()
        self._drawn_alone = None
        if size == self._last_size:
            return
        self._last_size = size
        for scene in list(self.stack):
            self._guard(scene.resize, size)

    # --- pygame_gui -------------------------------------------------------------------------
    def _ui_key(self) -> tuple[Any, ...]:
        return (self.size, round(self.scale, 3), self.settings.colour_safe)

    def make_ui(self) -> Any:
        """A themed ``pygame_gui.UIManager`` for the current size, scale and palette (the
        spare one made while the app was idle, if it fits)."""
        spare, self._spare_ui = self._spare_ui, None
        if spare is not None and spare[0] == self._ui_key():
            return spare[1]
        return self._new_ui()

    def _new_ui(self) -> Any:
        import pygame_gui

        from tabletop.ui.gui_theme import font_families, gui_theme

        key = (round(self.scale, 3), self.settings.colour_safe)
        if key not in self._themes:
            self._themes[key] = gui_theme(self.palette, self.scale)
        manager = pygame_gui.UIManager(
            self.size, copy.deepcopy(self._themes[key]), enable_live_theme_updates=False
        )
        for name, paths in font_families().items():
            manager.add_font_paths(name, **paths)
        return manager

    def _prepare_spare_ui(self) -> None:
        """While nothing happens, theme a manager for the next scene to open (reading the
        theme is a good part of building a menu scene), once pygame_gui is loaded."""
        if self.quiet_for < SPARE_AFTER or "pygame_gui" not in sys.modules:
            return
        if self._spare_ui is not None and self._spare_ui[0] == self._ui_key():
            return
        try:
            if any(s.busy() for s in self.stack):
                return
            self._spare_ui = (self._ui_key(), self._new_ui())
        except Exception:  # never worth a crash: the next scene makes its own
            log.exception("could not prepare a spare UI manager")
            self._spare_ui = None

    # --- the stack ----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Cover the current scene with ``scene``."""
        if self.stack:
            self._guard(self.stack[-1].leave)
        self.stack.append(scene)
        self._guard(scene.enter)

    def pop(self) -> None:
        """Close the top scene; the title never closes (use quit)."""
        if len(self.stack) <= 1:
            return
        scene = self.stack.pop()
        self._guard(scene.leave)
        if self.stack:
            self._guard(self.stack[-1].enter)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self._guard(self.stack.pop().leave)
        self.stack.append(scene)
        self._guard(scene.enter)

    def go_home(self) -> None:
        """Back to a fresh title scene."""
        while self.stack:
            old = self.stack.pop()
            try:
                old.leave()
            except Exception:
                log.exception("error while leaving %s", type(old).__name__)
        self.stack.append(self._make_home())
        self.stack[-1].enter()

    def _make_home(self) -> Scene:
        if self._home is not None:
            return self._home(self)
        from tabletop.ui.scenes.title import TitleScene

        return TitleScene(self)

    def quit(self) -> None:
        """Stop the loop after this frame."""
        self.running = False

    def results_scene(self, match: Any) -> Scene:
        """The scene that shows how ``match`` ended (the table hands over to it)."""
        from tabletop.ui.scenes.results import scene_for_match

        return scene_for_match(self, match)

    # --- dialogs and settings -------------------------------------------------------------
    def show_message(self, title: str, text: str) -> None:
        """A modal message over the current scene."""
        from tabletop.ui.scenes.dialogs import MessageDialog

        self.push(MessageDialog(self, title, text))

    def confirm(self, title: str, text: str, on_yes: Callable[[], None], yes: str = "Yes") -> None:
        """A yes/no question over the current scene; ``on_yes`` runs only when confirmed."""
        from tabletop.ui.scenes.dialogs import confirm

        confirm(self, title, text, on_yes, yes)

    def show_rules(self, game_id: str, options: Mapping[str, Any] | None = None) -> None:
        """The Rules screen on one game, its figures as ``options`` set them (a match's)."""
        from tabletop.ui.scenes.rules import RulesScene

        self.push(RulesScene(self, game_id, dict(options) if options is not None else None))

    def toggle_keys(self) -> None:
        """The Keys sheet over the top scene, or closed if it is on top (F1)."""
        from tabletop.ui.scenes import keys_sheet

        keys_sheet.toggle(self)

    def save_settings(self) -> None:
        """Persist the settings and apply fullscreen and palette changes."""
        self._themes.clear()
        self._spare_ui = None
        self.set_fullscreen(self.settings.fullscreen)
        self._persist_settings()
        size = self.size
        for scene in list(self.stack):
            self._guard(scene.resize, size)

    def toggle_sound(self) -> bool:
        """M at the table: sound on or off, remembered in the settings; return the new state."""
        self.settings.sound = not self.settings.sound
        if not self.settings.sound:
            self.sound.stop()
        self._persist_settings()
        return self.settings.sound

    def keep_settings(self) -> None:
        """Write the settings as they are (a choice made at the table, such as G's)."""
        self._persist_settings()

    def _persist_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as e:
            log.warning("could not save settings: %s", e)
            self.show_message("Settings not saved", f"The settings could not be written: {e}")

    # --- errors ---------------------------------------------------------------------------------
    def _guard(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Call a scene method; an exception is logged and shown instead of crashing."""
        try:
            fn(*args)
        except Exception as exc:
            self._crashed(exc)
            return False
        return True

    def open_log(self) -> None:
        """Open the log file (and write what was logged before it)."""
        if not self._log_open:
            self.log_path = setup_logging()
            self._log_open = True

    def _crashed(self, exc: Exception) -> None:
        self.open_log()
        self.crashes += 1
        self._crash_streak += 1
        where = type(self.top).__name__ if self.top else "app"
        log.error("unexpected error in %s:\n%s", where, traceback.format_exc())
        for h in logging.getLogger("tabletop").handlers:
            h.flush()
        if self._crash_streak > MAX_CRASHES_IN_A_ROW:
            print(
                f"tabletop: giving up after repeated errors; see {self.log_path}", file=sys.stderr
            )
            self.exit_code = 1
            self.running = False
            return
        text = (
            f"Something went wrong: {exc or 'no reason was given'}\n\n"
            f"The details were written to the log file:\n{self.log_path}\n\n"
            "You are back at the title screen."
        )
        try:
            self.go_home()
            self.show_message("Unexpected error", text)
        except Exception:
            log.error("the error dialog itself failed:\n%s", traceback.format_exc())
            print(f"tabletop: fatal error; see {self.log_path}", file=sys.stderr)
            self.exit_code = 1
            self.running = False

    # --- the loop -----------------------------------------------------------------------------
    def start(self) -> None:
        """Open the title scene (and report a settings file that had to be moved aside)."""
        if not self.stack and self.locked_out:
            from tabletop.ui.scenes.dialogs import MessageDialog

            log.warning("%s", self.locked_out)
            self.stack.append(
                MessageDialog(self, self.locked_title, self.locked_out, (("Close", self.quit),))
            )
            self._guard(self.stack[-1].enter)
            return
        if not self.stack:
            try:
                self.go_home()
            except Exception as exc:
                self._crashed(exc)
            if self.settings_message and self.running:
                self.show_message("Settings were reset", self.settings_message)

    def handle_event(self, event: pygame.event.Event) -> None:
        """App-wide keys and window events, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._size_changed()
            return
        top = self.top
        if event.type == pygame.KEYDOWN and self._app_key(event, top):
            return
        if top is not None:
            self._guard(top.handle_event, event)

    def _app_key(self, event: pygame.event.Event, top: Scene | None) -> bool:
        """F11 and F1 / ? (see :mod:`tabletop.ui.keys`); True when the key was taken."""
        from tabletop.ui import keys

        b = keys.find(event, "app")
        if b is None:
            return False
        if b.action == "fullscreen":
            self.toggle_fullscreen()
            return True
        typing = getattr(top, "_typing", None)
        if event.key != pygame.K_F1 and callable(typing) and typing():
            return False  # a "?" typed into a text entry
        self._guard(self.toggle_keys)
        return True

    def screen_touched(self) -> None:
        """Something other than the scenes drew on the window: the next frame is drawn whole."""
        self._drawn_alone = None

    def draw(self) -> None:
        """Draw the top scene, and the scenes below it while they are covered by dialogs."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        if first < 0:
            self.window.fill(self.palette.felt_dark)
            self._drawn_alone = None
            return
        drawn = self.stack[first:]
        alone = drawn[0] if len(drawn) == 1 else None
        for scene in drawn:
            scene.screen_kept = scene is alone and self._drawn_alone is alone
        self._drawn_alone = alone
        for scene in drawn:
            if not self._guard(scene.draw, self.window):
                self._drawn_alone = None
                break

    def idle(self) -> bool:
        """No input for a while and no scene busy: the loop may slow down to save power."""
        if self.quiet_for < IDLE_AFTER:
            return False
        try:
            return not any(s.busy() for s in self.stack)
        except Exception:  # a scene that cannot tell keeps the full frame rate
            return False

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        crashes_before = self.crashes
        self.quiet_for += dt
        for event in pygame.event.get():
            self.quiet_for = 0.0
            self.handle_event(event)
            if not self.running:
                return
        top = self.top
        if top is not None:
            self._guard(top.update, dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if not self._log_open:
            self.open_log()  # after the first frame is on the screen
        else:
            self._prepare_spare_ui()
        if self.crashes == crashes_before:
            self._crash_streak = 0

    def run(self, max_frames: int | None = None) -> int:
        """The main loop; returns the exit code."""
        self.start()
        while self.running:
            dt = self.clock.tick(IDLE_FPS if self.idle() else FPS) / 1000.0
            self.step(min(dt, 0.1))
            if max_frames is not None and self.frames >= max_frames:
                break
        if max_frames is not None and self.crashes and self.exit_code == 0:
            self.exit_code = 1  # a smoke run must not hide a failing scene
        return self.exit_code


def smoke_frames() -> int | None:
    """``TABLETOP_SMOKE_FRAMES`` as a number, if set."""
    value = os.environ.get("TABLETOP_SMOKE_FRAMES", "").strip()
    if not value:
        return None
    try:
        return max(1, int(value))
    except ValueError:
        return None


FOLDER_ADVICE = (
    "Tabletop keeps its settings and games there. Move whatever is in the way, or give the "
    f"folder back its permissions, then start Tabletop again; or set {storage.HOME_ENV} to "
    "another folder. This window will close."
)


def claim_user_folders() -> str | None:
    """Take the instance lock of the user folders and clear temporary files left by a crash.

    Returns ``None``, or the message for a second instance (which then writes nothing).
    """
    from tabletop import instance_lock

    try:
        instance_lock.acquire(storage.data_dir())
    except instance_lock.AlreadyRunning as e:
        return (
            f"{e}\n\nClose the other Tabletop window first. This one will close, so that the "
            "two never overwrite each other's games."
        )
    except OSError as e:
        log.warning("no instance lock (%s); going on without one", e)
        return None
    for folder in (storage.data_dir(), storage.data_dir() / "saves", storage.config_dir()):
        for p in storage.remove_stale_temps(folder):
            log.info("removed %s, left by an interrupted write", p)
    return None


def main() -> int:
    """Run the app until the window closes; the ``tabletop`` command calls this."""
    hold_log_records(storage.log_dir() / LOG_FILE)  # written to the file after the first frame
    problem = storage.user_folders_problem()
    if problem:  # nowhere to keep settings and games: say why in the window, then close
        print(f"tabletop: {problem}", file=sys.stderr)
        app = App(
            settings=Settings(),
            locked_out=f"{problem}\n\n{FOLDER_ADVICE}",
            locked_title="Tabletop cannot use its folders",
        )
    else:
        app = App(locked_out=claim_user_folders())
    try:
        return app.run(smoke_frames())
    finally:
        from tabletop.controller.saving import journal

        journal.flush_all()  # every move played is on disk before the process ends
        pygame.quit()
