"""The words the table shows for Aristocracy: the prompt above the table, naming the zones
as the table labels them."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.aristocracy.buildings import glory_ok
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    BUILD,
    BUILDING,
    BUY,
    DOWNGRADE,
    EXPOSE,
    GLORY,
    PICK,
    REVISIT,
    STALL,
    TAX,
    VISIT,
    State,
)

# what to do in each part of an action, naming the zones as the table labels them
_PART_PROMPTS = {
    BUILD: "Build: drag a card from your hand or stall to Buildings for a new building, "
    "or onto your farm or estate to enlarge it.",
    BUILDING: "Build: drag more cards from your hand or stall onto the building "
    "({} {} a farm, {} an estate, {} a château); its Finish button shows once it is big enough.",
    VISIT: "Visit: click a building of another player to look at its cards.",
    EXPOSE: "Visit: click a card that does not match to turn it face up, or press Expose nothing.",
    REVISIT: "Visit: the card is already exposed: press Force discard or Make them pay.",
    BUY: "Buy: drag one of the Face-up discards to your hand.",
    DOWNGRADE: "Downgrade: drag more cards of the building to your hand, then press Done.",
}


def prompt(
    s: State, seat: int | None, step: str, ready: Sequence[bool], active: int, sub: str
) -> str:
    """What ``seat`` is asked to do now: ``step`` and ``sub`` name the step and the part of
    an action under way, ``ready`` who has committed, ``active`` whose turn it is."""
    if s.over:
        return "The game is over."
    if seat is None:
        return ""
    if step == ACTIONS:
        if seat == active:
            if sub == BUILDING:
                verb = "makes" if s.farm == 1 else "make"  # the building cards of each size
                return _PART_PROMPTS[BUILDING].format(s.farm, verb, s.farm + 1, s.farm + 2)
            return _PART_PROMPTS.get(sub, "") if sub else f"Take an action ({s.slots} left)."
    elif not ready[seat]:
        if step == STALL:
            return "Form your stall (face down), then press Stall ready."
        if step == TAX:
            return f"Tax: discard down to {s.limit(seat)} cards."
        if step == BALL:
            return "Ball: drag the cards you bring from your hand to Set aside, then press Done with the Ball."
        if step == BID:
            return "Auction: choose your secret bid."
        if step == GLORY:
            if not glory_ok(s, seat):  # asked all the same: nobody learns who could end it
                return "Glory: your complete buildings cannot end the game yet; press Play on."
            return "Glory: end the game now, or play on."
    if step == PICK and seat in s.pick_order[len(s.picks) :][:1]:
        return "Auction: pick a market card."
    return "Waiting for the other players."
