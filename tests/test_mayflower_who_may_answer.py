"""Mayflower ruling M38 over seeded games: while a reaction window is open, nothing a seat is
shown tells it who is able to answer.

Whenever a played game opens a window, the window is started again twice: as it is, and
with a joker moved from one rival's hand to another's (a card of the other coming back).
A seat that is not asked — and a spectator — must then see the same view and the same log
lines in both, whoever the jokers now let answer; the seat asked sees that it is asked.
"""

from __future__ import annotations

from typing import Any

import pytest
from mayflower_support import G, act, arrange, card, done, pass_all

from tabletop.engine import Event, Rng, events_for
from tabletop.engine.decisions import REACTION
from tabletop.engine.frozen import canonical
from tabletop.games.mayflower.commit_moves import jokers_of
from tabletop.games.mayflower.flow import settle
from tabletop.games.mayflower.state import MayflowerState
from tabletop.games.mayflower.table import REACT


def _restarted(s: MayflowerState) -> tuple[MayflowerState, list[Event]]:
    """A copy of ``s`` whose open window starts its round again (as after a new play)."""
    t = G.copy(s)
    top = t.stack[-1]
    top.at, top.done = 0, []
    events: list[Event] = []
    settle(t, events)
    return t, events


def _moved_joker(s: MayflowerState, viewer: int | None) -> MayflowerState | None:
    """A copy of ``s`` with one joker of a rival of ``viewer`` swapped for a card of another
    rival without one (hand sizes unchanged); ``None`` when no two rivals allow it."""
    rivals = [p for p in s.living() if p != viewer]
    holders = [p for p in rivals if jokers_of(s, p)]
    others = [p for p in rivals if s.hands[p] and not jokers_of(s, p)]
    if not holders or not others:
        return None
    t = G.copy(s)
    a, b = holders[0], others[0]
    joker = jokers_of(t, a)[0]
    i, j = t.hands[a].index(joker), 0
    t.hands[a][i], t.hands[b][j] = t.hands[b][j], t.hands[a][i]
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


@pytest.mark.parametrize(("players", "seed"), [(3, 16), (4, 12), (5, 13)])
def test_a_seat_not_asked_sees_the_same_whoever_holds_the_jokers(players: int, seed: int) -> None:
    compared = moved = 0
    for s in _windows(players, seed):
        for viewer in (None, *s.living()):
            twin = _moved_joker(s, viewer)
            if twin is None:
                continue
            a, events_a = _restarted(s)
            b, events_b = _restarted(twin)
            if [f.step for f in a.stack] != [f.step for f in b.stack]:
                continue  # a window nobody can answer closes at once: not this check's case
            if a.stack[-1].kind != REACTION:
                continue
            asked_a, asked_b = G.to_act(a), G.to_act(b)
            if viewer in asked_a or viewer in asked_b:
                continue
            moved += asked_a != asked_b
            compared += 1
            view_a, view_b = G.view(a, viewer), G.view(b, viewer)
            assert canonical(view_a) == canonical(view_b), (seed, viewer, asked_a, asked_b)
            assert _log(events_a, viewer) == _log(events_b, viewer)
            assert view_a["to_act"] == ()
            assert "Player" not in view_a["prompt"] and "Player" not in view_a["public"]["waiting"]
            for p in asked_a:  # the seat asked is told so
                assert G.view(a, p)["to_act"] == (p,)
    assert compared and moved  # windows were met, and moving a joker changed who is asked


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
