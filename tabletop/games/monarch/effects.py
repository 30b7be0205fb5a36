"""The interpreter of card abilities: one function per effect kind, none per card.

Cards, banners and Moons name their abilities in ``data/monarch/cards.yaml`` as one of a
closed set of kinds (see the header of that file); this module reads them.  "On the board"
is the top card of each land stack only (MO5).
"""

from __future__ import annotations

from tabletop.games.monarch.data import (
    BANNERS_PER_SISTER,
    CARDS,
    IMPROVEMENT,
    PATHS,
    Card,
)
from tabletop.games.monarch.state import MonarchState

# --- the board ---------------------------------------------------------------------------------


def top(s: MonarchState, i: int) -> Card:
    """The top card of land stack ``i`` (the board itself when nothing covers it)."""
    return CARDS[s.lands[i][-1]]


def kind_of(s: MonarchState, i: int) -> str:
    """``farm`` or ``village``: the kind of the board at the bottom of stack ``i``."""
    return CARDS[s.lands[i][0]].land


def yield_of(s: MonarchState, i: int) -> int:
    """What land ``i`` gives: the number on its top card."""
    return CARDS[s.lands[i][-1]].yields


def harvest_food(s: MonarchState) -> int:
    """The food of every farm together."""
    return sum(yield_of(s, i) for i in range(len(s.lands)) if kind_of(s, i) == "farm")


def tax_gold(s: MonarchState) -> int:
    """The gold of every village together."""
    return sum(yield_of(s, i) for i in range(len(s.lands)) if kind_of(s, i) == "village")


def villages(s: MonarchState) -> int:
    """The number of village boards (each eats 1 food when taxed)."""
    return sum(1 for i in range(len(s.lands)) if kind_of(s, i) == "village")


def places_for(s: MonarchState, card: Card) -> list[int]:
    """The land stacks an improvement may cover: its kind, top yielding no more than it."""
    return [
        i
        for i in range(len(s.lands))
        if kind_of(s, i) == card.land and yield_of(s, i) <= card.yields
    ]


# --- counting (scoring rules) --------------------------------------------------------------------


def path_cards(s: MonarchState, seat: int, path: str) -> int:
    """Court cards of ``path`` in the court of ``seat``."""
    return sum(1 for c in s.courts[seat] if CARDS[c].path == path)


def path_improvements(s: MonarchState, path: str) -> int:
    """Improvements of ``path`` on top of a land stack."""
    n = 0
    for stack in s.lands:
        c = CARDS[stack[-1]]
        if c.kind == IMPROVEMENT and c.path == path:
            n += 1
    return n


def rule_crowns(s: MonarchState, seat: int, card: Card, in_court: bool) -> int:
    """The crowns the scoring rule of ``card`` adds for ``seat`` (before its printed crowns)."""
    total = 0
    each = card.each
    for kind in card.score:
        if kind == "per_path_card":
            n = path_cards(s, seat, card.count_path)
            if not card.with_self and in_court and card.path == card.count_path:
                n -= 1
            total += each * n
        elif kind == "per_path_improvement":
            total += each * path_improvements(s, card.count_path)
        elif kind == "per_emblem":
            total += each * sum(1 for c in s.courts[seat] if CARDS[c].emblem == card.count_emblem)
        elif kind == "per_guest":
            total += each * len(s.guests[seat])
        elif kind == "per_farm_board":
            total += each * sum(1 for i in range(len(s.lands)) if kind_of(s, i) == "farm")
        elif kind == "per_different_path":
            total += each * len({CARDS[c].path for c in s.courts[seat]} & set(PATHS))
        elif kind == "per_resource":
            held = s.food[seat] if card.resource == "food" else s.gold[seat]
            total += each * (held // card.per)
        elif kind == "pair_bonus":
            if any(CARDS[c].id == card.partner for c in s.courts[seat]):
                total += each
        else:  # pragma: no cover - the data's choices list keeps this closed
            raise ValueError(f"{card.id}: unknown scoring rule {kind!r}")
    if card.cap:
        total = min(total, card.cap)
    return total


def cancelled(s: MonarchState, seat: int, card: Card) -> bool:
    """Whether another card in the same court cancels ``card`` (the Fireworks)."""
    return any(CARDS[c].cancels == card.id for c in s.courts[seat])


def court_value(s: MonarchState, seat: int, index: int) -> int:
    """What Court card ``index`` of ``seat``'s court is worth now."""
    card = CARDS[index]
    if cancelled(s, seat, card):
        return 0
    return card.crowns + rule_crowns(s, seat, card, True)


def banner_value(s: MonarchState, seat: int, index: int) -> int:
    """What a banner flown by ``seat`` is worth now."""
    card = CARDS[index]
    return card.crowns + rule_crowns(s, seat, card, False)


def breakdown(s: MonarchState, seat: int) -> dict[str, int]:
    """Crowns of ``seat`` by source: court, banners, guests (negative)."""
    return {
        "court": sum(court_value(s, seat, c) for c in s.courts[seat]),
        "banners": sum(banner_value(s, seat, b) for b in s.flown[seat]),
        "guests": sum(CARDS[g].crowns for g in s.guests[seat]),
    }


def crowns(s: MonarchState, seat: int) -> int:
    """The crowns ``seat`` would score now."""
    return sum(breakdown(s, seat).values())


# --- costs ------------------------------------------------------------------------------------------


def has_power(s: MonarchState, seat: int, power: str) -> Card | None:
    """The banner of ``seat`` with ``power``, if she flies it."""
    for b in s.flown[seat]:
        if CARDS[b].power == power:
            return CARDS[b]
    return None


def power_amount(s: MonarchState, banner: Card) -> int:
    """A banner's amount (doubled with two players where it says so)."""
    return banner.amount * (2 if banner.doubled_2p and s.players == 2 else 1)


def court_cost(s: MonarchState, seat: int, card: Card) -> tuple[int, int]:
    """``(gold, food)`` that ``seat`` pays for a Court card, discounts applied."""
    gold = card.gold
    for c in s.courts[seat]:
        owned = CARDS[c]
        if owned.discount_path and owned.discount_path == card.path:
            gold -= owned.discount
    return max(0, gold), card.food


def improvement_cost(s: MonarchState, seat: int, card: Card) -> int:
    """The food ``seat`` pays for an improvement (the Banner of Culture takes some off)."""
    banner = has_power(s, seat, "improvement_discount")
    return max(0, card.food - (power_amount(s, banner) if banner else 0))


def guest_cost(s: MonarchState, seat: int, card: Card, to: int) -> int:
    """The gold ``seat`` pays to send guest ``card`` to ``to`` (the Banner of Might adds some)."""
    banner = has_power(s, to, "guest_surcharge")
    return card.gold + (power_amount(s, banner) if banner else 0)


# --- banners ------------------------------------------------------------------------------------------


def banner_limit(s: MonarchState) -> int:
    """How many banners one sister may fly in this game (MO6)."""
    return BANNERS_PER_SISTER.get(s.players, 1)


def meets(s: MonarchState, seat: int, banner: Card) -> bool:
    """Whether ``seat`` meets the banner's requirement now."""
    if banner.require == "each_path":
        return all(path_cards(s, seat, p) >= banner.require_count for p in PATHS)
    return path_cards(s, seat, banner.path) >= banner.require_count


def requirement_text(banner: Card) -> str:
    """The banner's requirement in words."""
    if banner.require == "each_path":
        return f"{banner.require_count} Court card of each of the four paths"
    n = banner.require_count
    return f"{n} {banner.path.capitalize()} Court card{'s' if n != 1 else ''}"
