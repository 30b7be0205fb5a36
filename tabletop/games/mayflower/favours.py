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

This file lists what a seat may offer; ``favour_moves.py`` holds what each move does, the
other player's answers, the refusals and the favour rows of the move table.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Gesture
from tabletop.engine.decisions import reaction
from tabletop.engine.moves import Interned
from tabletop.games.mayflower.data import MAX_HP, catalog
from tabletop.games.mayflower.state import (
    ATTACK,
    DEFEND,
    FAVOUR_STEP,
    REBUILD,
    MayflowerState,
    who,
    zone,
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
# tried, as kind * 8 + other: every test is a set lookup, not a scan of the phase's tries.
# One tuple, replaced whole and never changed once published (a search thread and the
# table may list moves at once): the list, its length, seat -> frozenset of kind * 8 + other.
_TRIED: tuple[Any, int, dict[int, frozenset[int]]] = (None, 0, {})


def tried_by(frame: Any, seat: int) -> frozenset[int]:
    """What ``seat`` tried this phase, each as ``kind * 8 + other`` (kinds 0–5, as in
    ``frame.data["tried"]``: ask, call, sell, swap, buy back, gift)."""
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
            by_seat[who_] = by_seat.get(who_, _NONE) | {kind * 8 + other}
        memo = _TRIED = (tried, len(tried), by_seat)
    return memo[2].get(seat) or _NONE


_NONE: frozenset[int] = frozenset()


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
    if phase == ATTACK:
        return f"attack {who(subject)}"
    if phase == DEFEND:
        f = s.fights[subject]
        return f"parry {who(f['by'])}'s {card_name(f['club'])}"
    return f"heal {who(seat)}"


def _make_ask(seat: int, helper: int, subject: int, words: str) -> Action:
    text = f"Ask {who(helper)} to {words} for a favour"
    choice = f"{who(helper)}: {words}"
    return _grouped(ASK, "Ask for help…", choice, text, helper=helper, subject=subject)


_ask = Interned(_make_ask)


def asks(s: MayflowerState, seat: int) -> list[Action]:
    """Ask another living player for help, once per player a phase."""
    frame = s.stack[-1]
    phase = frame.data["phase"]
    out = []
    done = tried_by(frame, seat)
    for h in s.living():
        if h == seat or h in done:  # kind 0: asked
            continue
        for subject in _subjects(s, seat, phase, h):
            words = subject_words(s, phase, subject, seat)
            out.append(_ask(seat, h, subject, words))
    return out


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
    done = tried_by(frame, seat)
    return [_gift(seat, h) for h in s.living() if h != seat and 40 + h not in done]


def _debtors(s: MayflowerState, seat: int) -> list[int]:
    """The players owing ``seat`` at least one favour, in seat order."""
    return sorted({t[1] for t in s.favours if t[2] == seat})


def _holders(s: MayflowerState, seat: int) -> list[int]:
    """The players ``seat`` owes at least one favour, in seat order."""
    return sorted({t[2] for t in s.favours if t[1] == seat})


def token_of(s: MayflowerState, debtor: int, holder: int) -> list[int] | None:
    """The oldest token ``debtor`` owes ``holder`` (tokens between two players are alike)."""
    for t in s.favours:
        if t[1] == debtor and t[2] == holder:
            return t
    return None


def _make_call(seat: int, debtor: int, subject: int, words: str) -> Action:
    text = f"Call in {who(debtor)}'s favour: {words}"
    choice = f"{who(debtor)}: {words}"
    return _grouped(CALL_IN, "Call in a favour…", choice, text, debtor=debtor, subject=subject)


_call = Interned(_make_call)


def calls(s: MayflowerState, seat: int) -> list[Action]:
    """Call in a favour the seat holds, naming what it serves (M23); once per debtor a phase."""
    frame = s.stack[-1]
    phase = frame.data["phase"]
    out = []
    done = tried_by(frame, seat)
    for debtor in _debtors(s, seat):
        if 8 + debtor in done:  # kind 1: called in
            continue
        for subject in _subjects(s, seat, phase, debtor):
            words = subject_words(s, phase, subject, seat)
            out.append(_call(seat, debtor, subject, words))
    return out


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
    kind = 16 if name == SELL else 24  # kinds 2 and 3, times 8
    done = tried_by(s.stack[-1], seat)
    others = [o for o in s.living() if o != seat and kind + o not in done]
    return [_trade(name, seat, d, o) for d in debtors for o in others if o != d]


def sells(s: MayflowerState, seat: int) -> list[Action]:
    """Offer a held token to a third player for a diamond (M24); once per player a phase."""
    return _trades(s, seat, SELL)


def swaps(s: MayflowerState, seat: int) -> list[Action]:
    """Offer a held token to a third player for a new favour (M36); once per player a phase."""
    return _trades(s, seat, SWAP)


def _payable(s: MayflowerState, seat: int, hand: bool = True) -> list[tuple[int, str]]:
    """The diamonds ``seat`` could pay with (one of each value): on show, or in hand."""
    cat = catalog()
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    places = [(s.diamonds[seat], zone(seat, "diamonds"))]
    if hand:
        places.append(([c for c in s.hands[seat] if cat.suits[c] == "d"], zone(seat, "hand")))
    for cards, source in places:
        for c in cards:
            if cat.card_ids[c] not in seen:
                seen.add(cat.card_ids[c])
                out.append((c, source))
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
    done = tried_by(s.stack[-1], seat)
    out: list[Action] = []
    for holder in holders:
        if 32 + holder in done or not s.alive(holder):  # kind 4: bought back
            continue
        out.extend(_buy(seat, holder, c) for c, _ in _payable(s, seat))
    return out


_DONE = _button(FAVOURS_DONE, "Done with favours")


def dones(s: MayflowerState, seat: int) -> list[Action]:
    """Nothing more to ask, call or trade."""
    return [_DONE]


def deals(s: MayflowerState, frame: Any, seat: int) -> bool:
    """Whether the seat has any favour business now (else the round skips it), judged on
    public facts only (M38): a buy-back counts when the seat shows a diamond or holds any
    card, whether or not a diamond is among them."""
    if not s.favours_on or not s.alive(seat):
        return False
    done = tried_by(frame, seat)
    phase = frame.data["phase"]
    living = s.living()
    rows = _subject_rows(s, seat, phase, living, words=False)
    if rows:
        for h in living:
            if h != seat and h not in done and any(not_of != h for _, not_of, _ in rows):
                return True
    gift = phase == REBUILD and s.hp[seat] < MAX_HP
    if gift and any(h != seat and 40 + h not in done for h in living):
        return True
    debtors, holders = _ledger(s, seat)
    for d in debtors:
        if rows and 8 + d not in done and any(not_of != d for _, not_of, _ in rows):
            return True
        for other in living:
            if other not in (seat, d) and (16 + other not in done or 24 + other not in done):
                return True
    if holders and (s.diamonds[seat] or s.hands[seat]):
        for h in holders:
            if s.alive(h) and 32 + h not in done:
                return True
    return False


# The rules never change ``s.favours`` in place (a new token, a token bought back, sold or
# swapped makes a new list), so each seat's ledger is kept for the last list read: listing the
# market costs the same with 70 tokens out as with none.
# One tuple, replaced whole (see _TRIED): the favours list, its length, seat -> ledger.
_LEDGERS: tuple[Any, int, dict[int, tuple[list[int], list[int]]]] = (None, 0, {})


def _ledger(s: MayflowerState, seat: int) -> tuple[list[int], list[int]]:
    """(the players owing ``seat`` a favour, those ``seat`` owes one), each in seat order."""
    global _LEDGERS
    tokens = s.favours
    memo = _LEDGERS
    if memo[0] is not tokens or memo[1] != len(tokens):
        memo = _LEDGERS = (tokens, len(tokens), {})
    found = memo[2].get(seat)  # (a seat's ledger, added by whoever reads it first: all alike)
    if found is None:
        owing: set[int] = set()
        owed: set[int] = set()
        for _, debtor, holder in tokens:
            if holder == seat:
                owing.add(debtor)
            elif debtor == seat:
                owed.add(holder)
        found = memo[2][seat] = (sorted(owing), sorted(owed))
    return found


def _subject_rows(
    s: MayflowerState, seat: int, phase: str, living: list[int], words: bool = True
) -> list[tuple[int, int, str]]:
    """As :func:`_subjects` for every helper at once: (subject, the one helper it is not asked
    of or -1, its words), each subject's words made once (none when not ``words``)."""
    if phase == ATTACK:
        return [(t, t, f"attack {who(t)}" if words else "") for t in living if t != seat]
    if phase == DEFEND:
        return [
            (f["id"], f["by"], subject_words(s, phase, f["id"], seat) if words else "")
            for f in threats(s, seat)
        ]
    if phase == REBUILD and s.hp[seat] < MAX_HP:
        return [(-1, -1, f"heal {who(seat)}")]
    return []


def market(s: MayflowerState, seat: int) -> list[Action]:
    """Every action of the favour step in one pass, in the order of ``favour_moves.MOVES`` (asks,
    gifts, calls, sales, swaps, buy-backs, done): the living seats, the seat's tokens, its
    tries this phase and the subjects' words are each read once, not once per move and
    helper (the moves' own generators give the same list; a test compares them)."""
    frame = s.stack[-1]
    phase = frame.data["phase"]
    done = tried_by(frame, seat)
    living = s.living()
    rows = _subject_rows(s, seat, phase, living)
    debtors, holders = _ledger(s, seat)
    out: list[Action] = []
    asked, called = _ask.known, _call.known  # (read directly: the hottest lists of the step)
    if rows:
        for h in living:
            if h != seat and h not in done:  # kind 0: asked
                out += [
                    asked.get((seat, h, sub, words)) or _ask(seat, h, sub, words)
                    for sub, not_of, words in rows
                    if not_of != h
                ]
    if phase == REBUILD and s.hp[seat] < MAX_HP:
        out += [_gift(seat, h) for h in living if h != seat and 40 + h not in done]
    if debtors:
        if rows:
            for d in debtors:
                if 8 + d not in done:  # kind 1: called in
                    out += [
                        called.get((seat, d, sub, words)) or _call(seat, d, sub, words)
                        for sub, not_of, words in rows
                        if not_of != d
                    ]
        for name, kind in ((SELL, 16), (SWAP, 24)):
            others = [o for o in living if o != seat and kind + o not in done]
            for d in debtors:
                row = _trade.row(name, seat, d)  # by the other player
                out += [row[o] for o in others if o != d]
    if holders:
        payable = None
        for h in holders:
            if 32 + h in done or not s.alive(h):  # kind 4: bought back
                continue
            if payable is None:
                payable = _payable(s, seat)
            out += [_buy(seat, h, c) for c, _ in payable]
    out.append(_DONE)
    return out
