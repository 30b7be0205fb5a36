"""A scenario for every event, lingering event and scandal of the (reconstructed) deck."""

from __future__ import annotations

from your_majesty_helpers import (
    check_conservation,
    colony,
    do,
    fresh,
    give,
    has,
    on_top,
    reform,
    seat_colony,
    seat_phil,
    seat_reform,
)

from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.scoring import max_hand, wealth


def test_enlightened_despot_raises_the_hand_limit_once() -> None:
    s = fresh(3)
    (a, b) = give(s, 0, "Enlightened Despot", "Enlightened Despot")
    do(s, 0, "play_event", card=f"a{a}")
    assert max_hand(s, 0) == 5 and a in s.courts[0].despot
    assert not has(s, 0, "play_event", card=f"a{b}")  # already five
    do(s, 0, "refill")
    assert len(s.hands[0]) == 5
    check_conservation(s)


def test_espionage_takes_up_to_three_and_respects_the_limit() -> None:
    s = fresh(3)
    (e,) = give(s, 0, "Espionage")
    give(s, 0, "Peace Treaty", "Hurricane")
    victim = give(s, 1, "Frederick the Great", "James Wolfe", "Smallpox Epidemic", "Censorship")
    do(s, 0, "play_event", card=f"a{e}", seat=1)
    v0 = GAME.view(s, 0)
    assert [c["uid"] for c in v0["zones"]["p1.hand"]["cards"]] == [f"a{x}" for x in victim]
    assert all(c["uid"] is None for c in GAME.view(s, 2)["zones"]["p1.hand"]["cards"])
    do(s, 0, "take", card=f"a{victim[0]}")
    do(s, 0, "take", card=f"a{victim[1]}")
    # the hand is full at four: the action ends by itself
    assert s.pending is None and len(s.hands[0]) == 4 and len(s.hands[1]) == 2
    assert s.used == ["event"]
    check_conservation(s)


def test_a_place_at_court_allowed_and_cancelled() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "A Place at Court")
    v = seat_phil(s, 1, "Voltaire")
    do(s, 0, "play_event", card=f"a{a}", on=f"p{v}")
    assert GAME.to_act(s) == [1] and has(s, 1, "allow") and not has(s, 1, "cancel_place")
    do(s, 1, "allow")
    assert v in s.courts[0].phils
    s = fresh(3)
    (a,) = give(s, 0, "A Place at Court")
    (b,) = give(s, 1, "A Place at Court")
    v = seat_phil(s, 1, "Voltaire")
    do(s, 0, "play_event", card=f"a{a}", on=f"p{v}")
    do(s, 1, "cancel_place", card=f"a{b}")
    assert v in s.courts[1].phils and {a, b} <= set(s.discard)
    check_conservation(s)


def test_new_royal_mistress_erases_all_own_scandals() -> None:
    s = fresh(3)
    (m,) = give(s, 0, "New Royal Mistress")
    sc = give(s, 2, "The Calas Affair", "The Diamond Necklace")
    s.hands[2].clear()
    s.courts[0].scandals += sc
    do(s, 0, "play_event", card=f"a{m}")
    assert s.courts[0].scandals == [] and set(sc) <= set(s.discard)
    check_conservation(s)


def test_consumption_kills_and_a_bitter_quarrel_sends_away() -> None:
    s = fresh(3)
    (c, q) = give(s, 0, "Consumption", "A Bitter Quarrel")
    own = seat_phil(s, 0, "Voltaire")
    other = seat_phil(s, 1, "Isaac Newton")
    assert has(s, 0, "play_event", card=f"a{c}", on=f"p{own}")  # any court
    assert not has(s, 0, "play_event", card=f"a{q}", on=f"p{own}")  # another court only
    do(s, 0, "play_event", card=f"a{c}", on=f"p{other}")
    assert other in s.dead
    s.used = []
    seat_phil(s, 1, "Isaac Newton")
    do(s, 0, "play_event", card=f"a{q}", on=f"p{other}")
    assert other in s.phil_discard
    check_conservation(s)


def test_royal_pension_from_the_discards_or_the_deck() -> None:
    s = fresh(3)
    (a, b) = give(s, 0, "Royal Pension", "Royal Pension")
    assert has(s, 0, "play_event", card=f"a{a}") and s.phil_discard == []
    top = s.phil_deck[-1]
    do(s, 0, "play_event", card=f"a{a}")
    assert top in s.courts[0].phils
    s.used = []
    p = s.phil_deck.pop(0)
    s.phil_discard.append(p)
    do(s, 0, "play_event", card=f"a{b}", on=f"p{p}")
    assert p in s.courts[0].phils
    check_conservation(s)


def test_grand_tour_allows_two_guests_per_court() -> None:
    s = fresh(3)
    (g,) = give(s, 0, "Grand Tour")
    give(s, 0, "Peace Treaty")
    for c in ("Peru", "New Spain"):
        seat_colony(s, 0, c)
    seat_phil(s, 0, "Montesquieu")
    x, y = seat_phil(s, 1, "Voltaire"), seat_phil(s, 1, "David Hume")
    do(s, 0, "play_event", card=f"a{g}")
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "invite", phil=f"p{x}")
    do(s, 1, "lend")
    assert has(s, 0, "invite", phil=f"p{y}")
    s2 = fresh(3)
    give(s2, 0, "Peace Treaty")
    seat_colony(s2, 0, "Peru")
    seat_phil(s2, 0, "Montesquieu")
    x, y = seat_phil(s2, 1, "Voltaire"), seat_phil(s2, 1, "David Hume")
    do(s2, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s2, 0, "pay")
    do(s2, 0, "invite", phil=f"p{x}")
    do(s2, 1, "lend")
    assert not has(s2, 0, "invite", phil=f"p{y}")  # one per court without Grand Tour


def test_intercepted_letters_take_a_random_card_privately() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "Intercepted Letters")
    (b,) = give(s, 1, "James Wolfe")
    events = do(s, 0, "play_event", card=f"a{a}", seat=1)
    assert s.hands[0] == [b] and s.hands[1] == []
    moved = [e for e in events if e.data.get("source") == "p1.hand"]
    assert moved[0].for_seat(0).data["card"] == f"a{b}"
    assert moved[0].for_seat(2).data["card"] is None


def test_colonial_rebellion_blocked_or_successful() -> None:
    for answer in (True, False):
        s = fresh(3)
        (a,) = give(s, 0, "Colonial Rebellion")
        (camp,) = give(s, 1, "James Wolfe")
        c = seat_colony(s, 1, "Jamaica")
        do(s, 0, "play_event", card=f"a{a}", on=f"c{c}")
        assert GAME.to_act(s) == [1]
        if answer:
            do(s, 1, "block", card=f"a{camp}")
            assert c in s.courts[1].colonies
        else:
            do(s, 1, "allow")
            assert c in s.colonies
        check_conservation(s)


def test_slave_revolt_frees_only_slave_colonies_unopposed() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "Slave Revolt")
    j, p = seat_colony(s, 1, "Jamaica"), seat_colony(s, 1, "Peru")
    assert not has(s, 0, "play_event", card=f"a{a}", on=f"c{p}")
    do(s, 0, "play_event", card=f"a{a}", on=f"c{j}")
    assert j in s.colonies and s.pending is None


def _next_turn_of(s: object, seat: int) -> None:
    while s.active != seat:
        do(s, s.active, "end_turn")


def test_lettre_de_cachet_bars_attendance_until_the_players_next_turn() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "Lettre de Cachet")
    do(s, 0, "play_event", card=f"a{a}", seat=1)
    do(s, 0, "end_turn")
    give(s, 1, "Peace Treaty")
    seat_colony(s, 1, "Peru")
    seat_phil(s, 1, "Montesquieu")
    seat_phil(s, 1, "Voltaire")
    seat_phil(s, 2, "Isaac Newton")
    do(s, 1, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 1, "pay")
    assert not has(s, 1, "attend") and has(s, 1, "invite")
    do(s, 1, "abandon_salon")
    _next_turn_of(s, 0)
    assert s.courts[0].lingering == [] and a in s.discard


def test_peace_treaty_stops_every_campaign() -> None:
    s = fresh(3)
    (p,) = give(s, 0, "Peace Treaty")
    give(s, 1, "James Wolfe")
    seat_colony(s, 0, "Peru")
    do(s, 0, "play_event", card=f"a{p}")
    do(s, 0, "end_turn")
    assert not has(s, 1, "campaign")
    _next_turn_of(s, 0)
    do(s, 0, "end_turn")
    assert has(s, 1, "campaign")


def test_smallpox_epidemic_stops_salons() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "Smallpox Epidemic")
    give(s, 0, "Peace Treaty")
    seat_colony(s, 0, "Peru")
    seat_phil(s, 0, "Montesquieu")
    assert has(s, 0, "propose_salon")
    do(s, 0, "play_event", card=f"a{a}")
    assert not has(s, 0, "propose_salon")


def test_hurricane_lowers_wealth_until_its_player_moves_again() -> None:
    s = fresh(3)
    (h,) = give(s, 0, "Hurricane")
    seat_colony(s, 1, "Peru")
    do(s, 0, "play_event", card=f"a{h}", seat=1)
    assert wealth(s, 1) == 1
    do(s, 0, "end_turn")
    assert wealth(s, 1) == 1
    _next_turn_of(s, 0)
    assert wealth(s, 1) == 3


def test_campaign_seized_or_defended() -> None:
    for defend in (False, True):
        s = fresh(3)
        (a,) = give(s, 0, "James Wolfe")
        (b,) = give(s, 1, "Robert Clive")
        c = seat_colony(s, 1, "Peru")
        do(s, 0, "campaign", card=f"a{a}", on=f"c{c}")
        assert GAME.to_act(s) == [1]
        assert "campaign" in GAME.view(s, 1)["prompt"]
        if defend:
            do(s, 1, "defend", card=f"a{b}")
            assert c in s.courts[1].colonies
        else:
            do(s, 1, "yield")
            assert c in s.courts[0].colonies
        check_conservation(s)


# --- scandals -------------------------------------------------------------------------------------
def _salon_win(s: object, seat: int, reform_name: str, muse_phils: list[str]) -> None:
    """Host a salon for ``reform_name`` with a certain success (randomizer 1)."""
    for n in muse_phils:
        seat_phil(s, seat, n)
    seat_colony(s, seat, "Peru")
    seat_colony(s, seat, "New Spain")
    give(s, seat, "Peace Treaty") if "Peace Treaty" not in [
        catalog().actions[a].name for a in s.hands[seat]
    ] else None
    on_top(s, "Frederick the Great")
    do(s, seat, "propose_salon", reform=f"r{reform(reform_name)}")
    do(s, seat, "pay")
    for p in list(s.courts[seat].phils)[:6]:
        if has(s, seat, "attend", phil=f"p{p}"):
            do(s, seat, "attend", phil=f"p{p}")
    do(s, seat, "hold_salon")
    assert reform(reform_name) in s.courts[seat].reforms


def test_each_scandal_goes_to_a_court_and_is_erased_by_its_trigger() -> None:
    cases = [
        (
            "Rinaldo et Armida",
            "Freedom of Expression",
            ["Voltaire", "David Hume", "Swift"],
            "Public Libraries",
        ),
        (
            "The Calas Affair",
            "Religious Tolerance",
            ["Canaletto", "William Hogarth", "Joshua Reynolds"],
            "Public Museums",
        ),
        (
            "The Diamond Necklace",
            "Meritocracy",
            ["Montesquieu", "Thomas Paine", "Edmund Burke"],
            "Abolition of Torture",
        ),
        (
            "The Struensee Affair",
            "Abolition of Torture",
            ["Montesquieu", "Thomas Paine", "Edmund Burke"],
            None,
        ),
    ]
    for scandal, trigger, phils, lower in cases:
        s = fresh(3)
        (a,) = give(s, 1, scandal)
        s.active = 1
        assert not has(s, 1, "play_event", card=f"a{a}", seat=1)  # not on yourself
        do(s, 1, "play_event", card=f"a{a}", seat=0)
        assert a in s.courts[0].scandals
        s.active, s.used = 0, []
        if lower:
            seat_reform(s, 0, lower)
        _salon_win(
            s,
            0,
            trigger,
            [p for p in phils if p != "Swift"] + (["Jonathan Swift"] if "Swift" in phils else []),
        )
        assert a not in s.courts[0].scandals and a in s.discard, scandal
        check_conservation(s)


def test_mississippi_bubble_erased_by_choosing_a_colony() -> None:
    s = fresh(3)
    (a,) = give(s, 1, "The Mississippi Bubble")
    s.active = 1
    do(s, 1, "play_event", card=f"a{a}", seat=0)
    s.active, s.used = 0, []
    give(s, 0, "Peace Treaty")
    do(s, 0, "choose_colony", colony=f"c{s.colonies[0]}")
    do(s, 0, "pay")
    assert s.courts[0].scandals == [] and a in s.discard
    check_conservation(s)


def test_casanova_goes_to_your_own_court_draws_a_philosophe_and_leaves_with_any_reform() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "Casanova")
    top = s.phil_deck[-1]
    assert not has(s, 0, "play_event", card=f"a{a}", seat=1)
    do(s, 0, "play_event", card=f"a{a}")
    assert s.courts[0].scandals == [a] and top in s.courts[0].phils
    s.used = []
    _salon_win(s, 0, "Abolition of Torture", ["Montesquieu", "Thomas Paine", "Edmund Burke"])
    assert s.courts[0].scandals == []
    check_conservation(s)


def test_slave_colonies_cost_prestige_until_abolition() -> None:
    s = fresh(3)
    seat_colony(s, 1, "Jamaica")
    seat_colony(s, 1, "Barbados")
    assert GAME.outcome(s).scores[1] == -2
    seat_reform(s, 2, "Abolition of Slavery")
    assert GAME.outcome(s).scores[1] == 0
    assert colony("Jamaica") in s.courts[1].colonies


def test_encyclopedie_and_grand_tour_help_only_a_salon_of_the_same_turn() -> None:
    s = fresh(3)
    (enc, tour) = give(s, 0, "The Encyclopédie", "Grand Tour")
    give(s, 0, "Peace Treaty", "Hurricane")
    seat_colony(s, 0, "Peru")
    seat_phil(s, 0, "Montesquieu")
    seat_phil(s, 0, "Thomas Paine")
    x, y = seat_phil(s, 1, "Voltaire"), seat_phil(s, 1, "David Hume")
    do(s, 0, "play_event", card=f"a{enc}")
    assert s.flags == ["encyclopedie"]
    do(s, 0, "end_turn")
    _next_turn_of(s, 0)
    do(s, 0, "play_event", card=f"a{tour}")
    do(s, 0, "end_turn")
    _next_turn_of(s, 0)
    assert s.flags == []
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "attend")
    do(s, 0, "invite", phil=f"p{x}")
    do(s, 1, "lend")
    assert GAME.view(s, 0)["public"]["salon"]["sophia"] == 2 + 1  # no Encyclopédie bonus
    assert not has(s, 0, "invite", phil=f"p{y}")  # and one guest per court again


def test_censorship_burdens_only_the_other_players_salons() -> None:
    s = fresh(3)
    (c,) = give(s, 0, "Censorship")
    give(s, 0, "Peace Treaty", "Hurricane")
    seat_colony(s, 0, "Peru")
    seat_phil(s, 0, "Montesquieu")
    seat_phil(s, 0, "Thomas Paine")
    do(s, 0, "play_event", card=f"a{c}")
    do(s, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s, 0, "pay")
    assert GAME.view(s, 0)["public"]["salon"]["difficulty_before_draw"] == 1
    s2 = fresh(3)
    (c2,) = give(s2, 1, "Censorship")
    s2.active = 1
    do(s2, 1, "play_event", card=f"a{c2}")
    do(s2, 1, "end_turn")
    s2.active = 0
    give(s2, 0, "Peace Treaty")
    seat_colony(s2, 0, "Peru")
    seat_phil(s2, 0, "Montesquieu")
    do(s2, 0, "propose_salon", reform=f"r{reform('Abolition of Torture')}")
    do(s2, 0, "pay")
    assert GAME.view(s2, 0)["public"]["salon"]["difficulty_before_draw"] == 1 + 2


def test_slave_revolt_may_free_a_colony_of_your_own_court() -> None:
    s = fresh(3)
    (a,) = give(s, 0, "Slave Revolt")
    j = seat_colony(s, 0, "Jamaica")
    assert GAME.outcome(s).scores[0] == -1
    do(s, 0, "play_event", card=f"a{a}", on=f"c{j}")
    assert j in s.colonies and GAME.outcome(s).scores[0] == 0
