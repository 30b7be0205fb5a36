"""The table scene: draws one seat's view, turns legal actions into drags, clicks and buttons.

Nothing here knows a game: zones come from layout.yaml, cards from the view, what may be
moved where from the legal actions' gestures, and the story from the events.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pygame

from tabletop.controller import AiWorker, Match
from tabletop.controller.ai_seats import shared_worker
from tabletop.controller.game_data import game_data
from tabletop.engine import IMPERFECT, Action, Event
from tabletop.ui import narration, sound
from tabletop.ui.cards import CardArt
from tabletop.ui.scene import Scene
from tabletop.ui.table import model, paint
from tabletop.ui.table.commands import Commands
from tabletop.ui.table.controller import TableController
from tabletop.ui.table.cues import anim_factor, flights, move_sound, setting
from tabletop.ui.table.drawn import Drawn
from tabletop.ui.table.interaction import Dragging, Interaction
from tabletop.ui.table.keyboard import KeyboardInput
from tabletop.ui.table.layout import TableLayout
from tabletop.ui.table.model import Sprite
from tabletop.ui.table.online import OnlineTable
from tabletop.ui.table.paint import HOVER_DELAY
from tabletop.ui.table.pointer import PointerInput
from tabletop.ui.table.widgets import Button
from tabletop.ui.theme import palette, px, scale_factor

__all__ = ["HOVER_DELAY", "Sprite", "TableScene"]


class _Forward:
    """A member of the scene read from one of its parts (``scene.X`` is ``scene.<part>.X``);
    the scene never writes it: the part's own methods change it."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, scene: Any, owner: type | None = None) -> Any:
        return self if scene is None else getattr(getattr(scene, self.part), self.name)

    def __set__(self, scene: Any, value: Any) -> None:
        raise AttributeError(f"{self.name} belongs to a part of the table (scene.{self.part})")


class TableScene(PointerInput, KeyboardInput, Commands, Scene):
    """A match at the table (see the module docstring).

    It holds its parts: the model (``placed``, ``moves``), the interaction
    (``interaction``), the painter's record (``drawn``, written by ``paint``), the
    controller (``ctl``: the match-facing state, changed through its methods) and the
    online part (``net``: a match played on a server followed).  Pointer and keyboard
    input and the panel's commands are mixins in ``pointer``, ``keyboard`` and
    ``commands``; this class builds the table, lays it out, refreshes it from the match,
    applies moves, steps it per frame and draws it.
    """

    seat_mark = "  (you)"  # on the plate of the seat whose cards are shown
    addresses_seat = True  # the log calls the shown seat's things "your ..."

    def __init__(
        self,
        app: Any,
        match: Match,
        data: Any = None,
        *,
        worker: AiWorker | None = None,
        watch_delay: float = 0.5,
        guide: bool = False,
    ) -> None:
        super().__init__(app)
        if data is None:
            data = game_data(match.game)
        self.match = match
        self.data = data
        self.pal = getattr(app, "palette", None) or palette(
            bool(setting(app, "colour_safe", False))
        )
        self.art = CardArt.shared(data, self.pal)
        worker = worker or shared_worker()
        worker.prepare(match.game)  # a warm process before the first AI turn or hint
        self.ctl = TableController(
            match, worker, channel=id(self), watch_delay=watch_delay, guide=guide
        )
        local = getattr(match, "local_humans", None)  # a remote match: this computer's seats
        self.humans = (
            list(local())
            if callable(local)
            else [i for i, s in enumerate(match.seats) if not s.is_ai]
        )
        self.imperfect = match.game.info.information == IMPERFECT
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.interaction = Interaction()  # the hand (pressed, dragged, ...) and the cover
        if self.imperfect and len(self.humans) > 1 and not match.is_over():
            first = next((s for s in match.to_act() if s in self.humans), self.humans[0])
            self.viewer = first
            self.interaction.hand_over(first)
        self.size = tuple(app.size)
        self.placed = model.Placement()  # the model, rebuilt by refresh: the cards' places
        self.moves = model.Gestures()  # and the legal actions by gesture
        self.drawn = Drawn()  # the painter's caches and record (drawing writes nothing else)
        self.net = OnlineTable(self)  # a match on a server: what arrives, the chat line
        self._relayout()
        self.refresh()

    # ------------------------------------------------------------------ the controller
    watch_delay = _Forward("ctl")
    token = _Forward("ctl")
    hint = _Forward("ctl")
    hint_pending = _Forward("ctl")
    hint_reason = _Forward("ctl")
    focus = _Forward("ctl")
    paused = _Forward("ctl")
    fast = _Forward("ctl")
    ai_wait = _Forward("ctl")
    tweens = _Forward("ctl")
    ghosts = _Forward("ctl")
    toast = _Forward("ctl")
    toast_t = _Forward("ctl")
    story = _Forward("ctl")
    banners = _Forward("ctl")
    banner_t = _Forward("ctl")
    log_scroll = _Forward("ctl")
    final_focus = _Forward("ctl")
    guide_on = _Forward("ctl")
    thinking = _Forward("ctl")

    @property
    def worker(self) -> Any:
        """The AI worker the table asks (it answers on the scene's id)."""
        return self.ctl.worker

    @worker.setter
    def worker(self, worker: Any) -> None:
        self.ctl.use_worker(worker)

    @property
    def final_t(self) -> float:
        """The final scoring's clock (-1: not shown)."""
        return self.ctl.final_t

    @final_t.setter
    def final_t(self, value: float) -> None:  # the replay keeps the final scoring away
        if value >= 0:
            raise AttributeError("final_t runs on the controller's clock (scene.ctl)")
        self.ctl.hide_final()

    # ------------------------------------------------------------------ online
    online = _Forward("net")  # True when the match is played on a server
    chat_open = _Forward("net")  # the chat line is open (T)

    @property
    def net_stamp(self) -> int:
        """Bumped when something the chrome shows arrived from the server (seats, chat)."""
        return self.net.stamp

    def _typing(self) -> bool:
        """True while the chat line takes the keys (the app then leaves "?" to it)."""
        return self.net.chat_open

    def handle_event(self, event: pygame.event.Event) -> None:
        """The open chat line takes the keys; everything else goes to the table."""
        if not self.net.chat_event(event):
            super().handle_event(event)

    def log_to_end(self) -> None:
        """The log shows its newest lines."""
        self.ctl.log_to_end()

    # ------------------------------------------------------------------ the model
    # ``placed`` (every card of the view in its place) and ``moves`` (the legal actions by
    # gesture) are rebuilt by :meth:`refresh`; these read them.
    sprites = _Forward("placed")  # the cards as drawn, bottom first
    by_uid = _Forward("placed")  # the cards that have a uid, by it
    captions = _Forward("placed")  # words under stacks: text, midtop, width
    zone_counts = _Forward("placed")  # how many cards each zone of the view holds
    drags = _Forward("moves")  # legal drags: card uid → actions
    clicks = _Forward("moves")  # legal clicks: target → actions
    presses = _Forward("moves")  # legal buttons: label → actions

    # ------------------------------------------------------------------ the interaction
    dragging = _Forward("interaction")  # the card in hand

    @property
    def drag_offset(self) -> tuple[int, int]:
        """Where the card in hand is drawn, from the pointer."""
        hand = self.interaction.hand
        return hand.offset if isinstance(hand, Dragging) else (0, 0)

    selected = _Forward("interaction")  # the card selected for click-then-click

    @property
    def chooser(self) -> tuple[Button, ...]:
        """The open chooser's options (none when it is closed)."""
        ch = self.interaction.chooser
        return ch.options if ch is not None else ()

    @property
    def chooser_pick(self) -> int:
        """The option Enter takes in the open chooser (-1: none open)."""
        ch = self.interaction.chooser
        return ch.pick if ch is not None else -1

    @property
    def chooser_typed(self) -> str:
        """What was typed to find an option of the open chooser."""
        ch = self.interaction.chooser
        return ch.typed if ch is not None else ""

    zoom = _Forward("interaction")  # the card shown large
    privacy = _Forward("interaction")  # the seat the hand-over screen waits for

    # ------------------------------------------------------------------ what was drawn
    final_button = _Forward("drawn")  # the Continue button under the final scoring, once drawn
    keys_hint_rect = _Forward("drawn")  # where "F1 Keys" was drawn over the log
    labels = _Forward("drawn")  # zone labels as drawn: zone id → (words, rect)
    plate_rects = _Forward("drawn")  # seat name plates as drawn

    @property
    def _static(self) -> pygame.Surface | None:
        return self.drawn.static

    @_static.setter
    def _static(self, value: pygame.Surface | None) -> None:  # tests: draw afresh
        self.drawn.static = value

    # ------------------------------------------------------------------ geometry
    def _relayout(self) -> None:
        w, h = self.size
        self.s = scale_factor(h)
        self.art.set_scale(self.s)
        self.side_w = max(px(250, h), int(w * 0.22))
        self.top_h = px(34, h)
        self.table_rect = pygame.Rect(0, self.top_h, w - self.side_w, h - self.top_h)
        self.side_rect = pygame.Rect(w - self.side_w, 0, self.side_w, h)
        inset = px(10, h)
        self.felt_rect = self.table_rect.inflate(-2 * inset, -2 * inset)
        # a layout that leaves its right part free for the panel gets the full width
        used = self._used_width()
        if used < 0.999:
            width = min(w - 2 * inset, int((self.side_rect.x - inset) / used))
            self.felt_rect.w = max(self.felt_rect.w, width)
        self.layout: TableLayout | None = None
        self._bottom: int | None = None
        self.drawn.static = None

    def _used_width(self) -> float:
        """How far right (as a fraction of the table) the layout places anything."""
        lay = self.data.layout
        rights = [z.rect[0] + z.rect[2] for z in lay.zones if z.owner != "seat"]
        for rects in lay.seat_areas.values():
            rights += [r[0] + r[2] for r in rects]
        return max([0.3, *rights])

    def _ensure_layout(self) -> None:
        bottom = self.viewer if self.viewer is not None else 0
        if self.layout is None or self._bottom != bottom:
            self._bottom = bottom
            scale = setting(self.app, "card_scale", 1.0)
            h = self.size[1]
            self.layout = TableLayout(
                self.data.layout, self.match.players, bottom, self.felt_rect,
                px(15, h), scale if isinstance(scale, int | float) else 1.0, px(17, h),
            )  # fmt: skip
            self.drawn.static = None

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild geometry for a new window size."""
        self.size = tuple(size)
        self._relayout()
        self.refresh()

    # ------------------------------------------------------------------ state → screen
    @property
    def shown(self) -> int | None:
        """The seat whose view is drawn (``None`` while the privacy screen is up)."""
        return None if self.privacy is not None else self.viewer

    def _choose_viewer(self) -> None:
        if not self.humans:
            self.viewer = None
            return
        deciding = [s for s in self.match.to_act() if s in self.humans]
        if not deciding or self.viewer in deciding:
            return
        nxt = deciding[0]
        if nxt != self.viewer and self.imperfect and len(self.humans) > 1:
            self.interaction.hand_over(nxt)  # empties the hand, closes a large card
            self.ctl.still()  # a flying card of the last seat must not show its face
        self.viewer = nxt

    def refresh(self) -> None:
        """Recompute view, legal actions and card placements after any change."""
        self._choose_viewer()
        self._ensure_layout()
        shown = self.shown
        self.view = self.match.view(shown)
        m = self.match
        can_act = (
            shown is not None
            and shown in m.to_act()
            and not m.seats[shown].is_ai
            and not m.is_over()
            and getattr(m, "connected", True)  # an online table offers nothing while away
        )
        self.legal = m.legal(shown) if can_act else []
        if self.ctl.turn_now(can_act):
            self.cue("turn")
        self.moves = model.gestures(self.legal)
        if not hasattr(self, "_names_re"):
            self._learn_names()
        self._place_cards()
        self.ctl.read_story(self.shown)
        self._rebind()
        self._build_buttons()
        self.ctl.keep_focus(len(self.legal))
        self._hover_at(self.mouse)  # the card under a still pointer may have changed

    def _place_cards(self) -> None:
        assert self.layout is not None
        self.placed = model.place(self.view, self.layout)

    def _rebind(self) -> None:
        """Keep a card in hand only if it may still be moved after the change."""
        self.interaction.rebind(
            lambda sp: self.by_uid.get(sp.uid) if sp.uid and sp.uid in self.drags else None
        )

    def _learn_names(self) -> None:
        """The game's seat names in the view → the players' names (once, at the first view)."""
        pairs = {}
        for i, info in enumerate(self.view.get("seats", ())):
            shown = str(info.get("name", "")) if isinstance(info, Mapping) else ""
            if shown and i < self.match.players and shown != self.match.seats[i].name:
                pairs[shown] = self.match.seats[i].name
        self._names = pairs
        self._names_re = (
            re.compile(r"\b(" + "|".join(map(re.escape, pairs)) + r")\b") if pairs else None
        )

    def names_in(self, text: str) -> str:
        """Game text with the game's seat names ("Player 2") replaced by the players' names."""
        if not hasattr(self, "_names_re"):
            self._learn_names()
        if self._names_re is None:
            return text
        return self._names_re.sub(lambda mt: self._names[mt.group(1)], text)

    def target_rect(self, target: str | None) -> pygame.Rect | None:
        """The screen rect of a gesture target (a card uid or a zone id)."""
        assert self.layout is not None
        return self.placed.target_rect(target, self.layout)

    def stack_of(self, uid: str) -> list[Sprite]:
        """The cards of the stack a card lies in (see :meth:`model.Placement.stack_of`)."""
        return self.placed.stack_of(uid, self.layout)

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action: Action, from_rect: pygame.Rect | None = None) -> bool:
        """Apply an action for a seat with animation; show the engine's reason if refused."""
        from tabletop.engine import IllegalAction

        old, old_zone_slots = self._before_move()
        if from_rect is not None and action.gesture.card:
            old[action.gesture.card] = from_rect
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as e:
            self.show_toast(e.reason)
            self.cue("refuse")
            return False
        if events is None:  # sent to the server: it animates when the table answers
            self.net.sent(action.gesture.card if from_rect else None, from_rect)
            self.refresh()
            return True
        self.cue(self._move_sound(events, action.gesture.card if from_rect else None))
        self._after_change(own=seat == self.shown, mover=seat)  # may chime: the shown seat's turn
        self._animate(old, old_zone_slots, events)
        return True

    def _before_move(self) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]]:
        """Where each card and each zone's next place are now (a move animates from there)."""
        old = {s.uid: s.rect for s in self.sprites if s.uid}
        assert self.layout is not None
        old_zone_slots = {
            zid: self.layout.slots(box, max(1, self.zone_counts.get(zid, 0)))[-1]
            for zid, box in self.layout.zones.items()
        }
        return old, old_zone_slots

    def _after_change(self, own: bool = True, mover: int | None = None) -> None:
        """Recompute after a move; another seat's move keeps what the shown seat is doing
        (and what the AI seats deciding beside ``mover`` are thinking, see ``ai_turns``)."""
        self.ctl.moved(mover)
        focused = self.legal[self.focus] if 0 <= self.focus < len(self.legal) else None
        chooser = self.interaction.settle(own)
        self.ctl.set_focus(-1)
        self.refresh()
        # a secret commit of an AI seat must not close the human's open chooser
        if (
            chooser is not None
            and chooser.seat == self.shown
            and all(b.payload in self.legal for b in chooser.options)
        ):
            self.interaction.reopen(chooser)
        if not own and focused is not None and focused in self.legal:
            self.ctl.set_focus(self.legal.index(focused))

    def scroll_log(self, lines: int) -> None:
        """Show ``lines`` older log lines (newer when negative), within the log drawn last."""
        self.ctl.scroll_log(lines, self.drawn.log_max)

    def show_toast(self, text: str) -> None:
        """A short message over the table (reasons, autosave trouble)."""
        self.ctl.say(text)  # an online drop's reason comes later, in front of the rest
        narration.refused(self, self.toast)

    # ------------------------------------------------------------------ a move's cues
    def cue(self, name: str | None) -> None:
        """Play a sound through the app's player (not while fast-forwarding)."""
        if name and not self.ctl.fast:
            sound.play(self.app, name)

    def skip_banner(self) -> bool:
        """Close the moment's banner on show (the next one follows); False if none."""
        return self.ctl.skip_banner()

    def _move_sound(self, events: list[Event], dropped: str | None) -> str | None:
        return move_sound(self, events, dropped)

    def _animate(
        self, old: dict[str, pygame.Rect], old_slots: dict[str, pygame.Rect], events: list[Event]
    ) -> None:
        speed = anim_factor(self.app)
        if speed <= 0 or self.ctl.fast:
            return
        slides, ghosts = flights(self, speed, old, old_slots, events)
        for key, tween in slides.items():
            self.ctl.slide(key, tween)
        for ghost in ghosts:
            self.ctl.fly(ghost)

    # ------------------------------------------------------------------ the AI seats
    def request_hint(self) -> None:
        """Ask the ``hint`` agent (Hard's search, with its reason) for the shown seat's move."""
        if self.shown is not None and self.legal:
            self.ctl.ask_hint(self.view, self.shown, self.legal)

    def _schedule_ai(self, dt: float) -> None:
        """Play the AI move that is due, or ask the AI seats still to decide."""
        move = self.ctl.ai_move(dt, self.privacy is not None)
        if move is not None:
            self.apply(*move)

    # ------------------------------------------------------------------ per frame
    def update(self, dt: float) -> None:
        """Advance animations, AI turns and the final scoring."""
        dt = max(0.0, min(dt, 0.25))
        self.net.poll()
        self.ctl.tick(dt)
        self._tick_hover(dt)
        self.ctl.take_answers()
        narration.follow(self)
        if self.match.is_over():
            self.ctl.tick_final(dt)
            return
        self._schedule_ai(dt)

    def busy(self) -> bool:
        """Cards sliding, a toast or the final scoring showing, or an AI seat to move."""
        m = self.match
        if self.ctl.moving() or self.net.busy():
            return True
        if m.is_over():
            return self.ctl.revealing()
        return bool(self.ctl.ai or m.ai_to_act())

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Blit the cached static layer, the cards, then the chrome and overlays."""
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.art.drawn.clear()
        paint.frame(self, surface)
        self.net.draw(surface)
