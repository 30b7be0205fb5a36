"""Favours: help asked and given for a token "A owes B", called in later, traded, bought back.

Between any two phases of a season (when favours are on) a round goes round the living
seats from the leader (M22–M24, M36, M39).  The seat asked may, as often as it has something
new to offer, offer a token to a third player for a diamond or for a new favour, or offer a
diamond (from hand or on show) to buy back a token it owes; at the start of the Attack,
Defend and Rebuild phases it may also ask another player for help (a club against a rival,
a parry against an attack on it, a heart for itself) or call in a favour it holds (a play a
joker may cancel); then it is done.  Every ask and offer is answered by
the other player in a prompt; a seat that has no card to give cannot be asked for one.
Each (seat, kind, other player) happens at most once a phase, so the round always ends.

This file lists what a seat may offer, move by move; ``market.py`` lists the whole step in
one pass from kept blocks, ``tokens.py`` keeps the tokens out and each seat's ledger, and
``favour_moves.py`` holds what each move does, the other player's answers, the refusals and
the favour rows of the move table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.engine import Action, Gesture
from tabletop.engine.decisions import reaction
from tabletop.engine.moves import Interned
from tabletop.games.mayflower import tokens
from tabletop.games.mayflower.data import MAX_HP, catalog
from tabletop.games.mayflower.state import (
    ATTACK,
    DEFEND,
    FAVOUR_STEP,
    REBUILD,
    MayflowerState,
    who,
)
from tabletop.games.mayflower.table import threats
from tabletop.games.mayflower.view import card_name

#: a heal asked as a gift: no token if the other agrees (M39)
ASK_GIFT = "ask_gift"
ASK, CALL_IN, SELL, SWAP, BUY_BACK, FAVOURS_DONE = (
    "ask",
    "call_favour",
    "sell_favour",
    "swap_favour",
    "buy_back",
    "favours_done",
)
HELP, DECLINE_HELP, GIVE, ACCEPT_OFFER, REFUSE_OFFER = (
    "help",
    "decline_help",
    "give",
    "accept_offer",
    "refuse_offer",
)
NEED = {ATTACK: "c", DEFEND: "s", REBUILD: "h"}  # the suit each phase's favour needs


def _uid(card: int) -> str:
    return catalog().uids[card]


def _button(name: str, label: str, **args: Any) -> Action:
    return Action.make(name, Gesture.button(label), label, **args)


def _grouped(name: str, label: str, choice: str, text: str, **args: Any) -> Action:
    """One of several actions behind one button (the table opens a chooser of ``choice``)."""
    return Action.make(name, Gesture.button(label, choice=choice), text, **args)


# --- the round -------------------------------------------------------------------------------------
def open_round(s: MayflowerState, phase: str) -> None:
    """The favour round at the start of ``phase`` (the flow skips seats with nothing to do)."""
    s.stack.append(reaction(FAVOUR_STEP, s.living(), phase=phase, tried=[]))


def tokens_held(s: MayflowerState, seat: int) -> list[list[int]]:
    """The tokens ``seat`` holds (``[id, debtor, holder]``)."""
    return [t for t in s.favours if t[2] == seat]


# The frame's "tried" list is never changed in place (each try replaces it with a longer
# copy, which state copies may share), so the last one read is kept with what each seat
# tried, as a mask with bit kind * 8 + other set for each try: every test is a bit test, not
# a scan of the phase's tries. One tuple, replaced whole and never changed once published (a
# search thread and the table may list moves at once): the list, its length, seat -> mask.
_TRIED: tuple[Any, int, dict[int, int]] = (None, 0, {})

# a try's kind times 8 (``frame.data["tried"]`` holds [seat, kind, other]); plus the other
# player, the bit of that try in a seat's mask
ASKED, CALLED, SOLD, SWAPPED, BOUGHT, GIFTED = 0, 8, 16, 24, 32, 40


def tried_mask(frame: Any, seat: int) -> int:
    """What ``seat`` tried this phase: bit ``kind * 8 + other`` set for each try (kinds 0–5
    as in ``frame.data["tried"]``: ask, call, sell, swap, buy back, gift)."""
    global _TRIED
    tried = frame.data["tried"]
    memo = _TRIED
    if memo[0] is not tried or memo[1] != len(tried):
        old, n = memo[0], memo[1]
        if old is not None and len(old) == n <= len(tried) and tried[:n] == old:
            by_seat, new = dict(memo[2]), tried[n:]  # the last list read, and a try or two more
        else:
            by_seat, new = {}, tried
        for who_, kind, other in new:
            by_seat[who_] = by_seat.get(who_, 0) | 1 << (kind * 8 + other)
        memo = _TRIED = (tried, len(tried), by_seat)
    return memo[2].get(seat, 0)


def _subjects(s: MayflowerState, seat: int, phase: str, helper: int) -> list[int]:
    """What ``seat`` may ask ``helper`` for: targets (Attack), fights (Defend), [-1] (Rebuild)."""
    if phase == ATTACK:
        return [t for t in s.living() if t != seat and t != helper]
    if phase == DEFEND:
        return [f["id"] for f in threats(s, seat) if f["by"] != helper]
    if phase != REBUILD:  # the other rounds are for trades only (M39)
        return []
    return [-1] if s.hp[seat] < MAX_HP else []


def subject_words(s: MayflowerState, phase: str, subject: int, seat: int) -> str:
    """What a favour asked or called in serves, in words ("attack Player 2")."""
    if phase == ATTACK:
        return f"attack {who(subject)}"
    if phase == DEFEND:
        f = s.fights[subject]
        return parry_words(f["by"], f["club"])
    return f"heal {who(seat)}"


def parry_words(attacker: int, club: int) -> str:
    """The words of a parry asked or called in against ``attacker``'s ``club``."""
    return f"parry {who(attacker)}'s {card_name(club)}"


def _per_other(name: str, label: str, text: str, role: str) -> Interned[Action]:
    """The actions ``name`` behind the button ``label``, by (seat, other, subject, words):
    the seat asks ``other`` for help, or calls in ``other``'s favour, for what ``words`` say.
    ``text`` names one (``{other}``, ``{words}``); ``role`` is the argument naming ``other``."""

    def make(seat: int, other: int, subject: int, words: str) -> Action:
        name_of = who(other)
        said = text.format(other=name_of, words=words)
        return _grouped(name, label, f"{name_of}: {words}", said, subject=subject, **{role: other})

    return Interned(make)


_ask = _per_other(ASK, "Ask for help…", "Ask {other} to {words} for a favour", "helper")


def asks(s: MayflowerState, seat: int) -> list[Action]:
    """Ask another living player for help, once per player a phase."""
    others = [h for h in s.living() if h != seat]
    return _per_subject(s, seat, others, ASKED, _ask)


def _per_subject(
    s: MayflowerState,
    seat: int,
    others: list[int],
    tried: int,
    make: Callable[[int, int, int, str], Action],
) -> list[Action]:
    """``make(seat, other, subject, words)`` for each of ``others`` not yet tried this phase
    (bit ``tried + other`` of the seat's mask) and each subject it could help with."""
    frame = s.stack[-1]
    phase = frame.data["phase"]
    done = tried_mask(frame, seat)
    return [
        make(seat, o, subject, subject_words(s, phase, subject, seat))
        for o in others
        if not done >> (tried + o) & 1
        for subject in _subjects(s, seat, phase, o)
    ]


def _make_gift(seat: int, helper: int) -> Action:
    text = f"Ask {who(helper)} to heal you as a gift (no favour owed)"
    return _grouped(ASK_GIFT, "Ask for a free heal…", who(helper), text, helper=helper)


_gift = Interned(_make_gift)


def gifts(s: MayflowerState, seat: int) -> list[Action]:
    """At the Rebuild, ask another living player to heal the seat for nothing (M39); once per
    player a phase."""
    frame = s.stack[-1]
    if frame.data["phase"] != REBUILD or s.hp[seat] >= MAX_HP:
        return []
    done = tried_mask(frame, seat)
    return [_gift(seat, h) for h in s.living() if h != seat and not done >> (GIFTED + h) & 1]


def _debtors(s: MayflowerState, seat: int) -> list[int]:
    """The players owing ``seat`` at least one favour, in seat order."""
    return sorted({t[1] for t in s.favours if t[2] == seat})


def _holders(s: MayflowerState, seat: int) -> list[int]:
    """The players ``seat`` owes at least one favour, in seat order."""
    return sorted({t[2] for t in s.favours if t[1] == seat})


def token_of(s: MayflowerState, debtor: int, holder: int) -> list[int] | None:
    """The oldest token ``debtor`` owes ``holder`` (tokens between two players are alike)."""
    return tokens.oldest(s, debtor, holder)


_call = _per_other(CALL_IN, "Call in a favour…", "Call in {other}'s favour: {words}", "debtor")


def calls(s: MayflowerState, seat: int) -> list[Action]:
    """Call in a favour the seat holds, naming what it serves (M23); once per debtor a phase."""
    return _per_subject(s, seat, _debtors(s, seat), CALLED, _call)


def _make_trade(name: str, seat: int, debtor: int, other: int) -> Action:
    what = "a diamond" if name == SELL else "a favour from them"
    text = f"Offer {who(debtor)}'s favour to {who(other)} for {what}"
    label = "Sell a favour for a diamond…" if name == SELL else "Trade a favour for a favour…"
    choice = f"{who(debtor)}'s favour to {who(other)}"
    return _grouped(name, label, choice, text, debtor=debtor, seat=other)


_trade = Interned(_make_trade)


def _trades(s: MayflowerState, seat: int, name: str) -> list[Action]:
    """Offer a held token to a third player for a diamond (SELL) or a new favour (SWAP)."""
    debtors = _debtors(s, seat)
    if not debtors:
        return []
    kind = SOLD if name == SELL else SWAPPED
    done = tried_mask(s.stack[-1], seat)
    others = [o for o in s.living() if o != seat and not done >> (kind + o) & 1]
    return [_trade(name, seat, d, o) for d in debtors for o in others if o != d]


def sells(s: MayflowerState, seat: int) -> list[Action]:
    """Offer a held token to a third player for a diamond (M24); once per player a phase."""
    return _trades(s, seat, SELL)


def swaps(s: MayflowerState, seat: int) -> list[Action]:
    """Offer a held token to a third player for a new favour (M36); once per player a phase."""
    return _trades(s, seat, SWAP)


def payable(shown: Iterable[int], hand: Iterable[int]) -> list[int]:
    """The diamonds a seat showing ``shown`` and holding ``hand`` could pay with (one of each
    value): those on show first, then those in hand."""
    cat = catalog()
    ids, suits = cat.card_ids, cat.suits
    out: list[int] = []
    seen: set[str] = set()
    for c in (*shown, *(c for c in hand if suits[c] == "d")):
        if ids[c] not in seen:
            seen.add(ids[c])
            out.append(c)
    return out


def _make_buy(seat: int, holder: int, card: int) -> Action:
    text = f"Offer {who(holder)} the {card_name(card)} to buy back your favour"
    choice = f"From {who(holder)} for the {card_name(card)}"
    return _grouped(BUY_BACK, "Buy back a favour…", choice, text, holder=holder, card=_uid(card))


_buy = Interned(_make_buy)


def buy_backs(s: MayflowerState, seat: int) -> list[Action]:
    """Offer a diamond, from hand or on show, for a token the seat owes (M24, M39); once per
    holder a phase."""
    holders = _holders(s, seat)
    if not holders:
        return []
    done = tried_mask(s.stack[-1], seat)
    out: list[Action] = []
    for holder in holders:
        if done >> (BOUGHT + holder) & 1 or not s.alive(holder):
            continue
        out.extend(_buy(seat, holder, c) for c in payable(s.diamonds[seat], s.hands[seat]))
    return out


_DONE = _button(FAVOURS_DONE, "Done with favours")


def dones(s: MayflowerState, seat: int) -> list[Action]:
    """Nothing more to ask, call or trade."""
    return [_DONE]
