"""Mayflower's moves: the four secret commits, the King's Hoard choice, the reaction window
(jokers, Enemy of my Enemy, Diplomacy) and the answer of a seat called by Diplomacy.

A commit is built card by card: each card dropped is noted in the seat's secret choice (the
card stays in the hand, marked for its owner), and one button confirms the whole choice.
Favour moves live in :mod:`.favours`; the table joins both lists.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import BUTTON, CLICK, DRAG, Action, Event, Gesture
from tabletop.engine.decisions import COMMIT, Frame, pass_, put
from tabletop.engine.events import LOG
from tabletop.engine.moves import Apply, Generate, Interned, Move, Moves
from tabletop.games.mayflower import favours, table
from tabletop.games.mayflower.data import DIPLOMACY, ENEMY, catalog
from tabletop.games.mayflower.state import (
    ATTACK,
    DEFEND,
    DIPLO,
    DIPLOMACY_STEP,
    FORTIFY,
    HOARD_STEP,
    PHASE_NAMES,
    REACT,
    REBUILD,
    REDIRECT,
    MayflowerState,
    who,
    zone,
)
from tabletop.games.mayflower.table import hand_suit, parry_options, threats
from tabletop.games.mayflower.values import (
    attack_value,
    fortification,
    has_jack,
    open_fight,
    played_value,
    power_of,
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


def _jokers(s: MayflowerState, seat: int) -> list[int]:
    ranks = catalog().ranks
    return [c for c in s.hands[seat] if ranks[c] == "joker"]


def _planned(s: MayflowerState, seat: int) -> list[list[int]]:
    return s.stack[-1].data["secret"].get(str(seat)) or []


def _plan(s: MayflowerState, seat: int, entry: list[int]) -> None:
    """Add ``entry`` to the seat's secret choice (a new list: frames share old ones)."""
    secret = s.stack[-1].data["secret"]
    secret[str(seat)] = [*(secret.get(str(seat)) or []), entry]


def _uid(card: int) -> str:
    return catalog().uids[card]


def _button(name: str, label: str) -> Action:
    return Action.make(name, Gesture.button(label), label)


# --- Fortify ---------------------------------------------------------------------------------------
def _make_fortify(card: int, seat: int, worth: int) -> Action:
    return Action.make(
        FORTIFY_WITH,
        Gesture.drag(_uid(card), zone(seat, "hand"), zone(seat, "fort")),
        f"Fortify with the {card_name(card)} (every attack on you loses {worth})",
        card=_uid(card),
    )


_fortify = Interned(_make_fortify)
_NO_FORTIFY = _button(NO_FORTIFY, "No fortification")


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
        Gesture.drag(_uid(card), zone(seat, "hand"), zone(target, "front"), choice=choice),
        f"Attack {who(target)} with the {card_name(card)}{jack} (worth {worth})",
        card=_uid(card),
        target=target,
        boost=boost,
    )


_attack = Interned(_make_attack)
_done = Interned(lambda name, label: _button(name, label))


def attacks(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more club at a living rival (the Jack's +2 on one), or confirm the attacks."""
    planned = _planned(s, seat)
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
    n = len(_planned(s, seat))
    return [_done(ATTACK_DONE, f"Attack with {n} club{'s' * (n != 1)}" if n else "No attack")]


def apply_attack(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more club in the seat's secret attack."""
    card = catalog().index[action["card"]]
    _plan(s, seat, [card, int(action["target"]), bool(action["boost"])])


def apply_done(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Confirm the seat's secret choice as planned."""
    put(s.stack[-1], seat, _planned(s, seat))


# --- Defend ----------------------------------------------------------------------------------------
def _make_parry(card: int, seat: int, club: int, fight: int, boost: bool, worth: int) -> Action:
    jack = " with the Jack's +2" if boost else ""
    return Action.make(
        PARRY_WITH,
        Gesture.drag(
            _uid(card),
            zone(seat, "hand"),
            _uid(club),
            choice="With the Jack's +2" if boost else None,
        ),
        f"Parry the {card_name(club)} with the {card_name(card)}{jack} (worth {worth})",
        card=_uid(card),
        fight=fight,
        boost=boost,
    )


_parry = Interned(_make_parry)


def defends(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more parry against an attack on the seat, or confirm the parries."""
    planned = _planned(s, seat)
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
    n = len(_planned(s, seat))
    return [_done(DEFEND_DONE, f"Parry {n} attack{'s' * (n != 1)}" if n else "No parry")]


def apply_parry(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Note one more parry in the seat's secret defence."""
    card = catalog().index[action["card"]]
    _plan(s, seat, [int(action["fight"]), card, bool(action["boost"])])


# --- Rebuild ---------------------------------------------------------------------------------------
def _make_heal(card: int, seat: int, worth: int) -> Action:
    return Action.make(
        HEAL_WITH,
        Gesture.drag(_uid(card), zone(seat, "hand"), zone(seat, "heal")),
        f"Heal {worth} with the {card_name(card)}",
        card=_uid(card),
    )


_heal = Interned(_make_heal)


def rebuilds(s: MayflowerState, seat: int) -> list[Action]:
    """Plan one more heart on the seat itself, or confirm the healing."""
    planned = _planned(s, seat)
    used = {e[0] for e in planned}
    return [
        _heal(c, seat, played_value(s, c, seat)) for c in hand_suit(s, seat, "h") if c not in used
    ]


def rebuild_dones(s: MayflowerState, seat: int) -> list[Action]:
    """Confirm the planned healing (none: no healing)."""
    n = len(_planned(s, seat))
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
        Gesture.click(_uid(card)),
        f"Show the {card_name(card)}",
        card=_uid(card),
    )


_show = Interned(_make_show)
_HOARD_DONE = _button(HOARD_DONE, "Keep the rest hidden")


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


# --- the reaction window ---------------------------------------------------------------------------
def _make_counter(joker: int, seat: int, play: int, target_card: int, what: str) -> Action:
    return Action.make(
        COUNTER,
        Gesture.drag(
            _uid(joker), zone(seat, "hand"), _uid(target_card) if target_card >= 0 else "gone"
        ),
        f"Play a joker against {what}",
        card=_uid(joker),
        play=play,
    )


_counter = Interned(_make_counter)


def _make_redirect(seat: int, fight: int, club: int, old: int, new: int, worth: int) -> Action:
    return Action.make(
        ENEMY_MOVE,
        Gesture.drag(_uid(club), zone(old, "front"), zone(new, "front")),
        f"Enemy of my Enemy: turn the {card_name(club)} from {who(old)} to {who(new)} (worth {worth})",
        fight=fight,
        target=new,
    )


_redirect = Interned(_make_redirect)


def _make_diplomacy(seat: int, fight: int, club: int, attacker: int, called: int) -> Action:
    text = f"Diplomacy: call {who(called)} to parry {who(attacker)}'s {card_name(club)}"
    choice = f"{who(called)} against {who(attacker)}'s {card_name(club)}"
    gesture = Gesture.button("Use Diplomacy…", choice=choice)
    return Action.make(DIPLOMACY_MOVE, gesture, text, fight=fight, seat=called)


_diplomacy = Interned(_make_diplomacy)
_PASS = _button(PASS, "Pass")


def counters(s: MayflowerState, seat: int) -> list[Action]:
    """A joker against each play of the window made by someone else."""
    jokers = _jokers(s, seat)
    if not jokers:
        return []
    out = []
    for pid in s.stack[-1].data["targets"]:
        p = s.plays[pid]
        if p["lost"] or p["seat"] == seat:
            continue
        what = table.describe_play(s, pid)
        for j in jokers:
            out.append(_counter(j, seat, pid, table.target_card(s, pid), what))
    return out


def _power_now(s: MayflowerState, seat: int, power: str) -> bool:
    """Whether the seat may use ``power`` in the window on top (after attacks are shown)."""
    frame = s.stack[-1]
    return (
        frame.data.get("base") == ATTACK
        and not s.power_used[seat]
        and not s.two_list
        and power_of(s, seat) == power
    )


def redirects(s: MayflowerState, seat: int) -> list[Action]:
    """Enemy of my Enemy: turn one open club of another player onto another living target
    (M12; never one of the seat's own clubs, M37)."""
    out: list[Action] = []
    if _power_now(s, seat, ENEMY):
        living = s.living()
        for f in s.fights:
            if not open_fight(f) or f["by"] == seat:
                continue
            for t in living:
                if t != f["by"] and t != f["to"]:
                    g = dict(f, to=t)
                    out.append(_redirect(seat, f["id"], f["club"], f["to"], t, attack_value(s, g)))
    return out


def diplomacies(s: MayflowerState, seat: int) -> list[Action]:
    """Diplomacy: call another living player to parry one attack on the seat (M11)."""
    out: list[Action] = []
    if _power_now(s, seat, DIPLOMACY):
        for f in threats(s, seat):
            for c in s.living():
                if c != seat and c != f["by"]:
                    out.append(_diplomacy(seat, f["id"], f["club"], f["by"], c))
    return out


def passes(s: MayflowerState, seat: int) -> list[Action]:
    """Let the window go by."""
    return [_PASS]


def reacts(s: MayflowerState, frame: Frame, seat: int) -> bool:
    """Whether the seat has anything to answer the window with (else it is not asked)."""
    if _jokers(s, seat):
        for pid in frame.data["targets"]:
            p = s.plays[pid]
            if not p["lost"] and p["seat"] != seat:
                return True
    if frame.data["base"] == ATTACK and s.stack[-1] is frame:
        return bool(redirects(s, seat) or diplomacies(s, seat))
    return False


def apply_counter(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The joker leaves the game and waits in its own window to cancel its target."""
    table.play_joker(s, seat, catalog().index[action["card"]], int(action["play"]), events)


def apply_redirect(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Enemy of my Enemy is used; it takes effect once its window closes."""
    s.power_used[seat] = True
    f = s.fights[int(action["fight"])]
    text = partial(
        _uses,
        seat,
        "Enemy of my Enemy",
        f"to turn {who(f['by'])}'s {card_name(f['club'])} on {who(int(action['target']))}",
    )
    events.append(Event(LOG, text, {"seat": seat}))
    pid = table.new_play(s, REDIRECT, seat, fight=f["id"], target=int(action["target"]))
    table.open_window(s, [pid], play=pid)


def apply_diplomacy(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Diplomacy is used; once its window closes the called seat may parry."""
    s.power_used[seat] = True
    f = s.fights[int(action["fight"])]
    called = int(action["seat"])
    text = partial(
        _uses,
        seat,
        "Diplomacy",
        f"to call {who(called)} against {who(f['by'])}'s {card_name(f['club'])}",
    )
    events.append(Event(LOG, text, {"seat": seat}))
    pid = table.new_play(s, DIPLO, seat, fight=f["id"], target=called)
    table.open_window(s, [pid], play=pid)


def _uses(seat: int, power: str, what: str) -> str:
    return f"{who(seat)} uses {power} {what}."


def apply_pass(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The seat lets the window go by."""
    pass_(s.stack[-1])


# --- called by Diplomacy --------------------------------------------------------------------------
def diplomacy_spades(s: MayflowerState, seat: int, fight_id: int) -> list[tuple[int, bool, int]]:
    """The spades ``seat`` could parry fight ``fight_id`` with (its own bonuses, M32)."""
    f = s.fights[fight_id]
    jack = has_jack(s, seat) and not s.boosted_spade[seat]
    return parry_options(s, seat, f, hand_suit(s, seat, "s"), jack)


_DIPLO_DECLINE = _button(DIPLO_DECLINE, "Decline")


def _make_diplo_parry(card: int, seat: int, club: int, boost: bool, worth: int) -> Action:
    jack = " with the Jack's +2" if boost else ""
    return Action.make(
        DIPLO_PARRY,
        Gesture.drag(
            _uid(card),
            zone(seat, "hand"),
            _uid(club),
            choice="With the Jack's +2" if boost else None,
        ),
        f"Parry the {card_name(club)} with the {card_name(card)}{jack} (worth {worth})",
        card=_uid(card),
        boost=boost,
    )


_diplo_parry = Interned(_make_diplo_parry)


def diplomacy_answers(s: MayflowerState, seat: int) -> list[Action]:
    """Parry the named attack with one of the seat's spades, or decline (M11)."""
    fight = s.stack[-1].data["fight"]
    club = s.fights[fight]["club"]
    return [_diplo_parry(c, seat, club, b, w) for c, b, w in diplomacy_spades(s, seat, fight)]


def diplomacy_declines(s: MayflowerState, seat: int) -> list[Action]:
    """Decline the call."""
    return [_DIPLO_DECLINE]


def apply_diplomacy_answer(
    s: MayflowerState, seat: int, action: Action, events: list[Event]
) -> None:
    """The called seat parries (a play with its own window) or declines."""
    frame = s.stack.pop()
    if action.name == DIPLO_DECLINE:
        text = f"{who(seat)} declines to parry for {who(frame.data['holder'])}."
        events.append(Event(LOG, text, {"seat": seat}))
        return
    card = catalog().index[action["card"]]
    pid = table.parry(s, seat, frame.data["fight"], card, bool(action["boost"]), events)
    table.open_window(s, [pid], play=pid)


# --- refusals --------------------------------------------------------------------------------------
STEP_WORDS = {
    FORTIFY: "choose a fortification (one spade, or none)",
    ATTACK: "choose your attacks, then confirm them",
    DEFEND: "choose your parries, then confirm them",
    REBUILD: "choose your hearts, then confirm them",
    HOARD_STEP: "choose which diamonds to show",
    REACT: "play a joker, use a royal power, or pass",
    DIPLOMACY_STEP: "parry the attack you were called to, or decline",
}


def _card_of(action: Action) -> int | None:
    uid = action.get("card")
    return catalog().index.get(uid) if isinstance(uid, str) else None


def _int(action: Action, key: str) -> int | None:
    v = action.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def refuse(s: MayflowerState, seat: int, action: Action) -> str:
    """A plain-words reason why ``action`` is refused."""
    cat = catalog()
    top = s.stack[-1] if s.stack else None
    step = top.step if top else ""
    name = action.name
    wanted = {
        FORTIFY_WITH: FORTIFY,
        NO_FORTIFY: FORTIFY,
        ATTACK_WITH: ATTACK,
        ATTACK_DONE: ATTACK,
        PARRY_WITH: DEFEND,
        DEFEND_DONE: DEFEND,
        HEAL_WITH: REBUILD,
        REBUILD_DONE: REBUILD,
        SHOW: HOARD_STEP,
        HOARD_DONE: HOARD_STEP,
        COUNTER: REACT,
        ENEMY_MOVE: REACT,
        DIPLOMACY_MOVE: REACT,
        PASS: REACT,
        DIPLO_PARRY: DIPLOMACY_STEP,
        DIPLO_DECLINE: DIPLOMACY_STEP,
    }.get(name)
    if wanted is not None and wanted != step:
        now = STEP_WORDS.get(step, "wait")
        if wanted in PHASE_NAMES:
            return f"That belongs to the {PHASE_NAMES[wanted]} phase; now you {now}."
        return f"That is not possible now; now you {now}."
    card = _card_of(action)
    if name in (FORTIFY_WITH, ATTACK_WITH, PARRY_WITH, HEAL_WITH, SHOW, COUNTER, DIPLO_PARRY):
        if card is None:
            return "There is no such card."
        if card not in s.hands[seat]:
            return f"The {card_name(card)} is not in your hand."
        planned = [e for e in (_planned(s, seat) if top and top.kind == COMMIT else [])]
        need = {
            FORTIFY_WITH: "s",
            ATTACK_WITH: "c",
            PARRY_WITH: "s",
            HEAL_WITH: "h",
            SHOW: "d",
            DIPLO_PARRY: "s",
        }
        if name == COUNTER:
            if cat.ranks[card] != "joker":
                return "Only a joker can cancel a play."
            return _refuse_counter(s, seat, action)
        suit = need[name]
        if cat.suits[card] != suit:
            return {
                "s": "Only a spade can do that.",
                "c": "Only clubs attack.",
                "h": "Only hearts heal.",
                "d": "Only diamonds go on show.",
            }[suit]
        if name == ATTACK_WITH:
            return _refuse_attack(s, seat, action, card, planned)
        if name in (PARRY_WITH, DIPLO_PARRY):
            return _refuse_parry(s, seat, action, card, planned)
        if any(card in e[:1] for e in planned):
            return f"The {card_name(card)} is already in your plan."
    if name in (ENEMY_MOVE, DIPLOMACY_MOVE):
        power = {ENEMY_MOVE: ENEMY, DIPLOMACY_MOVE: DIPLOMACY}[name]
        if s.two_list or power_of(s, seat) != power:
            return "Your Royal does not have that power."
        if s.power_used[seat]:
            return "You have already used your Royal's power this season."
        if top is None or top.data.get("base") != ATTACK:
            return "Royal powers are used once the attacks are shown."
        fight = _int(action, "fight")
        if fight is None or not 0 <= fight < len(s.fights):
            return "There is no such attack."
        f = s.fights[fight]
        if not open_fight(f):
            return "That attack is no longer open (cancelled or parried)."
        other = _int(action, "target" if name == ENEMY_MOVE else "seat")
        if other is None or not 0 <= other < s.players:
            return "There is no such player."
        if not s.alive(other):
            return f"{who(other)} is out of the game."
        if name == ENEMY_MOVE and f["by"] == seat:
            return "Enemy of my Enemy moves a club of another player, never one of your own."
        if name == ENEMY_MOVE and other == f["by"]:
            return "A club cannot be turned against its own attacker."
        if name == DIPLOMACY_MOVE and f["to"] != seat:
            return "Diplomacy answers an attack made on you."
        if name == DIPLOMACY_MOVE and other == f["by"]:
            return "Diplomacy cannot call the attacker to parry their own club."
        if name == DIPLOMACY_MOVE and other == seat:
            return "Diplomacy calls another player, not yourself."
    return f"{action} is not allowed now."


def _refuse_attack(s: MayflowerState, seat: int, action: Action, card: int, planned: list) -> str:
    target = _int(action, "target")
    if target is None or not 0 <= target < s.players:
        return "There is no such player."
    if target == seat:
        return "You cannot attack yourself."
    if not s.alive(target):
        return f"{who(target)} is out of the game; attack a living rival."
    if any(e[0] == card for e in planned):
        return f"The {card_name(card)} is already in your attack."
    if action.get("boost"):
        if not has_jack(s, seat):
            return "Only a Jack's Front Line Leadership adds +2."
        return "The Jack's +2 on a club is used once a season."
    return f"{action} is not allowed now."


def _refuse_parry(s: MayflowerState, seat: int, action: Action, card: int, planned: list) -> str:
    top = s.stack[-1]
    fight = top.data.get("fight") if action.name == DIPLO_PARRY else _int(action, "fight")
    if fight is None or not 0 <= fight < len(s.fights):
        return "There is no such attack."
    f = s.fights[fight]
    if action.name == PARRY_WITH and f["to"] != seat:
        return "You can only parry attacks made on you."
    if f["lost"]:
        return "That attack was cancelled."
    if f["parry"] >= 0 or f["plost"] or any(e[0] == fight for e in planned):
        return "That club already has a parry: one spade per club."
    if any(e[1] == card for e in planned):
        return f"The {card_name(card)} is already parrying another club."
    need = attack_value(s, f)
    if need <= 0:
        return "That attack is worth nothing and fails by itself."
    boost = bool(action.get("boost"))
    worth = played_value(s, card, seat, boost)
    if worth < need:
        return (
            f"The {card_name(card)} is worth {worth}; a parry must be worth at least "
            f"{need} against that attack."
        )
    if boost:
        return "The Jack's +2 on a spade is used once a season."
    return f"{action} is not allowed now."


def _refuse_counter(s: MayflowerState, seat: int, action: Action) -> str:
    top = s.stack[-1]
    play = _int(action, "play")
    if play is None or play not in top.data.get("targets", ()):
        return "A joker answers a play just made; that one cannot be cancelled now."
    p = s.plays[play]
    if p["lost"]:
        return "That play is already cancelled."
    if p["seat"] == seat:
        return "You cannot cancel your own play."
    return f"{action} is not allowed now."


def _move(
    name: str, step: str, gen: Generate, app: Apply, gesture: str, reveals: bool = False
) -> Move:
    return Move(name, (step,), gen, app, refuse, gesture, reveals)


MOVES = Moves(
    [
        _move(FORTIFY_WITH, FORTIFY, fortifies, apply_fortify, DRAG),
        _move(NO_FORTIFY, FORTIFY, no_fortifies, apply_fortify, BUTTON),
        _move(ATTACK_WITH, ATTACK, attacks, apply_attack, DRAG),
        _move(ATTACK_DONE, ATTACK, attack_dones, apply_done, BUTTON),
        _move(PARRY_WITH, DEFEND, defends, apply_parry, DRAG),
        _move(DEFEND_DONE, DEFEND, defend_dones, apply_done, BUTTON),
        _move(HEAL_WITH, REBUILD, rebuilds, apply_heal, DRAG),
        _move(REBUILD_DONE, REBUILD, rebuild_dones, apply_done, BUTTON),
        _move(SHOW, HOARD_STEP, hoards, apply_show, CLICK),
        _move(HOARD_DONE, HOARD_STEP, hoard_dones, apply_hoard_done, BUTTON),
        _move(COUNTER, REACT, counters, apply_counter, DRAG),
        _move(ENEMY_MOVE, REACT, redirects, apply_redirect, DRAG),
        _move(DIPLOMACY_MOVE, REACT, diplomacies, apply_diplomacy, BUTTON),
        _move(PASS, REACT, passes, apply_pass, BUTTON),
        _move(DIPLO_PARRY, DIPLOMACY_STEP, diplomacy_answers, apply_diplomacy_answer, DRAG),
        _move(DIPLO_DECLINE, DIPLOMACY_STEP, diplomacy_declines, apply_diplomacy_answer, BUTTON),
        *favours.MOVES,
    ],
    together=favours.TOGETHER,
)


# --- a refused drop at the table ------------------------------------------------------------------
def _seat_of_zone(zone_id: str | None) -> int | None:
    if not zone_id or not zone_id.startswith("p") or "." not in zone_id:
        return None
    head = zone_id[1:].split(".", 1)[0]
    return int(head) if head.isdigit() else None


def action_for_drop(
    s: MayflowerState, seat: int, card: str | None, target: str | None
) -> Action | None:
    """The action a card dropped on ``target`` would be in the decision on top (legal or not),
    so that a refused drop can be explained by the move's own refusal."""
    if not s.stack or card is None:
        return None
    cat = catalog()
    step = s.stack[-1].step
    on_card = cat.index.get(target) if target else None
    if step == FORTIFY:
        return Action.make(FORTIFY_WITH, card=card)
    if step == REBUILD:
        return Action.make(HEAL_WITH, card=card)
    if step == ATTACK:
        t = _seat_of_zone(target)
        if t is None and on_card is not None:
            t = next((p for p in range(s.players) if on_card in s.royals[p]), None)
        return None if t is None else Action.make(ATTACK_WITH, card=card, target=t, boost=False)
    if step in (DEFEND, DIPLOMACY_STEP) and on_card is not None:
        fight = next((f["id"] for f in s.fights if f["club"] == on_card), -1)
        if step == DIPLOMACY_STEP:
            return Action.make(DIPLO_PARRY, card=card, boost=False)
        return Action.make(PARRY_WITH, card=card, fight=fight, boost=False)
    if step == REACT and on_card is not None:
        plays = [p for p in s.stack[-1].data["targets"] if table.target_card(s, p) == on_card]
        return Action.make(COUNTER, card=card, play=plays[0] if plays else -1)
    return None
