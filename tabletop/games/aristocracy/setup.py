"""A new game: the cards (two decks, one in the shorter game) shuffled and their identities
dealt to the uids, seven cards (by default) and three coins each, a random herald, and the
first King phase opened."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Rng
from tabletop.games.aristocracy.data import (
    FARM_SIZES,
    LENGTHS,
    MARKET_CARDS,
    START_COINS,
    deck_ids,
    decks_for,
)
from tabletop.games.aristocracy.flow import start_phase
from tabletop.games.aristocracy.state import State


def table_of(options: dict[str, Any]) -> tuple[int, int, int]:
    """What the options decide: building cards of a farm, the starting hand and base hand
    limit (see :func:`auto_hand`), the decks."""
    farm = FARM_SIZES[options["length"]]
    hand = options["hand_size"]
    hand = auto_hand(farm) if hand == "auto" else int(hand)
    return farm, hand, decks_for(farm)


def auto_hand(farm: int) -> int:
    """The "auto" hand size: one less than twice a farm's cards, address included (the
    rulebook's advice, 7 in the standard game), but at least one more than a château's
    cards, so that a château can be laid in one Build (5 in the shorter game, where the
    advice alone gives 3 and the greedy players' games ran longer than standard ones)."""
    return max(2 * (farm + 1) - 1, farm + 4)


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
        "lengths": lengths_text(),
        "shorter_ruling": shorter_ruling(),
    }


def _sizes(farm: int) -> str:
    return f"{farm}/{farm + 1}/{farm + 2}"


def lengths_text() -> str:
    """The Game length choices in words, from :data:`LENGTHS`."""
    words = {1: "one deck", 2: "two decks"}
    return ", ".join(
        f"{length} {_sizes(farm)} with {words.get(decks, f'{decks} decks')}"
        for length, (farm, decks) in LENGTHS.items()
    )


def shorter_ruling() -> str:
    """Our ruling on the shorter game's sizes, from :data:`LENGTHS` and the one-deck count."""
    farm, decks = LENGTHS["shorter"]
    auto = auto_hand(farm)
    most = farm + 2
    return (
        "The rulebook says only that the shorter game uses one deck and fewer building cards. "
        f"Here it uses {'one deck' if decks == 1 else f'{decks} decks'} of "
        f"{len(deck_ids(decks))} cards, and a farm takes {farm} building card"
        f"{'s' if farm != 1 else ''}, an estate {farm + 1}, a château {most}: a deck holds four "
        f"cards of a rank, so a complete château ({most + 1} cards of one rank, address "
        "included) is just possible. Kings, Queens and Jacks have three copies (the diamond "
        "ones are the phase marker): they make complete farms and estates, never a complete "
        f"château. The automatic hand size is {auto}: one more than a château's cards, so "
        "that one Build can lay it (the rulebook's advice, one less than twice a farm's "
        f"cards, would give only {2 * (farm + 1) - 1})."
    )


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
