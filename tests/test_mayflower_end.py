"""The end of Mayflower: both ways to win and every tie-break (M26, M34), and seeded games
played to the end by random and greedy agents keeping every invariant."""

from __future__ import annotations

import json
import os

import pytest
from mayflower_support import CAT, G, act, arrange, card, done

from tabletop.ai import make_agent
from tabletop.engine import Rng, state_digest
from tabletop.engine.frozen import canonical
from tabletop.games.mayflower.values import diamond_total

# small in CI; MAYFLOWER_PROPERTY_GAMES=200 runs 2,000 games (5 counts x favours on/off)
PROPERTY_GAMES = int(os.environ.get("MAYFLOWER_PROPERTY_GAMES", "2"))


def _final(diamonds: dict[int, list[str]], hp: dict[int, int] | None = None) -> object:
    royals = {0: "kh", 1: "qh", 2: "jh"}
    return arrange(3, diamonds=diamonds, hp=hp, royals=royals, season=4)


def test_the_most_diamonds_win_after_season_four() -> None:
    s = _final({0: ["9d"], 1: ["4d", "6d"], 2: ["ad"]})
    assert s.end == "diamonds" and s.winners == [1]
    assert [diamond_total(s, p) for p in range(3)] == [9, 10, 10]


def test_equal_diamonds_go_to_more_hit_points() -> None:
    s = _final({0: ["9d"], 1: ["4d", "6d"], 2: ["ad"]}, hp={1: 12, 2: 15})
    assert s.winners == [2]


def test_equal_diamonds_and_hit_points_go_to_more_diamond_cards() -> None:
    s = _final({0: ["9d"], 1: ["4d", "6d"], 2: ["ad"]})
    assert s.winners == [1]  # two cards against one


def test_a_full_tie_shares_the_victory() -> None:
    s = _final({0: ["2d"], 1: ["4d", "6d"], 2: ["3d", "7d"]})
    assert s.winners == [1, 2]


def test_diamonds_in_hand_count_at_the_end() -> None:
    s = arrange(
        3,
        hands={0: ["8d"]},
        diamonds={1: ["7d"]},
        royals={0: "kd", 1: "qh", 2: "jh"},
        season=4,
        phase="fortify",
    )
    # the Court phase did not run: seat 0's diamond is still in hand, and it counts
    assert s.over and s.winners == [0]


def test_the_last_player_standing_wins_at_once() -> None:
    s = arrange(3, hands={0: ["10c", "9c"]}, hp={1: 5, 2: 5}, royals={0: "jh", 1: "jh", 2: "jd"})
    act(s, 0, "attack", card=card("10c"), target=1, boost=False)
    act(s, 0, "attack", card=card("9c"), target=2, boost=False)
    done(s, 0)
    assert s.over and s.season == 1 and s.winners == [0] and s.end == "last standing"


def test_everyone_eliminated_at_once_goes_to_the_richest_of_them() -> None:
    s = arrange(
        2,
        hands={0: ["10c"], 1: ["9c"]},
        hp={0: 5, 1: 5},
        diamonds={0: ["3d"], 1: ["5d"]},
        royals={0: "jh", 1: "jh"},
    )
    act(s, 0, "attack", card=card("10c"), target=1, boost=False)
    done(s, 0)
    act(s, 1, "attack", card=card("9c"), target=0, boost=False)
    done(s, 1)
    # each took the other's diamond: seat 0 holds the 5, seat 1 the 3
    assert s.over and s.end == "all eliminated" and s.out == [1, 1] and s.winners == [0]


# --- seeded games to the end ------------------------------------------------------------------------
def _cards(s: object) -> list[int]:
    return sorted(c for cards in G.zones.contents(s, s.players).values() for c in cards)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("favours", [True, False])
def test_seeded_games_end_and_keep_every_invariant(players: int, favours: bool) -> None:
    for seed in range(PROPERTY_GAMES):
        kinds = ["random", "greedy"] if seed % 2 else ["greedy", "random"]
        agents = [make_agent(kinds[p % 2], G) for p in range(players)]
        s = G.new_game(players, seed, {"favours": favours})
        rng = Rng(seed)
        moves = []
        steps = 0
        while not G.is_over(s):
            seat = G.to_act(s)[0]
            legal = G.legal_actions(s, seat)
            view = G.view(s, seat)
            if steps % 5 == 0:
                hidden = {CAT.uids[c] for c in G.zones.unseen(s, players, seat)}
                text = canonical(view)
                assert not any(f'"{u}"' in text for u in hidden)
            action = agents[seat].choose(G, view, seat, legal, rng)
            moves.append((seat, action.to_json()))
            G.apply(s, seat, action)
            steps += 1
            assert steps < 20000
            assert _cards(s) == list(range(108))
            assert max(s.hp) <= 20
        assert s.winners and s.end
        back = G.state_from_json(json.loads(json.dumps(G.state_to_json(s))))
        assert state_digest(G, back) == state_digest(G, s)
        again = G.replay(players, seed, {"favours": favours}, moves)
        assert state_digest(G, again) == state_digest(G, s)


@pytest.mark.parametrize("players", [3, 4])
def test_no_seat_is_favoured_among_equal_players(players: int) -> None:
    # 40 seeded games between greedy seats: every seat wins between 15 % and 45 % of them
    wins = [0.0] * players
    for seed in range(40):
        agents = [make_agent("greedy", G) for _ in range(players)]
        s = G.new_game(players, seed)
        rng = Rng(seed)
        while not G.is_over(s):
            seat = G.to_act(s)[0]
            legal = G.legal_actions(s, seat)
            G.apply(s, seat, agents[seat].choose(G, G.view(s, seat), seat, legal, rng))
        for w in s.winners:
            wins[w] += 1 / len(s.winners)
    assert all(0.15 * 40 <= w <= 0.45 * 40 for w in wins), wins
