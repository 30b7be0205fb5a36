"""New game: choose a game from the registry, the players, each seat, the options and a seed."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import pygame
import pygame_gui

from tabletop import text_gate
from tabletop.controller.saving import save_check
from tabletop.engine.game import Game, OptionSpec
from tabletop.ui import catalog, fonts, launch, typeset
from tabletop.ui.match_config import (
    AI_NORMAL,
    HUMAN,
    LEVELS_HELP,
    SEAT_KIND_LABELS,
    SEAT_KINDS,
    MatchConfig,
    SeatConfig,
)
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.dialogs import attempt
from tabletop.ui.scenes.reading import esc
from tabletop.ui.settings import save_settings
from tabletop.ui.theme import TYPE_SIZES

T = TypeVar("T")

DEFAULT_NAMES = (
    "Player 1",  # a name, not "You": the log reads "Player 1 takes…", never "You takes…"
    "Aurelia",
    "Bastian",
    "Cosima",
    "Dorian",
    "Eleanor",
    "Florian",
    "Gisela",
    "Henrik",
    "Isolde",
    "Jasper",
    "Katrin",
)
MAX_NAME = save_check.MAX_NAME  # a save with a longer name is refused
log = logging.getLogger(__name__)


def _shown(choice: Any) -> str:
    """A choice as the menu shows it: ``off`` → ``Off`` (the value itself is unchanged)."""
    text = str(choice)
    return text[:1].upper() + text[1:]


def _option_value_fits(spec: OptionSpec, value: Any) -> bool:
    """True when a remembered ``value`` is still a valid setting of option ``spec``."""
    if spec.kind == "bool":
        return isinstance(value, bool)
    if spec.kind == "choice":
        return value in spec.choices
    if spec.kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, str)


class NewGameScene(GuiScene):
    """The match set-up form; Start hands a :class:`MatchConfig` to ``launch.start_match``."""

    heading = "New game"
    seat_kinds: tuple[str, ...] = SEAT_KINDS  # who may sit in a seat (Host a table: Open too)
    seat_labels: dict[str, str] = SEAT_KIND_LABELS
    seat_help: str = LEVELS_HELP
    ask_seed = True  # an online table's deal is the server's own
    start_label = "Start"

    def __init__(self, app: AppContext, game_id: str | None = None) -> None:
        super().__init__(app)
        self.asked = game_id
        self.games: dict[str, Game] | None = None  # read on the first frame if not known yet
        self.game_id: str | None = game_id
        self.seats: list[SeatConfig] = [
            SeatConfig.chosen(HUMAN if i == 0 else AI_NORMAL, DEFAULT_NAMES[i % len(DEFAULT_NAMES)])
            for i in range(12)
        ]
        self.players = 0
        self.options: dict[str, Any] = {}
        self.seed_text = ""
        self._widgets: dict[Any, tuple[str, Any]] = {}
        self._last: dict[str, Any] = {}
        self._texts: list[tuple[str, str, pygame.Rect, Any]] = []  # built after a frame
        self.summary_box: Any = None
        self.help_boxes: dict[str, Any] = {}
        self._form_shown = False  # the seats and options come a frame after the first
        if catalog.ready():
            self._read_games()

    def _read_games(self) -> None:
        """The games offered, and the set-up as last left."""
        self.games = dict(catalog.games())
        ids = list(self.games)
        asked = self.asked
        self.game_id = asked if asked in self.games else (ids[0] if ids else None)
        self._restore(asked)
        if self.game_id:
            self._select_game(self.game_id)

    def _games_read(self) -> None:
        """Fill: the registry read (the first visit), the form built again with the games."""
        self._read_games()
        self.rebuild()

    # --- the set-up as last left (in the settings) ----------------------------------------
    def _restore(self, game_id: str | None) -> None:
        """Seats, game, player counts and options as the last match was started."""
        last = getattr(getattr(self.app, "settings", None), "last_setup", None)
        if not isinstance(last, dict):
            return
        self._last = last
        if game_id is None and last.get("game") in (self.games or {}):
            self.game_id = last["game"]
        seats = last.get("seats")
        for i, seat in enumerate(seats[: len(self.seats)] if isinstance(seats, list) else []):
            if (
                isinstance(seat, list)
                and len(seat) == 2
                and seat[0] in self.seat_kinds
                and isinstance(seat[1], str)
            ):
                self.seats[i] = SeatConfig.chosen(seat[0], text_gate.clean(seat[1])[:MAX_NAME])

    def _remembered(self, what: str, game_id: str) -> Any:
        value = self._last.get(what)
        return value.get(game_id) if isinstance(value, dict) else None

    def _remember(self, options: dict[str, Any]) -> None:
        """Keep this set-up (``options`` resolved) for the next New game, in the settings."""
        settings = getattr(self.app, "settings", None)
        if settings is None or not hasattr(settings, "last_setup") or self.game_id is None:
            return
        last = dict(settings.last_setup or {})
        last["game"] = self.game_id
        last["seats"] = [[s.choice, s.name] for s in self.seats]
        for what, value in (("players", self.players), ("options", dict(options))):
            per_game = dict(last.get(what) or {}) if isinstance(last.get(what), dict) else {}
            per_game[self.game_id] = value
            last[what] = per_game
        settings.last_setup = last
        try:
            save_settings(settings)
        except OSError as e:  # the match still starts; only the memory is lost
            log.warning("could not save the set-up: %s", e)

    # --- model ---------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The chosen game."""
        return (self.games or {}).get(self.game_id) if self.game_id else None

    def _select_game(self, game_id: str) -> None:
        self.game_id = game_id
        info = (self.games or {})[game_id].info
        players = self._remembered("players", game_id)
        players = players if isinstance(players, int) else self.players or 2
        self.players = min(info.max_players, max(info.min_players, players))
        self.options = {o.key: o.default for o in info.options}
        kept = self._remembered("options", game_id)
        for spec in info.options if isinstance(kept, dict) else ():
            value = kept.get(spec.key)
            if _option_value_fits(spec, value):
                self.options[spec.key] = value

    def set_players(self, n: int) -> None:
        """Change the number of seats within the game's range."""
        if self.game is None:
            return
        info = self.game.info
        n = min(info.max_players, max(info.min_players, n))
        if n != self.players:
            self.players = n
            self.rebuild()

    def config(self) -> MatchConfig:
        """The match as chosen; raises ``ValueError`` with a reason when something is wrong."""
        game = self.game
        if game is None:
            raise ValueError("No game is installed.")
        options = game.info.resolve_options(self.options)
        seed_text = self.seed_text.strip()
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise ValueError(f"The seed must be a whole number, not {seed_text!r}.") from None
        seats = [replace(s, name=s.name.strip()) for s in self.seats[: self.players]]
        for i, seat in enumerate(seats):
            why = text_gate.problem(seat.name)
            if why:
                raise ValueError(f"The name of seat {i + 1} cannot be used: {why}.")
        return MatchConfig(game.info.id, seats, options, seed)

    def checked(self, make: Callable[[], T]) -> T | None:
        """``make()``, or None after showing why the set-up cannot be used (its ValueError)."""
        try:
            return make()
        except ValueError as e:
            self.app.show_message("Check the set-up", str(e))
            return None

    def start(self) -> None:
        """Start: build the config and hand it to the table."""
        config = self.checked(self.config)
        if config is None:
            return
        self._remember(config.options)
        from tabletop.ui.scenes.unfinished import before_new_match

        before_new_match(
            self.app,
            lambda: attempt(
                self.app, "Cannot start the match", lambda: launch.start_match(self.app, config)
            ),
        )

    # --- widgets --------------------------------------------------------------------------
    def build(self) -> None:
        """Game column on the left, seats and options on the right, Back / Start below."""
        self._widgets = {}
        self.help_boxes = {}
        self.summary_box = None
        self._texts = []
        grow = min(1.5, fonts.text_scale())  # the buttons under the form grow with the text
        area = self.content_rect(width=1120, bottom=96 + 46 * (grow - 1))
        gap = self.px(28)
        left = pygame.Rect(area.x, area.y, round(area.w * 0.4), area.h)
        right = pygame.Rect(left.right + gap, area.y, area.right - left.right - gap, area.h)
        row = self.tx(40)
        _w, h = self.app.size
        bw, bh = self.tx(180), self.px(46 * grow)
        by = h - self.px(44) - bh

        def back_and_start() -> None:  # last in the keyboard order
            self.button(pygame.Rect(area.x, by, bw, bh), "Back", self.back)
            self.default_button = self.button(
                pygame.Rect(area.right - bw, by, bw, bh),
                self.start_label,
                self.start,
                object_id="#primary_button",
                enabled=self.game is not None,
            )

        if self.games is None:  # the first visit: the games are read after a first frame
            back_and_start()
            self.later(self._games_read)
            return
        if self.game is None:
            self.label(
                pygame.Rect(left.x, left.y, area.w, row),
                "No games are installed in this copy of Tabletop.",
            )
            back_and_start()
            return
        info = self.game.info
        # Left: game, summary, players.
        self.label(pygame.Rect(left.x, left.y, left.w, self.tx(30)), "Game", object_id="@section")
        games = self.games
        names = [(g.info.name, gid) for gid, g in games.items()]
        current = (info.name, info.id)
        self.game_menu = pygame_gui.elements.UIDropDownMenu(
            names,
            current,
            pygame.Rect(left.x, left.y + self.tx(32), left.w, row),
            manager=self.ui,
        )
        self._widgets[self.game_menu] = ("game", None)
        self._menu_keys(self.game_menu, "game", None, list(games), info.id)
        y = left.y + self.tx(32) + row + self.px(18)
        self.label(pygame.Rect(left.x, y, left.w, self.tx(30)), "Players", object_id="@section")
        y += self.tx(32)
        small = self.tx(44)
        self.minus_button = self.button(
            pygame.Rect(left.x, y, small, row),
            "−",
            lambda: self.set_players(self.players - 1),
            enabled=self.players > info.min_players,
        )
        self.players_label = self.label(
            pygame.Rect(left.x + small + self.px(8), y, self.tx(150), row),
            f"{self.players}  (of {info.min_players}–{info.max_players})",
            object_id="@value",
        )
        self.plus_button = self.button(
            pygame.Rect(left.x + small + self.px(16) + self.tx(150), y, small, row),
            "+",
            lambda: self.set_players(self.players + 1),
            enabled=self.players < info.max_players,
        )
        y += row + self.px(18)
        self.label(pygame.Rect(left.x, y, left.w, self.tx(30)), "About", object_id="@section")
        y += self.tx(32)
        summary = self._summary(self.game, self.options)
        about = pygame.Rect(left.x, y, left.w, left.bottom - y)
        self._texts.append(("", esc(summary), about, None))
        self.pending_boxes["about"] = (about, "")
        if self._form_shown:
            self._build_form(right, row)
            back_and_start()
        else:  # the first frame: the game and its players; the seats and options next frame
            back_and_start()
            self.later(lambda: self._form_later(right, row))
        self.later(self._fill_texts, hold=False)

    def _form_later(self, right: pygame.Rect, row: int) -> None:
        """Fill: the seats and options column, first shown a frame after the rest (in the
        keyboard order before Back and Start)."""
        self._form_shown = True
        tail = self._order[-2:]
        del self._order[-2:]
        self._build_form(right, row)
        self._order.extend(tail)
        self.ui.update(0.0)

    def _build_form(self, right: pygame.Rect, row: int) -> None:
        """The right column: a scrolling form with the seats, the options and the seed."""
        info = self.game.info if self.game is not None else None
        assert info is not None
        self.form = pygame_gui.elements.UIScrollingContainer(
            right, manager=self.ui, allow_scroll_x=False
        )
        inner_w = right.w - self.px(24)
        y = 0
        y = self._form_heading("Seats", y, inner_w)
        kind_w = self.tx(170)
        for i in range(self.players):
            seat = self.seats[i]
            self.label(
                pygame.Rect(0, y, self.px(36), row),
                f"{i + 1}.",
                container=self.form,
                object_id="@value",
            )
            kinds = [(self.seat_labels[k], k) for k in self.seat_kinds]
            menu = pygame_gui.elements.UIDropDownMenu(
                kinds,
                (self.seat_labels[seat.choice], seat.choice),
                pygame.Rect(self.px(36), y, kind_w, row),
                manager=self.ui,
                container=self.form,
            )
            self._widgets[menu] = ("seat_kind", i)
            self._menu_keys(menu, "seat_kind", i, list(self.seat_kinds), seat.choice)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(
                    self.px(36) + kind_w + self.px(10), y, inner_w - kind_w - self.px(46), row
                ),
                manager=self.ui,
                container=self.form,
                initial_text=seat.name,
                placeholder_text=self.name_placeholder(i, seat),
            )
            entry.set_text_length_limit(MAX_NAME)
            if not self.seat_named(seat):
                entry.disable()
            self._widgets[entry] = ("seat_name", i)
            self.entry_keys(entry)
            y += row + self.px(8)
        y = self._help_box("seat_kinds", self.seat_help, y - self.px(6), inner_w)
        if info.options:
            y = self._form_heading("Options", y + self.px(12), inner_w)
            for spec in info.options:
                y = self._option_row(spec, y, inner_w, row) + self.px(8)
        if self.ask_seed:
            y = self._seed_row(y, inner_w, row)
        self.form.set_scrollable_area_dimensions((inner_w, y))

    def _fill_texts(self) -> None:
        """Fill: the About text and the small print under the seats and options, laid out
        after the form has been shown (their room was kept in the form)."""
        for key, html_text, rect, container in self._texts:
            if not key:
                self.summary_box = self.text_box(html_text, rect)
                continue
            self.help_boxes[key] = pygame_gui.elements.UITextBox(
                html_text, rect, manager=self.ui, container=container, object_id="#option_help"
            )
        self._texts = []
        self.pending_boxes.pop("about", None)
        self.ui.update(0.0)

    def _form_heading(self, title: str, y: int, inner_w: int) -> int:
        """A section heading of the right column's form at ``y``; returns the y below it."""
        self.label(
            pygame.Rect(0, y, inner_w, self.tx(30)),
            title,
            container=self.form,
            object_id="@section",
        )
        return y + self.tx(34)

    def _seed_row(self, y: int, inner_w: int, row: int) -> int:
        """The seed's heading, entry and note; returns the y below them."""
        y = self._form_heading("Seed", y + self.px(12), inner_w)
        seed = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(0, y, self.px(220), row),
            manager=self.ui,
            container=self.form,
            initial_text=self.seed_text,
            placeholder_text="(random)",
        )
        seed.set_allowed_characters("numbers")
        seed.set_text_length_limit(12)
        self._widgets[seed] = ("seed", None)
        self.entry_keys(seed)
        self.label(
            pygame.Rect(self.px(232), y, inner_w - self.px(232), row),
            "same seed, same deal",
            container=self.form,
            object_id="@subtle",
        )
        return y + row + self.px(12)

    def name_placeholder(self, i: int, seat: SeatConfig) -> str:
        """What an empty name entry shows."""
        return f"Player {i + 1}"

    def seat_named(self, seat: SeatConfig) -> bool:
        """Whether a seat's name is typed here (every seat of a local game)."""
        return True

    def _option_row(self, spec: OptionSpec, y: int, width: int, row: int) -> int:
        """The option's label and control, then its help in small print under them."""
        y = self._option_control(spec, y, width, row)
        return self._help_box(spec.key, spec.help, y, width) if spec.help else y

    def _help_box(self, key: str, text: str, y: int, width: int) -> int:
        """``text`` in small print from ``y`` across ``width``; returns the y below it."""
        size = self.px(TYPE_SIZES["small"])
        lines = typeset.lines(text, fonts.font("body", size), width - self.px(8))
        height = len(lines) * fonts.font("body", size).get_linesize() + self.px(10)
        rect = pygame.Rect(0, y + self.px(2), width, height)
        self._texts.append((key, esc(text), rect, self.form))
        return y + self.px(2) + height

    def _option_control(self, spec: OptionSpec, y: int, width: int, row: int) -> int:
        label_w = round(width * 0.45)
        body = fonts.font("body", self.px(TYPE_SIZES["body"]))
        if body.size(spec.label)[0] > label_w:  # too long beside its control: above it
            label_w = width
            self.label(pygame.Rect(0, y, width, row), spec.label, container=self.form)
            y += row
            rect = pygame.Rect(self.px(10), y, width - self.px(10), row)
        else:
            self.label(pygame.Rect(0, y, label_w, row), spec.label, container=self.form)
            rect = pygame.Rect(label_w + self.px(10), y, width - label_w - self.px(10), row)
        value = self.options.get(spec.key, spec.default)
        tip = spec.help or None
        if spec.kind == "bool":
            on = bool(value)
            b = self.button(
                rect,
                "Yes" if on else "No",
                lambda k=spec.key: self.toggle_option(k),
                object_id="#toggle_on" if on else None,
                container=self.form,
                tooltip=tip,
            )
            self._widgets[b] = ("option", spec.key)
        elif spec.kind == "choice" and spec.choices:
            choices = [(_shown(c), str(i)) for i, c in enumerate(spec.choices)]
            index = spec.choices.index(value) if value in spec.choices else 0
            menu = pygame_gui.elements.UIDropDownMenu(
                choices, choices[index], rect, manager=self.ui, container=self.form
            )
            self._widgets[menu] = ("option", spec.key)
            ids = [str(i) for i in range(len(spec.choices))]
            self._menu_keys(menu, "option", spec.key, ids, str(index))
        else:
            entry = pygame_gui.elements.UITextEntryLine(
                rect, manager=self.ui, container=self.form, initial_text=str(value)
            )
            if spec.kind == "int":
                entry.set_allowed_characters([*"0123456789-"])
            self._widgets[entry] = ("option", spec.key)
            self.entry_keys(entry)
        return y + row

    @staticmethod
    def _summary(game: Game, options: dict[str, Any] | None = None) -> str:
        """The About box: players, the rules summary with its figures filled in for the
        form's options (as the in-app rules show them), the designer."""
        info = game.info
        text = info.summary
        if not text:
            try:
                text = catalog.game_data(info.id).game.summary
            except Exception as e:  # a broken data file: say so instead of failing
                text = f"(rules text unavailable: {e})"
        with contextlib.suppress(ValueError, KeyError):  # refused options: text as written
            text = game.rules_text(text, options)
        by = f"\n\nDesigned by {info.designer}." if info.designer else ""
        return f"{info.min_players}–{info.max_players} players.\n\n{text.strip()}{by}"

    def _show_game_at_once(self) -> None:
        """On the event that picks another game: its player range and −/+ now, the old
        game's seats, options and About hidden until the form is built for the new one."""
        game = self.game
        if game is None or getattr(self, "players_label", None) is None:
            return
        info = game.info
        self.players_label.set_text(f"{self.players}  (of {info.min_players}–{info.max_players})")
        for button, ok in (
            (self.minus_button, self.players > info.min_players),
            (self.plus_button, self.players < info.max_players),
        ):
            button.enable() if ok else button.disable()
        self._texts = []  # the old game's About and help are not filled in now
        if self.summary_box is not None:
            self.pending_boxes["about"] = (self.summary_box.rect, "")
        for part in (self.summary_box, getattr(self, "form", None)):
            if part is not None:
                part.hide()

    def toggle_option(self, key: str) -> None:
        """Flip a yes/no option."""
        self.options[key] = not bool(self.options.get(key))
        self.rebuild()

    def _choose(self, what: str, key: Any, chosen: str) -> bool:
        """A drop-down's new value into the model; True when the form was rebuilt."""
        if what == "game" and chosen != self.game_id:
            self._select_game(chosen)
            self._show_game_at_once()
            self.later(self.rebuild)  # the seats, options and About for it, a frame later
            return True
        if what == "seat_kind":
            self.seats[key] = SeatConfig.chosen(chosen, self.seats[key].name)
        elif what == "option" and self.game is not None:
            spec = next(o for o in self.game.info.options if o.key == key)
            self.options[key] = spec.choices[int(chosen)]
        return False

    def _menu_keys(self, menu: Any, what: str, key: Any, ids: list[str], current: str) -> None:
        def pick(chosen: str) -> None:  # by keyboard: the menu shows it after a rebuild
            if not self._choose(what, key, chosen):
                self.rebuild()

        self.menu_keys(menu, ids, current, pick)

    def set_focus(self, index: int) -> None:
        """Focus a control, scrolling the form so that it shows."""
        super().set_focus(index)
        target = self._order[index]
        element = getattr(target, "menu", None) or getattr(target, "entry", None) or target
        form = getattr(self, "form", None)
        bar = getattr(form, "vert_scroll_bar", None)
        if bar is None or getattr(element, "ui_container", None) is not form.get_container():
            return
        total = max(1, form.scrolling_height)
        top, view = element.relative_rect.y, form.rect.h
        shown = bar.start_percentage * total
        if top < shown or top + element.relative_rect.h > shown + view:
            bar.set_scroll_from_start_percentage(max(0.0, top - view / 3) / total)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """Drop-downs and text entries write into the model."""
        role = self._widgets.get(getattr(event, "ui_element", None))
        if role is None:
            return
        what, key = role
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._choose(what, key, event.selected_option_id)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if what == "seat_name":
                self.seats[key] = replace(self.seats[key], name=event.text)
            elif what == "seed":
                self.seed_text = event.text
            elif what == "option":
                self.options[key] = event.text
