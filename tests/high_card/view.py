"""What a seat sees of High Card, declared once as a zone table: the deck face down, the pile
face up, each hand seen by its owner only.  The kit builds every view, redacts every card
move and re-deals the hidden cards for ``determinize`` from this table; ``describe`` adds
what no zone holds, and ``rebuild`` declares where each field of a state rebuilt from a view
comes from."""

from __future__ import annotations

from typing import Any

from high_card.data import index, uids
from high_card.state import PLAY, HighCardState
from tabletop.engine.decisions import Frame, turn
from tabletop.engine.rebuild import FromView, Seen
from tabletop.engine.zones import DECK, OWNER, PUBLIC, Zone, Zones

BACK = "blue"  # the back of every card (the deck ``main`` of cards.yaml)

ZONES = Zones(
    [
        Zone("deck", DECK, cards="deck", label="Deck"),
        Zone("pile", PUBLIC, cards="pile", label="Pile"),
        Zone("p{seat}.hand", OWNER, per_seat=True, cards="hands", label="Hand"),
    ],
    uid=lambda c: uids()[c],
    card_id=lambda c: uids()[c],
    back=lambda c: BACK,
)


def hand(seat: int) -> str:
    """The zone id of ``seat``'s hand."""
    return f"p{seat}.hand"


def describe(s: HighCardState, seat: int | None) -> dict[str, Any]:
    """The prompt, each seat's figures and the public facts ``rebuild`` needs."""
    current = s.stack[-1].seat if s.stack else -1
    if s.over:
        text = "The game is over."
    elif seat == current:
        text = "Play a card onto the pile."
    else:
        text = f"Seat {current + 1} plays a card."
    return {
        "prompt": text,
        "seats": [{"score": n} for n in s.scores],
        "public": {"players": s.players, "current": current},
    }


def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """The cards the seat cannot see (the deck and the other hands) dealt at random from the
    cards no zone shows it."""
    return ZONES.deal(seen.view["zones"], range(len(uids())), (), seen.rng, index())


def _stack(seen: Seen) -> list[Frame]:
    return [] if seen.view["over"] else [turn(PLAY, seen.public["current"])]


# A full state ``seat`` cannot tell from the real one, field by field: the cards from the
# dealt zones, the scores from the seats' figures, ``over`` from the view, the stack from
# the public ``current``; ``players`` is read from the public facts under its own name.
rebuild = FromView(
    HighCardState,
    deal=_deal,
    zones={"deck": "deck", "hands": "p{seat}.hand", "pile": "pile"},
    seats={"scores": ("score",)},
    view={"over": "over"},
    hooks={"stack": _stack},
)
