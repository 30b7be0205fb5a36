"""The favour moves once offered: what asking, calling in and trading do, how the other
player answers (help given or declined, a trade accepted or refused), tokens made void, why
a favour move is refused, and the favour rows of the move table.

What a seat may offer in a favour round, and the round itself, are in ``favours.py``.
"""

from functools import partial
from typing import Any

from tabletop.engine import BUTTON, DRAG, Action, Event, Gesture
from tabletop.engine.decisions import pass_, prompt
from tabletop.engine.events import LOG
from tabletop.engine.moves import Interned, Move
from tabletop.engine.words import plural
from tabletop.games.mayflower import table, tokens
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.favours import (
    ACCEPT_OFFER,
    ASK,
    ASK_GIFT,
    BUY_BACK,
    CALL_IN,
    DECLINE_HELP,
    FAVOURS_DONE,
    GIVE,
    HELP,
    REFUSE_OFFER,
    SELL,
    SWAP,
    _button,
    _grouped,
    _uid,
    asks,
    buy_backs,
    calls,
    dones,
    gifts,
    payable,
    sells,
    subject_words,
    swaps,
    token_of,
)
from tabletop.games.mayflower.market import market
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
from tabletop.games.mayflower.table import club_options, hand_suit, parry_options
from tabletop.games.mayflower.values import has_jack, open_fight, played_value
from tabletop.games.mayflower.view import card_name, move


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
        clubs = club_options(s, helper, hand_suit(s, helper, "c"), [subject], jack)
        return [(c, boost, worth) for c, _, boost, worth in clubs]
    if phase == DEFEND:
        fight = s.fights[subject]
        if not open_fight(fight):
            return []
        jack = has_jack(s, helper) and not s.boosted_spade[helper]
        return parry_options(s, helper, fight, hand_suit(s, helper, "s"), jack)
    return [(c, False, played_value(s, c, helper)) for c in hand_suit(s, helper, "h")]


def apply_ask(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask a player for help (for a favour, or a heal as a gift).  The helper is asked even
    with no card to give (it can then only decline): what it holds is secret (M38)."""
    frame = s.stack[-1]
    phase = frame.data["phase"]
    helper = int(action["helper"])
    gift = action.name == ASK_GIFT
    subject = -1 if gift else int(action["subject"])
    frame.data["tried"] = [*frame.data["tried"], [seat, 5 if gift else 0, helper]]
    words = subject_words(s, phase, subject, seat)
    how = "as a gift" if gift else "for a favour"
    events.append(Event(LOG, f"{who(seat)} asks {who(helper)} to {words} {how}."))
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
        tokens.add(s, [tid, asker, seat])  # (s.favours is never changed in place: see tokens)
        text = f"{who(seat)} helps {who(asker)}: {who(asker)} now owes {who(seat)} a favour."
        events.append(Event(LOG, text, {"favour": [tid, asker, seat]}))
    else:
        i = tokens.index_of(s, d["token"])
        if i >= 0:
            tokens.drop(s, i)
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
    if tokens.index_of(s, p["token"]) < 0 or not s.alive(debtor):
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
        return [_pay(seat, c) for c in payable(s.diamonds[seat], s.hands[seat])]
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
    i = tokens.index_of(s, tid)
    if i < 0:
        raise RuntimeError(f"favour token {tid} was offered but is gone")
    token = s.favours[i]
    if kind == BUY_BACK:
        _give_diamond(s, offerer, seat, d["card"], events)
        tokens.drop(s, i)
        events.append(Event(LOG, f"{who(offerer)} no longer owes {who(seat)} a favour."))
        return
    tokens.pass_on(s, i, seat)
    if kind == SELL:
        _give_diamond(s, seat, offerer, catalog().index[action["card"]], events)
        events.append(Event(LOG, f"{who(token[1])} now owes the favour to {who(seat)}."))
    else:
        new = [s.next_token, seat, offerer]
        s.next_token += 1
        tokens.add(s, new)
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
        tokens.replace(s, [t for t in s.favours if t not in gone], gone=gone)
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
