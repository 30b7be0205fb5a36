"""Majesty data, setup, views, determinize and refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from majesty_support import CAT, all_cards, build, hidden_uids, strings_in, take

from tabletop.engine import Action, IllegalAction, Rng, state_digest
from tabletop.engine.data import load_game_data
from tabletop.engine.plain import from_plain, to_plain
from tabletop.games.majesty import GAME
from tabletop.games.majesty.state import MajestyState
from tabletop.registry import games


def test_data_loads_with_the_full_deck_and_every_ruling() -> None:
    data = load_game_data("majesty")
    chars = [c for c in data.cards.values() if c.kind == "character"]
    assert sum(c.count for c in chars) == 60
    assert sum(c.count for c in chars if c.attrs["tier"] == 1) == 33
    assert sum(c.count for c in chars if c.deck == "tier2") == 27
    assert sum(c.count for c in chars if len(c.attrs["characters"]) == 2) == 23
    per_char = Counter()
    for c in chars:
        for ch in c.attrs["characters"]:
            per_char[ch] += c.count
    assert per_char == {
        "miller": 14,
        "brewer": 13,
        "witch": 13,
        "guard": 12,
        "knight": 11,
        "innkeeper": 11,
        "noble": 9,
    }
    assert [r.id for r in data.game.rulings] == [f"A{i}" for i in range(1, 13)]
    majority = {
        (c.attrs["number"], c.attrs["side"]): c.attrs.get("majority")
        for c in data.cards.values()
        if c.kind == "location"
    }
    assert [majority[(n, "A")] for n in range(1, 9)] == [10, 11, 12, 13, 14, 15, 16, None]
    assert [majority[(n, "B")] for n in range(1, 9)] == [14, 12, 12, 8, 8, 12, 16, -10]
    assert {o.key for o in data.game.options} == {"sides", "layout", "combined_deck"}
    assert "majesty" in games()


def test_layout_has_every_zone_and_a_bigger_viewer_seat_leaving_the_right_panel_free() -> None:
    layout = load_game_data("majesty").layout
    ids = {z.id for z in layout.zones}
    assert {"deck", "display", "worker"} | {f"loc.{n}" for n in range(1, 9)} <= ids
    for n in (2, 3, 4):
        areas = layout.seat_areas[n]
        assert len(areas) == n
        assert all(a[2] * a[3] < areas[0][2] * areas[0][3] for a in areas[1:])
        assert areas[0][1] > max(a[1] for a in areas[1:])  # the viewer sits at the bottom
        assert all(a[0] + a[2] <= 0.79 for a in areas)
    shared = [z for z in layout.zones if z.owner == "shared"]
    assert all(z.rect[0] + z.rect[2] <= 0.79 for z in shared)


@pytest.mark.parametrize(
    "players,deck,box", [(2, 27 + 6 - 6, 27), (3, 27 + 14 - 6, 19), (4, 27 + 26 - 6, 7)]
)
def test_setup_sets_aside_tier_one_cards_on_top_of_tier_two(players, deck, box) -> None:
    s = GAME.new_game(players, seed=3)
    assert len(s.deck) == deck and len(s.box) == box and len(s.display) == 6
    tiers = [CAT.tiers[c] for c in s.display + s.deck[::-1]]  # from the top down
    assert tiers == sorted(tiers) and tiers.count(2) == 27
    assert s.meeples == [5] * players and s.current == s.first
    assert sorted(all_cards(s)) == list(range(60))


def test_combined_deck_shuffles_both_tiers_and_sets_nothing_aside() -> None:
    s = GAME.new_game(4, seed=8, options={"combined_deck": True})
    assert len(s.deck) == 54 and s.box == []
    tiers = [CAT.tiers[c] for c in s.deck]
    assert tiers != sorted(tiers)


def test_sides_and_layout_options() -> None:
    assert GAME.new_game(2, 1, {"sides": "B"}).sides == "BBBBBBBB"
    assert GAME.new_game(2, 1, {"sides": "mixed", "layout": "abbaabab"}).sides == "ABBAABAB"
    mixes = {GAME.new_game(2, seed, {"sides": "mixed"}).sides for seed in range(20)}
    assert len(mixes) > 5 and all(len(m) == 8 and set(m) <= {"A", "B"} for m in mixes)
    with pytest.raises(ValueError, match="8 letters"):
        GAME.new_game(2, 1, {"sides": "mixed", "layout": "ABC"})
    with pytest.raises(ValueError):
        GAME.new_game(5, 1)
    firsts = {GAME.new_game(4, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_view_hides_the_deck_and_shows_tokens_and_workers() -> None:
    s = GAME.new_game(3, seed=11)
    s.display_meeples[0] = 2
    v = GAME.view(s, 1)
    deck = v["zones"]["deck"]["cards"]
    assert len(deck) == len(s.deck)
    assert all(c["card"] is None and c["uid"] is None and not c["face_up"] for c in deck)
    assert [c["back"] for c in deck][-1] == "tier1" and deck[0]["back"] == "tier2"
    assert not hidden_uids(s) & strings_in(v)
    assert not {CAT.card_ids[c] for c in s.deck + s.box} - {
        CAT.card_ids[c] for c in s.display
    } & strings_in(v)
    assert v["zones"]["display"]["cards"][0]["tokens"] == {"meeples": 2}
    assert v["seats"][2]["resources"] == {"meeples": 5}
    worker = v["zones"][f"p{s.first}.worker"]["cards"][0]
    assert worker["card"] == "worker-knight" and worker["tokens"] == {"meeples": 5}
    assert set(v["zones"]) >= {f"p{p}.loc.{n}" for p in range(3) for n in range(1, 9)}
    me = GAME.view(s, s.current)
    assert me["prompt"] == "Take a character from the Display."
    assert "Player" in v["prompt"] or s.current == 1


def test_determinize_rebuilds_a_state_with_the_same_view() -> None:
    s = GAME.new_game(4, seed=5, options={"sides": "B"})
    rng = Rng(2)
    for _ in range(30):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    for seat in range(4):
        v = GAME.view(s, seat)
        d = GAME.determinize(v, seat, Rng(seat))
        assert GAME.view(d, seat) == v
        assert sorted(all_cards(d)) == list(range(60))
        assert [CAT.tiers[c] for c in d.deck] == [CAT.tiers[c] for c in s.deck]
    orders = {tuple(GAME.determinize(GAME.view(s, 0), 0, Rng(k)).deck) for k in range(5)}
    assert len(orders) > 1  # the hidden order is really sampled


def test_illegal_actions_are_refused_with_reasons_and_the_state_is_untouched() -> None:
    s = build(
        realms={0: {"miller": ["miller"]}},
        display=["miller", "witch-guard", "noble", "knight", "guard", "brewer"],
        meeples=[1, 5],
    )
    before = state_digest(GAME, s)
    uid = CAT.uids
    cases = [
        (
            0,
            Action.make("take", slot=2, character="noble", card=uid[s.display[2]]),
            "You need 2 meeples to take this card; you have 1.",
        ),
        (
            0,
            Action.make("take", slot=1, character="noble", card=uid[s.display[1]]),
            "can only be placed as a Witch or a Guard",
        ),
        (0, Action.make("take", slot=9, character="miller"), "no card at that position"),
        (
            0,
            Action.make("take", slot=0, character="miller", card=uid[s.display[3]]),
            "not at position 1",
        ),
        (0, Action.make("buy"), "nothing to exchange"),
        (0, Action.make("heal", character="miller"), "no healed card"),
        (
            1,
            Action.make("take", slot=0, character="miller", card=uid[s.display[0]]),
            "not your decision",
        ),
    ]
    for seat, action, words in cases:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, seat, action)
        assert words in err.value.reason, err.value.reason
        assert state_digest(GAME, s) == before
    take(s, 0, "miller")
    assert state_digest(GAME, s) != before


def test_pending_decisions_refuse_other_actions() -> None:
    s = build(
        realms={0: {"infirmary": ["miller-brewer"]}},
        display=["witch", "guard", "guard", "noble", "noble", "miller"],
    )
    take(s, 0, "witch")
    before = state_digest(GAME, s)
    for action, words in [
        (
            Action.make("take", slot=0, character="guard", card=CAT.uids[s.display[0]]),
            "healed card goes",
        ),
        (Action.make("heal", character="noble"), "only return as a Miller or a Brewer"),
        (Action.make("done"), "healed card goes"),
    ]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, 0, action)
        assert words in err.value.reason
    assert state_digest(GAME, s) == before
    assert "healed" in GAME.view(s, 0)["prompt"]


def test_game_ends_when_everyone_has_twelve_characters_infirmary_included() -> None:
    eleven = {"miller": ["miller"] * 4, "witch": ["witch"] * 3, "infirmary": ["brewer"] * 4}
    eleven_b = {"guard": ["guard"] * 4, "noble": ["noble"] * 4, "knight": ["knight"] * 3}
    s = build(
        realms={0: eleven, 1: eleven_b},
        display=["miller", "guard", "miller", "miller", "noble", "innkeeper"],
    )
    take(s, 0, "miller")
    assert not GAME.is_over(s) and GAME.to_act(s) == [1]
    take(s, 0, "guard")
    assert GAME.is_over(s) and GAME.to_act(s) == [] and GAME.legal_actions(s, 0) == []
    out = GAME.outcome(s)
    assert [sum(b.values()) for b in out.breakdown] == out.scores
    assert out.breakdown[0]["infirmary"] == -4 and out.breakdown[0]["variety"] == 4
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(s, 0, Action.make("done"))


def test_importing_the_game_does_not_load_pygame() -> None:
    code = "import sys, tabletop.engine, tabletop.games.majesty; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_fast_json_matches_the_generic_converter() -> None:
    s = GAME.new_game(3, seed=9, options={"sides": "B"})
    rng = Rng(9)
    for _ in range(20):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    data = GAME.state_to_json(s)
    assert data == to_plain(s)
    assert from_plain(MajestyState, data) == GAME.state_from_json(json.loads(json.dumps(data)))
    data["deck"].append(99)
    assert 99 not in s.deck  # the JSON data shares no lists with the state


def test_copy_is_deep_and_independent() -> None:
    s = GAME.new_game(3, seed=4)
    c = GAME.copy(s)
    assert state_digest(GAME, c) == state_digest(GAME, s)
    seat = GAME.to_act(c)[0]
    GAME.apply(c, seat, GAME.legal_actions(c, seat)[-1])
    assert state_digest(GAME, c) != state_digest(GAME, s)
    assert all(not r[k] for r in s.realms for k in range(8))


def test_events_record_every_move_and_every_gain_with_a_reason() -> None:
    s = build(
        realms={0: {"knight": ["knight"], "infirmary": ["guard"]}, 1: {"miller": ["miller"]}},
        display=["knight", "witch", "noble", "noble", "miller", "brewer"],
    )
    top = s.deck[-1]
    ev = take(s, 0, "knight")
    moves = [(e.data["source"], e.data["target"]) for e in ev if e.kind == "move"]
    assert moves == [("display", "p0.loc.5"), ("p1.loc.1", "p1.loc.8"), ("deck", "display")]
    assert [e for e in ev if e.kind == "move"][-1].data["card"] == CAT.uids[top]
    gains = [(e.data["seat"], e.data["delta"], e.data["reason"]) for e in ev if e.kind == "points"]
    assert gains == [(0, 6, "barracks")]
    assert all(e.text for e in ev)
    s = build(
        realms={0: {"infirmary": ["guard"]}},
        display=["witch", "noble", "noble", "miller", "brewer", "guard"],
    )
    ev = take(s, 0, "witch")
    moves = [(e.data["source"], e.data["target"]) for e in ev if e.kind == "move"]
    assert moves == [("display", "p0.loc.3"), ("p0.loc.8", "p0.loc.4"), ("deck", "display")]
    assert sorted(all_cards(s)) == list(range(60))
