"""The season's flow: what follows each move until someone must decide again.

After every applied move :func:`settle` runs the decision stack: seats with nothing they
could play pass by themselves (M30; a reaction window asks its seats on public facts alone,
M38), a secret commit that everyone has made is revealed and opens a reaction window, a window everyone passed resolves its play (a joker's cancel, a
royal power, a favour call) and lets the window under it start its round again (M31).  With
the stack empty, the phase goes on: Court, Fortify, Attack, Defend, Pillage, Rebuild, Begin
Again (``state.phase`` and ``state.stage`` say where).
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Event
from tabletop.engine.decisions import COMMIT, REACTION, Frame, commit, pass_, prompt, put
from tabletop.engine.events import LOG, PHASE
from tabletop.engine.words import plural
from tabletop.games.mayflower import (
    commit_moves,
    favour_moves,
    favours,
    market,
    reaction_moves,
    table,
)
from tabletop.games.mayflower.data import HOARD, MAX_HP, SEASONS, catalog, draws_for
from tabletop.games.mayflower.scoring import final_scoring, finish, finish_all_out
from tabletop.games.mayflower.state import (
    ATTACK,
    BEGIN_AGAIN,
    CALL,
    COURT,
    DEFEND,
    DIPLO,
    DIPLOMACY_STEP,
    FORTIFY,
    HOARD_STEP,
    JOKER,
    PHASE_NAMES,
    PILLAGE,
    REACT,
    REBUILD,
    REDIRECT,
    MayflowerState,
    who,
    zone,
)
from tabletop.games.mayflower.values import (
    attack_value,
    diamond_value,
    open_fight,
    played_value,
    power_of,
    succeeds,
)
from tabletop.games.mayflower.view import card_name, move

MAX_SETTLE = 100_000


def advance(s: MayflowerState, seat: int, events: list[Event]) -> None:
    """After a move: run the flow until a seat must decide or the game is over."""
    settle(s, events)


def settle(s: MayflowerState, events: list[Event]) -> None:
    """Resolve everything that needs no decision (see the module's docstring)."""
    for _ in range(MAX_SETTLE):
        if s.over:
            return
        if not s.stack:
            next_step(s, events)
            continue
        top = s.stack[-1]
        if top.kind == REACTION:
            if top.step == REACT and _dead(s, top):
                s.stack.pop()
                _restart_below(s)
                continue
            offers = reaction_moves.reacts if top.step == REACT else market.deals
            while top.at < len(top.seats) and not offers(s, top, top.seats[top.at]):
                pass_(top)
            if top.at < len(top.seats):
                return
            s.stack.pop()
            _restart_below(s)
            if top.step == REACT and top.data["play"] >= 0:
                resolve(s, top.data["play"], events)
            continue
        if top.kind == COMMIT:
            for seat in top.seats:
                if seat not in top.done and not commit_moves.has_choice(s, top.step, seat):
                    put(top, seat, [])
            if len(top.done) < len(top.seats):
                return
            s.stack.pop()
            reveal(s, top.step, top.data["secret"], events)
            continue
        return  # a prompt waits for its seat
    raise RuntimeError("the flow of Mayflower did not settle")


def _dead(s: MayflowerState, frame: Frame) -> bool:
    """A window whose play was cancelled: nothing is left to answer."""
    play = frame.data["play"]
    return play >= 0 and s.plays[play]["lost"]


def _restart_below(s: MayflowerState) -> None:
    """A new play happened: the window under it starts its round again (M31)."""
    if s.stack and s.stack[-1].kind == REACTION and s.stack[-1].step == REACT:
        below = s.stack[-1]
        below.at = 0
        below.done = []


# --- resolving plays ---------------------------------------------------------------------------
def resolve(s: MayflowerState, pid: int, events: list[Event]) -> None:
    """A play nobody cancelled takes effect (cards laid already did when laid)."""
    p = s.plays[pid]
    if p["lost"]:
        return
    kind = p["kind"]
    if kind == JOKER:
        table.cancel(s, p["target"], events)
    elif kind == REDIRECT:
        f = s.fights[p["fight"]]
        if open_fight(f) and s.alive(p["target"]) and p["target"] != f["by"]:
            table.redirect(s, p["fight"], p["target"], events)
    elif kind == DIPLO:
        f = s.fights[p["fight"]]
        called = p["target"]
        if open_fight(f):  # called even with no spade to parry it: what it holds is secret
            s.stack.append(prompt(DIPLOMACY_STEP, called, fight=p["fight"], holder=p["seat"]))
        else:  # (M38); an attack no longer open has nothing left to parry
            text = f"{who(called)} declines to parry for {who(p['seat'])}."
            events.append(Event(LOG, text, {"seat": called}))
    elif kind == CALL:
        favour_moves.called(s, pid, events)


# --- commits -----------------------------------------------------------------------------------
def reveal(s: MayflowerState, step: str, secret: dict, events: list[Event]) -> None:
    """Show every seat's secret choice together, in seat order from the leader."""
    words = {
        FORTIFY: "Fortifications are shown.",
        ATTACK: "Attacks are shown.",
        DEFEND: "Parries are shown.",
        REBUILD: "Healing is shown.",
    }[step]
    events.append(Event(PHASE, words, {"name": f"{step}_reveal"}, reveal=True))
    plays: list[int] = []
    for seat in s.order():
        for entry in secret.get(str(seat)) or []:
            if step == FORTIFY:
                plays.append(table.fortify(s, seat, entry[0], events))
            elif step == ATTACK:
                card, target, boost = entry
                plays.append(table.attack(s, seat, card, target, bool(boost), events))
            elif step == DEFEND:
                fight, card, boost = entry
                plays.append(table.parry(s, seat, fight, card, bool(boost), events))
            else:
                plays.append(table.heal(s, seat, seat, entry[0], events))
    table.open_window(s, plays, base=step)


# --- the phases ----------------------------------------------------------------------------------
def _phase(s: MayflowerState, phase: str, events: list[Event]) -> None:
    s.phase, s.stage = phase, 0
    text = f"Season {s.season}: {PHASE_NAMES[phase]} phase."
    events.append(Event(PHASE, text, {"name": phase, "season": s.season}))


# the phases played as a secret commit of every living seat, and the phase after each
# (None: the end of the season, Rebuild's)
_AFTER_COMMIT = {FORTIFY: ATTACK, ATTACK: DEFEND, DEFEND: PILLAGE, REBUILD: None}


def next_step(s: MayflowerState, events: list[Event]) -> None:
    """The stack is empty: the phase takes its next step."""
    phase, stage = s.phase, s.stage
    if phase == COURT:
        if stage == 0:
            s.stage = 1
            court(s, events)
        else:
            _phase(s, FORTIFY, events)
    elif phase in _AFTER_COMMIT:  # a round of favour trades (M39), then the secret commit
        if stage == 0:
            s.stage = 1
            if s.favours_on:
                favours.open_round(s, phase)
        elif stage == 1:
            s.stage = 2
            s.stack.append(commit(phase, s.living()))
        elif (after := _AFTER_COMMIT[phase]) is None:
            end_of_season(s, events)
        else:
            _phase(s, after, events)
    elif phase == PILLAGE:
        if stage == 0 and s.favours_on:  # between Defend and Pillage: favour trades (M39)
            s.stage = 1
            favours.open_round(s, PILLAGE)
            return
        pillage(s, events)
        _phase(s, REBUILD, events)
    else:  # BEGIN_AGAIN
        if stage == 0 and s.favours_on:  # between Rebuild and Begin Again: trades (M39)
            s.stage = 1
            favours.open_round(s, BEGIN_AGAIN)
            return
        begin_again(s, events)
        _phase(s, COURT, events)


def court(s: MayflowerState, events: list[Event]) -> None:
    """Every diamond in hand goes on show; a King's Hoard holder chooses (M5, M6)."""
    cat = catalog()
    hoarders = []
    for seat in s.living():
        if power_of(s, seat) == HOARD:
            if any(cat.suits[c] == "d" for c in s.hands[seat]):
                hoarders.append(seat)
            continue
        for card in [c for c in s.hands[seat] if cat.suits[c] == "d"]:
            table.show_diamond(s, seat, card, events)
    for seat in reversed(hoarders):  # the first in seat order decides first
        s.stack.append(prompt(HOARD_STEP, seat))


def pillage(s: MayflowerState, events: list[Event]) -> None:
    """Successful attacks take diamonds, weakest first; victims lose hit points (M16, M17)."""
    n = s.players
    for f in s.fights:
        if f["lost"]:
            f["result"] = "cancelled"
        elif f["parry"] >= 0 and not f["plost"]:
            f["result"] = "parried"
        elif attack_value(s, f) <= 0:
            f["result"] = "failed"
    for victim in s.order():
        hits = [f for f in s.fights if f["to"] == victim and succeeds(s, f)]
        if not hits:
            continue
        hits.sort(key=lambda f: (attack_value(s, f), (f["by"] - victim - 1) % n, f["id"]))
        damage = 0
        for f in hits:
            worth = attack_value(s, f)
            f["result"] = "hit"
            damage += worth
            shown = s.diamonds[victim]
            if shown:
                d = min(shown, key=lambda c: (diamond_value(s, c, victim), c))
                shown.remove(d)
                s.hands[f["by"]].append(d)
                text = partial(_loots, f["by"], victim, card_name(d))
                move(s, d, zone(victim, "diamonds"), zone(f["by"], "hand"), text, events)
        s.hp[victim] -= damage
        text = partial(_damage, victim, damage, s.hp[victim])
        events.append(Event(LOG, text, {"seat": victim, "hp": s.hp[victim], "delta": -damage}))


def _loots(by: int, victim: int, name: str) -> str:
    return f"{who(by)} takes {who(victim)}'s {name}."


def _damage(seat: int, damage: int, hp: int) -> str:
    return f"{who(seat)} loses {plural(damage, 'hit point')} and has {hp} left."


def end_of_season(s: MayflowerState, events: list[Event]) -> None:
    """Hearts heal (never above 20), then everyone at 0 or below is out at once (M18)."""
    for seat in s.order():
        total = sum(played_value(s, h, s.by[h]) for h in s.heals[seat])
        if total and s.alive(seat):
            before = s.hp[seat]
            s.hp[seat] = min(MAX_HP, before + total)
            gained = s.hp[seat] - before
            text = f"{who(seat)} heals {gained} and has {s.hp[seat]} hit points."
            events.append(Event(LOG, text, {"seat": seat, "hp": s.hp[seat], "delta": gained}))
    falling = [p for p in s.living() if s.hp[p] <= 0]
    for seat in falling:
        s.out[seat] = s.season
        s.log_eliminated.append(seat)
        text = f"{who(seat)} is eliminated with {s.hp[seat]} hit points."
        events.append(Event(LOG, text, {"seat": seat, "eliminated": True, "moment": True}))
    if falling:
        favour_moves.void(s, falling, events)
    alive = s.living()
    if len(alive) == 1:
        finish(s, alive, events)
    elif not alive:
        finish_all_out(s, falling, events)
    elif s.season >= SEASONS:
        final_scoring(s, events)
    else:
        _phase(s, BEGIN_AGAIN, events)


def begin_again(s: MayflowerState, events: list[Event]) -> None:
    """Cards on the table and Royals go back and are shuffled; new Royals, new cards (M21)."""
    back: list[tuple[int, str]] = []
    for seat in range(s.players):
        back += [(c, zone(seat, "fort")) for c in s.forts[seat]]
        back += [(c, zone(seat, "front")) for c in s.fronts[seat]]
        back += [(c, zone(seat, "heal")) for c in s.heals[seat]]
        s.forts[seat], s.fronts[seat], s.heals[seat] = [], [], []
        if not s.alive(seat):  # an eliminated seat's cards go back too (M19)
            back += [(c, zone(seat, "hand")) for c in s.hands[seat]]
            back += [(c, zone(seat, "diamonds")) for c in s.diamonds[seat]]
            s.hands[seat], s.diamonds[seat] = [], []
    back += [(c, "spent") for c in s.spent]
    s.spent = []
    for card, source in back:
        s.numbers.append(card)
        move(s, card, source, "numbers", "", events)
    for seat in range(s.players):
        for card in s.royals[seat]:
            s.court.append(card)
            move(s, card, zone(seat, "royal"), "court", "", events)
        s.royals[seat] = []
    s.rng.shuffle(s.numbers)
    s.rng.shuffle(s.court)
    s.by = [-1] * len(s.by)
    s.fights, s.plays = [], []
    n = s.players
    s.boosted_club, s.boosted_spade, s.power_used = [False] * n, [False] * n, [False] * n
    alive = [p for p in range(n) if s.alive(p)]
    if n > 2 and len(alive) == 2 and not s.two_list:
        s.two_list = True
        events.append(Event(LOG, "Two players are left: the two-player Royal powers apply."))
    s.leader = next(p for k in range(1, n + 1) if s.alive(p := (s.leader + k) % n))
    s.season += 1
    text = f"Season {s.season} begins; {who(s.leader)} leads."
    events.append(Event(PHASE, text, {"name": "season", "season": s.season}))
    deal(s, draws_for(s.season), events)


def deal(s: MayflowerState, count: int, events: list[Event]) -> None:
    """Each living seat from the leader turns up a Royal, then draws ``count`` cards (M27-M29)."""
    for seat in s.living():
        card = s.court.pop()
        s.royals[seat].append(card)
        move(s, card, "court", zone(seat, "royal"), partial(_royal, seat, card_name(card)), events)
    for seat in s.living():
        got = 0
        for _ in range(count):
            if not s.numbers:
                break
            card = s.numbers.pop()
            s.hands[seat].append(card)
            move(s, card, "numbers", zone(seat, "hand"), "", events)
            got += 1
        text = f"{who(seat)} draws {plural(got, 'card')}."
        if got < count:
            text += " The Numbers deck has run out."
        events.append(Event(LOG, text, {"seat": seat, "drawn": got}))


def _royal(seat: int, name: str) -> str:
    return f"{who(seat)} turns up the {name}."
