"""Aristocracy data files: the 101-card deck, weights, options, rulings, layout."""

from __future__ import annotations

from collections import Counter

from tabletop import registry
from tabletop.engine.data import load_game_data
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.data import deck_ids, rank, weight


def test_deck_is_two_decks_without_one_set_of_diamond_royals() -> None:
    ids = deck_ids()
    assert len(ids) == 101
    c = Counter(ids)
    assert len(c) == 52
    assert c["kd"] == c["qd"] == c["jd"] == 1
    assert all(n == 2 for cid, n in c.items() if cid not in ("kd", "qd", "jd"))
    ranks = Counter(rank(i) for i in ids)
    assert ranks["k"] == ranks["q"] == ranks["j"] == 7 and ranks["7"] == 8


def test_card_weights() -> None:
    assert weight("as") == 1
    assert [weight(f"{n}h") for n in range(2, 11)] == list(range(2, 11))
    assert weight("jc") == weight("qs") == weight("kh") == 10


def test_game_yaml_has_every_ruling_options_and_credits() -> None:
    d = load_game_data("aristocracy")
    assert [r.id for r in d.game.rulings] == [f"A{i}" for i in range(1, 28)]
    assert d.game.information == "imperfect" and d.game.simultaneous
    assert (d.game.min_players, d.game.max_players) == (2, 5)
    assert {o.key for o in d.game.options} == {"length", "hand_size"}
    assert "Felix Leeb" in d.game.credits and "CC BY-NC-SA 4.0" in d.game.credits
    assert set(d.game.card_fields) == {"rank", "suit", "weight"}


def test_layout_has_every_zone_and_seat_areas() -> None:
    d = load_game_data("aristocracy")
    ids = {z.id for z in d.layout.zones}
    assert {"draw", "discard", "shop", "market", "royal"} <= ids
    assert {"hand", "stall", "buildings", "coins", "offer"} <= ids
    assert sorted(d.layout.seat_areas) == [2, 3, 4, 5]
    view = GAME.view(GAME.new_game(4, 1), 0)
    seat_zones = {z.id for z in d.layout.zones if z.owner == "seat"}
    shared = {z.id for z in d.layout.zones if z.owner == "shared"}
    for zid in view["zones"]:
        assert zid in shared or zid.split(".", 1)[1] in seat_zones, zid


def test_registered() -> None:
    assert registry.get("aristocracy") is GAME
    assert GAME.heuristic_agent("greedy") is not None
    assert GAME.heuristic_agent("mcts") is None
