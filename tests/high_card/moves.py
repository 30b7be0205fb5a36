"""High Card's move table: one move, ``play`` (a drag from the hand onto the pile), with how
its actions are listed, how one applies and why one is refused; and what follows a move
(the flow, ``advance``), short enough to live here rather than in a ``flow.py`` of its own:
the turn passes to the next seat holding cards, and the game ends once every hand is empty."""

from __future__ import annotations

from high_card.data import index, uids, values
from high_card.state import PLAY, HighCardState
from high_card.view import ZONES, hand
from tabletop.engine import DRAG, Action, Event, Gesture
from tabletop.engine.decisions import turn
from tabletop.engine.events import POINTS, QUIET
from tabletop.engine.moves import Interned, Move, Moves


def _make_play(seat: int, card: int) -> Action:
    uid = uids()[card]
    return Action.make("play", Gesture.drag(uid, hand(seat), "pile"), f"Play the {uid}", card=uid)


PLAYS = Interned(_make_play)  # each action built once, shared by every state


def plays(s: HighCardState, seat: int) -> list[Action]:
    """Any card of the hand (in the hand's order: agents choose by position)."""
    return [PLAYS(seat, c) for c in s.hands[seat]]


def apply_play(s: HighCardState, seat: int, action: Action, events: list[Event]) -> None:
    """The card goes onto the pile; it scores a point if it beats the card it covers."""
    card = index()[action["card"]]
    beats = not s.pile or values()[card] > values()[s.pile[-1]]
    s.hands[seat].remove(card)
    s.pile.append(card)
    s.scores[seat] += beats
    if events is not QUIET:  # a quiet apply (play-outs) builds no event at all
        text = f"Seat {seat + 1} plays the {uids()[card]}."
        events.append(ZONES.move(s, s.players, card, hand(seat), "pile", text))
        events.append(Event(POINTS, "", {"seat": seat, "delta": int(beats)}))
    if s.deck:
        drawn = s.deck.pop()
        s.hands[seat].append(drawn)
        if events is not QUIET:
            text, hidden = f"Seat {seat + 1} draws the {uids()[drawn]}.", "A card is drawn."
            events.append(ZONES.move(s, s.players, drawn, "deck", hand(seat), text, hidden))


def refuse(s: HighCardState, seat: int, action: Action) -> str:
    """Why a ``play`` is refused, in plain words."""
    card = index().get(action.get("card"))  # type: ignore[arg-type]
    if card is None:
        return "There is no such card."
    if card not in s.hands[seat]:
        return "You can only play a card from your own hand."
    return f"{action} is not allowed now."


MOVES = Moves([Move("play", (PLAY,), plays, apply_play, refuse, DRAG)])


def advance(s: HighCardState, seat: int, events: list[Event]) -> None:
    """Pass the turn on (``events`` may be QUIET: the flow never reads them)."""
    s.stack.pop()
    for step in range(1, s.players + 1):
        nxt = (seat + step) % s.players
        if s.hands[nxt]:
            s.stack.append(turn(PLAY, nxt))
            return
    s.over = True
