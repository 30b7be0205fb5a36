"""A new game: the cards (two decks, one in the shorter game) shuffled and their identities
dealt to the uids, seven cards (by default) and three coins each, a random herald, and the
first King phase opened."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Rng
from tabletop.games.aristocracy.data import (
    FARM_SIZES,
    MARKET_CARDS,
    START_COINS,
    deck_ids,
    decks_for,
)
from tabletop.games.aristocracy.flow import start_phase
from tabletop.games.aristocracy.state import State


def table_of(options: dict[str, Any]) -> tuple[int, int, int]:
    """What the options decide: building cards of a farm, the starting hand and base hand
    limit ("auto": one less than twice a farm's cards, address included), the decks."""
    farm = FARM_SIZES[options["length"]]
    hand = options["hand_size"]
    hand = 2 * (farm + 1) - 1 if hand == "auto" else int(hand)
    return farm, hand, decks_for(farm)


def rules_figures(options: dict[str, Any]) -> dict[str, Any]:
    """The figures of the rules text (``game.yaml``'s ``{name}`` placeholders) for options."""
    farm, hand, decks = table_of(options)
    n = len(deck_ids(decks))
    if decks == 2:
        cards = (
            "Two ordinary 52-card decks are shuffled together; the King, Queen and Jack of "
            f"diamonds of one deck are set aside as the phase marker, so {n} cards are in play."
        )
        ruling = (
            f"Both decks minus the King, Queen and Jack of diamonds of one deck, {n} cards. "
            "The other deck's diamond royals are ordinary cards."
        )
    else:
        cards = (
            "The shorter game uses only one ordinary 52-card deck; its King, Queen and Jack of "
            f"diamonds are set aside as the phase marker, so {n} cards are in play."
        )
        ruling = (
            "The shorter game uses only one deck (rulebook, Variants), minus its King, Queen "
            f"and Jack of diamonds: {n} cards."
        )
    return {
        "hand": hand,
        "farm": farm,
        "estate": farm + 1,
        "chateau": farm + 2,
        "sizes": f"{farm}, {farm + 1} or {farm + 2}",
        "decks_text": cards,
        "decks_ruling": ruling,
    }


def new_state(players: int, seed: int, options: dict[str, Any]) -> State:
    """Shuffle, deal, give coins, pick the herald and open the first King phase."""
    rng = Rng(seed)
    farm, hand, decks = table_of(options)
    card_of = list(deck_ids(decks))
    if players * hand + MARKET_CARDS > len(card_of):  # the hands and the first market
        raise ValueError(
            f"{players} hands of {hand} cards are too many for {len(card_of)} cards: "
            "choose a smaller hand or the standard length"
        )
    rng.shuffle(card_of)
    draw = list(range(len(card_of)))
    rng.shuffle(draw)
    s = State(
        players=players,
        rng=rng,
        farm=farm,
        hand_limit=hand,
        card_of=card_of,
        draw=draw,
        discard=[],
        market=[],
        hands=[[draw.pop() for _ in range(hand)] for _ in range(players)],
        stalls=[[] for _ in range(players)],
        offers=[[] for _ in range(players)],
        buildings=[[] for _ in range(players)],
        coins=[START_COINS] * players,
        seen=[0] * len(card_of),
        herald=rng.randrange(players),
    )
    start_phase(s, [])
    return s
