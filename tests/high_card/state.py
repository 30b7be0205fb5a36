"""High Card's state: plain lists of card numbers (the zone table reads them by name), the
scores and the decision stack.  ``declare`` derives its copy and JSON from the dataclass
fields (their type hints say how deep each one goes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine import Rng
from tabletop.engine.decisions import Frame
from tabletop.engine.fields import declare

PLAY = "play"  # the one decision step: the seat on turn plays a card
HAND = 3  # cards dealt to each seat


@dataclass
class HighCardState:
    """Cards are numbers: their index in ``cards.yaml``."""

    players: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]  # per seat (the zone ``p{seat}.hand``)
    pile: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    stack: list[Frame] = field(default_factory=list)
    over: bool = False


FIELDS = declare(HighCardState)  # its copy (``clone``) and JSON
