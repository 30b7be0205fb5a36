"""The state of an Aristocracy game (plain lists and ints, cheap to copy) and small queries.

Who decides what is the decision stack (``State.stack``): a secret commit of every seat
(Tax discards, Ball contributions, bids, stalls, Glory), an auction winner's pick, or the
active seat's action turn with, on top of it, the part of an action still to finish (the
cards of a Build, the building of a Visit, …).  ``step``, ``sub``, ``ready`` and ``active``
read the stack back as the rulebook speaks of it; their setters rebuild it, for hand-made
positions in tests and for saves made before the stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import Rng
from tabletop.engine.decisions import COMMIT, TURN, Frame, commit, prompt, put, turn
from tabletop.engine.fields import Declared, declare
from tabletop.games.aristocracy.data import KING, RANK, ROYAL_OF_RANK, SHORT, WEIGHT

# decision steps: a frame's ``step`` (the view's ``step``; the parts of an action its ``sub``)
TAX, BALL, BID, PICK, STALL, ACTIONS, GLORY, OVER = (
    "tax",
    "ball",
    "bid",
    "pick",
    "stall",
    "actions",
    "glory",
    "over",
)
COMMITS = (TAX, BALL, BID, STALL, GLORY)  # every seat chooses in secret, revealed together
# the parts of an action, prompted on top of the action turn
BUILD, BUILDING, VISIT, EXPOSE, REVISIT, BUY, DOWNGRADE = (
    "build",
    "building",
    "visit",
    "expose",
    "revisit",
    "buy",
    "downgrade",
)
PARTS = (BUILD, BUILDING, VISIT, EXPOSE, REVISIT, BUY, DOWNGRADE)


@dataclass
class Building:
    """Address card (face up), building cards (face down unless exposed), production card."""

    address: int
    cards: list[int] = field(default_factory=list)
    exposed: list[int] = field(default_factory=list)
    production: int = -1


@dataclass
class State(Declared):
    """Everything about one match, hidden cards and the RNG included."""

    players: int
    rng: Rng
    farm: int  # building cards of a farm (estate +1, château +2)
    hand_limit: int  # base maximum hand size (plus one per château)
    card_of: list[str]  # uid -> card definition id
    draw: list[int]  # top = last
    discard: list[int]  # bottom (oldest) = first; the first four lie face up
    market: list[int]
    hands: list[list[int]]
    stalls: list[list[int]]
    offers: list[list[int]]  # cards set aside secretly (tax discards, ball contributions)
    buildings: list[list[Building]]
    coins: list[int]
    seen: list[int]  # uid -> bitmask of seats that know this face-down building card
    herald: int
    stack: list[Frame] = field(default_factory=list)  # the decision waited for is the last
    year: int = 1
    royal: int = KING
    bids: list[int] = field(default_factory=list)  # revealed bids; -1 = none (yet)
    bids_revealed: bool = False
    pick_order: list[int] = field(default_factory=list)
    picks: list[int] = field(default_factory=list)  # uid chosen by pick_order[i]
    price: int = 0
    eligible: list[bool] = field(default_factory=list)  # had a stall at the reveal
    acted: list[bool] = field(default_factory=list)
    slots: int = 0  # actions left to the active seat
    sub_building: int = -1  # address uid of the building the last part of an action concerned
    sub_owner: int = -1  # owner of the building last visited
    sub_start: int = 0  # building cards it had when the Build began
    glory_queue: list[int] = field(default_factory=list)  # seats that chose to end the game
    over: bool = False
    capped: bool = False
    ended_by: int = -1
    moves: int = 0

    # --- the decision stack, read as the rulebook speaks of it ---------------------------
    # Frames on the stack are never changed in place (a commit's choice replaces its frame,
    # see :func:`choose`), so a copy of the state shares them.
    @property
    def step(self) -> str:
        """The phase step being decided: a commit, ``pick``, ``actions`` or ``over``."""
        stack = self.stack
        return stack[0].step if stack else OVER

    @step.setter
    def step(self, value: str) -> None:
        self._restack(value, self.ready, self.active, self.sub)

    @property
    def sub(self) -> str:
        """The part of an action still to finish (``""`` when none)."""
        stack = self.stack
        return stack[-1].step if len(stack) > 1 else ""

    @sub.setter
    def sub(self, value: str) -> None:
        self._restack(self.step, self.ready, self.active, value)

    @property
    def ready(self) -> list[bool]:
        """Per seat, whether it has made its secret choice (everyone, outside a commit)."""
        stack = self.stack
        if stack and stack[-1].kind == COMMIT:
            done = stack[-1].done
            return [p in done for p in range(self.players)]
        return [True] * self.players

    @ready.setter
    def ready(self, value: list[bool]) -> None:
        self._restack(self.step, value, self.active, self.sub)

    @property
    def active(self) -> int:
        """The seat taking its actions (-1 outside the action step)."""
        stack = self.stack
        return stack[0].seats[0] if stack and stack[0].kind == TURN else -1

    @active.setter
    def active(self, value: int) -> None:
        self._restack(self.step, self.ready, value, self.sub)

    def _restack(self, step: str, ready: list[bool], active: int, sub: str) -> None:
        self.stack = make_stack(self, step, ready, active, sub)
        self._legal = None  # (the kit's cached legal actions: the stack changed)

    def commit(self) -> Frame | None:
        """The open secret commit (``None`` when there is none)."""
        stack = self.stack
        return stack[-1] if stack and stack[-1].kind == COMMIT else None

    # --- small queries -------------------------------------------------------------
    def order(self) -> list[int]:
        """Herald order: the herald, then clockwise."""
        n, h = self.players, self.herald
        return [*range(h, n), *range(h)]

    def shop(self) -> list[int]:
        """The face-up bottom four cards of the discard pile."""
        return self.discard[:4]

    def rank(self, uid: int) -> str:
        """Rank code of a card."""
        return RANK[self.card_of[uid]]

    def weight(self, uid: int) -> int:
        """Weight of a card."""
        return WEIGHT[self.card_of[uid]]

    def kind(self, b: Building) -> int:
        """0 farm, 1 estate, 2 château (by number of building cards)."""
        return len(b.cards) - self.farm

    def complete(self, b: Building) -> bool:
        """All building cards share the address card's rank."""
        co = self.card_of
        r = RANK[co[b.address]]
        return all(RANK[co[c]] == r for c in b.cards)

    def find(self, address: int) -> tuple[int, Building]:
        """Owner seat and building with this address card."""
        for seat, bs in enumerate(self.buildings):
            for b in bs:
                if b.address == address:
                    return seat, b
        raise KeyError(address)

    def limit(self, seat: int) -> int:
        """Maximum hand size at the Tax."""
        big = self.farm + 2
        return self.hand_limit + sum(1 for b in self.buildings[seat] if len(b.cards) == big)


def _loaded(s: State, data: dict[str, Any]) -> None:
    """A save made before the decision stack (``step``, ``ready``, ``active`` and ``sub``
    fields) given its stack."""
    if "stack" in data:
        return
    step = str(data.get("step", OVER))
    ready = [bool(r) for r in data.get("ready", [])] or [False] * s.players
    s.stack = make_stack(s, step, ready, int(data.get("active", -1)), str(data.get("sub", "")))
    # such saves still name cards that may lie hidden now: forget them as play does
    if step != PICK:
        s.picks = []
    if s.sub_building >= 0 and not any(
        b.address == s.sub_building for bs in s.buildings for b in bs
    ):
        s.sub_building = -1


# Its copy (``clone``) and JSON, derived from the fields: a copy shares the frames of the
# stack (never changed in place) and the deal (the card identities, which never change
# during a match).
FIELDS = declare(State, shallow=("stack",), carry=("_deal",), loaded=_loaded)


class Cards:
    """The identities of one match's cards, by uid: what an action's words and a view read.
    It holds nothing else, so the actions made from it refer to no cache holding them."""

    __slots__ = ("card_of", "faces", "royal_of", "short", "weight")

    def __init__(self, card_of: tuple[str, ...]) -> None:
        self.card_of = card_of
        self.short = tuple([SHORT[c] for c in card_of])  # each card's label, by uid
        self.weight = tuple([WEIGHT[c] for c in card_of])  # each card's weight, by uid
        # the royal whose action each card's Favor does (-1: no face card), by uid
        self.royal_of = tuple([ROYAL_OF_RANK.get(RANK[c], -1) for c in card_of])
        self.faces = frozenset(c for c, r in enumerate(self.royal_of) if r >= 0)  # face cards


class Deal(Cards):
    """The identities of one match's cards (its ``card_of``, frozen), shared by the states
    of the match: its actions are interned on it (an action's words name the cards it
    moves), with each card's label.  It lives only on the states of that deal — no
    module-level table holds a deal, so nothing outside a state remembers its cards.

    Its rows (:class:`~tabletop.engine.moves.PerDeal`) make their actions from ``cards``, a
    :class:`Cards` of the same identities that does not hold the rows: a deal and its
    thousands of actions form no reference cycle, so they are freed as soon as the match's
    last state is, not by the cyclic garbage collector's full passes (which cost a fifth of
    a play-out's time when they did).
    """

    __slots__ = ("cards", "parts", "rows")

    def __init__(self, card_of: tuple[str, ...]) -> None:
        super().__init__(card_of)
        cards = self.cards = object.__new__(Cards)  # the same tuples, not computed again
        for name in Cards.__slots__:
            setattr(cards, name, getattr(self, name))
        self.rows: dict[tuple[Any, ...], Any] = {}  # its actions (see PerDeal)
        self.parts: dict[tuple[Any, ...], Any] = {}  # its buildings as each viewer sees them


def deal_of(s: State) -> Deal:
    """The deal of ``s`` (made once per state, then carried by its copies: a state whose
    ``card_of`` is edited by hand must be made anew, or its actions name the old cards)."""
    found = getattr(s, "_deal", None)
    if found is None:
        found = s._deal = Deal(tuple(s.card_of))  # type: ignore[attr-defined]
    return found


def choose(s: State, seat: int, choice: Any) -> None:
    """``seat`` makes its secret choice in the open commit (a new frame replaces the old one:
    copies of the state share frames)."""
    frame = s.stack[-1].clone()
    put(frame, seat, choice)
    s.stack[-1] = frame


def make_stack(s: State, step: str, ready: list[bool], active: int, sub: str) -> list[Frame]:
    """The decision stack of a position told the old way (a step, who is ready, the active
    seat and the part of its action under way)."""
    n = s.players
    if step == OVER or s.over:
        return []
    if step in COMMITS:
        f = commit(step, list(range(n)))
        for p in range(n):
            if p < len(ready) and ready[p]:
                f.done.append(p)
                f.data["secret"][str(p)] = committed(s, step, p)
        return [f]
    if step == PICK:
        waiting = s.pick_order[len(s.picks) :]
        return [prompt(PICK, waiting[0] if waiting else -1)]
    if step == ACTIONS:
        out = [turn(ACTIONS, active)]
        if sub:
            out.append(prompt(sub, active))
        return out
    raise ValueError(f"unknown step {step!r}")


def committed(s: State, step: str, seat: int) -> Any:
    """What ``seat`` is taken to have committed at ``step`` (rebuilding a stack)."""
    if step == BID:
        return max(0, s.bids[seat]) if seat < len(s.bids) else 0
    if step == GLORY:
        return seat in s.glory_queue
    if step == STALL:
        return len(s.stalls[seat])
    return len(s.offers[seat])
