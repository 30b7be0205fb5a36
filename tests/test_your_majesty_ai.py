"""The heuristic agent: it sees only its view, negotiates sensibly and beats random play."""

from __future__ import annotations

import pytest
from your_majesty_helpers import (
    TWO_PRESTIGE,
    do,
    fresh,
    give,
    reform,
    seat_colony,
    seat_phil,
    seat_reform,
)

from tabletop.ai.base import RandomAgent, make_agent
from tabletop.engine import Rng
from tabletop.engine.frozen import canonical
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.ai import HeuristicAgent
from tabletop.games.your_majesty.data import catalog
from tabletop.tools.sim import simulate


def _decide(s: object, seat: int, only: tuple[str, ...] = ()) -> object:
    GAME.touch(s)  # the scenes are edited by hand: view them afresh
    legal = [a for a in GAME.legal_actions(s, seat) if not only or a.name in only]
    return HeuristicAgent().choose(GAME, GAME.view(s, seat), seat, legal, Rng(0))


def test_factory_gives_the_heuristic_for_greedy() -> None:
    assert isinstance(GAME.heuristic_agent("greedy"), HeuristicAgent)
    assert GAME.heuristic_agent("nonsense") is None
    assert isinstance(make_agent("random", GAME), RandomAgent)
    s = _lend_scene(0)
    legal = GAME.legal_actions(s, 1)
    greedy = make_agent("greedy", GAME).choose(GAME, GAME.view(s, 1), 1, legal, Rng(3))
    assert greedy == HeuristicAgent().choose(GAME, GAME.view(s, 1), 1, legal, Rng(3))


def _lend_scene(host_points: int) -> object:
    s = fresh(3)
    give(s, 0, "Peace Treaty")
    seat_colony(s, 0, "Peru")
    seat_phil(s, 0, "Montesquieu")
    v = seat_phil(s, 1, "Thomas Paine")
    for n in TWO_PRESTIGE[: host_points // 2]:
        seat_phil(s, 0, n)
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "invite", phil=f"p{v}")
    return s


def test_lends_to_a_trailing_host_but_not_to_a_leader_near_twenty() -> None:
    assert _decide(_lend_scene(0), 1).name == "lend"
    near = _lend_scene(14)  # 2 + 14 = 16 prestige, a reform away from the goal
    assert GAME.outcome(near).scores[0] >= 16
    assert _decide(near, 1).name == "refuse"


def test_refuses_a_salon_that_would_bring_any_host_within_a_point_of_the_goal() -> None:
    t = fresh(3)
    give(t, 0, "Peace Treaty")
    seat_colony(t, 0, "Peru")
    seat_reform(t, 0, "Public Museums")
    seat_reform(t, 0, "Religious Tolerance")
    for n in ("Montesquieu", "Joshua Reynolds", "Jean-Antoine Houdon", "Isaac Newton"):
        seat_phil(t, 0, n)  # 4 + 8 = 12 prestige
    for n in ("Voltaire", "Jean-Jacques Rousseau", "W.A. Mozart", "F-J Haydn"):
        seat_phil(t, 2, n)
    seat_reform(t, 2, "Meritocracy")
    seat_reform(t, 2, "Public Libraries")
    seat_reform(t, 2, "Abolition of Torture")  # seat 2 leads with 13
    lent = seat_phil(t, 1, "Thomas Paine")
    do(t, 0, "propose_salon", reform=f"r{reform('Urban Planning')}")
    do(t, 0, "pay")
    do(t, 0, "invite", phil=f"p{lent}")
    assert GAME.outcome(t).scores[:3:2] == [12, 13]
    assert _decide(t, 1).name == "lend"  # 12 + 5 = 17
    seat_phil(t, 0, "Benjamin Franklin")  # 14 + 5 = 19, one short of the goal
    assert _decide(t, 1).name == "refuse"


def _killer_scene(leader_points: int) -> tuple:
    """Seat 0 holds Consumption; seat 1 leads with ``leader_points`` of philosophes."""
    s = fresh(4)
    (c,) = give(s, 0, "Consumption")
    for n in TWO_PRESTIGE[: leader_points // 2]:
        seat_phil(s, 1, n)
    if leader_points % 2:
        seat_phil(s, 1, "David Hume")
    seat_phil(s, 2, "Thomas Paine")
    assert GAME.outcome(s).scores[1] == leader_points
    return s, c


def test_kills_a_philosophe_only_of_a_leader_about_to_win() -> None:
    """Killing earlier knocks leaders back while the philosophes run out: the game locks."""
    s, c = _killer_scene(16)
    assert _decide(s, 0, ("play_event", "end_turn")).name == "end_turn"
    s, c = _killer_scene(19)
    choice = _decide(s, 0, ("play_event", "end_turn"))
    assert choice.name == "play_event" and choice.get("card") == f"a{c}"
    victim = int(choice.get("on")[1:])
    assert victim in s.courts[1].phils and catalog().phils[victim].prestige == 2


def test_salon_seats_muse_philosophes_and_asks_muse_guests_before_others() -> None:
    s = fresh(3)
    give(s, 0, "Peace Treaty")
    seat_colony(s, 0, "Chile")
    seat_colony(s, 0, "Florida")  # wealth 2: room for two
    own_muse = seat_phil(s, 0, "Montesquieu")
    seat_phil(s, 0, "Voltaire")
    guest = seat_phil(s, 1, "Thomas Paine")
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    first = _decide(s, 0)
    assert (first.name, first.get("phil")) == ("attend", f"p{own_muse}")
    GAME.apply(s, 0, first)
    second = _decide(s, 0)
    assert (second.name, second.get("phil")) == ("invite", f"p{guest}")


def test_holds_a_salon_as_soon_as_more_sophia_cannot_help() -> None:
    s = fresh(3)
    give(s, 0, "Peace Treaty")
    for c in ("Peru", "New Spain"):
        seat_colony(s, 0, c)  # wealth 6
    for n in ("Montesquieu", "Thomas Jefferson", "Immanuel Kant", "Thomas Paine", "Voltaire"):
        seat_phil(s, 0, n)
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    for _ in range(4):
        a = _decide(s, 0)
        assert a.name == "attend"
        GAME.apply(s, 0, a)
    # four politics philosophes: sophia 8 against 1 + at most 6, a sure success
    assert GAME.view(s, 0)["public"]["salon"]["chance"] == 1.0
    assert _decide(s, 0).name == "hold_salon"


@pytest.mark.parametrize("players", range(2, 7))
def test_heuristic_tables_end_by_prestige(players: int) -> None:
    """All-heuristic games reach the goal instead of the app's round limit."""
    for seed in range(4):
        summary = simulate(GAME, players, games=1, seed=100 * players + seed, ai=("greedy",))
        stats = summary.results[0].stats
        assert stats["win_path"] != "round limit", (players, seed)
        assert stats["winner_prestige"] >= 20


def test_defends_colonies_worth_defending() -> None:
    for col, expected in (("Peru", "defend"), ("Louisiana", "yield")):
        s = fresh(3)
        (a,) = give(s, 0, "James Wolfe")
        give(s, 1, "Robert Clive")
        c = seat_colony(s, 1, col)
        do(s, 0, "campaign", card=f"a{a}", on=f"c{c}")
        assert _decide(s, 1).name == expected, col


def test_aims_scandals_at_the_leader() -> None:
    s = fresh(4)
    give(s, 0, "The Calas Affair")
    for n in ("Voltaire", "Isaac Newton", "W.A. Mozart"):
        seat_phil(s, 2, n)
    seat_phil(s, 1, "David Hume")
    events = [x for x in GAME.legal_actions(s, 0) if x.name == "play_event"]
    agent = HeuristicAgent()
    choice = agent.choose(GAME, GAME.view(s, 0), 0, events, Rng(1))
    assert choice.get("seat") == 2


def test_times_salons_by_their_chance() -> None:
    s = fresh(3)
    give(s, 0, "Peace Treaty", "Hurricane")
    seat_colony(s, 0, "Peru")
    seat_colony(s, 0, "New Spain")
    for n in ("Montesquieu", "Thomas Jefferson", "Immanuel Kant"):
        seat_phil(s, 0, n)
    salon_or_pass = ("propose_salon", "end_turn")
    assert _decide(s, 0, salon_or_pass).name == "propose_salon"  # 6 sophia against 1 + r
    seat_reform(s, 1, "Public Museums")
    t = fresh(3)
    give(t, 0, "Peace Treaty", "Hurricane")
    seat_colony(t, 0, "Chile")
    seat_colony(t, 0, "Florida")
    seat_phil(t, 0, "Mary Wollstonecraft")
    seat_phil(t, 0, "Voltaire")
    for _ in range(3):
        t.courts[0].scandals.append(give(t, 2, "New Royal Mistress")[0])
    t.hands[2].clear()
    assert _decide(t, 0, salon_or_pass).name == "end_turn"  # 3 sophia against 4 + r


@pytest.mark.fairness
def test_decisions_depend_only_on_the_view() -> None:
    """Swapping hidden cards of other hands with the deck never changes a decision."""
    checked = 0
    for seed in range(4):
        s = GAME.new_game(3 + seed % 3, seed)
        rng = Rng(seed)
        agents = [make_agent("greedy", GAME) for _ in range(s.players)]
        for _ in range(80):
            if GAME.is_over(s):
                break
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            a = agents[seat].choose(GAME, GAME.view(s, seat), seat, legal, Rng(7))
            t = GAME.copy(s)
            spy = s.pending.target if s.pending and s.pending.kind == "espionage" else -1
            for o in range(t.players):
                if o not in (seat, spy) and t.hands[o] and t.deck:
                    t.hands[o][0], t.deck[-1] = t.deck[-1], t.hands[o][0]
            b = agents[seat].choose(
                GAME, GAME.view(t, seat), seat, GAME.legal_actions(t, seat), Rng(7)
            )
            assert a == b
            checked += 1
            GAME.apply(s, seat, agents[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng))
    assert checked > 200


def test_determinize_is_consistent_with_the_view() -> None:
    for seed in range(8):
        s = GAME.new_game(2 + seed % 5, seed)
        rng = Rng(seed)
        for _ in range(60 + 10 * seed):
            if GAME.is_over(s):
                break
            (seat,) = GAME.to_act(s)
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        for seat in range(s.players):
            v = GAME.view(s, seat)
            d = GAME.determinize(v, seat, Rng(99))
            assert canonical(GAME.view(d, seat)) == canonical(v)
            assert sorted(map(len, d.hands)) == sorted(map(len, s.hands))


def test_heuristic_beats_random_play() -> None:
    wins = games = 0
    for seed in range(12):
        players = 2 + seed % 3
        s = GAME.new_game(players, 1000 + seed)
        agents = [make_agent("greedy" if i == 0 else "random", GAME) for i in range(players)]
        rng = Rng(seed)
        while not GAME.is_over(s):
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            view = GAME.view(s, seat) if seat == 0 else {}
            GAME.apply(s, seat, agents[seat].choose(GAME, view, seat, legal, rng))
        games += 1
        wins += 0 in GAME.winners(s)
    assert wins >= 0.75 * games, (wins, games)


def test_rollouts_seat_the_hosts_philosophes_before_holding_a_salon() -> None:
    from tabletop.games.your_majesty.ai import evaluate, policy

    s = fresh(2)
    give(s, 0, "Peace Treaty")
    for c in ("Peru", "New Spain"):
        seat_colony(s, 0, c)  # wealth 6
    muse = seat_phil(s, 0, "Montesquieu")
    seat_phil(s, 0, "Voltaire")
    other = seat_phil(s, 0, "Thomas Jefferson")
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    before = evaluate(GAME, s)[0]
    seated = []
    for _ in range(3):
        legal = GAME.legal_actions(s, 0)
        a = policy(GAME, s, 0, legal, Rng(5))
        assert a.name == "attend"
        seated.append(int(a["phil"][1:]))
        GAME.apply(s, 0, a)
    # the reform's muse first; a salon staged with a chance counts for its host
    assert set(seated[:2]) == {muse, other} and evaluate(GAME, s)[0] > before
    assert policy(GAME, s, 0, GAME.legal_actions(s, 0), Rng(5)).name in ("hold_salon", "invite")
