"""Helpers for Mayflower's scenario tests: lay out a position card by card, then play it."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Event
from tabletop.engine.decisions import COMMIT
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.flow import settle
from tabletop.games.mayflower.game import MayflowerGame
from tabletop.games.mayflower.state import MayflowerState

G = MayflowerGame()
DEFAULT_ROYALS = ("kd", "qd", "kd", "qd", "kh", "kh")
CAT = catalog()


def card(cid: str, copy: int = 0) -> int:
    """The card index of copy ``copy`` of card id ``cid`` ("9c", "qs", "joker-red")."""
    found = [i for i, c in enumerate(CAT.card_ids) if c == cid]
    return found[copy]


def _places(s: MayflowerState) -> list[list[int]]:
    out = [s.numbers, s.court, s.spent, s.gone]
    for p in range(s.players):
        out += [s.hands[p], s.royals[p], s.diamonds[p], s.forts[p], s.fronts[p], s.heals[p]]
    return out


def place(s: MayflowerState, c: int, target: list[int]) -> None:
    """Move card ``c`` from wherever it lies to the end of ``target``."""
    for cards in _places(s):
        if c in cards:
            cards.remove(c)
            break
    target.append(c)


def _free(s: MayflowerState, cid: str) -> int:
    """A copy of ``cid`` still in a deck (so a layout never takes a card twice)."""
    for i, c in enumerate(CAT.card_ids):
        if c == cid and (i in s.numbers or i in s.court):
            return i
    raise AssertionError(f"no free copy of {cid}")


def arrange(
    players: int,
    *,
    hands: dict[int, list[str]] | None = None,
    royals: dict[int, str] | None = None,
    diamonds: dict[int, list[str]] | None = None,
    forts: dict[int, str] | None = None,
    phase: str = "fortify",
    favours: bool = False,
    hp: dict[int, int] | None = None,
    season: int = 1,
) -> MayflowerState:
    """A game laid out by hand, then run from the start of ``phase``.

    Every hand is emptied into the Numbers deck first.  Seats not given a Royal get a King
    or Queen of diamonds (no bonus in play; their powers act only when used), the fifth
    and sixth a King of hearts.
    """
    s = G.new_game(players, 1, {"favours": favours})
    for p in range(players):
        for c in s.hands[p] + s.diamonds[p]:
            place(s, c, s.numbers)
        for c in list(s.royals[p]):
            place(s, c, s.court)
    s.stack = []
    s.season = season
    for p in range(players):
        rid = (royals or {}).get(p, DEFAULT_ROYALS[p])
        place(s, _free(s, rid), s.royals[p])
        for cid in (hands or {}).get(p, []):
            place(s, _free(s, cid), s.hands[p])
        for cid in (diamonds or {}).get(p, []):
            place(s, _free(s, cid), s.diamonds[p])
        if forts and p in forts:
            c = _free(s, forts[p])
            place(s, c, s.forts[p])
            s.by[c] = p
    for p, v in (hp or {}).items():
        s.hp[p] = v
    s.phase, s.stage = phase, 0
    settle(s, [])
    G.touch(s)
    idle_passes(s)
    return s


def find(s: MayflowerState, seat: int, name: str, /, **args: Any) -> Action:
    """The legal action of ``seat`` called ``name`` whose arguments include ``args``."""
    uids = {k: CAT.uids[v] if k == "card" and isinstance(v, int) else v for k, v in args.items()}
    for a in G.legal_actions(s, seat):
        if a.name == name and all(a.get(k) == v for k, v in uids.items()):
            return a
    legal = [str(a) for a in G.legal_actions(s, seat)]
    raise AssertionError(f"seat {seat} has no {name} {args} among {legal}")


def act(s: MayflowerState, seat: int, name: str, /, **args: Any) -> list[Event]:
    """Apply the legal action ``name`` with ``args`` for ``seat``, then let every seat
    that a reaction window asks with nothing but Pass pass (see :func:`idle_passes`)."""
    events = G.apply(s, seat, find(s, seat, name, **args))
    return events + idle_passes(s)


def idle_passes(s: MayflowerState) -> list[Event]:
    """Seats asked in a reaction window that can only pass do so, until a seat with an
    answer is asked or the window is gone. The engine asks every seat that might answer by
    the public facts (M38); a scenario usually cares only about the seats that can."""
    events: list[Event] = []
    for _ in range(500):
        if G.is_over(s) or not s.stack or s.stack[-1].step != "react":
            return events
        seat = G.to_act(s)[0]
        legal = G.legal_actions(s, seat)
        if len(legal) != 1 or legal[0].name != "pass":
            return events
        events += G.apply(s, seat, legal[0])
    raise AssertionError("idle_passes did not finish")


def done(s: MayflowerState, seat: int) -> list[Event]:
    """Confirm the seat's commit or end its turn in a window or favour round."""
    top = s.stack[-1]
    if top.kind == COMMIT:
        name = {
            "fortify": "no_fortify",
            "attack": "attack_done",
            "defend": "defend_done",
            "rebuild": "rebuild_done",
        }[top.step]
    else:
        name = {"react": "pass", "favours": "favours_done"}[top.step]
    return act(s, seat, name)


def pass_all(s: MayflowerState, step: str | None = None) -> None:
    """Everyone waiting in windows / commits / favour rounds passes until ``step`` is on top
    (without ``step``: until the season is over)."""
    season = s.season
    for _ in range(500):
        if G.is_over(s) or not s.stack or s.season != season:
            return
        top = s.stack[-1]
        if step is not None and top.step == step:
            return
        if top.kind not in (COMMIT, "reaction"):
            return
        done(s, G.to_act(s)[0])
    raise AssertionError("pass_all did not finish")


def texts(events: list[Event]) -> list[str]:
    """The log sentences of ``events``."""
    return [e.text for e in events if e.text]
