"""Mayflower's four secret commits (Fortify, Attack, Defend, Rebuild) and the King's Hoard
choice, with the move names and the helpers the other move files share.

A commit is built card by card: each card dropped is noted in the seat's secret choice (the
card stays in the hand, marked for its owner), and one button confirms the whole choice.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.decisions import put
from tabletop.engine.moves import Interned
from tabletop.engine.words import plural
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
from tabletop.games.mayflower.table import club_options, hand_suit, parry_options, threats
from tabletop.games.mayflower.values import has_jack, played_value
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
def _onto_own(kind: str, pile: str, text: str) -> Interned[Action]:
    """Actions ``kind`` dragging a hand card onto the seat's own ``pile``, by (card, seat,
    worth); ``text`` names them (``{card}``, ``{worth}``)."""

    def make(card: int, seat: int, worth: int) -> Action:
        gesture = Gesture.drag(uid_of(card), zone(seat, "hand"), zone(seat, pile))
        return Action.make(
            kind, gesture, text.format(card=card_name(card), worth=worth), card=uid_of(card)
        )

    return Interned(make)


_fortify = _onto_own(
    FORTIFY_WITH, "fort", "Fortify with the {card} (every attack on you loses {worth})"
)
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


def _confirming(
    kind: str, verb: str, card: str, none: str
) -> Callable[[MayflowerState, int], list[Action]]:
    """The lister of the button ``kind`` confirming the seat's planned cards (``verb`` and
    how many of ``card``; ``none`` when it plans none)."""

    def confirm(s: MayflowerState, seat: int) -> list[Action]:
        n = len(planned_of(s, seat))
        return [_done(kind, f"{verb} {plural(n, card)}" if n else none)]

    return confirm


def attacks(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more club at a living rival (the Jack's +2 on one), or confirm the attacks."""
    planned = planned_of(s, seat)
    used = {e[0] for e in planned}
    jack = has_jack(s, seat) and not s.boosted_club[seat] and not any(e[2] for e in planned)
    clubs = [c for c in hand_suit(s, seat, "c") if c not in used]
    rivals = [t for t in s.living() if t != seat]
    return [
        _attack(c, seat, t, boost, worth, jack)
        for c, t, boost, worth in club_options(s, seat, clubs, rivals, jack)
    ]


attack_dones = _confirming(ATTACK_DONE, "Attack with", "club", "No attack")


def apply_attack(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more club in the seat's secret attack."""
    card = catalog().index[action["card"]]
    _plan(s, seat, [card, int(action["target"]), bool(action["boost"])])


def apply_done(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Confirm the seat's secret choice as planned."""
    put(s.stack[-1], seat, planned_of(s, seat))


# --- Defend ----------------------------------------------------------------------------------------
def parry_action(
    kind: str, card: int, seat: int, club: int, boost: bool, worth: int, **more: int
) -> Action:
    """The drag of spade ``card`` onto the attacking ``club`` (with the Jack's +2 when
    ``boost``), as the move ``kind``: a planned parry, or the answer to a Diplomacy call."""
    jack = " with the Jack's +2" if boost else ""
    return Action.make(
        kind,
        Gesture.drag(
            uid_of(card),
            zone(seat, "hand"),
            uid_of(club),
            choice="With the Jack's +2" if boost else None,
        ),
        f"Parry the {card_name(club)} with the {card_name(card)}{jack} (worth {worth})",
        card=uid_of(card),
        **more,
        boost=boost,
    )


def _make_parry(card: int, seat: int, club: int, fight: int, boost: bool, worth: int) -> Action:
    return parry_action(PARRY_WITH, card, seat, club, boost, worth, fight=fight)


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


defend_dones = _confirming(DEFEND_DONE, "Parry", "attack", "No parry")


def apply_parry(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more parry in the seat's secret defence."""
    card = catalog().index[action["card"]]
    _plan(s, seat, [int(action["fight"]), card, bool(action["boost"])])


# --- Rebuild ---------------------------------------------------------------------------------------
_heal = _onto_own(HEAL_WITH, "heal", "Heal {worth} with the {card}")


def rebuilds(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more heart on the seat itself, or confirm the healing."""
    planned = planned_of(s, seat)
    used = {e[0] for e in planned}
    return [
        _heal(c, seat, played_value(s, c, seat)) for c in hand_suit(s, seat, "h") if c not in used
    ]


rebuild_dones = _confirming(REBUILD_DONE, "Heal with", "heart", "No healing")


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
