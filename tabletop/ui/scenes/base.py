"""A scene built from pygame_gui widgets, with the courtly backdrop and keyboard handling.

Subclasses override :meth:`build` to create widgets on ``self.ui`` (rebuilt on every resize,
so widget state must live on the scene, not in the widgets), and register buttons with
:meth:`button` so clicks, Enter and the arrow keys reach their callbacks.
Keys: Esc = :meth:`back`; Enter (or Space) = the focused button, else the default button;
Tab / Shift+Tab and the arrows move the keyboard focus between buttons, drop-downs
(:meth:`menu_keys`: Left / Right change them) and text entries (:meth:`entry_keys`: focused,
they take the typing); a gold ring is drawn round the focused one (:mod:`focus_ring`);
PageUp / PageDown / Home / End scroll the scene's long text (and Up / Down too where there is
only one button).

Show, then fill in: a scene's :meth:`~GuiScene.build` makes only what is quick (buttons,
labels) and hands the slow parts (reading a record, checking saves, laying out a long text) to
:meth:`~GuiScene.later`.  The scene is drawn at once; each slow part runs after a frame has
been drawn, one per frame.  Clicks and keys that arrive meanwhile are held, then handled in
order once the scene is complete, so none is lost.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import text_gate
from tabletop.ui import fonts, sound
from tabletop.ui.backdrop import backdrop
from tabletop.ui.scene import AppContext, Scene
from tabletop.ui.scenes import focus_ring
from tabletop.ui.theme import TYPE_SIZES, mix

if TYPE_CHECKING:
    import pygame_gui


class _WidgetKeys:
    """A pygame_gui widget in the keyboard order (a drop-down or a text entry)."""

    is_enabled = True
    widget: Any

    @property
    def rect(self) -> pygame.Rect:
        """Where the widget lies (a drop-down: its closed face)."""
        return pygame.Rect(self.widget.rect)

    @property
    def visible(self) -> bool:
        """Whether the widget is shown."""
        return bool(getattr(self.widget, "visible", True))


class MenuKeys(_WidgetKeys):
    """A drop-down in the keyboard order: Left / Right (or Enter) pick the previous / next
    option and hand its id to ``pick`` (which stores it and rebuilds the scene)."""

    def __init__(self, menu: Any, ids: list[str], current: str, pick: Callable[[str], None]):
        self.widget = self.menu = menu
        self.ids, self.current, self.pick = ids, current, pick

    def _face(self) -> Any:
        return getattr(getattr(self.menu, "current_state", None), "selected_option_button", None)

    def select(self) -> None:
        """Show the focus on the closed menu's face."""
        if (face := self._face()) is not None:
            face.select()

    def unselect(self) -> None:
        """Drop the focus mark."""
        if (face := self._face()) is not None:
            face.unselect()

    def step(self, by: int) -> None:
        """Pick the option ``by`` places on (wrapping round)."""
        i = self.ids.index(self.current) if self.current in self.ids else 0
        self.pick(self.ids[(i + by) % len(self.ids)])


class EntryKeys(_WidgetKeys):
    """A text entry in the keyboard order: focused, it takes the typing; Tab, Enter or Esc
    leave it."""

    def __init__(self, entry: Any) -> None:
        self.widget = self.entry = entry

    def select(self) -> None:
        """Put the text cursor in the entry."""
        self.entry.ui_manager.set_focus_set(self.entry)

    def unselect(self) -> None:
        """Take the cursor out."""
        if self.entry.is_focused:
            self.entry.ui_manager.set_focus_set(None)


class GuiScene(Scene):
    """Base of the menu scenes."""

    heading: str = ""  # drawn at the top in the display face
    first_frame_plain: bool = False  # may draw its first frame before pygame_gui is loaded

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.ui: Any = None
        self._actions: dict[Any, Callable[[], None]] = {}
        self._order: list[Any] = []
        self.focus: int | None = None
        self.default_button: Any = None
        self._built_size: tuple[int, int] | None = None
        self._plain_drawn = False
        self._fills: list[tuple[Callable[[], None], bool]] = []  # slow parts (see later)
        self._held: list[pygame.event.Event] = []  # input that arrived while filling in
        self._shown = False  # a frame has been drawn since the last build or fill
        self._old_actions: dict[Any, Callable[[], None]] = {}  # the buttons before a rebuild
        self._ui_key: tuple[Any, ...] | None = None  # what self.ui was made for
        self.pending_boxes: dict[str, tuple[pygame.Rect, str]] = {}  # text boxes to come
        self.focus_ring: pygame.Rect | None = None  # where the focus ring was drawn last

    # --- sizes --------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """The app's scale factor."""
        return float(self.app.scale)

    def px(self, v: float) -> int:
        """A design size (1280×720) in screen pixels."""
        return max(1, round(v * self.scale))

    def tx(self, v: float) -> int:
        """A design size that holds a line of text (a row, a button's height) in screen
        pixels, grown with the player's text scale."""
        return max(1, round(v * self.scale * fonts.text_scale()))

    def content_rect(self, width: float = 860, top: float = 118, bottom: float = 44) -> pygame.Rect:
        """A centred column ``width`` design pixels wide below the heading (lower when the
        text scale makes the heading taller)."""
        w, h = self.app.size
        cw = min(self.px(width), w - self.px(80))
        if self.heading:
            top += TYPE_SIZES["title"] * 1.45 * (fonts.text_scale() - 1) * 1.1
        return pygame.Rect((w - cw) // 2, self.px(top), cw, h - self.px(top) - self.px(bottom))

    # --- building ---------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Throw the widgets away and build them again for the current size (on the same
        UI manager when the size and the theme are unchanged: theming one takes long)."""
        settings = self.app.settings
        key = (
            tuple(self.app.size),
            self.scale,
            getattr(settings, "colour_safe", None),
            getattr(settings, "text_scale", 100),
        )
        if self.ui is not None and key == self._ui_key:
            self.ui.set_focus_set(None)
            self.ui.clear_and_reset()
        else:
            self.ui = self.app.make_ui()
        self._ui_key = key
        self._old_actions = self._actions  # a click already on its way still counts
        self._actions = {}
        self._order = []
        self.default_button = None
        self._fills = []  # the old widgets' slow parts: build() asks again for what it lacks
        self.pending_boxes = {}
        old_focus = self.focus
        self.build()
        self.ui.update(0.0)  # lay the widgets out now: a covered scene is drawn without updates
        self._built_size = tuple(self.app.size)
        self.focus = None
        if old_focus is not None and self._order:
            self.set_focus(min(old_focus, len(self._order) - 1))

    def build(self) -> None:
        """Create the widgets (override)."""

    def later(self, fill: Callable[[], None], hold: bool = True) -> None:
        """Build a slow part after the scene has been shown: ``fill`` runs after the next
        drawn frame (one fill per frame, in order; a rebuild forgets those not yet run, and
        its :meth:`build` asks again for what is still missing).  Until it has run, clicks
        and keys are held (``hold``: the part has buttons or rows they may be aimed at; a
        text to read holds nothing)."""
        self._fills.append((fill, hold))
        self._shown = False  # what changed is drawn first

    def _holding(self) -> bool:
        return any(hold for _fill, hold in self._fills)

    @property
    def filling(self) -> bool:
        """True while slow parts are still to come (see :meth:`later`)."""
        return bool(self._fills)

    def busy(self) -> bool:
        """Filling in, or holding input to handle: the app keeps its full frame rate."""
        return bool(self._fills or self._held)

    def button(
        self,
        rect: pygame.Rect,
        text: str,
        action: Callable[[], None],
        object_id: str | None = None,
        container: Any = None,
        enabled: bool = True,
        tooltip: str | None = None,
        focusable: bool = True,
    ) -> pygame_gui.elements.UIButton:
        """A button that runs ``action`` when clicked or activated with Enter."""
        import pygame_gui

        b = pygame_gui.elements.UIButton(
            rect,
            text_gate.shown(text),
            manager=self.ui,
            container=container,
            object_id=object_id,
            tool_tip_text=None if tooltip is None else text_gate.shown(tooltip, lines=True),
        )
        if not enabled:
            b.disable()
        self._actions[b] = action
        if focusable:
            self._order.append(b)
        return b

    def menu_keys(
        self, menu: Any, ids: list[str], current: str, pick: Callable[[str], None]
    ) -> None:
        """Put drop-down ``menu`` (option ids ``ids``, showing ``current``) in the keyboard order."""
        self._order.append(MenuKeys(menu, ids, current, pick))

    def entry_keys(self, entry: Any) -> None:
        """Put a text entry in the keyboard order."""
        self._order.append(EntryKeys(entry))

    def label(
        self,
        rect: pygame.Rect,
        text: str,
        object_id: Any = None,
        container: Any = None,
    ) -> pygame_gui.elements.UILabel:
        """A one-line label."""
        import pygame_gui

        return pygame_gui.elements.UILabel(
            rect, text_gate.shown(text), manager=self.ui, container=container, object_id=object_id
        )

    def text_box(
        self,
        html_text: str,
        rect: pygame.Rect,
        object_id: str | None = None,
        container: Any = None,
        long: bool = False,
    ) -> pygame_gui.elements.UITextBox:
        """A scrollable HTML text box whose scroll bar grows with the scale, laid out once
        with the scroll bar's width known from the start (``long``: a text that will need
        the scroll bar, laid out beside it at once)."""
        from tabletop.ui.scenes.text_box import scaled_text_box

        width = self.px(18)
        box = scaled_text_box(html_text, rect, self.ui, width, object_id, container, long)
        bar = getattr(box, "scroll_bar", None)
        if bar is not None and getattr(bar, "button_height", width) != width:
            bar.button_height = width  # its arrows grow with the window too (20 px otherwise)
            bar.rebuild()
        return box

    def scroll_text(self, key: int) -> bool:
        """PageUp/PageDown/Home/End scroll the scene's long text (``self.body``); so do the
        arrows when the scene has no list of buttons to move through.  True when used."""
        bar = getattr(getattr(self, "body", None), "scroll_bar", None)
        if bar is None:
            return False
        page = bar.visible_percentage * 0.9
        steps = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}
        if len(self._order) <= 1:
            steps |= {pygame.K_DOWN: page / 6, pygame.K_UP: -page / 6}
        if key == pygame.K_HOME:
            target = 0.0
        elif key == pygame.K_END:
            target = 1.0
        elif key in steps:
            target = bar.start_percentage + steps[key]
        else:
            return False
        bar.set_scroll_from_start_percentage(min(1.0 - bar.visible_percentage, max(0.0, target)))
        return True

    # --- scene protocol ----------------------------------------------------------------
    def enter(self) -> None:
        """Build the widgets when first shown or when the window changed meanwhile.

        A scene that may be the app's first (``first_frame_plain``) waits when pygame_gui
        has not been imported yet: its first frame is drawn with plain pygame
        (:meth:`draw_plain`) and the widgets are built on the next update or event.
        """
        if self.first_frame_plain and "pygame_gui" not in sys.modules and self.ui is None:
            return
        if self.ui is None or self._built_size != tuple(self.app.size):
            self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild for the new size."""
        self.rebuild()

    def back(self) -> None:
        """Esc: close this scene."""
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys first (Esc, Enter, focus), then the widgets."""
        if self.ui is None:
            if self._waiting_for_widgets() and event.type not in _INPUT:
                return  # window events before the first frame need no widgets
            self.rebuild()
        if self._holding() and event.type in _INPUT:
            self._held.append(event)  # handled once the scene is complete (see later)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        self.ui.process_events(event)
        if event.type == _button_pressed():
            action = self._actions.get(event.ui_element) or self._old_actions.get(event.ui_element)
            if action is not None:
                sound.play(self.app, "click")
                action()
                return
        self.on_ui_event(event)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """Other pygame_gui events (drop-downs, text entries, sliders)."""

    def _typing(self) -> bool:
        focused = self.ui.get_focus_set() if self.ui else None
        if not focused:
            return False
        import pygame_gui

        return any(
            isinstance(e, pygame_gui.elements.UITextEntryLine) and e.is_focused
            for e in (focused or ())
        )

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if self._typing():
                self.ui.set_focus_set(None)
                return True
            self.back()
            return True
        if event.key == pygame.K_SPACE and not self._typing() and self.focus is not None:
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self._typing():
                self.ui.set_focus_set(None)
                return True
            target = self._order[self.focus] if self.focus is not None else self.default_button
            if isinstance(target, MenuKeys):
                target.step(1)
                return True
            if target is not None and target.is_enabled and target in self._actions:
                sound.play(self.app, "click")
                self._actions[target]()
                return True
            return False
        if event.key == pygame.K_TAB and self._typing():
            self.ui.set_focus_set(None)  # Tab leaves a text entry for the next control
        if self._typing():
            return False
        if self.scroll_text(event.key):
            return True
        target = self.focused_button
        if isinstance(target, MenuKeys) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            target.step(1 if event.key == pygame.K_RIGHT else -1)
            return True
        step = {
            pygame.K_DOWN: 1,
            pygame.K_UP: -1,
            pygame.K_TAB: 1,
            pygame.K_RIGHT: 1,
            pygame.K_LEFT: -1,
        }.get(event.key)
        if step is not None and self._order:
            if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
                step = -1
            self.move_focus(step)
            return True
        return False

    def move_focus(self, step: int) -> None:
        """Move the keyboard focus to the next enabled button."""
        n = len(self._order)
        i = self.focus if self.focus is not None else (-1 if step > 0 else 0)
        for _ in range(n):
            i = (i + step) % n
            if self._order[i].is_enabled:
                self.set_focus(i)
                return

    def set_focus(self, index: int) -> None:
        """Give button ``index`` the keyboard focus (drawn selected)."""
        if self.focus is not None and self.focus < len(self._order):
            self._order[self.focus].unselect()
        self.focus = index
        self._order[index].select()

    @property
    def focused_button(self) -> Any:
        """The button with keyboard focus, if any."""
        return self._order[self.focus] if self.focus is not None else None

    def update(self, dt: float) -> None:
        """Advance the widgets (built now if the first frame was drawn without them)."""
        if self.ui is None:
            if self._waiting_for_widgets():
                return
            self.rebuild()
        self.ui.update(dt)
        self.fill_in()

    def fill_in(self) -> None:
        """Build the next slow part if a frame has shown the scene since the last one; once
        none is left, handle the input held meanwhile."""
        if self._fills and self._shown:
            fill, _hold = self._fills.pop(0)
            self._shown = False
            fill()
        while self._held and not self._holding():
            event = self._held.pop(0)
            top = getattr(self.app, "top", self)
            if top is self:
                self.handle_event(event)
            elif top is not None and callable(getattr(self.app, "handle_event", None)):
                self.app.handle_event(event)  # the scene closed: the rest goes to the new top

    def _waiting_for_widgets(self) -> bool:
        """True until a plain first frame has been drawn (see :meth:`enter`)."""
        return self.first_frame_plain and not self._plain_drawn and "pygame_gui" not in sys.modules

    # --- drawing ----------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        """The damask backdrop and the heading."""
        surface.blit(backdrop(surface.get_size(), self.app.palette), (0, 0))
        if self.heading:
            self.draw_heading(surface, self.heading)

    def draw_heading(self, surface: pygame.Surface, text: str) -> None:
        """A centred title in the display face with a gold rule and suit ornaments."""
        pal = self.app.palette
        w = surface.get_width()
        f = fonts.font("display", self.px(TYPE_SIZES["title"] * 1.45))
        shadow = f.render(text, True, (0, 0, 0))
        img = f.render(text, True, pal.gold_light)
        y = self.px(34)
        r = img.get_rect(midtop=(w // 2, y))
        shadow.set_alpha(150)
        surface.blit(shadow, r.move(self.px(2), self.px(2)))
        surface.blit(img, r)
        self.draw_rule(surface, r.bottom + self.px(6), self.px(240))

    def draw_rule(self, surface: pygame.Surface, y: int, half: int) -> None:
        """A thin gold rule with a ♦ in the middle, centred at height ``y``."""
        pal = self.app.palette
        w = surface.get_width()
        dim = mix(pal.gold, pal.felt_dark, 0.35)
        t = max(1, self.px(1.5))
        gap = self.px(16)
        pygame.draw.line(surface, dim, (w // 2 - half, y), (w // 2 - gap, y), t)
        pygame.draw.line(surface, dim, (w // 2 + gap, y), (w // 2 + half, y), t)
        d = self.px(5)
        c = (w // 2, y)
        pygame.draw.polygon(
            surface,
            pal.gold,
            [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])],
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, heading, extra drawing, widgets."""
        if self.ui is None and not self.first_frame_plain:
            self.rebuild()
        self.draw_background(surface)
        self.draw_extra(surface)
        self.draw_pending(surface)
        if self.ui is None:
            self.draw_plain(surface)
            self._plain_drawn = True  # the widgets are built on the next update
        else:
            self.ui.draw_ui(surface)
            self.focus_ring = focus_ring.draw(self, surface)
        self._shown = True

    def draw_pending(self, surface: pygame.Surface) -> None:
        """Each text box still to come as its empty panel (the text box's parchment and gold
        border), with its heading if it has one: the scene looks whole from its first frame."""
        pal = self.app.palette
        for rect, title in self.pending_boxes.values():
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            panel.fill((*pal.parchment, 0xF2))
            surface.blit(panel, rect)
            pygame.draw.rect(surface, pal.gold, rect, max(1, self.px(2)))
            if title:
                f = fonts.font("display", self.px(TYPE_SIZES["title"]))
                img = f.render(text_gate.shown(title), True, pal.ink)
                surface.blit(img, (rect.x + self.px(16), rect.y + self.px(10)))

    def draw_plain(self, surface: pygame.Surface) -> None:
        """The widgets as plain drawings, for a first frame before pygame_gui (override)."""

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Custom drawing between the backdrop and the widgets (override)."""


_INPUT = {
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEWHEEL,
}


def _button_pressed() -> int:
    import pygame_gui

    return int(pygame_gui.UI_BUTTON_PRESSED)
