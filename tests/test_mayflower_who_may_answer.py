"""Mayflower ruling M38 over seeded games: while a reaction window is open, nothing a seat is
shown tells it who is able to answer.

Whenever a played game has a window waiting, the window is started again (as after a new
play, M31) three ways: as it is, with every joker of the viewer's rivals put back in the
deck (nobody left able to answer it), and with a joker handed to a rival that had none.
Every asked seat then passes until the window closes. A seat without a joker — and a
spectator — must see the same sequence of views and read the same log lines in all three:
the window asks the same seats, in the same order, for as many steps, whoever holds a
joker, and it stays open even when no seat can answer it.
"""

from __future__ import annotations

from typing import Any

import pytest
from mayflower_support import CAT, G, act, arrange, card, done, pass_all

from tabletop.engine import Event, Rng, events_for
from tabletop.engine.decisions import REACTION
from tabletop.engine.frozen import canonical
from tabletop.games.mayflower.commit_moves import PASS, jokers_of
from tabletop.games.mayflower.flow import settle
from tabletop.games.mayflower.state import MayflowerState
from tabletop.games.mayflower.table import REACT


def _restarted(s: MayflowerState) -> tuple[MayflowerState, list[Event]]:
    """``s`` with its open window starting its round again (as after a new play)."""
    top = s.stack[-1]
    top.at, top.done = 0, []
    events: list[Event] = []
    settle(s, events)
    G.touch(s)
    return s, events


def _swap(a: list[int], i: int, b: list[int], j: int) -> None:
    a[i], b[j] = b[j], a[i]


def _jokers_to_deck(s: MayflowerState, viewer: int | None) -> MayflowerState:
    """A copy of ``s`` where every rival of ``viewer`` gives its jokers back to the deck, a
    number card of the deck taking each one's place (hand sizes unchanged)."""
    t = G.copy(s)
    plain = [i for i, c in enumerate(t.numbers) if not CAT.is_joker(c)]
    for p in t.living():
        if p == viewer:
            continue
        for joker in jokers_of(t, p):
            _swap(t.hands[p], t.hands[p].index(joker), t.numbers, plain.pop())
    return t


def _joker_to_rival(s: MayflowerState, viewer: int | None) -> MayflowerState | None:
    """A copy of ``s`` where a rival of ``viewer`` without a joker is given one (from another
    rival's hand, else from the deck) for one of its cards; ``None`` when none can be."""
    t = G.copy(s)
    rivals = [p for p in t.living() if p != viewer]
    takers = [p for p in rivals if t.hands[p] and not jokers_of(t, p)]
    if not takers:
        return None
    holders = [p for p in rivals if jokers_of(t, p)]
    if holders:
        giver = t.hands[holders[0]]
        i = giver.index(jokers_of(t, holders[0])[0])
    else:
        found = [i for i, c in enumerate(t.numbers) if CAT.is_joker(c)]
        if not found:
            return None
        giver, i = t.numbers, found[0]
    _swap(giver, i, t.hands[takers[0]], 0)
    return t


def _windows(players: int, seed: int, limit: int = 1500) -> list[MayflowerState]:
    """Copies of the states of a seeded random game in which a reaction window waits."""
    s = G.new_game(players, seed)
    rng = Rng(seed)
    out = []
    for _ in range(limit):
        if G.is_over(s):
            break
        top = s.stack[-1]
        if top.kind == REACTION and top.step == REACT:
            out.append(G.copy(s))
        seat = rng.choice(G.to_act(s))
        actions = G.legal_actions(s, seat)
        G.apply(s, seat, actions[rng.randrange(len(actions))])
    return out


def _log(events: list[Event], viewer: int | None) -> list[Any]:
    return [(e.kind, e.text) for e in events_for(events, viewer)]


def _seen_through(s: MayflowerState, viewer: int | None) -> tuple[list[Any], bool]:
    """Start ``s``'s window again and let every seat it asks pass until it closes: what
    ``viewer`` and a spectator see and read at each step while it is open, the step that
    closes it marked only (what follows depends on the swapped cards themselves, e.g. a
    diamond in hand at the final count, not on who could answer), and whether some seat
    asked held an answer other than Pass."""
    depth = len(s.stack)
    s, events = _restarted(s)
    seen: list[Any] = [[_log(events, v) for v in (viewer, None)]]
    answerable = False
    for _ in range(200):
        if G.is_over(s) or len(s.stack) < depth or s.stack[-1].step != REACT:
            seen[-1] = "closed"
            return seen, answerable
        seen.append([canonical(G.view(s, v)) for v in (viewer, None)])
        seat = G.to_act(s)[0]
        legal = G.legal_actions(s, seat)
        answerable = answerable or len(legal) > 1
        events = G.apply(s, seat, next(a for a in legal if a.name == PASS))
        seen.append([_log(events, v) for v in (viewer, None)])
    raise AssertionError("the window did not close")


@pytest.mark.parametrize(("players", "seed"), [(3, 16), (4, 12), (5, 13)])
def test_a_seat_without_a_joker_sees_the_same_whoever_holds_the_jokers(
    players: int, seed: int
) -> None:
    compared = nobody = 0
    windows = _windows(players, seed)
    for s in windows[:: max(1, len(windows) // 40)]:  # some forty, spread over the game
        for viewer in s.living():
            if jokers_of(s, viewer):
                continue  # the viewer is a seat that cannot answer with a joker
            twins = [G.copy(s), _jokers_to_deck(s, viewer), _joker_to_rival(s, viewer)]
            runs = [_seen_through(t, viewer) for t in twins if t is not None]
            for seen, _ in runs[1:]:
                assert seen == runs[0][0], (seed, viewer)
            gone, answerable = runs[1]  # jokers gone: nobody could answer, yet it stayed open
            nobody += not answerable and len(gone) > 1
            compared += len(runs) - 1
    assert compared and nobody  # windows were met, some of them nobody could answer


# --- a seat asked by name: a favour ask, a Diplomacy call ------------------------------------------
def _defend_round(helper: str) -> MayflowerState:
    """Seat 0 attacks seat 1 with the 9 of clubs; seat 1 asks seat 2, who holds ``helper``."""
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 1: [], 2: [helper]},
        royals={0: "jd", 1: "jd", 2: "js"},
        favours=True,
    )
    for _ in range(200):
        top = s.stack[-1]
        if top.step == "favours" and top.data.get("phase") == "defend":
            break
        if top.step == "attack" and G.to_act(s) == [0] and not s.fights:
            act(s, 0, "attack", card=card("9c"), target=1, boost=False)
        done(s, G.to_act(s)[0])
    return s


def _diplomacy_call(helper: str) -> MayflowerState:
    """Seat 0 attacks seat 1, who calls seat 2 (holding ``helper``) by Diplomacy."""
    s = arrange(
        3,
        hands={0: ["9c", "2h"], 1: ["4s"], 2: [helper]},
        royals={0: "jd", 1: "qd", 2: "js"},
    )
    pass_all(s, "attack")
    act(s, 0, "attack", card=card("9c"), target=1, boost=False)
    done(s, 0)
    return s


def _seen(s: MayflowerState, events: list[Event]) -> list[Any]:
    """What seat 0 (neither asking nor asked) and a spectator see and read."""
    return [canonical(G.view(s, v)) for v in (0, None)] + [_log(events, v) for v in (0, None)]


@pytest.mark.parametrize(
    ("position", "ask", "answer", "able", "unable"),
    [
        (_defend_round, ("ask", {"helper": 2, "subject": 0}), "decline_help", "8s", "3s"),
        (_diplomacy_call, ("diplomacy", {"fight": 0, "seat": 2}), "diplomacy_decline", "8s", "3s"),
    ],
    ids=["favour ask", "diplomacy call"],
)
def test_a_seat_asked_by_name_is_asked_whether_or_not_it_can_answer(
    position: Any, ask: tuple[str, dict[str, Any]], answer: str, able: str, unable: str
) -> None:
    """M38: a seat that cannot meet an ask or a call answers it as one that can but will
    not — asked all the same (a prompt it can only decline), then declining in the same
    words — so neither the others nor the asker learn what it holds."""
    name, args = ask
    seen = []
    for helper in (able, unable):
        s = position(helper)
        events = act(s, 1, name, **args)
        assert G.to_act(s) == [2]  # asked, in both
        asked = _seen(s, events)
        events = act(s, 2, answer)
        seen.append((asked, _seen(s, events)))
    assert seen[0] == seen[1]
