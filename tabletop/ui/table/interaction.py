"""What the player is doing at the table, as one explicit state machine.

It has two parts that change apart from each other:

- the **hand**: :class:`Idle`; :class:`Pressed` (a card that may be dragged is held down and
  has not moved yet); :class:`Dragging`; :class:`Selected` (clicked, its target to be clicked
  next); :class:`Choosing` (the chooser of options is open);
- the **cover** over the table: :class:`Clear`; :class:`Zoomed` (a card shown large);
  :class:`Privacy` (the hot-seat hand-over screen).

A card may be zoomed while one is in hand, so the two are not one list of states.  Each
change is a method named for what the player did; :data:`ALLOWED` says from which states it
may be taken.  A change asked from any other state is refused: it returns ``False`` and
changes nothing (input events arrive in any order — a lost button-up, a right click under
the hand-over screen — and a refused change is the safe answer to them).

No pygame surface and no scene here: the table's input asks for changes, the scene and the
painter read the state, and the tests drive it without a display.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from tabletop.ui.table.model import Sprite
    from tabletop.ui.table.widgets import Button

Point = tuple[int, int]


# ---------------------------------------------------------------------- the hand
@dataclass(frozen=True)
class Idle:
    """Nothing in hand."""


@dataclass(frozen=True)
class Pressed:
    """A draggable card held down where ``at`` is; ``kept`` is the card selected before, which
    stays selected until the press becomes a drag or a new selection."""

    card: Sprite
    at: Point
    kept: Sprite | None = None


@dataclass(frozen=True)
class Dragging:
    """A card in hand, drawn at the pointer moved by ``offset``."""

    card: Sprite
    offset: Point


@dataclass(frozen=True)
class Selected:
    """A card clicked, waiting for a click on one of its targets."""

    card: Sprite


@dataclass(frozen=True)
class Choosing:
    """The chooser: ``options`` for ``seat`` (a button each, its payload the action), opened
    by a card that came from ``source``; ``pick`` is the option Enter takes, ``typed`` what
    was typed to find it; ``kept`` the card selected when it opened."""

    options: tuple[Button, ...]
    seat: int
    source: pygame.Rect | None = None
    pick: int = 0
    typed: str = ""
    kept: Sprite | None = None


Hand = Idle | Pressed | Dragging | Selected | Choosing


# ---------------------------------------------------------------------- the cover
@dataclass(frozen=True)
class Clear:
    """Nothing over the table."""


@dataclass(frozen=True)
class Zoomed:
    """A card (as the view gives it) shown large over the table."""

    card: Mapping[str, Any]


@dataclass(frozen=True)
class Privacy:
    """The hand-over screen: the table waits for ``seat``'s player."""

    seat: int


Cover = Clear | Zoomed | Privacy

ALLOWED: dict[str, tuple[type, ...]] = {
    # the hand
    "press": (Idle, Selected, Pressed),  # a second press (its release lost) replaces the first
    "drag": (Pressed,),
    "release": (Pressed, Dragging),
    "drop": (Pressed, Dragging, Selected),  # Esc, or a click on nothing
    "choose": (Idle, Selected, Pressed, Dragging),  # what is pressed or dragged is let go
    "pick": (Choosing,),
    "close": (Choosing,),
    # the cover
    "zoom": (Clear,),  # not under the hand-over screen, which hides the table
    "unzoom": (Zoomed,),
    "hand_over": (Clear, Zoomed, Privacy),
    "reveal": (Privacy,),
}


def _kept(hand: Hand) -> Sprite | None:
    """The card shown selected in ``hand``."""
    if isinstance(hand, Selected):
        return hand.card
    if isinstance(hand, Pressed | Choosing):
        return hand.kept
    return None


@dataclass
class Interaction:
    """The hand and the cover of one table (see the module docstring)."""

    hand: Hand = field(default_factory=Idle)
    cover: Cover = field(default_factory=Clear)

    def may(self, change: str) -> bool:
        """Whether ``change`` (a key of :data:`ALLOWED`) may be taken now."""
        state = self.cover if change in _COVER else self.hand
        return isinstance(state, ALLOWED[change])

    # ------------------------------------------------------------------ reading
    @property
    def dragging(self) -> Sprite | None:
        """The card in hand."""
        return self.hand.card if isinstance(self.hand, Dragging) else None

    @property
    def selected(self) -> Sprite | None:
        """The card selected for click-then-click (also under a press or the chooser)."""
        return _kept(self.hand)

    @property
    def chooser(self) -> Choosing | None:
        """The open chooser."""
        return self.hand if isinstance(self.hand, Choosing) else None

    @property
    def zoom(self) -> Mapping[str, Any] | None:
        """The card shown large."""
        return self.cover.card if isinstance(self.cover, Zoomed) else None

    @property
    def privacy(self) -> int | None:
        """The seat the hand-over screen waits for."""
        return self.cover.seat if isinstance(self.cover, Privacy) else None

    # ------------------------------------------------------------------ the hand
    def press(self, card: Sprite, at: Point) -> bool:
        """A draggable card is held down at ``at``."""
        if not self.may("press"):
            return False
        self.hand = Pressed(card, at, _kept(self.hand))
        return True

    def drag(self, offset: Point) -> bool:
        """The pressed card moved far enough: it is dragged (the selection goes)."""
        if not isinstance(self.hand, Pressed) or not self.may("drag"):
            return False
        self.hand = Dragging(self.hand.card, offset)
        return True

    def release(self) -> Hand:
        """The button is up: a press becomes a selection, a drag ends.  Returns the hand as it
        was, so the caller can drop the dragged card."""
        was = self.hand
        if isinstance(was, Pressed):
            self.hand = Selected(was.card)
        elif isinstance(was, Dragging):
            self.hand = Idle()
        return was

    def drop(self) -> bool:
        """Let go of whatever is in hand (Esc; a click on nothing)."""
        if not self.may("drop"):
            return False
        self.hand = Idle()
        return True

    def choose(self, options: tuple[Button, ...], seat: int, source: pygame.Rect | None) -> bool:
        """Open the chooser of ``options`` for ``seat`` (the selection stays under it)."""
        if not self.may("choose"):
            return False
        self.hand = Choosing(tuple(options), seat, source, kept=_kept(self.hand))
        return True

    def pick(self, index: int, typed: str | None = None) -> bool:
        """Move the chooser's pick to ``index`` (and say what was typed to find it)."""
        if not isinstance(self.hand, Choosing) or not self.may("pick"):
            return False
        self.hand = replace(
            self.hand, pick=index, typed=self.hand.typed if typed is None else typed
        )
        return True

    def close(self) -> Choosing | None:
        """Close the chooser (back to the card selected under it); returns it as it was."""
        was = self.hand
        if not isinstance(was, Choosing):
            return None
        self.hand = Selected(was.kept) if was.kept is not None else Idle()
        return was

    # ------------------------------------------------------------------ after a move
    def settle(self, own: bool) -> Choosing | None:
        """A move was applied.  The shown seat's own move ends its selection and closes the
        chooser; another seat's move keeps the hand and hands back the closed chooser, for
        :meth:`reopen` once its options are known to stand."""
        chooser = self.close()
        if own:
            if isinstance(self.hand, Selected):
                self.hand = Idle()
            elif isinstance(self.hand, Pressed):
                self.hand = replace(self.hand, kept=None)
            return None
        return chooser

    def reopen(self, chooser: Choosing) -> bool:
        """Open again the chooser :meth:`settle` closed (over the selection as it is now)."""
        if not self.may("choose"):
            return False
        self.hand = replace(chooser, kept=_kept(self.hand))
        return True

    def rebind(self, again: Callable[[Sprite], Sprite | None]) -> None:
        """The cards were placed anew: each card in the hand becomes ``again(card)``, or goes
        when that is ``None`` (it may no longer be moved)."""
        hand = self.hand
        kept = _kept(hand)
        kept = again(kept) if kept is not None else None
        if isinstance(hand, Pressed):
            card = again(hand.card)
            self.hand = Pressed(card, hand.at, kept) if card is not None else _selected(kept)
        elif isinstance(hand, Dragging):
            card = again(hand.card)
            self.hand = Dragging(card, hand.offset) if card is not None else Idle()
        elif isinstance(hand, Selected):
            self.hand = _selected(kept)
        elif isinstance(hand, Choosing):
            self.hand = replace(hand, kept=kept)

    # ------------------------------------------------------------------ the cover
    def _cover(self, change: str, cover: Cover) -> bool:
        """The cover becomes ``cover`` if ``change`` may be taken now."""
        if not self.may(change):
            return False
        self.cover = cover
        return True

    def zoom_in(self, card: Mapping[str, Any]) -> bool:
        """Show ``card`` large."""
        return self._cover("zoom", Zoomed(card))

    def unzoom(self) -> bool:
        """Close the large card."""
        return self._cover("unzoom", Clear())

    def hand_over(self, seat: int) -> bool:
        """Hide the table until ``seat``'s player is there: the hand is emptied (a card of the
        last seat must not stay in hand) and a large card closed."""
        self.hand = Idle()
        return self._cover("hand_over", Privacy(seat))  # allowed from every cover

    def reveal(self) -> bool:
        """The hand-over screen goes: the waited-for player is there."""
        return self._cover("reveal", Clear())


_COVER = {"zoom", "unzoom", "hand_over", "reveal"}


def _selected(card: Sprite | None) -> Hand:
    return Selected(card) if card is not None else Idle()
