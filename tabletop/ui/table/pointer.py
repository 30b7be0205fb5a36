"""Pointer input at the table: hit tests, drag and drop, click-then-click, zoom and hover.

A mixin of :class:`~tabletop.ui.table.scene.TableScene`: its methods read the scene's sprites
and legal drags and clicks, and ask the scene's :class:`~tabletop.ui.table.interaction.
Interaction` to change what is pressed, dragged, selected, chosen or shown large.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine import DRAG, Action, Gesture
from tabletop.ui import motion
from tabletop.ui.table import tips
from tabletop.ui.table.interaction import Dragging, Pressed
from tabletop.ui.table.layout import ZoneBox
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.table.model import Sprite


class PointerInput:
    """Mouse and wheel events on the table (mixed into the table scene)."""

    # the pointer's state, written here only
    mouse: tuple[int, int] = (0, 0)  # where the pointer is
    hover_key: str | None = None  # what it rests over: a card's key, a tip's
    hover_t = 0.0  # for how long
    hushed_at: tuple[int, int] | None = None  # where a card was just played: no tip
    opened_seat: int | None = None  # a folded seat box opened with a click

    def _tick_hover(self, dt: float) -> None:
        self.hover_t += dt

    def sprite_at(self, pos: tuple[int, int]) -> Sprite | None:
        """The card drawn on top at ``pos`` (never the card in hand)."""
        i = pygame.Rect(pos, (1, 1)).collidelist(self.placed.rects_top_first)
        if i < 0:
            return None
        hit = self.sprites[len(self.sprites) - 1 - i]
        if hit is not self.dragging:
            return hit
        for sp in reversed(self.sprites):
            if sp.rect.collidepoint(pos) and (self.dragging is None or sp is not self.dragging):
                return sp
        return None

    def zone_at(self, pos: tuple[int, int]) -> ZoneBox | None:
        """The zone whose box holds ``pos``."""
        assert self.layout is not None
        for box in self.layout.zones.values():
            if box.rect.collidepoint(pos):
                return box
        return None

    def targets_of(self, uid: str) -> dict[str, list[Action]]:
        """Where the card ``uid`` may be dropped: target → the actions dropping it there."""
        return self.moves.targets(uid)

    def _target_at(self, uid: str, pos: tuple[int, int]) -> list[Action]:
        targets = self.targets_of(uid)
        top = next(  # the card drawn on top at the drop point, if any
            (sp for sp in reversed(self.sprites) if sp.uid != uid and sp.rect.collidepoint(pos)),
            None,
        )
        if top is not None and top.uid in targets:
            return targets[top.uid]
        if top is not None and top.uid:  # a card of a stack whose head is a target
            for other in self.stack_of(top.uid):
                if other.uid in targets:
                    return targets[other.uid]
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
            self.scroll_log(int(event.y))
        elif et == pygame.KEYDOWN:
            self._key(event)

    def _motion(self, pos: tuple[int, int]) -> None:
        if pos != self.hushed_at:
            self.hushed_at = None  # the pointer moved: tips may show again
        self.mouse = pos
        if self.drawn.panel_held and not self.side_rect.collidepoint(pos):
            self.drawn.panel_held = False  # the pointer has left: the panel may grow now
            self._build_buttons()
        hand = self.interaction.hand
        if isinstance(hand, Pressed):
            sp, start = hand.card, hand.at
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > px(5, self.size[1]):
                self.interaction.drag((sp.rect.x - start[0], sp.rect.y - start[1]))
                self.cue("pick")
        self._hover_at(pos)

    def _hover_at(self, pos: tuple[int, int]) -> None:
        hover = self.sprite_at(pos)
        key = hover.key if hover else None
        if key is None and self.layout is not None:
            found = tips.tip_at(self, pos)  # a zone, a seat, a score row
            key = f"tip:{tuple(found[1])}" if found is not None else None
        if key != self.hover_key:
            self.hover_key = key
            self.hover_t = 0.0

    def _down(self, pos: tuple[int, int]) -> None:
        if self.interaction.unzoom():
            return
        if self.interaction.reveal():  # the hand-over screen goes (before any banner)
            self.refresh()
            return
        banner = self.drawn.banner_rect
        if self.banners and banner is not None and banner.collidepoint(pos):
            self.skip_banner()  # a moment's banner closes on a click; a move under it
            if not self._playable_at(pos):  # is still made: a click is never lost
                return
        chooser = self.interaction.close()
        if chooser is not None:
            hit = next((b for b in chooser.options if b.rect.collidepoint(pos)), None)
            if hit is not None:
                self.apply(chooser.seat, hit.payload, chooser.source)
            return
        final = self.drawn.final_button
        if final is not None and final.rect.collidepoint(pos):
            self.open_results()
            return
        hint = self.drawn.keys_hint_rect
        if hint is not None and hint.collidepoint(pos):
            self.app.toggle_keys()
            return
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    self._press(b)
                return
        for seat, r in self.drawn.seat_boxes.items():
            if r.collidepoint(pos):  # a folded box opens (the one open before folds again)
                if seat in self.drawn.folded or seat == self.opened_seat:
                    self.opened_seat = None if seat == self.opened_seat else seat
                    self._build_buttons()
                return
        sp = self.sprite_at(pos)
        if self.selected is not None:
            acts = self._target_at(self.selected.uid or "", pos)
            if acts:
                self.hushed_at = pos
                self._act(acts, pos, self.selected.rect)
                return
            if sp is None or sp is self.selected:
                self.interaction.drop()
                return
        if sp is not None and sp.uid in self.drags:
            self.interaction.press(sp, pos)
            return
        # clicks: a card first, then its zone
        for key in ([sp.uid] if sp and sp.uid else []) + (
            [z.id] if (z := self.zone_at(pos)) else []
        ):
            if key in self.clicks:
                self._act(self.clicks[key], pos)
                return
        can_drag = any(a.gesture.kind == DRAG for a in self.legal)
        if sp is not None and sp.uid and self.shown is not None and can_drag:
            # the rules say why it stays (online, the server's words arrive a moment later)
            reason = self.match.drop_reason(self.shown, Gesture(DRAG, sp.uid, sp.zone))
            if reason:
                self.show_toast(reason)
            self.cue("refuse")

    def _playable_at(self, pos: tuple[int, int]) -> bool:
        """Whether a press at ``pos`` starts or makes a move (a card to drag or click, a
        zone to click, a target for the selected card)."""
        sp = self.sprite_at(pos)
        zone = self.zone_at(pos)
        keys = [k for k in (sp.uid if sp else None, zone.id if zone else None) if k]
        return self.selected is not None or any(k in self.drags or k in self.clicks for k in keys)

    def _up(self, pos: tuple[int, int]) -> None:
        was = self.interaction.release()  # a press becomes a selection: click-then-click
        if not isinstance(was, Dragging):
            return
        drag, (dx, dy) = was.card, was.offset
        rect = pygame.Rect(pos[0] + dx, pos[1] + dy, drag.rect.w, drag.rect.h)
        acts = self._target_at(drag.uid or "", pos)
        if acts:
            self.cue("drop")
            self.hushed_at = pos  # the card lands under a still pointer: no tip pops up over it
            self._act(acts, pos, rect)
            if self.chooser:
                motion.slide(self, drag.key, rect, drag.rect, 0.18)
            return
        motion.slide(self, drag.key, rect, drag.rect, 0.18)
        self._explain_drop(drag, pos)

    def _explain_drop(self, drag: Sprite, pos: tuple[int, int]) -> None:
        """A drop on a zone or card that is not a legal target: ask the engine why."""
        over = self.sprite_at(pos)
        zone = self.zone_at(pos)
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

    def _zoom_at(self, pos: tuple[int, int]) -> None:
        if self.interaction.unzoom():
            return
        sp = self.sprite_at(pos)
        if sp is not None and sp.card.get("card") in self.data.cards:  # a face the seat knows
            self.interaction.zoom_in(sp.card)
