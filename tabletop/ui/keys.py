"""Every key (and mouse gesture) the app answers, in one table.

The table scene, the app shell and the Keys sheet (F1) all read :data:`BINDINGS`: the table
dispatches a key press to the handler named by the matching binding's ``action``, so a key is
answered only if it is listed here, and the sheet lists exactly what is answered.

``where`` says who answers a binding: ``table`` (the table scene), ``chooser`` (the table's
open chooser of options), ``privacy`` (the hand-off screen between two human seats), ``app``
(the app shell, on every screen), ``menus`` (the menu scenes) and ``mouse`` (a gesture, listed
for the reader only).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

GROUPS = ("Table", "Cards", "Game", "Window", "Menus")
SMALLER = (pygame.K_MINUS, pygame.K_KP_MINUS)  # with Ctrl: smaller text


@dataclass(frozen=True)
class Binding:
    """One line of the Keys sheet and the keys that trigger it."""

    group: str
    label: str  # the key as shown, e.g. "Ctrl+Z"
    text: str  # what it does, in a few words
    where: str
    action: str = ""  # the handler's name for the scene that answers it
    keys: tuple[int, ...] = ()
    ctrl: bool = False  # Ctrl must be held (and must not be, when False)
    chars: str = ""  # typed characters that match too, whatever the keyboard layout

    def matches(self, event: pygame.event.Event) -> bool:
        """Whether a KEYDOWN event presses this binding."""
        ch = getattr(event, "unicode", "") or ""
        if ch and ch in self.chars:
            return True
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        return event.key in self.keys and ctrl == self.ctrl


BINDINGS: tuple[Binding, ...] = (
    Binding("Table", "Tab / Shift+Tab", "Step through moves (or to Continue)", "table", "focus",
            (pygame.K_TAB,)),
    Binding("Table", "Enter", "Play the focused move, hint or Continue", "table", "enter",
            (pygame.K_RETURN, pygame.K_KP_ENTER)),
    Binding("Table", "Esc", "Cancel; with nothing to cancel, leave", "table", "escape",
            (pygame.K_ESCAPE,)),
    Binding("Table", "PgUp / PgDn", "Scroll the log (or the mouse wheel)", "table", "log",
            (pygame.K_PAGEUP, pygame.K_PAGEDOWN)),
    Binding("Table", "R", "The rules, as this match plays them", "table", "rules", (pygame.K_r,)),
    Binding("Table", "G", "First-game guide: show or hide", "table", "guide", (pygame.K_g,)),
    Binding("Table", "V", "Read aloud on or off", "table", "voice", (pygame.K_v,)),
    Binding("Table", "Enter / Space", "Hand-off screen: show your cards", "privacy", "reveal",
            (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)),
    Binding("Cards", "Drag, or click twice", "Move a card to a glowing place", "mouse"),
    Binding("Cards", "Right-click", "Zoom a card (click or Esc closes)", "mouse"),
    Binding("Cards", "Arrow keys", "Chooser: pick an option", "chooser", "pick",
            (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)),
    Binding("Cards", "Letters, digits", "Chooser: jump to the option", "chooser", "type"),
    Binding("Cards", "Backspace", "Chooser: take back a typed key", "chooser", "erase",
            (pygame.K_BACKSPACE,)),
    Binding("Game", "Ctrl+Z", "Undo your moves (to the last reveal)", "table", "undo",
            (pygame.K_z,), ctrl=True),
    Binding("Game", "H", "Hint: the Hard AI's move, and why", "table", "hint", (pygame.K_h,)),
    Binding("Game", "Ctrl+S", "Save the game to a new file", "table", "save",
            (pygame.K_s,), ctrl=True),
    Binding("Game", "T", "Online: say something at the table", "table", "chat", (pygame.K_t,)),
    Binding("Game", "Space", "All-AI game: pause or resume", "table", "pause",
            (pygame.K_SPACE,)),
    Binding("Game", "N", "All-AI game: play one move", "table", "step", (pygame.K_n,)),
    Binding("Game", "F", "All-AI game: fast or normal speed", "table", "fast", (pygame.K_f,)),
    Binding("Game", "← → Home End Tab", "Replay: step, go to an end, next seat", "replay",
            "replay", (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_TAB)),
    Binding("Window", "F1 / ?", "Show or hide these keys", "app", "keys",
            (pygame.K_F1,), chars="?"),
    Binding("Window", "F11", "Full screen on or off", "app", "fullscreen", (pygame.K_F11,)),
    Binding("Window", "M", "Sound off or on (at the table)", "table", "sound", (pygame.K_m,)),
    Binding("Window", "Ctrl + / −", "Larger / smaller text (table)", "table", "text_size",
            (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS, *SMALLER), ctrl=True),
    Binding("Menus", "Tab, Shift+Tab, arrows", "Move between the buttons", "menus", "move",
            (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT)),
    Binding("Menus", "Left / Right", "Change the focused drop-down", "menus", "change",
            (pygame.K_LEFT, pygame.K_RIGHT)),
    Binding("Menus", "Enter / Space", "Press the focused button", "menus", "press",
            (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)),
    Binding("Menus", "Esc", "Back (on the title: quit)", "menus", "back", (pygame.K_ESCAPE,)),
    Binding("Menus", "PgUp PgDn Home End", "Scroll a long text (Rules)", "menus", "scroll",
            (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)),
)  # fmt: skip


def find(event: pygame.event.Event, where: str) -> Binding | None:
    """The binding of ``where`` that a KEYDOWN event presses, if any."""
    return next((b for b in BINDINGS if b.where == where and b.matches(event)), None)


def by_group() -> list[tuple[str, list[Binding]]]:
    """The bindings in sheet order: each group with its lines."""
    return [(g, [b for b in BINDINGS if b.group == g]) for g in GROUPS]
