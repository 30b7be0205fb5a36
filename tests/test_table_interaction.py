"""The table's interaction state machine, without a display: each change is taken from the
states ALLOWED names and refused (nothing changed) from every other."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui.table.interaction import (
    ALLOWED,
    Choosing,
    Clear,
    Dragging,
    Idle,
    Interaction,
    Pressed,
    Privacy,
    Selected,
    Zoomed,
)
from tabletop.ui.table.model import Sprite
from tabletop.ui.table.widgets import Button


def _card(uid: str) -> Sprite:
    return Sprite(uid, uid, {"card": "c", "uid": uid}, "hand", pygame.Rect(0, 0, 10, 14))


A, B = _card("a"), _card("b")
OPTIONS = (
    Button(pygame.Rect(0, 0, 5, 5), "one", "act1"),
    Button(pygame.Rect(5, 0, 5, 5), "two", "act2"),
)
HANDS = [
    Idle(),
    Pressed(A, (1, 1)),
    Pressed(A, (1, 1), kept=B),
    Dragging(A, (-3, -4)),
    Selected(B),
    Choosing(OPTIONS, 0),
    Choosing(OPTIONS, 0, kept=B),
]
COVERS = [Clear(), Zoomed({"card": "c"}), Privacy(1)]

CHANGES = {  # each change, taken the one way the table takes it
    "press": lambda ia: ia.press(A, (2, 2)),
    "drag": lambda ia: ia.drag((1, 1)),
    "release": lambda ia: isinstance(ia.release(), Pressed | Dragging),
    "drop": lambda ia: ia.drop(),
    "choose": lambda ia: ia.choose(OPTIONS, 1, None),
    "pick": lambda ia: ia.pick(1),
    "close": lambda ia: ia.close() is not None,
    "zoom": lambda ia: ia.zoom_in({"card": "d"}),
    "unzoom": lambda ia: ia.unzoom(),
    "hand_over": lambda ia: ia.hand_over(0),
    "reveal": lambda ia: ia.reveal(),
}


def test_every_change_is_named_in_allowed() -> None:
    assert set(CHANGES) == set(ALLOWED)


@pytest.mark.parametrize("change", sorted(CHANGES))
@pytest.mark.parametrize("hand", HANDS, ids=repr)
@pytest.mark.parametrize("cover", COVERS, ids=repr)
def test_a_change_is_taken_only_from_the_states_allowed(hand, cover, change: str) -> None:
    ia = Interaction(hand, cover)
    allowed = ia.may(change)
    taken = CHANGES[change](ia)
    assert taken == allowed, (change, hand, cover)
    if not taken:
        assert (ia.hand, ia.cover) == (hand, cover)  # refused: nothing changed
    elif change in ("zoom", "unzoom", "reveal"):
        assert ia.hand == hand  # the cover changes apart from the hand
    elif change not in ("hand_over",):
        assert ia.cover == cover  # and the hand apart from the cover


def test_press_then_release_selects_and_press_then_drag_drops_the_selection() -> None:
    ia = Interaction(Selected(B))
    assert ia.press(A, (5, 5)) and ia.selected is B  # the old selection shows until...
    assert ia.release() == Pressed(A, (5, 5), kept=B)
    assert ia.hand == Selected(A)  # ...a click: click-then-click
    ia.press(B, (5, 5))
    assert ia.drag((-2, -2)) and ia.hand == Dragging(B, (-2, -2)) and ia.selected is None
    assert ia.dragging is B
    assert ia.release() == Dragging(B, (-2, -2)) and ia.hand == Idle()


def test_the_chooser_keeps_the_selection_under_it() -> None:
    ia = Interaction(Selected(B))
    assert ia.choose(OPTIONS, 0, pygame.Rect(1, 2, 3, 4))
    assert ia.selected is B and ia.chooser is not None and ia.chooser.pick == 0
    assert ia.pick(1, "t") and (ia.chooser.pick, ia.chooser.typed) == (1, "t")
    closed = ia.close()
    assert closed is not None and closed.source == pygame.Rect(1, 2, 3, 4)
    assert ia.hand == Selected(B)  # Esc: back to the card it came from


def test_after_a_move() -> None:
    # the shown seat's own move: the chooser closes and the selection goes
    ia = Interaction(Choosing(OPTIONS, 0, kept=B))
    assert ia.settle(own=True) is None and ia.hand == Idle()
    # another seat's move: the hand stays, the chooser comes back to be reopened
    ia = Interaction(Choosing(OPTIONS, 0, pick=1, kept=B))
    was = ia.settle(own=False)
    assert was is not None and ia.hand == Selected(B)
    assert ia.reopen(was) and ia.hand == Choosing(OPTIONS, 0, pick=1, kept=B)
    # the cards are placed anew: a card no longer to be moved leaves the hand
    b2 = _card("b")
    ia.rebind(lambda sp: b2 if sp.uid == "b" else None)
    assert ia.selected is b2
    ia = Interaction(Pressed(A, (1, 1), kept=B))
    ia.rebind(lambda sp: b2 if sp.uid == "b" else None)
    assert ia.hand == Selected(b2)  # the pressed card went, the selection stays
    ia = Interaction(Dragging(A, (0, 0)))
    ia.rebind(lambda sp: None)
    assert ia.hand == Idle()


def test_the_hand_over_screen_empties_the_hand_and_refuses_a_zoom() -> None:
    ia = Interaction(Dragging(A, (0, 0)), Zoomed({"card": "c"}))
    assert ia.hand_over(1) and ia.hand == Idle() and ia.privacy == 1 and ia.zoom is None
    assert not ia.zoom_in({"card": "c"})  # a large card nobody could see
    assert ia.reveal() and ia.cover == Clear() and not ia.reveal()
