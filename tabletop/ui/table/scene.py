"""The table scene: draws one seat's view, turns legal actions into drags, clicks and buttons.

Nothing here knows a game: zones come from layout.yaml, cards from the view, what may be
moved where from the legal actions' gestures, and the story from the events.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.controller import AiWorker, Match
from tabletop.controller.ai_worker import shared_worker
from tabletop.controller.match import game_data
from tabletop.engine import CLICK, DRAG, IMPERFECT, Action, Event, Gesture, events_for
from tabletop.engine.events import MOVE, REVEAL
from tabletop.ui import keys, sound
from tabletop.ui.cards import CardArt
from tabletop.ui.scene import Scene
from tabletop.ui.table import fonts
from tabletop.ui.table.layout import TableLayout, ZoneBox
from tabletop.ui.table.widgets import Button, Tween
from tabletop.ui.theme import palette, px, scale_factor

HOVER_DELAY = 0.35
TOAST_TIME = 3.5
LOG_PAGE = 5  # log lines PgUp / PgDn scroll
FINAL_REVEAL_TIME = 12.0  # seconds the final scoring keeps revealing rows (0.45 s each)


@dataclass
class Sprite:
    """A card as drawn: its identity (uid may be None when hidden), zone and rect."""

    key: str
    uid: str | None
    card: dict[str, Any]
    zone: str
    rect: pygame.Rect
    turned: bool = False  # lies crosswise (a quarter turn)


def setting(app: Any, name: str, default: Any) -> Any:
    """A value from the app's settings (object or mapping), or ``default``."""
    s = getattr(app, "settings", None)
    if s is None:
        return default
    if isinstance(s, dict):
        return s.get(name, default)
    return getattr(s, name, default)


def anim_factor(app: Any) -> float:
    """The animation speed multiplier from the settings (0 = instant)."""
    value = setting(app, "animation_factor", None)
    if value is None:
        value = setting(app, "animation_speed", 1.0)
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return 1.0


class TableScene(Scene):
    """A match at the table (see the module docstring)."""

    def __init__(
        self,
        app: Any,
        match: Match,
        data: Any = None,
        *,
        worker: AiWorker | None = None,
        watch_delay: float = 0.5,
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
        self.worker = worker or shared_worker()
        self.watch_delay = watch_delay
        self.humans = [i for i, s in enumerate(match.seats) if not s.is_ai]
        self.imperfect = match.game.info.information == IMPERFECT
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.privacy: int | None = None
        if self.imperfect and len(self.humans) > 1 and not match.is_over():
            first = next((s for s in match.to_act() if s in self.humans), self.humans[0])
            self.viewer = first
            self.privacy = first
        self.size = tuple(app.size)
        self.token = 0  # changes whenever the state changes
        self.pending: dict[Any, int] = {}  # AI jobs in flight (or answered) → seat
        self.held: list[tuple[int, Action]] = []  # AI answers waiting to be played
        self.hint: Action | None = None
        self.hint_pending = False
        self.paused = False
        self.step = False
        self.fast = False  # an all-AI game played without pauses or animation (F)
        self.ai_wait = 0.0
        self.toast = ""
        self.toast_t = 0.0
        self.mouse = (0, 0)
        self.hover_key: str | None = None
        self.hover_t = 0.0
        self.press: tuple[Sprite, tuple[int, int]] | None = None
        self.dragging: Sprite | None = None
        self.drag_offset = (0, 0)
        self.selected: Sprite | None = None
        self.tweens: dict[str, Tween] = {}
        self.ghosts: list[Tween] = []
        self.chooser: list[Button] = []
        self.chooser_seat: int | None = None
        self.zoom: dict[str, Any] | None = None
        self.focus = -1
        self.log_scroll = 0
        self.final_t = -1.0
        self.final_button: Button | None = None
        self.results_opened = False
        self.buttons: list[Button] = []
        self.frames = 0
        self._static: pygame.Surface | None = None
        self._bg: pygame.Surface | None = None
        self._bg_key: Any = None
        self._log_cache: tuple[Any, list[pygame.Surface]] | None = None
        self.labels: dict[str, tuple[str, pygame.Rect]] = {}  # zone labels as drawn
        self.my_turn: bool | None = None  # the shown human seat may act (None: not known yet)
        self.plate_rects: dict[int, pygame.Rect] = {}  # seat name plates as drawn
        self.keys_hint_rect: pygame.Rect | None = None  # "F1 Keys" over the log: opens the sheet
        self._relayout()
        self.refresh()

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
        self._static = None

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
            self._static = None

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
            self.privacy = nxt
            self.ghosts.clear()  # a flying card of the last seat must not show its face
            self.tweens.clear()
            self.zoom = None
            self.selected = self.dragging = self.press = None
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
        )
        self.legal = m.legal(shown) if can_act else []
        if can_act and self.my_turn is False:
            self.cue("turn")
        self.my_turn = can_act
        self.drags: dict[str, list[Action]] = {}
        self.clicks: dict[str, list[Action]] = {}
        self.presses: dict[str, list[Action]] = {}
        for a in self.legal:
            g = a.gesture
            if g.kind == DRAG and g.card:
                self.drags.setdefault(g.card, []).append(a)
            elif g.kind == CLICK and g.target:
                self.clicks.setdefault(g.target, []).append(a)
            else:
                self.presses.setdefault(g.label or a.text, []).append(a)
        self._place_cards()
        self._rebind()
        self._build_buttons()
        if self.focus >= len(self.legal):
            self.focus = -1
        self._hover_at(self.mouse)  # the card under a still pointer may have changed

    def _place_cards(self) -> None:
        assert self.layout is not None
        self.sprites: list[Sprite] = []
        self.by_uid: dict[str, Sprite] = {}
        self.captions: list[tuple[str, tuple[int, int], int]] = []  # text, midtop, width
        zones = self.view.get("zones", {})
        for zid, box in self.layout.zones.items():
            cards = zones.get(zid, {}).get("cards", [])
            placed = []
            for i, (card, slot) in enumerate(
                zip(cards, self.layout.place(box, cards), strict=True)
            ):
                uid = card.get("uid")
                sp = Sprite(uid or f"{zid}#{i}", uid, card, zid, slot.rect, slot.turned)
                placed.append((slot.layer, sp))
                if uid:
                    self.by_uid[uid] = sp
                if slot.caption:
                    self.captions.append((slot.caption, slot.caption_at, box.card_w))
            placed.sort(key=lambda p: p[0])  # stable: the view's order within a layer
            self.sprites += [sp for _, sp in placed]
        self.zone_counts = {zid: len(z.get("cards", [])) for zid, z in zones.items()}
        self._rects_top_first = [sp.rect for sp in reversed(self.sprites)]

    def _rebind(self) -> None:
        """Keep a card in hand only if it may still be moved after the change."""
        for name in ("dragging", "selected"):
            sp = getattr(self, name, None)
            if sp is not None:
                setattr(self, name, self.by_uid.get(sp.uid) if sp.uid in self.drags else None)
        press = getattr(self, "press", None)
        if press is not None:
            sp = self.by_uid.get(press[0].uid or "") if press[0].uid in self.drags else None
            self.press = (sp, press[1]) if sp is not None else None

    def names_in(self, text: str) -> str:
        """Game text with the game's seat names ("Player 2") replaced by the players' names."""
        if not hasattr(self, "_names_re"):
            pairs = {}
            for i, info in enumerate(self.view.get("seats", [])):
                shown = str(info.get("name", "")) if isinstance(info, dict) else ""
                if shown and i < self.match.players and shown != self.match.seats[i].name:
                    pairs[shown] = self.match.seats[i].name
            self._names = pairs
            self._names_re = (
                re.compile(r"\b(" + "|".join(map(re.escape, pairs)) + r")\b") if pairs else None
            )
        if self._names_re is None:
            return text
        return self._names_re.sub(lambda mt: self._names[mt.group(1)], text)

    def target_rect(self, target: str | None) -> pygame.Rect | None:
        """The screen rect of a gesture target (a card uid or a zone id)."""
        if target is None:
            return None
        if target in self.by_uid:
            return self.by_uid[target].rect
        assert self.layout is not None
        box = self.layout.zones.get(target)
        return box.rect if box else None

    def _build_buttons(self) -> None:
        h = self.size[1]
        pad = px(8, h)
        x = self.side_rect.x + pad
        w = self.side_rect.w - 2 * pad
        bh = px(30, h)
        y = self._actions_top()
        self.buttons = []
        for label, acts in self.presses.items():
            self.buttons.append(
                Button(pygame.Rect(x, y, w, bh), self.names_in(label), ("act", acts))
            )
            y += bh + pad // 2
        small = [
            ("Undo", "undo", self.viewer is not None and self.match.can_undo(self.viewer)),
            ("Hint", "hint", bool(self.legal)),
            ("Save", "save", True),
            ("Leave", "leave", True),
        ]
        quarter = (w - 3 * (pad // 2)) // 4
        for i, (label, what, ok) in enumerate(small):
            r = pygame.Rect(x + i * (quarter + pad // 2), y + pad // 2, quarter, bh)
            self.buttons.append(Button(r, label, (what, None), enabled=ok))
        self.log_top = y + bh + 2 * pad
        if self.match.all_ai and not self.match.is_over():
            half = (w - pad // 2) // 2
            label = "Resume (Space)" if self.paused else "Pause (Space)"
            self.buttons.append(
                Button(pygame.Rect(x, self.log_top, half, bh), label, ("pause", None))
            )
            label = "Normal speed (F)" if self.fast else "Fast (F)"
            r = pygame.Rect(x + w - half, self.log_top, half, bh)
            self.buttons.append(Button(r, label, ("fast", None)))
            self.log_top += bh + pad

    def _actions_top(self) -> int:
        from tabletop.ui.table.seats import panel_boxes

        return panel_boxes(self)[2] + px(6, self.size[1])

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action: Action, from_rect: pygame.Rect | None = None) -> bool:
        """Apply an action for a seat with animation; show the engine's reason if refused."""
        from tabletop.engine import IllegalAction

        old = {s.uid: s.rect for s in self.sprites if s.uid}
        if from_rect is not None and action.gesture.card:
            old[action.gesture.card] = from_rect
        assert self.layout is not None
        old_zone_slots = {
            zid: self.layout.slots(box, max(1, self.zone_counts.get(zid, 0)))[-1]
            for zid, box in self.layout.zones.items()
        }
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as e:
            self.show_toast(e.reason)
            self.cue("refuse")
            return False
        self.cue(self._move_sound(events, action.gesture.card if from_rect else None))
        self._after_change(own=seat == self.shown)  # may chime: the shown seat's turn
        self._animate(old, old_zone_slots, events)
        return True

    def cue(self, name: str | None) -> None:
        """Play a sound through the app's player (not while fast-forwarding)."""
        if name and not self.fast:
            sound.play(self.app, name)

    def _move_sound(self, events: list[Event], dropped: str | None) -> str | None:
        """The sound of what an action moved: ``flip`` when cards were revealed or came face up
        out of a zone the shown seat sees face down, ``deal`` for three or more cards,
        ``slide`` for one or two (a card the player just dropped already made its sound)."""
        seen = events_for(events, self.shown)
        moves = [e.data for e in seen if e.kind == MOVE and isinstance(e.data, dict)]
        zones = self.layout.zones if self.layout else {}

        def hidden(zone: Any) -> bool:
            box = zones.get(zone or "")
            return (
                box is not None
                and box.face == "down"
                and (box.seat is None or box.seat != self.shown)
            )

        if any(e.kind == REVEAL for e in seen) or any(
            d.get("face_up") and hidden(d.get("source")) for d in moves
        ):
            return "flip"
        n = len([d for d in moves if not (dropped and d.get("card") == dropped)])
        return "deal" if n >= 3 else "slide" if n else None

    def _after_change(self, own: bool = True) -> None:
        """Recompute after a move; another seat's move keeps what the shown seat is doing."""
        self.token += 1
        self.hint = None
        self.hint_pending = False
        self.pending.clear()
        self.held.clear()
        focused = self.legal[self.focus] if 0 <= self.focus < len(self.legal) else None
        keep = None if own else (self.chooser, self.chooser_seat, focused)
        self.selected = None if own else self.selected
        self.chooser = []
        self.focus = -1
        self.refresh()
        # a secret commit of an AI seat must not close the human's open chooser
        if (
            keep is not None
            and keep[0]
            and keep[1] == self.shown
            and all(b.payload in self.legal for b in keep[0])
        ):
            self.chooser, self.chooser_seat = keep[0], keep[1]
        if keep is not None and keep[2] in self.legal:
            self.focus = self.legal.index(keep[2])

    def _animate(
        self, old: dict[str, pygame.Rect], old_slots: dict[str, pygame.Rect], events: list[Event]
    ) -> None:
        speed = anim_factor(self.app)
        if speed <= 0 or self.fast:
            return
        base = 0.32 / speed
        moved: set[str] = set()
        for sp in self.sprites:
            if sp.uid and sp.uid in old and old[sp.uid].topleft != sp.rect.topleft:
                self.tweens[sp.key] = Tween(pygame.Rect(old[sp.uid]), pygame.Rect(sp.rect), base)
                moved.add(sp.uid)
        assert self.layout is not None
        for e in events_for(events, self.shown):
            if e.kind != MOVE or not isinstance(e.data, dict):
                continue
            uid = e.data.get("card")
            if uid in moved:
                continue
            src, dst = e.data.get("source"), e.data.get("target")
            start = old.get(uid) if uid else None
            start = start or old_slots.get(src or "")
            box = self.layout.zones.get(dst or "")
            if start is None or box is None:
                continue
            n = self.zone_counts.get(box.id, 0)
            end = self.layout.slots(box, max(1, n))[-1]
            cid = e.data.get("card_id")
            img = (
                self.art.face(cid, end.w, end.h)
                if cid and e.data.get("face_up", True) and cid in self.data.cards
                else self.art.back(None, end.w, end.h)
            )
            if box.face == "down" and (box.seat is None or box.seat != self.shown):
                img = self.art.back(None, end.w, end.h)
            self.ghosts.append(Tween(pygame.Rect(start), end, base, image=img))

    def show_toast(self, text: str) -> None:
        """A short message over the table (reasons, autosave trouble)."""
        self.toast = text
        self.toast_t = TOAST_TIME

    def _act(
        self, actions: list[Action], at: tuple[int, int], from_rect: pygame.Rect | None = None
    ) -> None:
        """One action applies at once; several open the chooser at ``at``."""
        seat = self.shown
        if seat is None or not actions:
            return
        if len(actions) == 1:
            self.apply(seat, actions[0], from_rect)
            return
        h = self.size[1]
        bh, pad = px(28, h), px(6, h)
        labels = [self.names_in(a.gesture.choice or a.text) for a in actions]
        w = (
            max(fonts.text(lb, px(14, h), self.pal.ivory, True).get_width() for lb in labels)
            + 4 * pad
        )
        # as many columns as needed to fit the window (a long list of bids, say)
        n = len(actions)
        fit = max(1, (self.size[1] - 3 * pad) // (bh + pad))
        cols = min(-(-n // fit), max(1, self.size[0] // (w + pad)))
        rows = -(-n // cols)
        w = min(w, (self.size[0] - (cols + 1) * pad) // cols)
        total_w = cols * (w + pad) - pad
        total = rows * (bh + pad) + pad
        x = min(max(0, at[0] - total_w // 2), self.size[0] - total_w)
        y = min(max(0, at[1] - total // 2), self.size[1] - total)
        self.chooser = [
            Button(
                pygame.Rect(x + (i // rows) * (w + pad), y + pad + (i % rows) * (bh + pad), w, bh),
                lb,
                a,
            )
            for i, (lb, a) in enumerate(zip(labels, actions, strict=True))
        ]
        self.chooser_pick = 0
        self.chooser_typed = ""
        self.chooser_seat = seat
        self.chooser_from = from_rect

    def undo(self) -> None:
        """Take back the shown seat's last action if allowed."""
        seat = self.viewer
        if seat is None or self.privacy is not None:
            return
        if self.match.undo(seat):
            self.cue("slide")
            self.tweens.clear()
            self.ghosts.clear()
            self._after_change()
        else:
            self.show_toast("Nothing to undo: hidden cards were revealed or another player moved.")

    def request_hint(self) -> None:
        """Ask the ``hint`` agent (Normal without its blunder rate) for the shown seat's move."""
        seat = self.shown
        if seat is None or not self.legal or self.hint_pending:
            return
        self.hint_pending = True
        self.worker.submit(
            ("hint", self.token), self.match.game, "hint", self.view, seat, self.legal,
            self.match.seed ^ (self.token * 7919), id(self),
        )  # fmt: skip

    # ------------------------------------------------------------------ per frame
    def update(self, dt: float) -> None:
        """Advance animations, AI turns and the final scoring."""
        dt = max(0.0, min(dt, 0.25))
        for key in [k for k, t in self.tweens.items() if (setattr(t, "t", t.t + dt) or t.done)]:
            del self.tweens[key]
        for t in self.ghosts:
            t.t += dt
        self.ghosts = [t for t in self.ghosts if not t.done]
        if self.toast_t > 0:
            self.toast_t -= dt
        self.hover_t += dt
        for ans in self.worker.poll(id(self)):
            self._answer(ans)
        if self.match.is_over():
            if self.final_t < 0:
                self.final_t = 0.0
            elif not (self.tweens or self.ghosts):
                self.final_t += dt
            return
        self._schedule_ai(dt)

    def _answer(self, ans: Any) -> None:
        token = ans.token
        if isinstance(token, tuple) and token and token[0] == "hint":
            self.hint_pending = False
            if token[1] == self.token and ans.action is not None:
                self.hint = ans.action
            return
        seat = self.pending.get(token)
        if seat is None or ans.action is None or token[0] != self.token:
            self.pending.pop(token, None)
            return
        self.held.append((seat, ans.action))

    def _schedule_ai(self, dt: float) -> None:
        m = self.match
        if self.ai_wait > 0:
            self.ai_wait -= dt
            return
        if self.tweens or self.ghosts or self.privacy is not None:
            return
        if self.held and (not (m.all_ai and self.paused) or self.step):
            seat, action = self.held.pop(0)
            self.step = False
            self.ai_wait = 0.0 if self.fast else self.watch_delay if m.all_ai else 0.15
            self.apply(seat, action)
            return
        for seat in m.ai_to_act():
            token = (self.token, seat)
            if token in self.pending:
                continue
            cfg = m.seats[seat]
            self.pending[token] = seat
            self.worker.submit(
                token, m.game, cfg.level, m.view(seat), seat, m.legal(seat),
                (m.seed * 31 + len(m.history) * 1009 + seat) & ((1 << 62) - 1), id(self),
            )  # fmt: skip

    def busy(self) -> bool:
        """Cards sliding, a toast or the final scoring showing, or an AI seat to move."""
        m = self.match
        if self.tweens or self.ghosts or self.toast_t > 0 or self.hint_pending:
            return True
        if m.is_over():
            return 0 <= self.final_t < FINAL_REVEAL_TIME
        return bool(self.pending or self.held or m.ai_to_act())

    @property
    def thinking(self) -> set[int]:
        """Seats whose AI is computing now."""
        return {seat for token, seat in self.pending.items() if token in self.worker.busy}

    # ------------------------------------------------------------------ input
    def _sprite_at(self, pos: tuple[int, int]) -> Sprite | None:
        i = pygame.Rect(pos, (1, 1)).collidelist(self._rects_top_first)
        if i < 0:
            return None
        hit = self.sprites[len(self.sprites) - 1 - i]
        if hit is not self.dragging:
            return hit
        for sp in reversed(self.sprites):
            if sp.rect.collidepoint(pos) and (self.dragging is None or sp is not self.dragging):
                return sp
        return None

    def _zone_at(self, pos: tuple[int, int]) -> ZoneBox | None:
        assert self.layout is not None
        for box in self.layout.zones.values():
            if box.rect.collidepoint(pos):
                return box
        return None

    def _targets(self, uid: str) -> dict[str, list[Action]]:
        out: dict[str, list[Action]] = {}
        for a in self.drags.get(uid, []):
            out.setdefault(a.gesture.target or "", []).append(a)
        return out

    def _target_at(self, uid: str, pos: tuple[int, int]) -> list[Action]:
        targets = self._targets(uid)
        top = next(  # the card drawn on top at the drop point, if any
            (sp for sp in reversed(self.sprites) if sp.uid != uid and sp.rect.collidepoint(pos)),
            None,
        )
        if top is not None and top.uid in targets:
            return targets[top.uid]
        for t in targets:  # then zones
            if t in self.by_uid:
                continue
            r = self.target_rect(t)
            if r is not None and r.collidepoint(pos):
                return targets[t]
        return []

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse, wheel and keyboard input."""
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif et == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                self._down(event.pos)
            elif event.button == 3:
                self._zoom_at(event.pos)
        elif et == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._up(event.pos)
        elif et == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + int(event.y))
        elif et == pygame.KEYDOWN:
            self._key(event)

    def _motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if self.press and not self.dragging:
            sp, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > px(5, self.size[1]):
                self.dragging = sp
                self.selected = None
                self.cue("pick")
                self.drag_offset = (sp.rect.x - start[0], sp.rect.y - start[1])
        self._hover_at(pos)

    def _hover_at(self, pos: tuple[int, int]) -> None:
        hover = self._sprite_at(pos)
        key = hover.key if hover else None
        if key != self.hover_key:
            self.hover_key = key
            self.hover_t = 0.0

    def _down(self, pos: tuple[int, int]) -> None:
        if self.zoom is not None:
            self.zoom = None
            return
        if self.privacy is not None:
            self.privacy = None
            self.refresh()
            return
        if self.chooser:
            hit = next((b for b in self.chooser if b.rect.collidepoint(pos)), None)
            seat, src = self.chooser_seat, getattr(self, "chooser_from", None)
            self.chooser = []
            if hit is not None and seat is not None:
                self.apply(seat, hit.payload, src)
            return
        if self.final_button is not None and self.final_button.rect.collidepoint(pos):
            self.open_results()
            return
        if self.keys_hint_rect is not None and self.keys_hint_rect.collidepoint(pos):
            from tabletop.ui.scenes import keys_sheet

            keys_sheet.toggle(self.app)
            return
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    self._press(b)
                return
        sp = self._sprite_at(pos)
        if self.selected is not None:
            acts = self._target_at(self.selected.uid or "", pos)
            if acts:
                self._act(acts, pos, self.selected.rect)
                return
            if sp is None or sp is self.selected:
                self.selected = None
                return
        if sp is not None and sp.uid in self.drags:
            self.press = (sp, pos)
            return
        # clicks: a card first, then its zone
        for key in ([sp.uid] if sp and sp.uid else []) + (
            [z.id] if (z := self._zone_at(pos)) else []
        ):
            if key in self.clicks:
                self._act(self.clicks[key], pos)
                return
        if sp is not None and any(a.gesture.kind == DRAG for a in self.legal):
            self.show_toast("That card cannot be moved now.")
            self.cue("refuse")

    def _up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        drag, self.dragging = self.dragging, None
        if drag is None:
            if press is not None:
                self.selected = press[0]  # click-then-click
            return
        rect = pygame.Rect(
            pos[0] + self.drag_offset[0], pos[1] + self.drag_offset[1], drag.rect.w, drag.rect.h
        )
        acts = self._target_at(drag.uid or "", pos)
        if acts:
            self.cue("drop")
            self._act(acts, pos, rect)
            if self.chooser:
                self.tweens[drag.key] = Tween(rect, pygame.Rect(drag.rect), 0.18)
            return
        self.tweens[drag.key] = Tween(rect, pygame.Rect(drag.rect), 0.18)
        self._explain_drop(drag, pos)

    def _explain_drop(self, drag: Sprite, pos: tuple[int, int]) -> None:
        """A drop on a zone or card that is not a legal target: ask the engine why."""
        over = self._sprite_at(pos)
        zone = self._zone_at(pos)
        # a card is the target only in games whose gestures aim at cards; else its zone
        aims_at_cards = any(a.gesture.target in self.by_uid for a in self.legal)
        target = None
        if aims_at_cards and over is not None and over.uid and over is not drag:
            target = over.uid
        if target is None and zone is not None and zone.id != drag.zone:
            target = zone.id
        if target is None or self.shown is None:
            return
        options = self.drags.get(drag.uid or "")
        if not options:
            return
        reason = self.match.drop_reason(self.shown, Gesture.drag(drag.uid or "", drag.zone, target))
        places: list[str] = []
        for a in options:
            t = a.gesture.target or ""
            box = self.layout.zones.get(t) if self.layout else None
            label = (
                box.label
                if box and box.label
                else self.art.card_name(
                    self.by_uid[t].card.get("card") if t in self.by_uid else None
                )
            )
            if label not in places:
                places.append(label)
        where = " or ".join(places[:4]) + (" …" if len(places) > 4 else "")
        self.show_toast(f"{reason} It can go to: {where}." if where else reason)
        self.cue("refuse")

    def _press(self, b: Button) -> None:
        what, acts = b.payload
        if what == "act":
            self._act(acts, b.rect.center)
        elif what == "undo":
            self.undo()
        elif what == "hint":
            self.request_hint()
        elif what == "pause":
            self.toggle_pause()
        elif what == "fast":
            self.toggle_fast()
        elif what == "save":
            self.save_named()
        elif what == "leave":  # the autosave stays: the title offers to continue
            self.leave_table()

    def toggle_fast(self) -> None:
        """All-AI games: play on without waiting or animating, or back to watching."""
        self.fast = not self.fast
        if self.fast:
            self.ai_wait = 0.0
            self.tweens.clear()
            self.ghosts.clear()
        self._build_buttons()

    def toggle_sound(self) -> None:
        """M: sound off or back on (kept in the settings), said in a toast."""
        flip = getattr(self.app, "toggle_sound", None)
        if callable(flip):
            on = flip()
            self.show_toast("Sound on (M mutes it)." if on else "Sound off (M turns it on).")

    def leave_table(self) -> None:
        """Back to the title; the autosave stays, so the title offers to continue."""
        go_home = getattr(self.app, "go_home", None)
        if callable(go_home):
            go_home()
        else:
            self.app.pop()

    def ask_to_leave(self) -> None:
        """Esc with nothing to cancel: leave the table after a yes (the game is autosaved)."""
        from tabletop.ui.scenes.dialogs import confirm

        if self.match.is_over() or self.match.save_path is None:
            text = "Leave this table and go back to the title screen?"
        else:
            text = "The game is saved: Continue on the title screen resumes it."
        confirm(self.app, "Leave the table?", text, self.leave_table, yes="Leave")

    def save_named(self) -> None:
        """Write the match to a new file in the saves folder."""
        import time

        from tabletop.ui import launch

        name = f"{self.match.game.info.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            path = self.match.save(launch.saves_dir() / name)
        except OSError as e:
            self.show_toast(f"The game could not be saved: {e}")
            return
        self.show_toast(f"Saved as {path.name}")

    def _zoom_at(self, pos: tuple[int, int]) -> None:
        if self.zoom is not None:
            self.zoom = None
            return
        sp = self._sprite_at(pos)
        if sp is not None and sp.card.get("card") in self.data.cards:  # a face the seat knows
            self.zoom = sp.card

    def _key(self, event: pygame.event.Event) -> None:
        """Dispatch a key through :data:`tabletop.ui.keys.BINDINGS` (the Keys sheet's list)."""
        if self.privacy is not None:
            if keys.find(event, "privacy") is not None:
                self.privacy = None
                self.refresh()
            return
        if self.chooser and self._chooser_key(event):
            return
        b = keys.find(event, "table")
        if b is not None:
            self.key_handlers()[b.action](event)

    def key_handlers(self) -> dict[str, Callable[[pygame.event.Event], None]]:
        """The table's key handlers by binding action (a test checks they match the list)."""

        def ai_only(fn: Callable[[], Any]) -> Callable[[pygame.event.Event], None]:
            return lambda e: None if not self.match.all_ai else fn()

        return {
            "focus": self._key_focus,
            "enter": self._key_enter,
            "escape": self._key_escape,
            "log": self._key_log,
            "undo": lambda e: self.undo(),
            "hint": lambda e: self.request_hint(),
            "save": lambda e: self.save_named(),
            "pause": ai_only(self.toggle_pause),
            "step": ai_only(self.step_once),
            "fast": ai_only(self.toggle_fast),
            "sound": lambda e: self.toggle_sound(),
        }

    def _key_focus(self, event: pygame.event.Event) -> None:
        if self.legal:
            step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(self.legal)

    def _key_enter(self, event: pygame.event.Event) -> None:
        if self.final_button is not None:
            self.open_results()
        elif self.chooser:
            b = self.chooser[min(self.chooser_pick, len(self.chooser) - 1)]
            self.chooser = []
            if self.chooser_seat is not None:
                self.apply(self.chooser_seat, b.payload)
        elif 0 <= self.focus < len(self.legal) and self.shown is not None:
            self.apply(self.shown, self.legal[self.focus])
        elif self.hint is not None and self.hint in self.legal and self.shown is not None:
            self.apply(self.shown, self.hint)

    def _key_escape(self, event: pygame.event.Event) -> None:
        if self.zoom is not None:
            self.zoom = None
        elif self.chooser:
            self.chooser = []
        elif self.dragging or self.selected:
            self.dragging = self.selected = None
            self.press = None
        elif self.focus >= 0 or self.hint is not None:
            self.focus = -1
            self.hint = None
        else:
            self.ask_to_leave()

    def _key_log(self, event: pygame.event.Event) -> None:
        """PgUp shows older log lines, PgDn newer ones (the drawing clamps the scroll)."""
        page = LOG_PAGE if event.key == pygame.K_PAGEUP else -LOG_PAGE
        self.log_scroll = max(0, self.log_scroll + page)

    def toggle_pause(self) -> None:
        """All-AI games: stop or go on playing."""
        self.paused = not self.paused
        self._build_buttons()

    def step_once(self) -> None:
        """All-AI games: pause after playing one more move."""
        self.paused = True
        self.step = True
        self._build_buttons()

    def _chooser_key(self, event: pygame.event.Event) -> bool:
        """Arrows move in the open chooser; typed digits or letters jump to a matching option."""
        b = keys.find(event, "chooser")
        n = len(self.chooser)
        if b is not None and b.action == "pick":
            back = event.key in (pygame.K_UP, pygame.K_LEFT)
            self.chooser_pick = (self.chooser_pick + (-1 if back else 1)) % n
        elif b is not None and b.action == "erase":
            self.chooser_typed = self.chooser_typed[:-1]
        else:
            ch = getattr(event, "unicode", "") or ""
            if not (ch.isalnum() and len(ch) == 1):
                return False
            typed = (self.chooser_typed + ch).lower()
            labels = [c.label.lower() for c in self.chooser]
            hits = [i for i, lb in enumerate(labels) if lb.startswith(typed)]
            if not hits:  # start a new entry with this key
                typed = ch.lower()
                hits = [i for i, lb in enumerate(labels) if lb.startswith(typed)]
            if not hits:
                return True
            # an exact number ("1" must not pick "10 coins") comes first
            exact = [i for i in hits if not labels[i][len(typed) : len(typed) + 1].isalnum()]
            self.chooser_typed = typed
            self.chooser_pick = (exact or hits)[0]
        return True

    # ------------------------------------------------------------------ results
    def open_results(self) -> None:
        """Leave for the results scene (the app's, or a plain fallback)."""
        if self.results_opened:
            return
        self.results_opened = True
        if self.match.save_path is not None and self.match.is_over():
            self.match.save_path.unlink(missing_ok=True)  # nothing left to continue
        from tabletop.ui.table.results import results_scene

        self.app.replace(results_scene(self.app, self.match))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Blit the cached static layer, the cards, then the chrome and overlays."""
        from tabletop.ui.table import paint

        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.art.drawn.clear()
        self.frames += 1
        paint.frame(self, surface)
