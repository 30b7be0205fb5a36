"""Helpers for Monarch's tests: arrange a state by hand (every card stays in one place)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Event
from tabletop.games.monarch.data import CARDS, catalog
from tabletop.games.monarch.game import MonarchGame
from tabletop.games.monarch.state import MonarchState

GAME = MonarchGame()


def new(players: int = 3, seed: int = 1, **options: Any) -> MonarchState:
    """A fresh game, its first sister made seat 0 (the tests speak of seats)."""
    s = GAME.new_game(players, seed, options)
    s.first = 0
    s.stack[0].seats[0] = 0
    GAME.touch(s)
    return s


def card(card_id: str, copy: int = 0) -> int:
    """The instance of a definition id."""
    return catalog().by_id[card_id][copy]


def uid(card_id: str, copy: int = 0) -> str:
    """The uid of a definition id's instance."""
    return CARDS[card(card_id, copy)].uid


def _lists(s: MonarchState) -> list[list[int]]:
    return [
        s.deck,
        s.row,
        s.discard,
        s.box,
        s.pool,
        s.moon,
        *s.lands,
        *s.courts,
        *s.guests,
        *s.flown,
    ]


def take(s: MonarchState, c: int) -> None:
    """Lift card ``c`` from wherever it lies."""
    for cards in _lists(s):
        if c in cards:
            cards.remove(c)
            return
    raise AssertionError(f"card {c} is nowhere")


def put(s: MonarchState, where: list[int], *ids: str | int) -> None:
    """Move the named cards (definition ids, or card numbers) to the end of ``where``."""
    for x in ids:
        c = card(x) if isinstance(x, str) else x
        take(s, c)
        where.append(c)
    GAME.touch(s)


def set_row(s: MonarchState, *ids: str) -> None:
    """The market row becomes exactly these cards (the old row goes under the deck)."""
    for c in list(s.row):
        s.row.remove(c)
        s.deck.insert(0, c)
    put(s, s.row, *ids)


def on_deck(s: MonarchState, *ids: str) -> None:
    """These cards on top of the deck, the first named drawn first."""
    for x in reversed(ids):
        put(s, s.deck, x)


def empty_deck(s: MonarchState) -> None:
    """Every deck card to the box (refills then find nothing unless the discard has some)."""
    while s.deck:
        s.box.append(s.deck.pop())
    GAME.touch(s)


def set_lands(s: MonarchState, kinds: str) -> None:
    """The nine boards by kind, e.g. ``"FFFFVVVVV"`` (F = farm, V = village), unimproved."""
    farms = list(catalog().by_id["simple-farm"])
    villages = list(catalog().by_id["small-village"])
    for stack in s.lands:
        while len(stack) > 1:
            s.discard.append(stack.pop())
        s.box.append(stack.pop())
    for i, k in enumerate(kinds):
        b = (farms if k == "F" else villages).pop()
        s.box.remove(b)
        s.lands[i].append(b)
    GAME.touch(s)


def build(s: MonarchState, land: int, *ids: str) -> None:
    """Improvements on land ``land`` (1..9), bottom to top."""
    put(s, s.lands[land - 1], *ids)


def act(s: MonarchState, seat: int, name: str, **args: Any) -> list[Event]:
    """Apply an action by its name and arguments (refused ones raise IllegalAction).

    The tests edit states by hand between actions, so cached legal actions are dropped."""
    GAME.touch(s)
    return GAME.apply(s, seat, Action.make(name, **args))


def acquire(s: MonarchState, seat: int, card_id: str, to: str, **more: Any) -> list[Event]:
    """Acquire a row card towards ``to`` (``court``, ``land.N``, ``discard``, ``p<k>.guests``)."""
    return act(s, seat, "acquire", card=uid(card_id), to=to, **more)


def refusal(s: MonarchState, seat: int, name: str, **args: Any) -> str:
    """The words refusing an action (it must be refused)."""
    from tabletop.engine import IllegalAction

    GAME.touch(s)
    before = GAME.state_to_json(s)
    try:
        GAME.apply(s, seat, Action.make(name, **args))
    except IllegalAction as e:
        assert GAME.state_to_json(s) == before
        return e.reason
    raise AssertionError(f"{name} {args} was accepted")


def names(cards: list[int]) -> list[str]:
    """Definition ids of cards."""
    return [CARDS[c].id for c in cards]


def all_cards(s: MonarchState) -> list[int]:
    """Every card of the match, wherever it lies (for conservation)."""
    return sorted(c for cards in _lists(s) for c in cards)
