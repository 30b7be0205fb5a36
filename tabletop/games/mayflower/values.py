"""What cards are worth: aces, suit bonuses, the Jack's boost, fortifications, attacks.

Every value is that of the seat that plays (or owns) the card, with its Royal's bonuses
(M32).  An ace counts 10 unless the seat's opponent shows Sultry Looks (M3, M13).
"""

from __future__ import annotations

from tabletop.games.mayflower.data import (
    ACE_HIGH,
    ACE_LOW,
    FRONT_LINE,
    JACK_BOOST,
    SUIT_BONUS,
    SULTRY,
    catalog,
)
from tabletop.games.mayflower.state import MayflowerState


def royal_of(s: MayflowerState, seat: int) -> int:
    """The seat's Royal card (-1 when it has none)."""
    r = s.royals[seat]
    return r[0] if r else -1


def power_of(s: MayflowerState, seat: int) -> str:
    """The power of the seat's Royal under the Royal list in force ("" without a Royal)."""
    r = royal_of(s, seat)
    if r < 0:
        return ""
    cat = catalog()
    return cat.powers_two[r] if s.two_list else cat.powers[r]


def royal_suit(s: MayflowerState, seat: int) -> str:
    """The suit of the seat's Royal ("" without one)."""
    r = royal_of(s, seat)
    return catalog().suits[r] if r >= 0 else ""


def has_jack(s: MayflowerState, seat: int) -> bool:
    """Whether the seat leads with Front Line Leadership."""
    return power_of(s, seat) == FRONT_LINE


def aces_low(s: MayflowerState, seat: int) -> bool:
    """Whether the seat's aces count 1: an opponent shows Sultry Looks (M13)."""
    if not s.two_list:
        return False
    season = s.season
    for q in range(s.players):
        if q != seat and (s.out[q] == 0 or s.out[q] == season) and power_of(s, q) == SULTRY:
            return True
    return False


def value(s: MayflowerState, card: int, seat: int) -> int:
    """The face value of a number card for ``seat`` (an ace 10, or 1 under Sultry Looks)."""
    cat = catalog()
    if cat.ranks[card] == "a":
        return ACE_LOW if aces_low(s, seat) else ACE_HIGH
    return cat.values[card]


def bonus(s: MayflowerState, card: int, seat: int) -> int:
    """+1 when the card's suit is that of the seat's Royal (never for diamonds in play)."""
    suit = catalog().suits[card]
    return SUIT_BONUS if suit and suit != "d" and suit == royal_suit(s, seat) else 0


def played_value(s: MayflowerState, card: int, seat: int, boost: bool = False) -> int:
    """A club, spade or heart as ``seat`` plays it: value, suit bonus, the Jack's +2."""
    return value(s, card, seat) + bonus(s, card, seat) + (JACK_BOOST if boost else 0)


def fortification(s: MayflowerState, seat: int) -> int:
    """What the seat's fortification takes off each attack on it (0 without one, M7)."""
    if not s.forts[seat]:
        return 0
    spade = s.forts[seat][0]
    return max(1, played_value(s, spade, seat) // 2)


def attack_value(s: MayflowerState, fight: dict) -> int:
    """The final value of a club: value, bonuses, minus the target's fortification (M8)."""
    by = fight["by"]
    return played_value(s, fight["club"], by, fight["boost"]) - fortification(s, fight["to"])


def parry_value(s: MayflowerState, fight: dict) -> int:
    """The value of the spade parrying a fight (0 without one)."""
    if fight["parry"] < 0:
        return 0
    return played_value(s, fight["parry"], fight["pby"], fight["pboost"])


def open_fight(fight: dict) -> bool:
    """A club still standing with no parry on it (and none cancelled)."""
    return not fight["lost"] and fight["parry"] < 0 and not fight["plost"]


def succeeds(s: MayflowerState, fight: dict) -> bool:
    """Whether an attack gets through: not cancelled, not parried, worth more than 0."""
    if fight["lost"]:
        return False
    if fight["parry"] >= 0 and not fight["plost"]:
        return False
    return attack_value(s, fight) > 0


def diamond_value(s: MayflowerState, card: int, seat: int) -> int:
    """A diamond's worth to its owner (an ace may count 1 under Sultry Looks)."""
    return value(s, card, seat)


def diamond_total(s: MayflowerState, seat: int, hand: bool = True) -> int:
    """The seat's wealth: displayed diamonds (and those in hand), plus a diamond Royal's
    +1 per displayed diamond when scoring the fourth season (M14)."""
    cat = catalog()
    total = sum(diamond_value(s, d, seat) for d in s.diamonds[seat])
    if hand:
        total += sum(diamond_value(s, c, seat) for c in s.hands[seat] if cat.suits[c] == "d")
    if s.season == 4 and royal_suit(s, seat) == "d":
        total += len(s.diamonds[seat])
    return total


def diamond_cards(s: MayflowerState, seat: int) -> int:
    """How many diamond cards the seat owns (displayed and in hand)."""
    cat = catalog()
    return len(s.diamonds[seat]) + sum(1 for c in s.hands[seat] if cat.suits[c] == "d")
