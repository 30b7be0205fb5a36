"""Aristocracy's AI answers each decision on its merits: the Ball, Glory, a Downgrade, the
card to expose on a visit and the penalty of a re-visit.  Each test sets up two positions
that differ in what makes one answer better, and asserts the answer follows."""

from __future__ import annotations

import pytest
from aristocracy_helpers import activate, blank, build, do, pulls

from tabletop.ai import make_agent
from tabletop.engine import Action, Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import KING, QUEEN
from tabletop.games.aristocracy.state import BALL, GLORY, State

# the heuristic, and the search (Hard's settings, without its wall-clock cap)
AGENTS = ["greedy", "mcts:60"]


def _choose(s: State, kind: str, seat: int = 0) -> Action:
    legal = GAME.legal_actions(s, seat)
    return make_agent(kind, GAME).choose(GAME, GAME.view(s, seat), seat, legal, Rng(7))


def _ball(market: tuple[str, ...]) -> State:
    s = blank(2)
    s.royal = QUEEN
    build(s, 0, "8s", "8h", "8d")  # a farm missing its last 8
    s.hands = [pulls(s, "2c", "3d", "9s", "kd"), pulls(s, "4s", "5s")]
    s.market = pulls(s, *market)
    s.step = BALL
    return s


@pytest.mark.parametrize("kind", AGENTS)
def test_junk_goes_to_the_ball_only_when_the_market_is_worth_it(kind: str) -> None:
    rich = _ball(("8c", "8h"))  # the 8 the farm needs, twice
    got = _choose(rich, kind)
    assert got.name == "ball_give" and rich.card_of[got["card"]] in ("2c", "3d")
    poor = _ball(("4c", "6h"))  # nothing there for us
    assert _choose(poor, kind).name == "ball_ready"


def _glory(their_known: bool) -> State:
    s = blank(2)
    s.royal = KING
    build(s, 0, "5s", "5h", "5d", "5c", "5s", "5h")  # two complete châteaux: 6 points
    build(s, 0, "6s", "6h", "6d", "6c", "6s", "6h")
    for addr in ("7", "9", "10"):  # three estates: 6 points if they match
        b = build(s, 1, f"{addr}s", f"{addr}h", f"{addr}d", f"{addr}c", f"{addr}s")
        if their_known:
            for c in b.cards:
                s.seen[c] |= 1  # seat 0 has visited them all
    b = build(s, 1, "js", "jh", "jd", "jc")  # and a farm: 7 points, more than ours
    if their_known:
        for c in b.cards:
            s.seen[c] |= 1
    s.step = GLORY
    return s


@pytest.mark.parametrize("kind", AGENTS)
def test_glory_ends_the_game_only_when_ahead(kind: str) -> None:
    behind = _glory(their_known=True)  # we know they score 7 to our 6
    assert "glory_end" in {a.name for a in GAME.legal_actions(behind, 0)}
    assert _choose(behind, kind).name == "glory_pass"
    s = blank(2)
    s.royal = KING
    build(s, 0, "5s", "5h", "5d", "5c", "5s", "5h")
    build(s, 0, "6s", "6h", "6d", "6c", "6s", "6h")
    build(s, 1, "7s", "7h", "7d", "7c")  # one farm, which might match: at most 1 point
    s.step = GLORY
    assert _choose(s, kind).name == "glory_end"


def _downgrade(mend: bool) -> State:
    s = blank(2)
    b = build(s, 0, "4s", "4h", "4d", "4c", "9s")  # an estate spoilt by a 9
    s.stalls = [pulls(s, "2c", "3c"), []]
    s.hands = [pulls(s, "4h" if mend else "10h"), pulls(s, "5s")]
    activate(s, 0)
    s.buildings[0][0] = b
    return s


@pytest.mark.parametrize("kind", AGENTS)
def test_a_spoilt_building_is_downgraded_unless_a_store_can_mend_it(kind: str) -> None:
    s = _downgrade(mend=False)
    nine = s.buildings[0][0].cards[-1]
    got = _choose(s, kind)
    assert got.name == "downgrade" and got["card"] == nine  # a complete farm now: 1 point
    if kind == "greedy":
        GAME.apply(s, 0, got)
        assert _choose(s, kind).name == "downgrade_done"  # the rest matches: stop there
    mend = _downgrade(mend=True)
    got = _choose(mend, kind)
    assert got.name == "store" and got["target"] == mend.buildings[0][0].cards[-1]


def _visited(wanted: str) -> State:
    s = blank(2)
    s.royal = QUEEN
    build(s, 0, f"{wanted}s", f"{wanted}h", f"{wanted}d")  # we collect this rank
    build(s, 1, "7s", "7h", "2d", "3c")  # a farm spoilt by a 2 and a 3
    s.stalls = [pulls(s, "ad"), []]
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "visit", building=s.buildings[1][0].address)
    assert s.sub == "expose"
    return s


@pytest.mark.parametrize("kind", AGENTS)
def test_the_card_exposed_is_the_one_worth_most_to_the_visitor(kind: str) -> None:
    for wanted in ("2", "3"):
        s = _visited(wanted)
        got = _choose(s, kind)
        assert got.name == "expose" and s.card_of[got["card"]][:-1] == wanted


def _revisit(cards: tuple[str, ...]) -> State:
    s = blank(2)
    s.royal = QUEEN
    b = build(s, 1, "7s", *cards)
    b.exposed = [b.cards[-1]]
    s.stalls = [pulls(s, "ad"), []]
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    assert s.sub == "revisit"
    return s


@pytest.mark.parametrize("kind", AGENTS)
def test_a_revisit_forces_the_discard_only_where_it_hurts(kind: str) -> None:
    farm = _revisit(("7h", "7d", "2c"))  # without the 2 the farm falls apart
    assert _choose(farm, kind).name == "revisit_discard"
    estate = _revisit(("7h", "7d", "7c", "2c"))  # without the 2 it is a complete farm
    assert _choose(estate, kind).name == "revisit_pay"


def test_the_glory_position_is_what_it_claims() -> None:
    s = _glory(their_known=True)
    assert [x["score"] for x in GAME.view(s, 0)["seats"]] == [6, 7]
