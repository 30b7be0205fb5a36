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
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.engine import BUTTON, DRAG, Action, Event, Gesture
from tabletop.engine.decisions import pass_, prompt, reaction
from tabletop.engine.events import LOG
from tabletop.engine.moves import Interned, Move
from tabletop.engine.words import plural
from tabletop.games.mayflower import table
from tabletop.games.mayflower.data import MAX_HP, catalog
from tabletop.games.mayflower.state import (
    ASK_STEP,
    ATTACK,
    CALL,
    CALL_STEP,
    DEFEND,
    FAVOUR_STEP,
    OFFER_STEP,
    REBUILD,
    MayflowerState,
    who,
    zone,
)
from tabletop.games.mayflower.table import hand_suit, parry_options, threats
from tabletop.games.mayflower.values import (
    fortification,
    has_jack,
    open_fight,
    played_value,
)
from tabletop.games.mayflower.view import card_name, move

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
    """Whether the seat has any favour business now (else the round skips it)."""
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
    if holders and _payable(s, seat):
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
    """Every action of the favour step in one pass, in the order of :data:`MOVES` (asks,
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


def apply_done(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The seat is done with favours this phase."""
    pass_(s.stack[-1])


# --- asking for help -------------------------------------------------------------------------------
def help_cards(
    s: MayflowerState, helper: int, phase: str, subject: int
) -> list[tuple[int, bool, int]]:
    """(card, boost, worth) the helper could give: a club at a target, a fitting spade, a heart."""
    if phase == ATTACK:
        jack = has_jack(s, helper) and not s.boosted_club[helper]
        f = fortification(s, subject)
        out = []
        for c in hand_suit(s, helper, "c"):
            w = played_value(s, c, helper)
            out.append((c, False, w - f))
            if jack:
                out.append((c, True, w + 2 - f))
        return out
    if phase == DEFEND:
        fight = s.fights[subject]
        if not open_fight(fight):
            return []
        jack = has_jack(s, helper) and not s.boosted_spade[helper]
        return parry_options(s, helper, fight, hand_suit(s, helper, "s"), jack)
    return [(c, False, played_value(s, c, helper)) for c in hand_suit(s, helper, "h")]


def apply_ask(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask a player for help (for a favour, or a heal as a gift); with no card to give they
    cannot accept."""
    frame = s.stack[-1]
    phase = frame.data["phase"]
    helper = int(action["helper"])
    gift = action.name == ASK_GIFT
    subject = -1 if gift else int(action["subject"])
    frame.data["tried"] = [*frame.data["tried"], [seat, 5 if gift else 0, helper]]
    words = subject_words(s, phase, subject, seat)
    how = "as a gift" if gift else "for a favour"
    events.append(Event(LOG, f"{who(seat)} asks {who(helper)} to {words} {how}."))
    if not help_cards(s, helper, phase, subject):
        # said as a refusal would be: what the helper holds is secret (M38)
        events.append(Event(LOG, f"{who(helper)} declines to help {who(seat)}."))
        return
    data = {"gift": True} if gift else {}
    s.stack.append(prompt(ASK_STEP, helper, asker=seat, phase=phase, subject=subject, **data))


def _help_gesture(s: MayflowerState, phase: str, subject: int, asker: int) -> str:
    if phase == ATTACK:
        return zone(subject, "front")
    if phase == DEFEND:
        return _uid(s.fights[subject]["club"])
    return zone(asker, "heal")


def _make_help(
    name: str, seat: int, card: int, boost: bool, worth: int, target: str, words: str
) -> Action:
    jack = " with the Jack's +2" if boost else ""
    return Action.make(
        name,
        Gesture.drag(
            _uid(card), zone(seat, "hand"), target, choice="With the Jack's +2" if boost else None
        ),
        f"{words} with the {card_name(card)}{jack} (worth {worth})",
        card=_uid(card),
        boost=boost,
    )


_help = Interned(_make_help)


def helps(s: MayflowerState, seat: int) -> list[Action]:
    """The cards the asked (or called) seat may give."""
    frame = s.stack[-1]
    d = frame.data
    asker = d["asker"]
    phase, subject = d["phase"], d["subject"]
    name = HELP if frame.step == ASK_STEP else GIVE
    words = subject_words(s, phase, subject, asker)
    words = words[0].upper() + words[1:]
    out = []
    for c, boost, worth in help_cards(s, seat, phase, subject):
        target = _help_gesture(s, phase, subject, asker)
        out.append(_help(name, seat, c, boost, worth, target, words))
    return out


_DECLINE = _button(DECLINE_HELP, "Decline")


def declines(s: MayflowerState, seat: int) -> list[Action]:
    """Say no to the ask."""
    return [_DECLINE]


def apply_help(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The seat gives its card: an ask accepted makes a token; a call spends one."""
    frame = s.stack.pop()
    d = frame.data
    asker, phase, subject = d["asker"], d["phase"], d["subject"]
    if action.name == DECLINE_HELP:
        events.append(Event(LOG, f"{who(seat)} declines to help {who(asker)}."))
        return
    if frame.step == ASK_STEP and d.get("gift"):
        events.append(Event(LOG, f"{who(seat)} heals {who(asker)} as a gift: no favour is owed."))
    elif frame.step == ASK_STEP:
        tid = s.next_token
        s.next_token += 1
        s.favours = [*s.favours, [tid, asker, seat]]  # (never changed in place: see _ledger)
        text = f"{who(seat)} helps {who(asker)}: {who(asker)} now owes {who(seat)} a favour."
        events.append(Event(LOG, text, {"favour": [tid, asker, seat]}))
    else:
        s.favours = [t for t in s.favours if t[0] != d["token"]]
        text = f"{who(seat)} pays back the favour owed to {who(asker)}."
        events.append(Event(LOG, text, {"favour_spent": d["token"]}))
    card = catalog().index[action["card"]]
    boost = bool(action["boost"])
    if phase == ATTACK:
        pid = table.attack(s, seat, card, subject, boost, events)
    elif phase == DEFEND:
        pid = table.parry(s, seat, subject, card, boost, events)
    else:
        pid = table.heal(s, seat, asker, card, events)
    table.open_window(s, [pid], play=pid)


# --- calling a favour in ---------------------------------------------------------------------------
def apply_call(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Call in a favour: a play with its own window; the debtor answers once it stands."""
    frame = s.stack[-1]
    debtor, subject = int(action["debtor"]), int(action["subject"])
    frame.data["tried"] = [*frame.data["tried"], [seat, 1, debtor]]
    tid = token_of(s, debtor, seat)[0]  # type: ignore[index]
    words = subject_words(s, frame.data["phase"], subject, seat)
    events.append(Event(LOG, f"{who(seat)} calls in {who(debtor)}'s favour: {words}."))
    pid = table.new_play(
        s, CALL, seat, token=tid, debtor=debtor, subject=subject, phase=frame.data["phase"]
    )
    table.open_window(s, [pid], play=pid)


def called(s: MayflowerState, pid: int, events: list[Event]) -> None:
    """A call nobody cancelled: the debtor must give a fitting card, if it has one (M23)."""
    p = s.plays[pid]
    debtor, phase, subject = p["debtor"], p["phase"], p["subject"]
    if not any(t[0] == p["token"] for t in s.favours) or not s.alive(debtor):
        return
    if not help_cards(s, debtor, phase, subject):
        text = f"{who(debtor)} has no fitting card; the favour stays owed."
        events.append(Event(LOG, text, {"seat": debtor}))
        return
    s.stack.append(
        prompt(CALL_STEP, debtor, asker=p["seat"], phase=phase, subject=subject, token=p["token"])
    )


# --- trading tokens -------------------------------------------------------------------------------
def apply_offer(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Offer a token (for a diamond or a favour) or a diamond (for one's own token back)."""
    frame = s.stack[-1]
    if action.name == BUY_BACK:
        other = int(action["holder"])
        frame.data["tried"] = [*frame.data["tried"], [seat, 4, other]]
        token = token_of(s, seat, other)
        card = catalog().index[action["card"]]
        text = f"{who(seat)} offers {who(other)} the {card_name(card)} for their favour back."
        data = {"kind": BUY_BACK, "token": token[0], "from": seat, "card": card}  # type: ignore[index]
    else:
        other = int(action["seat"])
        k = 2 if action.name == SELL else 3
        frame.data["tried"] = [*frame.data["tried"], [seat, k, other]]
        token = token_of(s, int(action["debtor"]), seat)
        what = "a diamond" if action.name == SELL else "a favour"
        text = f"{who(seat)} offers {who(token[1])}'s favour to {who(other)} for {what}."  # type: ignore[index]
        data = {"kind": action.name, "token": token[0], "from": seat, "card": -1}  # type: ignore[index]
    events.append(Event(LOG, text))
    s.stack.append(prompt(OFFER_STEP, other, **data))


def _make_pay(seat: int, card: int) -> Action:
    text = f"Accept: pay with the {card_name(card)}"
    return _grouped(
        ACCEPT_OFFER, "Accept…", f"Pay with the {card_name(card)}", text, card=_uid(card)
    )


_pay = Interned(_make_pay)
_ACCEPT = _button(ACCEPT_OFFER, "Accept")
_REFUSE = _button(REFUSE_OFFER, "Refuse")


def answers(s: MayflowerState, seat: int) -> list[Action]:
    """Accept the offer (paying with a diamond when buying a token) or refuse it."""
    d = s.stack[-1].data
    if d["kind"] == SELL:
        return [_pay(seat, c) for c, _ in _payable(s, seat)]
    return [_ACCEPT]


def refusals(s: MayflowerState, seat: int) -> list[Action]:
    """Refuse the offer."""
    return [_REFUSE]


def _give_diamond(
    s: MayflowerState, giver: int, taker: int, card: int, events: list[Event]
) -> None:
    if card in s.hands[giver]:
        s.hands[giver].remove(card)
        source = zone(giver, "hand")
    else:
        s.diamonds[giver].remove(card)
        source = zone(giver, "diamonds")
    s.hands[taker].append(card)
    text = partial(_gives, giver, taker, card_name(card))
    move(
        s,
        card,
        source,
        zone(taker, "hand"),
        text,
        events,
        f"{who(giver)} gives {who(taker)} a diamond.",
    )


def _gives(giver: int, taker: int, name: str) -> str:
    return f"{who(giver)} gives {who(taker)} the {name}."


def apply_answer(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The offer is taken (the token and the diamond change hands) or refused."""
    d = s.stack.pop().data
    offerer, tid, kind = d["from"], d["token"], d["kind"]
    if action.name == REFUSE_OFFER:
        events.append(Event(LOG, f"{who(seat)} refuses {who(offerer)}'s offer."))
        return
    token = next(t for t in s.favours if t[0] == tid)
    if kind == BUY_BACK:
        _give_diamond(s, offerer, seat, d["card"], events)
        s.favours = [t for t in s.favours if t is not token]
        events.append(Event(LOG, f"{who(offerer)} no longer owes {who(seat)} a favour."))
        return
    s.favours = [t if t is not token else [tid, token[1], seat] for t in s.favours]
    if kind == SELL:
        _give_diamond(s, seat, offerer, catalog().index[action["card"]], events)
        events.append(Event(LOG, f"{who(token[1])} now owes the favour to {who(seat)}."))
    else:
        new = [s.next_token, seat, offerer]
        s.next_token += 1
        s.favours = [*s.favours, new]
        text = (
            f"{who(token[1])} now owes the favour to {who(seat)}, "
            f"and {who(seat)} owes {who(offerer)} a new favour."
        )
        events.append(Event(LOG, text, {"favour": list(new)}))  # a copy: the token changes hands


# --- elimination -----------------------------------------------------------------------------------
def void(s: MayflowerState, falling: list[int], events: list[Event]) -> None:
    """Favours owed by or to an eliminated player disappear (M19)."""
    gone = [t for t in s.favours if t[1] in falling or t[2] in falling]
    if gone:
        s.favours = [t for t in s.favours if t not in gone]
        events.append(
            Event(LOG, f"{plural(len(gone), 'favour token')} of eliminated players are void.")
        )


def refuse(s: MayflowerState, seat: int, action: Action) -> str:
    """Why a favour move is refused."""
    if not s.favours_on:
        return "Favours are switched off in this game."
    top = s.stack[-1] if s.stack else None
    step = top.step if top else ""
    if action.name in (ASK, ASK_GIFT, CALL_IN, SELL, SWAP, BUY_BACK, FAVOURS_DONE) and (
        step != FAVOUR_STEP
    ):
        return (
            "Favours are traded between phases, and asked and called in at the start of the "
            "Attack, Defend and Rebuild phases."
        )
    if action.name in (HELP, DECLINE_HELP) and step != ASK_STEP:
        return "Nobody is asking you for help now."
    if action.name == GIVE and step != CALL_STEP:
        return "Nobody is calling in a favour from you now."
    if action.name in (ACCEPT_OFFER, REFUSE_OFFER) and step != OFFER_STEP:
        return "Nobody is offering you a trade now."
    if action.name in (CALL_IN, SELL, SWAP):
        debtor = action.get("debtor")
        if not isinstance(debtor, int) or token_of(s, debtor, seat) is None:
            return "You hold no favour from that player."
    if action.name == BUY_BACK:
        holder = action.get("holder")
        if not isinstance(holder, int) or token_of(s, seat, holder) is None:
            return "You owe that player no favour."
    if action.name == ASK_GIFT and top is not None and top.data.get("phase") != REBUILD:
        return "A heal as a gift is asked for at the start of the Rebuild phase."
    if action.name in (ASK, ASK_GIFT):
        helper = action.get("helper")
        if helper == seat:
            return "You cannot ask yourself for a favour."
        if isinstance(helper, int) and 0 <= helper < s.players and not s.alive(helper):
            return f"{who(helper)} is out of the game."
    if action.name in (HELP, GIVE) and top is not None and "phase" in top.data:
        return _refuse_help(s, seat, action, top.data["phase"])
    return f"{action} is not allowed now."


def _refuse_help(s: MayflowerState, seat: int, action: Action, phase: str) -> str:
    """Why a card cannot answer a request for help: the request's suit, or no such card."""
    uid = action.get("card")
    card = catalog().index.get(uid) if isinstance(uid, str) else None
    if card is None:
        return "There is no such card."
    if card not in s.hands[seat]:
        return f"The {card_name(card)} is not in your hand."
    suit, need = {ATTACK: ("c", "a club"), DEFEND: ("s", "a spade")}.get(phase, ("h", "a heart"))
    if catalog().suits[card] != suit:
        return f"This request is answered with {need} from your hand."
    return f"The {card_name(card)} cannot answer this request (it would not do what is asked)."


def _move(name: str, step: str, gen: Any, app: Any, gesture: str = BUTTON) -> Move:
    return Move(name, (step,), gen, app, refuse, gesture)


MOVES = [
    _move(ASK, FAVOUR_STEP, asks, apply_ask),
    _move(ASK_GIFT, FAVOUR_STEP, gifts, apply_ask),
    _move(CALL_IN, FAVOUR_STEP, calls, apply_call),
    _move(SELL, FAVOUR_STEP, sells, apply_offer),
    _move(SWAP, FAVOUR_STEP, swaps, apply_offer),
    _move(BUY_BACK, FAVOUR_STEP, buy_backs, apply_offer),
    _move(FAVOURS_DONE, FAVOUR_STEP, dones, apply_done),
    _move(HELP, ASK_STEP, helps, apply_help, DRAG),
    _move(DECLINE_HELP, ASK_STEP, declines, apply_help),
    _move(GIVE, CALL_STEP, helps, apply_help, DRAG),
    _move(ACCEPT_OFFER, OFFER_STEP, answers, apply_answer),
    _move(REFUSE_OFFER, OFFER_STEP, refusals, apply_answer),
]
#: the steps whose moves' actions one function lists in one pass (``Moves(together=...)``)
TOGETHER = {FAVOUR_STEP: market}
