"""Salons: the rulebook's worked example, the level gate and its exception, options."""

from __future__ import annotations

import pytest
from your_majesty_helpers import (
    check_conservation,
    do,
    fresh,
    give,
    has,
    on_top,
    seat_colony,
    seat_phil,
    seat_reform,
)

from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import catalog


def _example(scandal: bool) -> tuple:
    """The rulebook's Meritocracy salon: Wollstonecraft, Watt, Haydn and a borrowed Jefferson."""
    s = fresh(3)
    give(s, 0, "Peace Treaty")
    seat_colony(s, 0, "New Spain")  # 3 coins
    seat_colony(s, 0, "Massachusetts")  # 1 coin: wealth 4
    seat_reform(s, 0, "Public Concerts")  # a level-1 reform opens level 3
    mary = seat_phil(s, 0, "Mary Wollstonecraft")
    watt = seat_phil(s, 0, "James Watt")
    haydn = seat_phil(s, 0, "F-J Haydn")
    jefferson = seat_phil(s, 1, "Thomas Jefferson")
    if scandal:
        s.courts[0].scandals.append(give(s, 2, "The Calas Affair")[0])
        s.hands[2].clear()
    on_top(s, "Consumption", randomizer=2)
    do(s, 0, "propose_salon", reform=f"r{catalog().reform_named('Meritocracy')}")
    do(s, 0, "pay")
    for p in (mary, watt, haydn):
        do(s, 0, "attend", phil=f"p{p}")
    do(s, 0, "invite", phil=f"p{jefferson}")
    assert GAME.to_act(s) == [1]
    assert GAME.view(s, 1)["prompt"] == (
        "The salon of Eleanor asks for Thomas Jefferson. Lend him?"
    )
    do(s, 1, "lend")
    return s


def test_rulebook_salon_example_succeeds_six_against_five() -> None:
    s = _example(scandal=False)
    sal = GAME.view(s, 0)["public"]["salon"]
    assert (sal["sophia"], sal["difficulty_before_draw"], sal["capacity"]) == (6, 3, 4)
    assert not has(s, 0, "invite")  # the salon is full at wealth 4
    do(s, 0, "hold_salon")
    assert s.last_salon == [6, 5, 2, 1]
    assert catalog().reform_named("Meritocracy") in s.courts[0].reforms
    check_conservation(s)


def test_rulebook_salon_example_fails_with_a_scandal() -> None:
    s = _example(scandal=True)
    assert GAME.view(s, 0)["public"]["salon"]["difficulty_before_draw"] == 4
    do(s, 0, "hold_salon")
    assert s.last_salon == [6, 6, 2, 0]
    assert catalog().reform_named("Meritocracy") in s.reforms
    check_conservation(s)


def _politics_host(players: int) -> object:
    s = fresh(players)
    give(s, 0, "Peace Treaty")
    seat_colony(s, 0, "Peru")
    seat_phil(s, 0, "Montesquieu")
    return s


def test_level_gate_needs_the_lower_level() -> None:
    s = _politics_host(4)
    merit = f"r{catalog().reform_named('Meritocracy')}"
    torture = f"r{catalog().reform_named('Abolition of Torture')}"
    assert has(s, 0, "propose_salon", reform=torture)
    assert not has(s, 0, "propose_salon", reform=merit)
    seat_reform(s, 1, "Public Museums")  # one player of four: not half
    assert not has(s, 0, "propose_salon", reform=merit)
    seat_reform(s, 0, "Public Concerts")
    assert has(s, 0, "propose_salon", reform=merit)
    assert not has(
        s, 0, "propose_salon", reform=f"r{catalog().reform_named('Abolition of Slavery')}"
    )


@pytest.mark.parametrize(
    ("players", "holders", "open_"),
    [(4, 2, True), (3, 1, False), (3, 2, True), (5, 2, False), (5, 3, True)],
)
def test_level_gate_opens_when_half_the_players_hold_the_lower_level(
    players: int, holders: int, open_: bool
) -> None:
    s = _politics_host(players)
    names = ["Public Museums", "Public Concerts", "Public Libraries"]
    for i in range(holders):
        seat_reform(s, 1 + i, names[i])
    merit = f"r{catalog().reform_named('Meritocracy')}"
    assert has(s, 0, "propose_salon", reform=merit) is open_


def test_level_five_gate_and_its_exception() -> None:
    s = _politics_host(4)
    slavery = f"r{catalog().reform_named('Abolition of Slavery')}"
    seat_reform(s, 0, "Abolition of Torture")  # a level-1 reform does not open level 5
    seat_reform(s, 1, "Religious Tolerance")
    assert not has(s, 0, "propose_salon", reform=slavery)
    seat_reform(s, 2, "Vernacular Opera")  # two of four players hold a level-3 reform
    assert has(s, 0, "propose_salon", reform=slavery)
    t = _politics_host(4)
    seat_reform(t, 0, "Meritocracy")  # or a level-3 reform of one's own
    assert has(t, 0, "propose_salon", reform=slavery)


def test_salon_needs_a_philosophe_of_the_muse_and_two_attendees() -> None:
    s = _politics_host(3)
    museums = f"r{catalog().reform_named('Public Museums')}"
    assert not has(s, 0, "propose_salon", reform=museums)  # no arts philosophe
    do(s, 0, "propose_salon", reform=f"r{catalog().reform_named('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "attend")
    assert not has(s, 0, "hold_salon")  # one attendee is not a salon
    assert has(s, 0, "abandon_salon")
    do(s, 0, "abandon_salon")
    assert s.salon is None and s.used == ["salon"]
    check_conservation(s)


def test_refused_lend_keeps_the_philosophe_home_and_cannot_be_asked_again() -> None:
    s = _politics_host(3)
    seat_phil(s, 0, "Voltaire")
    v = seat_phil(s, 1, "Jean-Jacques Rousseau")
    do(s, 0, "propose_salon", reform=f"r{catalog().reform_named('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "invite", phil=f"p{v}")
    assert GAME.view(s, 1)["prompt"].endswith("Lend him?")
    assert GAME.view(s, 2)["prompt"] == "Waiting for Frederick."
    do(s, 1, "refuse")
    assert v not in s.salon.attendees
    assert not has(s, 0, "invite", phil=f"p{v}")


def test_faux_pas_fails_a_salon_on_a_six() -> None:
    for faux, won in ((False, True), (True, False)):
        s = fresh(3, faux_pas=faux)
        give(s, 0, "Peace Treaty")
        seat_colony(s, 0, "Peru")
        seat_colony(s, 0, "New Spain")
        for n in ("Montesquieu", "Thomas Jefferson", "Immanuel Kant", "Thomas Paine"):
            seat_phil(s, 0, n)
        on_top(s, "Edward Vernon")
        do(s, 0, "propose_salon", reform=f"r{catalog().reform_named('Abolition of Torture')}")
        do(s, 0, "pay")
        for p in list(s.courts[0].phils):
            do(s, 0, "attend", phil=f"p{p}")
        do(s, 0, "hold_salon")
        assert s.last_salon[:3] == [8, 7, 6]
        assert bool(s.last_salon[3]) is won


def test_censorship_and_encyclopedie_change_the_numbers_shown() -> None:
    s = _politics_host(3)
    seat_phil(s, 0, "Thomas Paine")
    (enc,) = give(s, 0, "The Encyclopédie")
    censor = give(s, 1, "Censorship")[0]
    s.courts[1].lingering.append(censor)
    s.courts[1].linger_target.append(-1)
    s.hands[1].clear()
    do(s, 0, "play_event", card=f"a{enc}")
    give(s, 0, "Hurricane")
    do(s, 0, "propose_salon", reform=f"r{catalog().reform_named('Abolition of Torture')}")
    do(s, 0, "pay")
    do(s, 0, "attend")
    do(s, 0, "attend")
    sal = GAME.view(s, 0)["public"]["salon"]
    assert sal["sophia"] == 4 + 2 and sal["difficulty_before_draw"] == 1 + 2
    assert sal["chance"] == pytest.approx(2 / 6)  # randomizer 1 or 2 succeeds
