"""Drawing from the two decks, with the Reshuffle card exactly as the rulebook has it."""

from __future__ import annotations

from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.state import YMState


def _first_exhaustion(s: YMState) -> None:
    """The deck just ran out for the first time: discards + Reshuffle become the new deck."""
    s.deck = [*s.discard, catalog().reshuffle]
    s.discard = []
    s.reshuffle_in = True
    s.rng.shuffle(s.deck)


def _reshuffle(s: YMState) -> None:
    """The Reshuffle card was drawn: deck, discards and Reshuffle together; philosophes too."""
    s.deck = s.deck + s.discard + [catalog().reshuffle]
    s.discard = []
    s.rng.shuffle(s.deck)
    if s.phil_discard:
        s.phil_deck = s.phil_deck + s.phil_discard
        s.phil_discard = []
        s.rng.shuffle(s.phil_deck)


def can_draw_action(s: YMState) -> bool:
    """Whether an action card (other than Reshuffle) can still be drawn."""
    resh = catalog().reshuffle
    return bool(s.discard) or any(c != resh for c in s.deck)


def draw_action(s: YMState) -> int | None:
    """Draw one action card, reshuffling as needed; ``None`` if no real card is left.

    A drawn Reshuffle card pauses the draw: everything is reshuffled and the draw goes on.
    """
    resh = catalog().reshuffle
    deck = s.deck
    if len(deck) > 1 and deck[-1] != resh:  # the common case: a card, and more below it
        return deck.pop()
    for _ in range(100):
        if not s.deck:  # never happens once Reshuffle is in the deck; a guard
            if s.reshuffle_in:
                return None
            _first_exhaustion(s)
        card = s.deck.pop()
        if card == resh:
            _reshuffle(s)
            if len(s.deck) == 1:
                return None
            continue
        if not s.deck and not s.reshuffle_in:
            _first_exhaustion(s)
        return card
    return None


def can_draw_phil(s: YMState) -> bool:
    """Whether a philosophe can be drawn (deck, or its discards reshuffled)."""
    return bool(s.phil_deck or s.phil_discard)


def draw_phil(s: YMState) -> int | None:
    """Draw the top philosophe; an empty deck takes its discards, shuffled."""
    if not s.phil_deck:
        if not s.phil_discard:
            return None
        s.phil_deck = s.phil_discard
        s.phil_discard = []
        s.rng.shuffle(s.phil_deck)
    return s.phil_deck.pop()
