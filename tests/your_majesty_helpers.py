"""Helpers for the Your Majesty tests: build scenarios card by card, check invariants."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.state import YMState

# ten philosophes worth two prestige each, of every muse but politics
TWO_PRESTIGE = (
    "Voltaire",
    "Jean-Jacques Rousseau",
    "Denis Diderot",
    "W.A. Mozart",
    "F-J Haydn",
    "G.F. Handel",
    "Isaac Newton",
    "Benjamin Franklin",
    "Antoine Lavoisier",
    "Joshua Reynolds",
)


def fresh(players: int = 3, seed: int = 1, **options: Any) -> YMState:
    """A new game with empty hands, seat 0 active and first."""
    s = GAME.new_game(players, seed, options)
    s.active = s.first = 0
    for h in s.hands:
        s.deck += h
        h.clear()
    return s


def action_index(s: YMState, name: str, randomizer: int | None = None) -> int:
    """An action card called ``name`` (or with that card id) still in the deck."""
    acts = catalog().actions
    for a in s.deck:
        if (acts[a].name == name or acts[a].id == name) and (
            randomizer is None or acts[a].randomizer == randomizer
        ):
            return a
    raise LookupError(f"{name} not in the deck")


def give(s: YMState, seat: int, *names: str) -> list[int]:
    """Move action cards by name from the deck to ``seat``'s hand; their indices."""
    out = []
    for n in names:
        a = action_index(s, n)
        s.deck.remove(a)
        s.hands[seat].append(a)
        out.append(a)
    return out


def on_top(s: YMState, name: str, randomizer: int | None = None) -> int:
    """Put an action card on top of the deck (drawn next)."""
    a = action_index(s, name, randomizer)
    s.deck.remove(a)
    s.deck.append(a)
    return a


def phil(name: str) -> int:
    """The index of a philosophe."""
    return next(i for i, p in enumerate(catalog().phils) if p.name == name)


def colony(name: str) -> int:
    """The index of a colony."""
    return next(i for i, c in enumerate(catalog().colonies) if c.name == name)


def reform(name: str) -> int:
    """The index of a reform."""
    return catalog().reform_named(name)


def seat_phil(s: YMState, seat: int, name: str) -> int:
    """Put a philosophe at ``seat``'s court, from wherever it was outside the courts."""
    p = phil(name)
    for pile in (s.phil_deck, s.phil_removed, s.phil_discard, s.dead):
        if p in pile:
            pile.remove(p)
    for c in s.courts:
        if p in c.phils:
            c.phils.remove(p)
    s.courts[seat].phils.append(p)
    return p


def seat_colony(s: YMState, seat: int, name: str) -> int:
    """Put a colony at ``seat``'s court."""
    c = colony(name)
    for pile in (s.colonies, s.colonies_removed):
        if c in pile:
            pile.remove(c)
    s.courts[seat].colonies.append(c)
    return c


def seat_reform(s: YMState, seat: int, name: str) -> int:
    """Put a reform at ``seat``'s court."""
    r = reform(name)
    s.reforms.remove(r)
    s.courts[seat].reforms.append(r)
    return r


def find(s: YMState, who: int, name: str, **args: Any) -> Action:
    """The legal action of seat ``who`` with this name whose args include ``args``."""
    GAME.touch(s)  # the scenarios edit states by hand: list the legal actions afresh
    for a in GAME.legal_actions(s, who):
        if a.name == name and all(a.get(k) == v for k, v in args.items()):
            return a
    names = sorted({a.name for a in GAME.legal_actions(s, who)})
    raise LookupError(f"no legal {name} {args} for seat {who} (legal kinds: {names})")


def do(s: YMState, who: int, name: str, **args: Any) -> list[Any]:
    """Apply the matching legal action."""
    return GAME.apply(s, who, find(s, who, name, **args))


def has(s: YMState, who: int, name: str, **args: Any) -> bool:
    """Whether such an action is legal."""
    try:
        find(s, who, name, **args)
    except LookupError:
        return False
    return True


def check_conservation(s: YMState) -> None:
    """Every card is in exactly one place."""
    cat = catalog()
    acts = list(s.deck) + s.discard + s.in_play
    for h in s.hands:
        acts += h
    for c in s.courts:
        acts += c.scandals + c.lingering + c.despot
    if not s.reshuffle_in:
        acts.append(cat.reshuffle)
    assert sorted(acts) == list(range(len(cat.actions))), "action cards not conserved"
    phils = s.phil_deck + s.phil_discard + s.phil_removed + s.dead
    cols = s.colonies + s.colonies_removed
    refs = list(s.reforms) + ([s.salon.reform] if s.salon else [])
    for c in s.courts:
        phils += c.phils
        cols += c.colonies
        refs += c.reforms
    assert sorted(phils) == list(range(len(cat.phils))), "philosophes not conserved"
    assert sorted(cols) == list(range(len(cat.colonies))), "colonies not conserved"
    assert sorted(refs) == list(range(len(cat.reforms))), "reforms not conserved"


def near_abolition(tie: bool) -> YMState:
    """Seat 0 can implement Abolition of Slavery; seat 1 sits at 20 less a slave colony."""
    s = fresh(3)
    for n in TWO_PRESTIGE:
        seat_phil(s, 1, n)
    seat_colony(s, 1, "Jamaica")
    seat_reform(s, 0, "Abolition of Torture")
    seat_reform(s, 0, "Meritocracy")
    for n in [
        "Montesquieu",
        "Thomas Jefferson",
        "Immanuel Kant",
        "Mary Wollstonecraft",
        "Cesare Beccaria",
    ]:
        seat_phil(s, 0, n)
    seat_phil(s, 0, "Jean-Antoine Houdon")
    seat_phil(s, 0, "Thomas Paine" if tie else "Giambattista Tiepolo")
    seat_colony(s, 0, "Peru")
    seat_colony(s, 0, "New Spain")
    give(s, 0, "Peace Treaty")
    return s


def implement_abolition(s: YMState) -> None:
    """Seat 0 of :func:`near_abolition` hosts a sure salon (randomizer 1) for Abolition."""
    on_top(s, "Frederick the Great")
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Slavery')}")
    do(s, 0, "pay")
    for p in list(s.courts[0].phils)[:6]:
        do(s, 0, "attend", phil=f"p{p}")
    do(s, 0, "hold_salon")
