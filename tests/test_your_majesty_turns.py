"""Set-up, turns and actions, hand limits, the Reshuffle card, victory and its options."""

from __future__ import annotations

import pytest
from your_majesty_helpers import (
    TWO_PRESTIGE,
    action_index,
    check_conservation,
    colony,
    do,
    find,
    fresh,
    give,
    has,
    implement_abolition,
    near_abolition,
    reform,
    seat_colony,
    seat_phil,
    seat_reform,
)

from tabletop.ai.base import make_agent
from tabletop.engine import Action, IllegalAction, Rng, state_digest
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import MUSES, catalog
from tabletop.games.your_majesty.state import YMState


@pytest.mark.parametrize(
    ("players", "colonies", "per_muse"),
    [(2, 12, 4), (3, 16, 5), (4, 18, 6), (5, 20, 7), (6, 24, 8)],
)
def test_removals_per_player_count(players: int, colonies: int, per_muse: int) -> None:
    s = GAME.new_game(players, seed=7)
    cat = catalog()
    assert len(s.colonies) == colonies and len(s.colonies_removed) == 24 - colonies
    for m in MUSES:
        assert sum(1 for p in s.phil_deck if cat.phils[p].muse == m) == per_muse
    assert len(s.reforms) == 15
    assert all(len(h) == 4 for h in s.hands)
    assert cat.reshuffle not in s.deck and len(s.deck) == 60 - 4 * players
    check_conservation(s)


def test_costs_and_two_different_actions_per_turn() -> None:
    s = fresh(3)
    assert {a.name for a in GAME.legal_actions(s, 0)} == {"refill", "end_turn"}  # empty hand
    do(s, 0, "refill")
    assert len(s.hands[0]) == 4 and not has(s, 0, "refill")
    c = s.colonies[0]
    do(s, 0, "choose_colony", colony=f"c{c}")
    assert GAME.to_act(s) == [0] and {a.name for a in GAME.legal_actions(s, 0)} == {"pay"}
    do(s, 0, "pay")
    assert c in s.courts[0].colonies and len(s.hands[0]) == 3
    assert s.active == 1 and s.used == []  # two actions end the turn
    do(s, 1, "refill")
    assert not has(s, 1, "refill")  # the same action twice is not allowed (and full)
    do(s, 1, "draw_philosophe")
    assert len(s.courts[1].phils) == 1 and len(s.hands[1]) == 3
    check_conservation(s)


def test_no_voluntary_discard_and_hand_limit_on_every_gain() -> None:
    s = fresh(3)
    give(s, 0, "James Wolfe", "Edward Hawke", "Robert Clive", "Peter the Great")
    assert not has(s, 0, "refill")
    assert all(a.name not in ("discard",) for a in GAME.legal_actions(s, 0))
    (e,) = give(s, 1, "Intercepted Letters")
    give(s, 1, "Peace Treaty", "Hurricane", "Censorship")
    s.active = 1
    do(s, 1, "play_event", card=f"a{e}", seat=0)  # 3 cards + 1 = 4: fits
    assert len(s.hands[1]) == 4 and len(s.hands[0]) == 3


def test_illegal_actions_are_refused_with_words_and_state_untouched() -> None:
    s = fresh(3)
    give(s, 0, "James Wolfe")
    before = state_digest(GAME, s)
    with pytest.raises(IllegalAction) as e1:
        GAME.apply(s, 1, Action.make("end_turn"))
    assert "Eleanor" in e1.value.reason
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Action.make("choose_colony", colony="c999"))
    do(s, 0, "refill")
    with pytest.raises(IllegalAction) as e2:
        GAME.apply(s, 0, Action.make("refill"))
    assert "twice" in e2.value.reason or "already" in e2.value.reason
    assert state_digest(GAME, s) != before  # only the legal refill changed it


def test_first_exhaustion_adds_the_reshuffle_card_mid_refill() -> None:
    s = fresh(3)
    last = s.deck[-1]
    rest = s.deck[:-1]
    s.deck = [last]
    s.discard = rest
    do(s, 0, "refill")
    assert s.reshuffle_in and len(s.hands[0]) == 4 and last in s.hands[0]
    assert catalog().reshuffle in s.deck
    check_conservation(s)


def test_drawing_the_reshuffle_card_mid_draw_reshuffles_both_decks() -> None:
    s = fresh(3)
    cat = catalog()
    s.reshuffle_in = True
    first = s.deck[-1]
    s.deck.insert(len(s.deck) - 1, cat.reshuffle)  # second card from the top
    s.discard = [s.deck.pop(0) for _ in range(10)]
    discarded = list(s.discard)
    p = s.phil_deck.pop(0)
    s.phil_discard = [p]
    phil_total = len(s.phil_deck) + 1
    deck_total = len(s.deck) + len(s.discard)
    do(s, 0, "refill")
    assert s.hands[0][0] == first and len(s.hands[0]) == 4
    assert s.discard == [] and p in s.phil_deck and len(s.phil_deck) == phil_total
    assert cat.reshuffle in s.deck and len(s.deck) + 4 == deck_total
    assert set(discarded) <= set(s.deck) | set(s.hands[0])
    check_conservation(s)


def test_reshuffle_drawn_as_a_salon_randomizer_draws_again() -> None:
    s = fresh(3)
    cat = catalog()
    s.reshuffle_in = True
    s.deck.append(cat.reshuffle)
    give(s, 0, "Peace Treaty")
    seat_colony(s, 0, "Peru")
    seat_phil(s, 0, "Montesquieu")
    seat_phil(s, 0, "Voltaire")
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "attend")
    do(s, 0, "attend")
    do(s, 0, "hold_salon")
    assert 1 <= s.last_salon[2] <= 6 and cat.reshuffle in s.deck
    check_conservation(s)


@pytest.mark.parametrize("tie", [False, True])
def test_simultaneous_twenties_highest_wins_exact_ties_share(tie: bool) -> None:
    s = near_abolition(tie)
    assert GAME.outcome(s).scores[1] == 19
    implement_abolition(s)
    scores = GAME.outcome(s).scores
    assert GAME.is_over(s) and scores[1] == 20
    assert scores[0] == (20 if tie else 21)
    assert GAME.winners(s) == ([0, 1] if tie else [0])
    assert GAME.legal_actions(s, 0) == [] and GAME.to_act(s) == []


def test_paycheck_reform_option_needs_a_level_three_or_five_reform() -> None:
    s = fresh(3, paycheck="reform")
    for n in TWO_PRESTIGE[:9]:
        seat_phil(s, 1, n)
    (a,) = give(s, 0, "A Place at Court")
    x = seat_phil(s, 2, "Joshua Reynolds")
    s.active = 1
    s.hands[1] = [s.hands[0].pop()]
    do(s, 1, "play_event", card=f"a{a}", on=f"p{x}")
    do(s, 2, "allow")
    assert GAME.outcome(s).scores[1] == 20 and not GAME.is_over(s)
    seat_reform(s, 1, "Meritocracy")
    do(s, 1, "end_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [1]


def test_paycheck_wealth_option_counts_wealth_philosophes_and_wins_at_sixteen() -> None:
    s = fresh(3, paycheck="wealth")
    for n in ["Voltaire", "Jean-Jacques Rousseau", "Denis Diderot", "Thomas Paine"]:
        seat_phil(s, 0, n)
    seat_colony(s, 0, "Chile")
    seat_colony(s, 0, "Florida")
    assert GAME.outcome(s).breakdown[0]["philosophes"] == 4  # two counted: 2 + 2
    for n in ["Montesquieu", "Thomas Jefferson", "Immanuel Kant", "W.A. Mozart"]:
        seat_phil(s, 0, n)
    seat_reform(s, 0, "Meritocracy")
    seat_reform(s, 0, "Agricultural Reform")
    seat_colony(s, 0, "Peru")  # wealth 5: 2+2+2+2+2 = 10, +8 reforms = 18
    give(s, 0, "Peace Treaty")
    do(s, 0, "end_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [0]
    assert GAME.view(s, 1)["public"]["win_target"] == 16


def test_round_limit_ends_a_stuck_game() -> None:
    s = fresh(2)
    for _ in range(200):
        if GAME.is_over(s):
            break
        do(s, s.active, "end_turn")
    assert GAME.is_over(s) and s.end_reason == "round_limit" and GAME.winners(s) == [0, 1]


def test_action_index_helper_finds_cards() -> None:
    s = fresh(3)
    assert catalog().actions[action_index(s, "Consumption", 2)].randomizer == 2


def test_spectator_view_hides_every_hand_and_names_who_is_awaited() -> None:
    s = GAME.new_game(4, 2)
    v = GAME.view(s, None)
    assert v["prompt"] == f"Waiting for {s.names[s.active]}."
    for i in range(4):
        assert all(c["uid"] is None for c in v["zones"][f"p{i}.hand"]["cards"])
    assert list(v["public"]["state"]["hands"]) == [4, 4, 4, 4]
    assert [x["resources"]["wealth"] for x in v["seats"]] == [0, 0, 0, 0]


def test_turn_lines_and_prompts_read_well_whatever_a_seat_is_called() -> None:
    """A seat called "You" (the app's default) gets "Turn: You.", never "You's"."""
    s = GAME.new_game(3, 5)
    s.names = ("You", *s.names[1:])
    agents = [make_agent("greedy", GAME) for _ in range(3)]
    rng = Rng(5)
    texts: list[str] = []
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        texts += [GAME.view(s, o)["prompt"] for o in range(3)]
        legal = GAME.legal_actions(s, seat)
        events = GAME.apply(
            s, seat, agents[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng)
        )
        texts += [e.for_seat(o).text for e in events for o in range(3)]
    texts += [GAME.view(s, o)["prompt"] for o in range(3)]
    texts += [z["label"] for z in GAME.view(s, 0)["zones"].values()]
    assert "Turn: You." in texts and "Turn: Frederick." in texts
    assert not [t for t in texts if "You's" in t or "'s turn" in t]
    assert any(t.startswith("The game is over. Winner") for t in texts)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_steps_listed_in_one_pass_offer_what_their_moves_offer(players: int) -> None:
    """Each step listed in one pass holds exactly its moves' actions, in their order, in
    random games under every paycheck option."""
    table = GAME.moves
    seen: set[str] = set()
    for seed in range(12):
        options = {"paycheck": ("off", "reform", "wealth")[seed % 3], "faux_pas": seed % 2 == 1}
        s = GAME.new_game(players, seed, options)
        rng = Rng(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            step = s.stack[-1].step
            if step in table.together:
                one_pass = table.together[step](s, seat)
                each = [a for m in table.by_step[step] for a in m.generate(s, seat)]
                assert one_pass == each and [a.text for a in one_pass] == [a.text for a in each]
                seen.add(step)
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert {"main", "salon", "lend", "defend"} <= seen


@pytest.mark.parametrize("paycheck", ["off", "reform", "wealth"])
def test_quiet_play_ends_every_game_as_apply_does_under_every_paycheck(paycheck: str) -> None:
    """``play`` (no events: the victory looked for after the moves that may change a court)
    leaves each state as ``apply`` does, step by step, at every player count."""
    for seed in range(15):
        players = 2 + seed % 5
        options = {"paycheck": paycheck, "faux_pas": seed % 2 == 1}
        state = GAME.new_game(players, seed, options)
        quiet = GAME.copy(state)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = rng.choice(GAME.legal_actions(state, seat))
            GAME.apply(state, seat, action)
            same = [a for a in GAME.legal_actions(quiet, seat) if a == action]
            GAME.play(quiet, seat, same[0])
            assert state_digest(GAME, quiet) == state_digest(GAME, state), (seed, action)
        assert GAME.is_over(quiet) and quiet.winners == state.winners


def _wealth_court(s: YMState, hurricane: bool) -> None:
    """Seat 0 under the wealth paycheck: eight two-point philosophes and reforms worth 8;
    Chile and Florida (wealth 2: 4 + 8 = 12), or also Peru under a Hurricane of seat 2's
    (wealth 5 - 2 = 3: 6 + 8 = 14).  Without the Hurricane, Peru makes it 10 + 8 = 18."""
    for n in TWO_PRESTIGE[:8]:
        seat_phil(s, 0, n)
    seat_reform(s, 0, "Meritocracy")
    seat_reform(s, 0, "Agricultural Reform")
    seat_colony(s, 0, "Chile")
    seat_colony(s, 0, "Florida")
    peru = colony("Peru")
    if hurricane:
        seat_colony(s, 0, "Peru")
        (h,) = give(s, 2, "Hurricane")
        s.hands[2].remove(h)
        s.courts[2].lingering, s.courts[2].linger_target = [h], [0]
    elif peru not in s.colonies:
        s.colonies_removed.remove(peru)
        s.colonies.append(peru)
        s.colonies.sort()


@pytest.mark.parametrize("quiet", [False, True])
@pytest.mark.parametrize("how", ["colony", "end_turn", "second_action"])
def test_under_the_wealth_paycheck_a_colony_or_a_hurricane_gone_wins_at_once(
    how: str, quiet: bool
) -> None:
    """Wealth counts philosophes under this paycheck, so claiming a colony or a Hurricane
    leaving at a turn's end can make the winner: both ``apply`` and the quiet ``play`` end
    the game right then (a quiet apply skips the victory check after those moves under the
    other paychecks, where they raise nobody's prestige)."""
    s = fresh(3, paycheck="wealth")
    _wealth_court(s, hurricane=how != "colony")
    if how == "colony":
        give(s, 0, "Consumption")
        steps = [(0, "choose_colony", {"colony": f"c{colony('Peru')}"}), (0, "pay", {})]
    else:
        s.active = 1
        if how == "end_turn":
            steps = [(1, "end_turn", {})]
        else:  # a salon abandoned as the turn's second action ends it
            give(s, 1, "Consumption", "Consumption")
            seat_phil(s, 1, "Mary Wollstonecraft")
            seat_colony(s, 1, "New Spain")
            steps = [
                (1, "propose_salon", {"reform": f"r{reform('Abolition of Torture')}"}),
                (1, "pay", {}),
                (1, "abandon_salon", {}),
            ]
            steps = [(1, "refill", {}), *steps] if len(s.hands[1]) < 4 else steps
    assert GAME.outcome(s).scores[0] < 16
    for i, (seat, name, args) in enumerate(steps):
        assert not GAME.is_over(s), (how, i)
        action = find(s, seat, name, **args)
        GAME.play(s, seat, action) if quiet else GAME.apply(s, seat, action)
    assert GAME.is_over(s) and GAME.winners(s) == [0], how
    assert GAME.outcome(s).scores[0] == 18


def test_every_move_that_carries_a_card_into_or_out_of_a_court_is_a_court_move() -> None:
    """A quiet apply looks for the victory after the moves of ``COURT_MOVES`` only: every
    move whose events show a card entering or leaving a court must be one of them."""
    from tabletop.engine.events import MOVE
    from tabletop.games.your_majesty.flow import COURT_MOVES, _court_zones

    seen: set[str] = set()
    for seed in range(40):
        players = 2 + seed % 5
        court = _court_zones(players)
        state = GAME.new_game(players, seed, {"paycheck": "wealth"} if seed % 2 else None)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = rng.choice(GAME.legal_actions(state, seat))
            events = GAME.apply(state, seat, action)
            if not (state.used or len(state.stack) > 1):
                continue  # a turn ended (its lingering events go): the victory is looked for
            for e in events:
                d = e.data
                if e.kind == MOVE and (
                    d["target"] in court or (d["source"] in court and d["target"] != "salon")
                ):
                    assert action.name in COURT_MOVES, (seed, action, e.text)
                    seen.add(action.name)
    assert seen == COURT_MOVES
