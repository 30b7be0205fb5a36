"""Mayflower data files: the two decks, the Royal powers, rulings M1–M39, options, layout."""

from __future__ import annotations

from collections import Counter

from tabletop.engine.data import load_game_data
from tabletop.engine.data.loader import check_folder
from tabletop.engine.resources import data_dir
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.game import MayflowerGame


def test_the_data_folder_validates() -> None:
    assert check_folder(data_dir() / "mayflower") == []


def test_numbers_deck_is_ace_to_ten_of_two_decks_and_four_jokers() -> None:
    cat = catalog()
    assert len(cat.numbers) == 84 and len(cat.court) == 24 and cat.size == 108
    numbers = Counter(cat.card_ids[c] for c in cat.numbers)
    jokers = [c for c in cat.numbers if cat.is_joker(c)]
    assert len(jokers) == 4
    plain = {cid: n for cid, n in numbers.items() if not cid.startswith("joker")}
    assert len(plain) == 40 and set(plain.values()) == {2}
    assert {cat.ranks[c] for c in cat.numbers} == {
        "a",
        *(str(n) for n in range(2, 11)),
        "joker",
    }
    aces = [c for c in cat.numbers if cat.ranks[c] == "a"]
    assert len(aces) == 8 and {cat.values[c] for c in aces} == {10}
    assert all(cat.values[c] == int(cat.ranks[c]) for c in cat.numbers if cat.ranks[c].isdigit())


def test_court_deck_is_every_jack_queen_and_king_of_two_decks() -> None:
    cat = catalog()
    court = Counter((cat.ranks[c], cat.suits[c]) for c in cat.court)
    assert set(court.values()) == {2}
    assert {r for r, _ in court} == {"j", "q", "k"} and {s for _, s in court} == set("cdhs")


def test_royal_powers_for_three_or_more_and_for_two_players() -> None:
    cat = catalog()
    three = {cat.ranks[c]: cat.powers[c] for c in cat.court}
    two = {cat.ranks[c]: cat.powers_two[c] for c in cat.court}
    assert three == {"j": "front_line", "q": "diplomacy", "k": "enemy"}
    assert two == {"j": "front_line", "q": "sultry_looks", "k": "kings_hoard"}
    assert all(cat.powers[c] == "" for c in cat.numbers)


def test_backs_tell_the_two_decks_apart() -> None:
    cat = catalog()
    assert {cat.backs[c] for c in cat.numbers} == {"numbers"}
    assert {cat.backs[c] for c in cat.court} == {"court"}


def test_game_yaml_has_every_ruling_the_option_and_the_credit() -> None:
    d = load_game_data("mayflower")
    g = d.game
    assert [r.id for r in g.rulings] == [f"M{i}" for i in range(1, 40)]
    assert all(r.question and r.ruling and r.source for r in g.rulings)
    assert (g.min_players, g.max_players) == (2, 6)
    assert g.information == "imperfect" and g.simultaneous
    assert [(o.key, o.kind, o.default) for o in g.options] == [("favours", "bool", True)]
    assert "play-tested" in g.credits and "wisdump.work" in g.credits
    titles = [t for t, _ in g.sections]
    assert "Royal powers with three or more players" in titles
    assert "Royal powers with two players" in titles
    assert len(g.summary) > 200


def test_layout_has_a_place_for_every_zone_of_the_view() -> None:
    d = load_game_data("mayflower")
    assert sorted(d.layout.seat_areas) == [2, 3, 4, 5, 6]
    seat_zones = {z.id for z in d.layout.zones if z.owner == "seat"}
    shared = {z.id for z in d.layout.zones if z.owner == "shared"}
    game = MayflowerGame()
    for players in (2, 6):
        view = game.view(game.new_game(players, 1), 0)
        for zid in view["zones"]:
            assert zid in shared or zid.split(".", 1)[1] in seat_zones, zid
