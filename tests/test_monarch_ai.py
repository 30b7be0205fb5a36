"""The greedy Monarch agent: decides from the view only, answers every decision sensibly,
and beats random play; the search's hooks."""

from __future__ import annotations

from monarch_support import GAME, act, card, new, on_deck, put, set_lands, set_row, uid

from tabletop.ai import make_agent
from tabletop.engine import Action, Rng, state_digest
from tabletop.engine.play import play
from tabletop.games.monarch.ai import hooks, win_shares
from tabletop.games.monarch.state import MonarchState

GREEDY = make_agent("greedy", GAME)


def choose(s: MonarchState, seat: int) -> Action:
    GAME.touch(s)
    return GREEDY.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), Rng(1))


def test_the_choice_ignores_the_deck_order() -> None:
    checked = 0
    for seed in range(10):
        players = 2 + seed % 3
        s = GAME.new_game(players, seed)
        pick = Rng(seed)
        for step in range(60):
            if GAME.is_over(s):
                break
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            if step % 6 == 0:
                other = GAME.copy(s)
                Rng(step).shuffle(other.deck)
                assert GAME.view(other, seat) == GAME.view(s, seat)
                a = GREEDY.choose(GAME, GAME.view(s, seat), seat, legal, Rng(step))
                b = GREEDY.choose(
                    GAME, GAME.view(other, seat), seat, GAME.legal_actions(other, seat), Rng(step)
                )
                assert a == b
                checked += 1
            GAME.apply(s, seat, pick.choice(legal))
    assert checked >= 60


def test_it_harvests_or_taxes_before_ending_and_buys_what_it_can_use() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    set_row(s, "crown-jewels", "mill", "inn", "theater", "library")
    s.gold[0] = 2
    first = choose(s, 0)
    assert first.name in ("harvest", "tax", "acquire")
    s.gold[0] = 7
    assert choose(s, 0)["card"] == uid("crown-jewels")


def test_it_raises_the_tax_with_an_improvement_before_taxing() -> None:
    s = new(3)
    set_lands(s, "FFFFVVVVV")
    set_row(s, "royal-mint", "owl", "inn", "theater", "library")
    s.food[0], s.gold[0] = 12, 0
    pick = choose(s, 0)
    assert pick.name == "acquire" and pick["card"] in (uid("royal-mint"), uid("theater"))


def test_it_flies_a_banner_when_it_can() -> None:
    s = new(3)
    put(s, s.courts[0], "owl", "oracle")
    set_row(s, "mill", "inn", "theater", "library", "barracks")
    s.gold[0] = s.food[0] = 0
    assert choose(s, 0).name == "fly"


def test_it_dismisses_the_worst_guest() -> None:
    s = new(3)
    put(s, s.guests[0], "tiresome-poet", "useless-emissary")
    set_row(s, "herald", "mill", "inn", "theater", "library")
    s.gold[0] = 2
    act(s, 0, "acquire", card=uid("herald"), to="court")
    assert choose(s, 0)["card"] == uid("useless-emissary")


def test_it_replaces_its_weakest_court_card_when_full() -> None:
    s = new(3, banners=False)  # else it flies a banner first
    put(s, s.courts[0], "herald", "owl", "falcon", "peacock", "oracle", "warhorse", "mail-cloak")
    set_row(s, "crown-jewels", "mill", "inn", "theater", "library")
    s.gold[0] = 7
    pick = choose(s, 0)
    assert pick["card"] == uid("crown-jewels") and pick["replace"] == uid("herald")


def test_pledges_a_share_when_the_moon_would_cost_more_and_nothing_when_hopeless() -> None:
    s = new(3)
    s.gold[:] = [10, 10, 10]
    set_row(s, "inn", "mill", "theater", "library", "barracks")
    on_deck(s, "invaders-at-the-border", "fishery")
    act(s, 0, "acquire", card=uid("inn"), to=_village(s))
    assert s.top.kind == "pledge"
    assert choose(s, 0)["amount"] == 2  # 6 needed among three: 2 each, cheaper than losing 5
    s2 = new(3)
    s2.gold[:] = [1, 0, 0]
    set_row(s2, "inn", "mill", "theater", "library", "barracks")
    on_deck(s2, "invaders-at-the-border", "fishery")
    act(s2, 0, "acquire", card=uid("inn"), to=_village(s2))
    assert choose(s2, 0)["amount"] == 0  # the sisters cannot reach 6 gold


def _village(s: MonarchState) -> str:
    from tabletop.games.monarch import effects as fx
    from tabletop.games.monarch.data import CARDS

    return f"land.{fx.places_for(s, CARDS[card('inn')])[0] + 1}"


def test_the_last_sister_completes_a_pledge_worth_completing() -> None:
    s = new(3)
    s.gold[:] = [10, 10, 10]
    set_row(s, "inn", "mill", "theater", "library", "barracks")
    on_deck(s, "invaders-at-the-border", "fishery")
    act(s, 0, "acquire", card=uid("inn"), to=_village(s))
    act(s, 0, "pledge", amount=0)
    act(s, 1, "pledge", amount=2)
    assert choose(s, 2)["amount"] == 4


def test_greedy_beats_random_and_ends_games_by_the_court() -> None:
    wins = 0
    for seed in range(30):
        agents = [make_agent("greedy", GAME), make_agent("random", GAME)]
        if seed % 2:
            agents.reverse()
        state = play(GAME, 2, seed, None, agents).state
        me = seed % 2
        wins += me in GAME.outcome(state).winners
    assert wins >= 27


def test_hooks_give_win_shares_and_a_policy() -> None:
    h = hooks()
    s = new(3)
    put(s, s.courts[1], "crown-jewels")
    shares = win_shares(GAME, s)
    assert abs(sum(shares) - 1) < 1e-9 and shares[1] == max(shares)
    legal = GAME.legal_actions(s, 0)
    before = state_digest(GAME, s)
    assert h["policy"](GAME, s, 0, legal, Rng(3)) in legal
    assert state_digest(GAME, s) == before
    assert card("crown-jewels") in s.courts[1]


def test_fairness_no_seat_is_favoured_between_equal_sisters() -> None:
    # the first sister is drawn at random (MO1), so seats share the wins between equals
    wins = [0.0, 0.0]
    games = 60
    for seed in range(games):
        agents = [make_agent("greedy", GAME), make_agent("greedy", GAME)]
        out = GAME.outcome(play(GAME, 2, 700 + seed, None, agents).state)
        for w in out.winners:
            wins[w] += 1 / len(out.winners)
    assert all(0.3 * games <= w <= 0.7 * games for w in wins), wins
