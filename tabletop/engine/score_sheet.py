"""The final score sheet: an outcome's breakdown as rows that add up.

Points rows come first (a count worth so many points each reads ``2 × 2 = 4``), then the
Total, then the rows that are not points, set apart: the tie-breaks in the order they are
applied, then facts of a seat's end (eliminated, stopped at the year limit) when any seat
has one.  The game's ``layout.yaml`` ``scoring`` says which row is which; a breakdown key it
does not name is points.  Every table of final scores (the table's final scoring, the results
screen) draws these rows, and a test checks that the points rows add up to the Total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tabletop.engine.game import Outcome

POINTS = "points"
TOTAL = "total"
TIEBREAK = "tiebreak"
FACT = "fact"

TIEBREAK_HEADING = "Tie-breaks (not points)"


@dataclass(frozen=True)
class SheetRow:
    """One row: its words, what kind it is, each seat's cell and (points rows and the total)
    each seat's points."""

    key: str  # the breakdown key ("total" for the Total)
    label: str
    help: str
    kind: str  # POINTS, TOTAL, TIEBREAK or FACT
    cells: tuple[str, ...]
    points: tuple[int, ...] | None = None  # None: the row is not points

    @property
    def apart(self) -> bool:
        """True for rows that are not points (drawn below the Total, set apart)."""
        return self.kind in (TIEBREAK, FACT)


class _Row(Protocol):
    """What the sheet needs of a ``layout.yaml`` scoring row (``ScoreRow`` fits)."""

    label: str
    help: str
    each: int | None
    tiebreak: int | None
    fact: bool


def pretty(key: str) -> str:
    """``most_gold`` → ``Most gold``."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0


def sheet(outcome: Outcome, rows: Mapping[str, _Row], players: int | None = None) -> list[SheetRow]:
    """The rows of ``outcome``'s score sheet, in the order they are drawn."""
    n = players if players is not None else max(len(outcome.scores), len(outcome.breakdown))
    keys: list[str] = []
    for seat in outcome.breakdown:
        keys += [k for k in seat if k not in keys]

    def value(seat: int, key: str) -> object:
        bd = outcome.breakdown[seat] if seat < len(outcome.breakdown) else {}
        return bd.get(key)

    points: list[SheetRow] = []
    tiebreaks: list[tuple[int, SheetRow]] = []
    facts: list[SheetRow] = []
    for key in keys:
        row = rows.get(key)
        label = (row.label if row is not None else "") or pretty(key)
        help_ = row.help if row is not None else ""
        raw = [value(p, key) for p in range(n)]
        if row is not None and row.tiebreak:
            cells = tuple("—" if v is None else str(v) for v in raw)
            what = f"{label} (tie-break {row.tiebreak})"
            tiebreaks.append((row.tiebreak, SheetRow(key, what, help_, TIEBREAK, cells)))
        elif row is not None and row.fact:
            if any(_number(v) for v in raw):
                cells = tuple("yes" if _number(v) else "—" for v in raw)
                facts.append(SheetRow(key, label, help_, FACT, cells))
        else:
            each = row.each if row is not None and row.each else 1
            got = tuple(_number(v) * each for v in raw)
            if each == 1:
                cells = tuple("—" if v is None else str(v) for v in raw)
            else:
                cells = tuple(
                    f"{_number(v)} × {each} = {g}" if _number(v) else "0"
                    for v, g in zip(raw, got, strict=True)
                )
            points.append(SheetRow(key, label, help_, POINTS, cells, got))
    totals = tuple(outcome.scores[p] if p < len(outcome.scores) else 0 for p in range(n))
    total = SheetRow(TOTAL, "Total", "", TOTAL, tuple(map(str, totals)), totals)
    ordered = [r for _, r in sorted(tiebreaks, key=lambda t: t[0])]
    return [*points, total, *ordered, *facts]


def adds_up(rows: Sequence[SheetRow]) -> bool:
    """Whether every seat's points rows add up to its Total."""
    total = next(r for r in rows if r.kind == TOTAL)
    assert total.points is not None
    for p, want in enumerate(total.points):
        got = sum(r.points[p] for r in rows if r.kind == POINTS and r.points is not None)
        if got != want:
            return False
    return True
