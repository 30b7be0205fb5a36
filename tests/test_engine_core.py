"""The engine's generic machinery: actions, RNG, apply/refuse, JSON round-trip, replay."""

from __future__ import annotations

import json

import pytest
from toy_game import TOY

from tabletop.engine import Action, Gesture, IllegalAction, Rng, state_digest


def test_action_json_is_stable_and_round_trips() -> None:
    a = Action.make(
        "take", Gesture.drag("c1", "display", "p0.loc.1"), "take the Miller", slot=2, as_="miller"
    )
    data = a.to_json()
    assert data == {"name": "take", "args": {"as_": "miller", "slot": 2}}
    b = Action.from_json(json.loads(json.dumps(data)))
    assert b == a and hash(b) == hash(a)
    assert a.key == '{"args":{"as_":"miller","slot":2},"name":"take"}'
    assert a.gesture.to_json() == {
        "kind": "drag",
        "card": "c1",
        "source": "display",
        "target": "p0.loc.1",
    }


def test_action_list_args_are_hashable() -> None:
    a = Action.make("discard", cards=["a", "b"])
    assert a["cards"] == ("a", "b")
    assert a.to_json()["args"]["cards"] == ["a", "b"]
    assert Action.from_json(a.to_json()) == a


def test_rng_is_reproducible_and_uniform_enough() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.randrange(10) for _ in range(50)] == [b.randrange(10) for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.randrange(6)] += 1
    assert all(800 < c < 1200 for c in counts), counts
    deck = list(range(20))
    Rng(3).shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))


def test_the_inline_shuffle_draws_exactly_what_randrange_would() -> None:
    for seed in range(200):
        for n in (0, 1, 2, 7, 52, 140):
            fast, slow = Rng(seed * 7919 + n), Rng(seed * 7919 + n)
            deck, ref = list(range(n)), list(range(n))
            fast.shuffle(deck)
            for i in range(n - 1, 0, -1):  # the textbook Fisher–Yates over randrange
                j = slow.randrange(i + 1)
                ref[i], ref[j] = ref[j], ref[i]
            assert deck == ref and fast == slow, (seed, n)


def test_a_tail_shuffle_makes_only_the_first_steps_of_a_full_one() -> None:
    for seed in range(100):
        for n, tail in ((0, 2), (1, 1), (5, 0), (6, 2), (12, 3), (9, 20)):
            part, full, count = Rng(seed), Rng(seed), Rng(seed)
            deck, ref = list(range(n)), list(range(n))
            part.shuffle(deck, tail)
            full.shuffle(ref)
            drawn = min(tail, max(n - 1, 0))
            assert sorted(deck) == list(range(n))
            assert deck[n - drawn :] == ref[n - drawn :], (seed, n, tail)  # the same sample
            for i in range(n - 1, n - 1 - drawn, -1):
                count.randrange(i + 1)
            assert part == count, (seed, n, tail)  # and no more random numbers than that


def test_illegal_action_is_refused_and_state_untouched() -> None:
    s = TOY.new_game(2, seed=5)
    before = state_digest(TOY, s)
    with pytest.raises(IllegalAction):
        TOY.apply(s, 1, TOY.legal_actions(s, 0)[0])  # out of turn
    with pytest.raises(IllegalAction):
        TOY.apply(s, 0, Action.make("play", value=99))
    assert state_digest(TOY, s) == before


def test_json_round_trip_and_replay_reproduce_every_state() -> None:
    for seed in range(20):
        s = TOY.new_game(3, seed)
        moves = []
        pick = Rng(seed + 100)
        while not TOY.is_over(s):
            seat = TOY.to_act(s)[0]
            a = pick.choice(TOY.legal_actions(s, seat))
            TOY.apply(s, seat, a)
            moves.append((seat, json.loads(json.dumps(a.to_json()))))
            back = TOY.state_from_json(json.loads(json.dumps(TOY.state_to_json(s))))
            assert state_digest(TOY, back) == state_digest(TOY, s)
        replayed = TOY.replay(3, seed, None, moves)
        assert state_digest(TOY, replayed) == state_digest(TOY, s)


def test_copy_is_independent() -> None:
    s = TOY.new_game(2, 1)
    c = TOY.copy(s)
    seat = TOY.to_act(c)[0]
    TOY.apply(c, seat, TOY.legal_actions(c, seat)[0])
    assert state_digest(TOY, c) != state_digest(TOY, s)


def test_action_from_json_recovers_gesture() -> None:
    s = TOY.new_game(2, 9)
    legal = TOY.legal_actions(s, 0)[0]
    decoded = TOY.action_from_json(s, 0, legal.to_json())
    assert decoded.gesture == legal.gesture and decoded.text == legal.text
