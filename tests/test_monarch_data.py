"""Monarch's card data: counts, the reconstruction marks, the rulings and the layout."""

from __future__ import annotations

from collections import Counter

from tabletop.engine.data import load_game_data
from tabletop.engine.data.loader import check_folder
from tabletop.engine.resources import data_dir
from tabletop.games.monarch.data import (
    BANNER,
    COURT,
    GUEST,
    IMPROVEMENT,
    LAND,
    MOON,
    PATHS,
    catalog,
)


def test_the_folder_validates() -> None:
    assert check_folder(data_dir() / "monarch") == []


def test_component_counts_follow_the_rulebook() -> None:
    cat = catalog()
    kinds = Counter(c.kind for c in cat.cards)
    assert kinds == {COURT: 38, IMPROVEMENT: 22, GUEST: 6, MOON: 8, LAND: 12, BANNER: 5}
    assert len(cat.market) == 74 and len(cat.boards) == 12 and len(cat.banners) == 5
    courts = [c for c in cat.cards if c.kind == COURT]
    assert Counter(c.path or "none" for c in courts) == {p: 8 for p in PATHS} | {"none": 6}
    assert sum(c.emblem == "beast" for c in courts) == 8
    assert sum(c.emblem == "garment" for c in courts) == 6
    assert sum("remove_guest" in c.on_acquire for c in courts) == 5
    lands = [c for c in cat.cards if c.kind == IMPROVEMENT]
    assert Counter(c.land for c in lands) == {"farm": 11, "village": 11}
    assert Counter(c.path or "none" for c in lands) == {p: 4 for p in PATHS} | {"none": 6}
    assert all(c.food > 0 and c.gold == 0 for c in lands)  # improvements always cost food
    # Bounty Court cards cost gold and food, the others gold only
    assert all(c.gold > 0 and (c.food > 0) == (c.path == "bounty") for c in courts)
    assert all(c.crowns < 0 and c.gold > 0 for c in cat.cards if c.kind == GUEST)
    assert Counter(c.land for c in cat.cards if c.kind == LAND) == {"farm": 6, "village": 6}
    assert {c.path for c in cat.cards if c.kind == BANNER} == {*PATHS, "balance"}


def test_the_verified_cards_keep_their_facts() -> None:
    cat = catalog()
    stag = cat.cards[cat.named("pure-white-stag")]
    assert stag.path == "bounty" and stag.food > 0 and stag.emblem == "beast"
    astronomer = cat.cards[cat.named("astronomer")]
    assert astronomer.crowns == 4
    assert cat.cards[cat.named("fireworks")].cancels == "astronomer"
    pelt = cat.cards[cat.named("tiger-pelt")]
    assert pelt.path == "might" and pelt.variable
    assert pelt.score == ("per_path_card", "per_path_improvement") and pelt.each == 2
    assert cat.cards[cat.named("gazing-glass")].path == "wisdom"


def test_every_card_says_what_is_reconstructed() -> None:
    for c in catalog().cards:
        assert c.basis in ("partial", "reconstructed"), c.id
        assert "[R" in c.text, c.id
        if c.basis == "partial":
            assert c.note and "verified" in c.note, c.id
        else:
            assert c.text.endswith("[R]"), c.id


def test_the_rules_show_every_ruling_and_the_credits_name_the_reconstruction() -> None:
    g = load_game_data("monarch").game
    assert [r.id for r in g.rulings] == [f"MO{i}" for i in range(1, 16)]
    assert "reconstruct" in g.reconstruction.lower() and "[R]" in g.reconstruction
    assert "unofficial" in g.credits.lower()
    about = dict(g.sections)["About the cards"]
    assert "Verified" in about and "[R]" in about
    banners = next(o for o in g.options if o.key == "banners")
    assert banners.default is True and banners.kind == "bool"


def test_the_moons_text_says_how_pledges_are_played() -> None:
    """MO15: the in-app text promises what the engine does (a pledge capped at what is still
    needed, the round over once the need is met), never "what she likes"."""
    g = load_game_data("monarch").game
    moons = " ".join(dict(g.sections)["Moons"].split())
    assert "what she likes" not in moons
    assert "never more than is still needed" in moons
    assert "stops as soon as the need is met" in moons
    ruling = next(r for r in g.rulings if r.id == "MO15").ruling
    assert "capped at what is still needed" in ruling


def test_the_layout_holds_the_grid_the_market_and_each_court() -> None:
    layout = load_game_data("monarch").layout
    ids = {z.id for z in layout.zones}
    assert {f"land.{i}" for i in range(1, 10)} <= ids
    assert {"row", "deck", "moon", "banners", "discard", "box"} <= ids
    assert {"court", "guests", "flown", "food", "gold"} <= ids
    assert sorted(layout.seat_areas) == [2, 3, 4]
