"""The card data (a reconstruction), the registry entry and the table layout."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop import registry
from tabletop.engine.data import load_game_data
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.data import MUSES, catalog


def test_registered_with_its_id_and_options() -> None:
    assert GAME.info.id == "your_majesty" and registry.get("your_majesty") is GAME
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 6)
    opts = {o.key: o for o in GAME.info.options}
    assert opts["faux_pas"].default is False
    assert set(opts["paycheck"].choices) == {"off", "reform", "wealth"}


def test_card_counts_follow_the_card_file() -> None:
    cat = catalog()
    assert len(cat.phils) == 40 and len(cat.reforms) == 15 and len(cat.colonies) == 24
    for m in MUSES:
        ps = [p.prestige for p in cat.phils if p.muse == m]
        assert sorted(ps) == [1, 1, 1, 1, 1, 2, 2, 2]
        assert sorted(r.level for r in cat.reforms if r.muse == m) == [1, 3, 5]
    assert sum(c.coins for c in cat.colonies) == 44
    assert sum(c.slave for c in cat.colonies) == 11
    kinds = Counter(a.category for a in cat.actions)
    assert len(cat.actions) == 61 and kinds["reshuffle"] == 1
    assert kinds["campaign"] == 22 and kinds["scandal"] == 6 and kinds["lingering"] == 6
    rand = Counter(a.randomizer for a in cat.actions if a.category != "reshuffle")
    assert rand == {r: 10 for r in range(1, 7)}
    assert cat.actions[
        next(i for i, a in enumerate(cat.actions) if a.name == "Consumption")
    ].randomizer in (2, 5)
    merit = cat.reforms[cat.reform_named("Meritocracy")]
    assert (merit.muse, merit.level) == ("politics", 3)


def test_reconstruction_is_declared_in_credits_and_rules() -> None:
    g = load_game_data("your_majesty").game
    assert "reconstruction" in g.reconstruction.lower()
    assert "reconstruction" in g.summary.lower()
    assert len(g.rulings) >= 10


def _overlap(a: tuple, b: tuple) -> bool:
    return (
        a[0] < b[0] + b[2] - 1e-9
        and b[0] < a[0] + a[2] - 1e-9
        and a[1] < b[1] + b[3] - 1e-9
        and b[1] < a[1] + a[3] - 1e-9
    )


@pytest.mark.parametrize("players", range(2, 7))
def test_layout_fits_every_player_count_in_1920_by_1080(players: int) -> None:
    lay = load_game_data("your_majesty").layout
    areas = lay.seat_areas[players]
    assert len(areas) == players
    shared = [z.rect for z in lay.zones if z.owner == "shared"]
    for i, a in enumerate(areas):
        assert a[0] >= 0 and a[1] >= 0 and a[0] + a[2] <= 1 + 1e-9 and a[1] + a[3] <= 1 + 1e-9
        for b in areas[i + 1 :]:
            assert not _overlap(a, b)
        for r in shared:
            assert not _overlap(a, r)
        for z in lay.zones:
            if z.owner == "seat":
                w = z.rect[2] * a[2] * 1920
                h = z.rect[3] * a[3] * 1080
                # the viewer's court is roomy; six opponents' courts still get real zones
                assert min(w, h) >= (150 if i == 0 else 30), (i, z.id, w, h)


def test_every_view_zone_is_in_the_layout() -> None:
    lay = load_game_data("your_majesty").layout
    seat_zones = {z.id for z in lay.zones if z.owner == "seat"}
    shared = {z.id for z in lay.zones if z.owner == "shared"}
    s = GAME.new_game(6, 1)
    for zid in GAME.view(s, 0)["zones"]:
        if zid[0] == "p" and "." in zid:
            assert zid.split(".", 1)[1] in seat_zones
        else:
            assert zid in shared, zid
