"""The favour step listed in one pass (``Moves(together=...)``), and whether a seat has any
favour business at all (the round skips it if not).

A seat's market is made of *blocks*: its asks, free heals and calls (the help block, at the
start of the Attack, Defend and Rebuild phases), its offers of held tokens (the trade block)
and its buy-backs.  A block depends on a few facts only (the seat, the living seats in
order, the seat's ledger, the phase's subjects, the diamonds it could pay with), never on
what the seat tried this phase: a block is cut in *sections*, one per kind of try (asks,
sales...), each action noting the other player whose try would strike it, and the market
reads each section less the players the seat tried (``favours.tried_mask``), a section less
a given set being kept with it once made.  So over a game, as the tokens pile up and the
trade block grows to some forty offers, listing the market costs about the same as when it
held four, and whether a seat has business is one bit test a section.

The blocks are kept in bounded tables keyed by every fact they are made from; a block, once
made, is never changed but for the sections less a set, added by whoever reads one first
(all alike), and a full table is replaced by an empty one, so a search thread and the table
may list moves at once (the tries in :mod:`.favours` and the ledger in :mod:`.tokens` are
kept the same way).  ``tests/test_mayflower_market_blocks.py`` checks the market against the
moves' own generators and ``deals`` against the rule, with the tables warm over many games.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from tabletop.engine import Action
from tabletop.games.mayflower.data import MAX_HP
from tabletop.games.mayflower.favours import (
    _DONE,
    ASKED,
    BOUGHT,
    CALLED,
    GIFTED,
    SELL,
    SOLD,
    SWAP,
    SWAPPED,
    _ask,
    _buy,
    _call,
    _gift,
    _trade,
    parry_words,
    payable,
    tried_mask,
)
from tabletop.games.mayflower.state import ATTACK, DEFEND, REBUILD, MayflowerState, who
from tabletop.games.mayflower.table import threats
from tabletop.games.mayflower.tokens import ledger

#: a section of a block: the actions of one kind of try in listing order (asks, say), the
#: other player of each (whose try by this seat strikes it), the union of their bits, and the
#: section less each set of struck players, made when first needed (at most 64 of them:
#: added to in place by whoever reads one first, all alike)
Section = tuple[int, tuple[Action, ...], tuple[int, ...], int, dict[int, tuple[Action, ...]]]
#: a block: its sections in listing order
Block = tuple[Section, ...]
#: how many blocks a table keeps before it starts afresh
BOUND = 2048


class Kept:
    """Blocks made by ``make(*key)`` on first read and kept (at most ``bound`` of them)."""

    def __init__(self, make: Callable[..., Block], bound: int = BOUND) -> None:
        self.make = make
        self.bound = bound
        self.table: dict[Hashable, Block] = {}

    def __call__(self, *key: Hashable) -> Block:
        table = self.table
        found = table.get(key)
        if found is None:
            found = self.make(*key)
            if len(table) >= self.bound:
                table = self.table = {}  # (replaced whole: a reader keeps the old one)
            table[key] = found
        return found


def _section(kind: int, pairs: list[tuple[Action, int]]) -> Section:
    """The section of the tries of ``kind`` (times 8) from (action, other player) pairs."""
    union = 0
    for _, other in pairs:
        union |= 1 << other
    return kind, tuple(a for a, _ in pairs), tuple(o for _, o in pairs), union, {}


def _listed(block: Block, done: int, out: list[Action]) -> None:
    """Add to ``out`` the block's actions that the tries in ``done`` do not strike."""
    for kind, acts, others, union, less in block:
        struck = done >> kind & union
        if not struck:
            out += acts
            continue
        kept = less.get(struck)
        if kept is None:
            kept = less[struck] = tuple(
                a for a, o in zip(acts, others, strict=True) if not struck >> o & 1
            )
        out += kept


def _open(block: Block, done: int) -> bool:
    """Whether the tries in ``done`` leave any action of the block."""
    return any(union & ~(done >> kind) for kind, _, _, union, _ in block)


# --- the blocks ----------------------------------------------------------------------------------
def _subjects(
    seat: int, phase: str, fights: tuple[tuple[int, int, int], ...], living: tuple[int, ...]
) -> list[tuple[int, int, str]]:
    """(subject, the one player it is not asked of or -1, its words) for every helper: the
    rivals (Attack), the attacks on the seat as (id, attacker, club) (Defend), the seat (Rebuild)."""
    if phase == ATTACK:
        return [(t, t, f"attack {who(t)}") for t in living if t != seat]
    if phase == DEFEND:
        return [(fid, by, parry_words(by, club)) for fid, by, club in fights]
    return [(-1, -1, f"heal {who(seat)}")]


def make_help(
    seat: int,
    phase: str,
    fights: tuple[tuple[int, int, int], ...],
    living: tuple[int, ...],
    debtors: tuple[int, ...],
) -> Block:
    """The asks (by helper), free heals (Rebuild) and calls (by debtor) of a hurt or attacked
    seat, or any seat at the Attack (see :func:`_subjects`)."""
    rows = _subjects(seat, phase, fights, living)
    asks = [
        (_ask(seat, h, sub, words), h)
        for h in living
        if h != seat
        for sub, not_of, words in rows
        if not_of != h
    ]
    gifts = [(_gift(seat, h), h) for h in living if h != seat] if phase == REBUILD else []
    calls = [
        (_call(seat, d, sub, words), d)
        for d in debtors
        for sub, not_of, words in rows
        if not_of != d
    ]
    return tuple(
        _section(kind, pairs)
        for kind, pairs in ((ASKED, asks), (GIFTED, gifts), (CALLED, calls))
        if pairs
    )


def make_trades(seat: int, living: tuple[int, ...], debtors: tuple[int, ...]) -> Block:
    """Every held token offered to every other living player, for a diamond, then for a favour."""
    sections = []
    for name, kind in ((SELL, SOLD), (SWAP, SWAPPED)):
        pairs = []
        for d in debtors:
            row = _trade.row(name, seat, d)  # by the other player
            pairs += [(row[o], o) for o in living if o != seat and o != d]
        if pairs:
            sections.append(_section(kind, pairs))
    return tuple(sections)


def make_buys(
    seat: int,
    living: tuple[int, ...],
    holders: tuple[int, ...],
    shown: tuple[int, ...],
    hand: tuple[int, ...],
) -> Block:
    """Each diamond the seat could pay with offered to each living holder for its token."""
    cards = payable(shown, hand)
    pairs = [(_buy(seat, h, c), h) for h in holders if h in living for c in cards]
    return (_section(BOUGHT, pairs),) if pairs else ()


HELP = Kept(make_help)
TRADES = Kept(make_trades)
BUYS = Kept(make_buys)


def help_block(
    s: MayflowerState, seat: int, phase: str, living: tuple[int, ...], debtors: tuple[int, ...]
) -> Block | None:
    """The seat's help block now, or None when it has nothing to ask for."""
    if phase == ATTACK:
        return HELP(seat, phase, (), living, debtors)
    if phase == DEFEND:
        fights = tuple((f["id"], f["by"], f["club"]) for f in threats(s, seat))
        return HELP(seat, phase, fights, living, debtors) if fights else None
    if phase == REBUILD and s.hp[seat] < MAX_HP:
        return HELP(seat, phase, (), living, debtors)
    return None  # the other rounds are for trades only (M39)


# --- the step ------------------------------------------------------------------------------------
def market(s: MayflowerState, seat: int) -> list[Action]:
    """Every action of the favour step, in the order of ``favour_moves.MOVES`` (asks, gifts,
    calls, sales, swaps, buy-backs, done), less those the seat tried this phase (the moves'
    own generators give the same list; a test compares them)."""
    frame = s.stack[-1]
    done = tried_mask(frame, seat)
    living = tuple(s.living())
    debtors, holders = ledger(s, seat)
    blocks = []
    found = help_block(s, seat, frame.data["phase"], living, debtors)
    if found is not None:
        blocks.append(found)
    if debtors:
        blocks.append(TRADES(seat, living, debtors))
    if holders:
        blocks.append(BUYS(seat, living, holders, tuple(s.diamonds[seat]), tuple(s.hands[seat])))
    out: list[Action] = []
    for block in blocks:
        _listed(block, done, out)
    out.append(_DONE)
    return out


def deals(s: MayflowerState, frame: Any, seat: int) -> bool:
    """Whether the seat has any favour business now (else the round skips it), judged on
    public facts only (M38): a buy-back counts when the seat shows a diamond or holds any
    card, whether or not a diamond is among them."""
    if not s.favours_on or not s.alive(seat):
        return False
    done = tried_mask(frame, seat)
    living = tuple(s.living())
    debtors, holders = ledger(s, seat)
    found = help_block(s, seat, frame.data["phase"], living, debtors)
    if found is not None and _open(found, done):
        return True
    if debtors and _open(TRADES(seat, living, debtors), done):
        return True
    if holders and (s.diamonds[seat] or s.hands[seat]):
        for h in holders:
            if h in living and not done >> (BOUGHT + h) & 1:
                return True
    return False
