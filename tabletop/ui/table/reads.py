"""What the table's painters read: the scene as a read-only protocol.

The painters (``paint``, ``cardlayer``, ``seats``, ``counts``, ``marks``, ``tips``, ``guide``) take a
:class:`TableReads`, not the scene class, so they sit below the scene in the imports and the
arrows run one way: the scene imports its painters, never the reverse.  Every member is
read-only here; the one thing a painter writes is its own record, ``drawn``
(:class:`~tabletop.ui.table.drawn.Drawn`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from tabletop.controller import Match
    from tabletop.engine import Action
    from tabletop.ui.cards import CardArt
    from tabletop.ui.table.drawn import Drawn
    from tabletop.ui.table.layout import TableLayout, ZoneBox
    from tabletop.ui.table.model import Sprite
    from tabletop.ui.table.story import Moment, Story
    from tabletop.ui.table.widgets import Button, Tween
    from tabletop.ui.theme import Palette


class TableReads(Protocol):
    """The table as its painters see it (the scene satisfies it)."""

    # what is played, and how it looks
    @property
    def match(self) -> Match: ...
    @property
    def data(self) -> Any: ...  # the game's shipped data: cards, decks, layout
    @property
    def art(self) -> CardArt: ...
    @property
    def pal(self) -> Palette: ...
    @property
    def drawn(self) -> Drawn: ...  # the painter's own record: the one thing it writes

    # geometry
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def table_rect(self) -> pygame.Rect: ...
    @property
    def felt_rect(self) -> pygame.Rect: ...
    @property
    def side_rect(self) -> pygame.Rect: ...
    @property
    def top_h(self) -> int: ...
    @property
    def log_top(self) -> int: ...
    @property
    def layout(self) -> TableLayout | None: ...

    # the model: the shown seat's view, its legal moves and where the cards lie
    # the mark on the shown seat's plate, and whether the log says "your" to that seat
    seat_mark: str
    addresses_seat: bool
    net_stamp: int  # bumped when news from a table server changes what the chrome shows
    opened_seat: int | None  # a seat box the player unfolded with a click (crowded panel)

    @property
    def shown(self) -> int | None: ...
    @property
    def view(self) -> Mapping[str, Any]: ...
    @property
    def legal(self) -> Sequence[Action]: ...
    @property
    def drags(self) -> Mapping[str, list[Action]]: ...
    @property
    def clicks(self) -> Mapping[str, list[Action]]: ...
    @property
    def sprites(self) -> Sequence[Sprite]: ...
    @property
    def by_uid(self) -> Mapping[str, Sprite]: ...
    @property
    def captions(self) -> Sequence[tuple[str, tuple[int, int], int]]: ...
    @property
    def zone_counts(self) -> Mapping[str, int]: ...
    @property
    def buttons(self) -> Sequence[Button]: ...

    def names_in(self, text: str) -> str: ...
    def target_rect(self, target: str | None) -> pygame.Rect | None: ...
    def targets_of(self, uid: str) -> dict[str, list[Action]]: ...
    def sprite_at(self, pos: tuple[int, int]) -> Sprite | None: ...
    def zone_at(self, pos: tuple[int, int]) -> ZoneBox | None: ...

    # the interaction: pointer, card in hand, chooser, overlays
    @property
    def mouse(self) -> tuple[int, int]: ...
    @property
    def hover_key(self) -> str | None: ...
    @property
    def hover_t(self) -> float: ...
    @property
    def hushed_at(self) -> tuple[int, int] | None: ...  # no hover tip while the pointer rests here
    @property
    def dragging(self) -> Sprite | None: ...
    @property
    def drag_offset(self) -> tuple[int, int]: ...
    @property
    def selected(self) -> Sprite | None: ...
    @property
    def chooser(self) -> Sequence[Button]: ...
    @property
    def chooser_pick(self) -> int: ...
    @property
    def zoom(self) -> Mapping[str, Any] | None: ...
    @property
    def privacy(self) -> int | None: ...

    # the controller's state (``ctl``, controller.py), read through the scene's members that
    # refuse a write: read-only here too
    token: int  # changes whenever the state changes
    focus: int  # the legal move Tab chose (-1: none)
    hint: Action | None
    hint_pending: bool
    thinking: set[int]  # AI seats computing now
    guide_on: bool  # the first-game guide is shown (G)
    tweens: Mapping[str, Tween]
    ghosts: Sequence[Tween]
    story: Story  # the rivals' moves since the shown seat acted
    banners: Sequence[Moment]  # moments to show, the first on show now
    banner_t: float
    toast: str
    toast_t: float
    paused: bool
    fast: bool
    log_scroll: int
    final_t: float
    final_focus: bool

    @property
    def screen_kept(self) -> bool: ...
