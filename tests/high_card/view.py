"""What a seat sees of High Card, declared once as a zone table: the deck face down, the pile
face up, each hand seen by its owner only.  The kit builds every view, redacts every card
move and re-deals the hidden cards for ``determinize`` from this table; ``describe`` adds
what no zone holds, and ``rebuild`` turns a view back into a state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from high_card.data import index, uids
from high_card.state import PLAY, HighCardState
from tabletop.engine import Rng
from tabletop.engine.decisions import turn
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


def rebuild(view: Mapping[str, Any], seat: int, rng: Rng) -> HighCardState:
    """A full state ``seat`` cannot tell from the real one: the cards it cannot see (the
    deck and the other hands) dealt at random from the cards no zone shows it."""
    pub = view["public"]
    players = pub["players"]
    filled, _rest = ZONES.deal(view["zones"], range(len(uids())), (), rng, index())
    over = bool(view["over"])
    return HighCardState(
        players=players,
        rng=rng.fork(),
        deck=filled["deck"],
        hands=[filled[hand(p)] for p in range(players)],
        pile=filled["pile"],
        scores=[s["score"] for s in view["seats"]],
        stack=[] if over else [turn(PLAY, pub["current"])],
        over=over,
    )
