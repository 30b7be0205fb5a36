"""Mayflower's four secret commits (Fortify, Attack, Defend, Rebuild) and the King's Hoard
choice, with the move names and the helpers the other move files share.

A commit is built card by card: each card dropped is noted in the seat's secret choice (the
card stays in the hand, marked for its owner), and one button confirms the whole choice.
"""

from __future__ import annotations

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.decisions import put
from tabletop.engine.moves import Interned
from tabletop.games.mayflower import table
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.state import (
    ATTACK,
    FORTIFY,
    REBUILD,
    MayflowerState,
    who,
    zone,
)
from tabletop.games.mayflower.table import hand_suit, parry_options, threats
from tabletop.games.mayflower.values import (
    fortification,
    has_jack,
    played_value,
)
from tabletop.games.mayflower.view import card_name

# move names
FORTIFY_WITH, NO_FORTIFY = "fortify", "no_fortify"
ATTACK_WITH, ATTACK_DONE = "attack", "attack_done"
PARRY_WITH, DEFEND_DONE = "parry", "defend_done"
HEAL_WITH, REBUILD_DONE = "heal", "rebuild_done"
SHOW, HOARD_DONE = "show", "hoard_done"
COUNTER, ENEMY_MOVE, DIPLOMACY_MOVE, PASS = "counter", "redirect", "diplomacy", "pass"
DIPLO_PARRY, DIPLO_DECLINE = "diplomacy_parry", "diplomacy_decline"


def jokers_of(s: MayflowerState, seat: int) -> list[int]:
    ranks = catalog().ranks
    return [c for c in s.hands[seat] if ranks[c] == "joker"]


def planned_of(s: MayflowerState, seat: int) -> list[list[int]]:
    return s.stack[-1].data["secret"].get(str(seat)) or []


def _plan(s: MayflowerState, seat: int, entry: list[int]) -> None:
    """Add ``entry`` to the seat's secret choice (a new list: frames share old ones)."""
    secret = s.stack[-1].data["secret"]
    secret[str(seat)] = [*(secret.get(str(seat)) or []), entry]


def uid_of(card: int) -> str:
    return catalog().uids[card]


def make_button(name: str, label: str) -> Action:
    return Action.make(name, Gesture.button(label), label)


# --- Fortify ---------------------------------------------------------------------------------------
def _make_fortify(card: int, seat: int, worth: int) -> Action:
    return Action.make(
        FORTIFY_WITH,
        Gesture.drag(uid_of(card), zone(seat, "hand"), zone(seat, "fort")),
        f"Fortify with the {card_name(card)} (every attack on you loses {worth})",
        card=uid_of(card),
    )


_fortify = Interned(_make_fortify)
_NO_FORTIFY = make_button(NO_FORTIFY, "No fortification")


def fortifies(s: MayflowerState, seat: int) -> list[Action]:
    """One spade laid sideways, or none."""
    return [
        _fortify(c, seat, max(1, played_value(s, c, seat) // 2)) for c in hand_suit(s, seat, "s")
    ]


def no_fortifies(s: MayflowerState, seat: int) -> list[Action]:
    """No fortification this season."""
    return [_NO_FORTIFY]


def apply_fortify(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The seat's secret fortification is chosen (``no_fortify``: none)."""
    choice = [] if action.name == NO_FORTIFY else [[catalog().index[action["card"]]]]
    put(s.stack[-1], seat, choice)


# --- Attack ----------------------------------------------------------------------------------------
def _make_attack(
    card: int, seat: int, target: int, boost: bool, worth: int, chooser: bool
) -> Action:
    jack = " with the Jack's +2" if boost else ""
    choice = ("With the Jack's +2" if boost else "Without the Jack") if chooser else None
    return Action.make(
        ATTACK_WITH,
        Gesture.drag(uid_of(card), zone(seat, "hand"), zone(target, "front"), choice=choice),
        f"Attack {who(target)} with the {card_name(card)}{jack} (worth {worth})",
        card=uid_of(card),
        target=target,
        boost=boost,
    )


_attack = Interned(_make_attack)
_done = Interned(lambda name, label: make_button(name, label))


def attacks(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more club at a living rival (the Jack's +2 on one), or confirm the attacks."""
    planned = planned_of(s, seat)
    used = {e[0] for e in planned}
    jack = has_jack(s, seat) and not s.boosted_club[seat] and not any(e[2] for e in planned)
    rivals = [t for t in s.living() if t != seat]
    out: list[Action] = []
    for c in hand_suit(s, seat, "c"):
        if c in used:
            continue
        worth = played_value(s, c, seat)
        for t in rivals:
            f = fortification(s, t)
            out.append(_attack(c, seat, t, False, worth - f, jack))
            if jack:
                out.append(_attack(c, seat, t, True, worth + 2 - f, True))
    return out


def attack_dones(s: MayflowerState, seat: int) -> list[Action]:
    """Confirm the planned attacks (none: no attack)."""
    n = len(planned_of(s, seat))
    return [_done(ATTACK_DONE, f"Attack with {n} club{'s' * (n != 1)}" if n else "No attack")]


def apply_attack(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more club in the seat's secret attack."""
    card = catalog().index[action["card"]]
    _plan(s, seat, [card, int(action["target"]), bool(action["boost"])])


def apply_done(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Confirm the seat's secret choice as planned."""
    put(s.stack[-1], seat, planned_of(s, seat))


# --- Defend ----------------------------------------------------------------------------------------
def _make_parry(card: int, seat: int, club: int, fight: int, boost: bool, worth: int) -> Action:
    jack = " with the Jack's +2" if boost else ""
    return Action.make(
        PARRY_WITH,
        Gesture.drag(
            uid_of(card),
            zone(seat, "hand"),
            uid_of(club),
            choice="With the Jack's +2" if boost else None,
        ),
        f"Parry the {card_name(club)} with the {card_name(card)}{jack} (worth {worth})",
        card=uid_of(card),
        fight=fight,
        boost=boost,
    )


_parry = Interned(_make_parry)


def defends(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more parry against an attack on the seat, or confirm the parries."""
    planned = planned_of(s, seat)
    used_cards = {e[1] for e in planned}
    used_fights = {e[0] for e in planned}
    jack = has_jack(s, seat) and not s.boosted_spade[seat] and not any(e[2] for e in planned)
    spades = [c for c in hand_suit(s, seat, "s") if c not in used_cards]
    out: list[Action] = []
    for f in threats(s, seat):
        if f["id"] in used_fights:
            continue
        for c, boost, worth in parry_options(s, seat, f, spades, jack):
            out.append(_parry(c, seat, f["club"], f["id"], boost, worth))
    return out


def defend_dones(s: MayflowerState, seat: int) -> list[Action]:
    """Confirm the planned parries (none: no parry)."""
    n = len(planned_of(s, seat))
    return [_done(DEFEND_DONE, f"Parry {n} attack{'s' * (n != 1)}" if n else "No parry")]


def apply_parry(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more parry in the seat's secret defence."""
    card = catalog().index[action["card"]]
    _plan(s, seat, [int(action["fight"]), card, bool(action["boost"])])


# --- Rebuild ---------------------------------------------------------------------------------------
def _make_heal(card: int, seat: int, worth: int) -> Action:
    return Action.make(
        HEAL_WITH,
        Gesture.drag(uid_of(card), zone(seat, "hand"), zone(seat, "heal")),
        f"Heal {worth} with the {card_name(card)}",
        card=uid_of(card),
    )


_heal = Interned(_make_heal)


def rebuilds(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more heart on the seat itself, or confirm the healing."""
    planned = planned_of(s, seat)
    used = {e[0] for e in planned}
    return [
        _heal(c, seat, played_value(s, c, seat)) for c in hand_suit(s, seat, "h") if c not in used
    ]


def rebuild_dones(s: MayflowerState, seat: int) -> list[Action]:
    """Confirm the planned healing (none: no healing)."""
    n = len(planned_of(s, seat))
    return [_done(REBUILD_DONE, f"Heal with {n} heart{'s' * (n != 1)}" if n else "No healing")]


def apply_heal(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more heart in the seat's secret healing."""
    _plan(s, seat, [catalog().index[action["card"]]])


def has_choice(s: MayflowerState, step: str, seat: int) -> bool:
    """Whether the seat could play anything in the commit ``step`` (else it passes, M30)."""
    if step == FORTIFY:
        return bool(hand_suit(s, seat, "s"))
    if step == ATTACK:
        return bool(hand_suit(s, seat, "c"))
    if step == REBUILD:
        return bool(hand_suit(s, seat, "h"))
    spades = hand_suit(s, seat, "s")
    if not spades:
        return False
    jack = has_jack(s, seat) and not s.boosted_spade[seat]
    return any(parry_options(s, seat, f, spades, jack) for f in threats(s, seat))


# --- Court: King's Hoard -------------------------------------------------------------------------
def _make_show(card: int, seat: int) -> Action:
    return Action.make(
        SHOW,
        Gesture.click(uid_of(card)),
        f"Show the {card_name(card)}",
        card=uid_of(card),
    )


_show = Interned(_make_show)
_HOARD_DONE = make_button(HOARD_DONE, "Keep the rest hidden")


def hoards(s: MayflowerState, seat: int) -> list[Action]:
    """Show one more diamond (M6)."""
    return [_show(c, seat) for c in hand_suit(s, seat, "d")]


def hoard_dones(s: MayflowerState, seat: int) -> list[Action]:
    """Keep the other diamonds hidden in hand."""
    return [_HOARD_DONE]


def apply_show(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """One diamond goes on show; with none left in hand the choice is over."""
    table.show_diamond(s, seat, catalog().index[action["card"]], events)
    if not hand_suit(s, seat, "d"):
        s.stack.pop()


def apply_hoard_done(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The remaining diamonds stay hidden in hand this season."""
    s.stack.pop()
