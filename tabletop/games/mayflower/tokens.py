"""The favour tokens out (``s.favours``, each ``[id, debtor, holder]``) and each seat's
ledger: the players owing it a favour and those it owes one.

The rules never change ``s.favours`` in place: a token made, paid, bought back, passed on or
voided makes a new list, through :func:`replace`, which names the tokens gone and made.  The
ledger is kept for the last list read as a count of tokens per (debtor, holder) pair, and
:func:`replace` carries the count over to the new list by those few tokens instead of
counting the whole list again, so reading a ledger costs the same with 70 tokens out as with
none.  A list not reached that way (a state copied, loaded or arranged by a test) is counted
once when first read.

The book is one tuple, replaced whole and never changed once published but for the ledgers
added by whoever reads one first (all alike), since a search thread and the table may list
moves at once.  ``tests/test_mayflower_market_blocks.py`` checks every ledger read against
one counted afresh over seeded games.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from operator import itemgetter
from typing import Any

from tabletop.games.mayflower.state import MayflowerState

Ledger = tuple[tuple[int, ...], tuple[int, ...]]
Pairs = dict[tuple[int, int], tuple[int, ...]]
#: the list, its length, the token ids of each (debtor, holder) pair, seat -> its ledger (made
#: when first read)
_BOOK: tuple[Any, int, Pairs, dict[int, Ledger]] = (None, 0, {}, {})


def _counted(tokens: list[list[int]]) -> Pairs:
    pairs: Pairs = {}
    for tid, debtor, holder in tokens:
        pairs[debtor, holder] = (*pairs.get((debtor, holder), ()), tid)
    return pairs


def _book(s: MayflowerState) -> tuple[Any, int, Pairs, dict[int, Ledger]]:
    """The book of ``s.favours`` (counted now if it is not the list kept)."""
    global _BOOK
    tokens = s.favours
    book = _BOOK
    if book[0] is not tokens or book[1] != len(tokens):
        book = _BOOK = (tokens, len(tokens), _counted(tokens), {})
    return book


def ledger(s: MayflowerState, seat: int) -> Ledger:
    """(the players owing ``seat`` a favour, those ``seat`` owes one), each in seat order."""
    book = _book(s)
    found = book[3].get(seat)
    if found is None:
        pairs = book[2]
        owing = sorted({d for d, h in pairs if h == seat})
        owed = sorted({h for d, h in pairs if d == seat})
        found = book[3][seat] = (tuple(owing), tuple(owed))
    return found


def replace(
    s: MayflowerState,
    tokens: list[list[int]],
    gone: Iterable[list[int]] = (),
    made: Iterable[list[int]] = (),
) -> None:
    """Set ``s.favours`` to ``tokens``: the list there now less ``gone`` plus ``made`` (in any
    order); the kept ledger follows the change."""
    global _BOOK
    old = s.favours
    s.favours = tokens
    book = _BOOK
    if book[0] is not old or book[1] != len(old):
        return  # (not the list kept: the new one is counted when first read)
    pairs = dict(book[2])
    ledgers = dict(book[3])
    for t in gone:
        key = (t[1], t[2])
        ids = tuple(i for i in pairs[key] if i != t[0])
        if ids:
            pairs[key] = ids
        else:  # the last token of the pair: both ledgers change
            del pairs[key]
            ledgers.pop(t[1], None)
            ledgers.pop(t[2], None)
    for t in made:
        key = (t[1], t[2])
        ids = pairs.get(key, ())
        pairs[key] = (*ids, t[0])
        if not ids:  # a new pair: both ledgers change
            ledgers.pop(t[1], None)
            ledgers.pop(t[2], None)
    _BOOK = (tokens, len(tokens), pairs, ledgers)


def index_of(s: MayflowerState, tid: int) -> int:
    """Where the token ``tid`` lies in ``s.favours`` (-1 if it is gone)."""
    tokens = s.favours
    # the rules keep the list in id order (a new token is the newest, one passed on keeps its
    # place), so it is searched by halves; a list arranged otherwise is read through
    i = bisect_left(tokens, tid, key=itemgetter(0))
    if i < len(tokens) and tokens[i][0] == tid:
        return i
    for i, t in enumerate(tokens):
        if t[0] == tid:
            return i
    return -1


def add(s: MayflowerState, token: list[int]) -> None:
    """A new token, the newest."""
    replace(s, [*s.favours, token], made=(token,))


def drop(s: MayflowerState, i: int) -> None:
    """The token at ``i`` is paid back or bought back."""
    tokens = s.favours
    replace(s, tokens[:i] + tokens[i + 1 :], gone=(tokens[i],))


def pass_on(s: MayflowerState, i: int, holder: int) -> list[int]:
    """The token at ``i`` is now held by ``holder`` (same id, same place); the new token."""
    tokens = s.favours[:]
    old = tokens[i]
    new = tokens[i] = [old[0], old[1], holder]
    replace(s, tokens, gone=(old,), made=(new,))
    return new


def oldest(s: MayflowerState, debtor: int, holder: int) -> list[int] | None:
    """The oldest token ``debtor`` owes ``holder`` (the first in ``s.favours``), if any."""
    ids = _book(s)[2].get((debtor, holder))
    if not ids:
        return None
    return s.favours[min(index_of(s, tid) for tid in ids)]
