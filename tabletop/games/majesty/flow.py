"""The end of a turn: overflow meeples become points, the display refills, the next seat."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.engine.decisions import TURN
from tabletop.engine.events import QUIET, Recorded
from tabletop.engine.words import capital_a, plural
from tabletop.engine.zones import PlainRoute, plain_move
from tabletop.games.majesty.data import CHARACTERS_PER_PLAYER, catalog
from tabletop.games.majesty.scoring import final_scoring
from tabletop.games.majesty.state import MajestyState, gain_points, who
from tabletop.games.majesty.view import route


def advance(s: MajestyState, seat: int, events: list[Event]) -> None:
    """After a move, once no prompt is open, the turn ends: overflow meeples become points,
    the display refills, the next seat moves; after every seat's twelfth character, the
    final scoring."""
    if s.over or s.stack[-1].kind != TURN:
        return
    s.resolving = -1
    spaces, refill = _TURN_END.get(s.players) or _turn_end(s.players)
    extra = s.meeples[seat] - spaces
    if extra > 0:
        s.meeples[seat] = spaces
        gain_points(s, seat, extra, "overflow", events, _overflow, seat, extra)
    deck = s.deck
    if deck:
        card = deck.pop()
        s.display.append(card)
        s.display_meeples.append(0)
        if events is not QUIET:  # (view.move written out, the route kept per player count)
            ev = Recorded()
            ev._call = (_refilled, refill, card)
            events.append(ev)
    s.turn += 1
    s.stack[0].seats[0] = (seat + 1) % s.players
    realms = s.realms
    full = CHARACTERS_PER_PLAYER
    if sum(map(len, realms[seat])) >= full and all(sum(map(len, r)) >= full for r in realms):
        final_scoring(s, events)


def _overflow(seat: int, extra: int) -> str:
    return f"{who(seat)} returns {plural(extra, 'extra meeple')} for {plural(extra, 'point')}."


def _refilled(route: PlainRoute, card: int) -> Event:
    return plain_move(route, card, True, _joins, (card,))


def _turn_end(players: int) -> tuple[int, PlainRoute]:
    """What the end of a turn reads: the worker card's spaces, the deck-to-display route."""
    found = _TURN_END[players] = (catalog().worker_spaces, route(players, "deck", "display"))
    return found


_TURN_END: dict[int, tuple[int, PlainRoute]] = {}  # players -> (spaces, refill route)


def _joins(card: int) -> str:
    return f"{capital_a(catalog().names[card])} joins the display."
