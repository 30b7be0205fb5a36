"""Aristocracy hidden information: views, seen-card bookkeeping, events, determinize."""

from __future__ import annotations

from collections import Counter

from aristocracy_helpers import activate, blank, build, do, pull, pulls
from aristocracy_props import Knowledge, check_permutation, check_view, landed_face_up

from tabletop.engine import Event, Rng, events_for
from tabletop.engine.events import MOVE
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.ai import GreedyAgent
from tabletop.games.aristocracy.data import QUEEN, deck_ids
from tabletop.games.aristocracy.state import Building


def _cards(view, zone):
    return view["zones"][zone]["cards"]


def test_view_shape_and_hidden_cards_have_no_identity() -> None:
    s = GAME.new_game(3, 5)
    v = GAME.view(s, 0)
    assert {"game", "viewer", "to_act", "over", "prompt", "seats", "zones", "public"} <= set(v)
    assert v["seats"][1]["resources"] == {"coins": 3} and "score" in v["seats"][1]
    assert all(c["card"] and c["uid"] for c in _cards(v, "p0.hand"))
    for zone in ("p1.hand", "p2.hand", "draw"):
        assert all(c["card"] is None and c["uid"] is None for c in _cards(v, zone))
    spectator = GAME.view(s, None)
    assert all(c["card"] is None for c in _cards(spectator, "p0.hand"))
    assert [c["card"] for c in _cards(v, "royal")] == ["kd"]


def test_seen_cards_are_tracked_through_visit_and_store() -> None:
    s = blank(2)
    s.royal = QUEEN
    b = build(s, 1, "7s", "7h", "2c", "7c")
    s.stalls = [pulls(s, "2s", "3s"), pulls(s, "4h")]
    s.hands[1] = pulls(s, "7d")
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "visit", building=b.address)
    do(s, 0, "expose_none")
    assert [c["card"] for c in _cards(GAME.view(s, 0), "p1.buildings")][1:] == ["7h", "2c", "7c"]
    s.acted[0] = True
    activate(s, 1)
    two, seven = b.cards[1], s.hands[1][0]
    do(s, 1, "store", card=seven, target=two)
    cards = [c["card"] for c in _cards(GAME.view(s, 0), "p1.buildings")][1:]
    assert cards == ["7h", None, "7c"]  # the swapped-in card is new to the visitor


def test_private_events_are_redacted_for_other_seats() -> None:
    s = blank(2)
    f = build(s, 0, "5s", "5h", "5d", "5c")
    f.production = pull(s, "qh")
    s.stalls = [pulls(s, "2s"), []]
    activate(s, 0)
    ev = do(s, 0, "harvest", building=f.address)
    assert any("Q♥" in e.text for e in events_for(ev, 0))
    assert not any("Q♥" in e.text for e in events_for(ev, 1))
    assert not any("Q♥" in e.text for e in events_for(ev, None))


def test_determinize_is_consistent_with_the_view_and_samples_unseen_cards() -> None:
    rng = Rng(3)
    agent = GreedyAgent(0.3)
    s = GAME.new_game(4, 21)
    samples = 0
    for step in range(400):
        seat = rng.choice(GAME.to_act(s))
        if step % 7 == 0:
            for q in range(4):
                v = GAME.view(s, q)
                d = GAME.determinize(v, q, Rng(step))
                assert GAME.view(d, q) == v
                assert Counter(d.card_of) == Counter(deck_ids())
                samples += 1
        GAME.apply(
            s, seat, agent.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng)
        )
        if GAME.is_over(s):
            break
    v = GAME.view(s, 0)
    a, b = GAME.determinize(v, 0, Rng(1)), GAME.determinize(v, 0, Rng(2))
    assert a.card_of != b.card_of  # unseen cards really are sampled
    assert samples > 50


def test_view_secrecy_checker_catches_a_leak(monkeypatch) -> None:
    """The property checks are not vacuous: a leaked opponent hand card is reported."""
    s = GAME.new_game(2, 4)
    know = Knowledge(s)
    v = GAME.view(s, 0)
    check_view(s, 0, v, know.allowed(s, 0))  # the true view passes
    leaked = s.hands[1][0]
    mine = _cards(v, "p0.hand")[0]
    hidden = {**mine, "uid": None, "card": None}
    wrong = "as" if s.card_of[leaked] != "as" else "2s"
    bad_cards = {
        "a leaked card": {**mine, "uid": f"c{leaked}", "card": s.card_of[leaked]},
        "a false identity": {**mine, "card": wrong},
        "a uid without identity": {**mine, "card": None},
        "an identity without uid": {**mine, "uid": None},
        "a card shown twice": mine,
        "another royal": {**_cards(v, "royal")[0], "card": "jd"},
    }
    for what, bad in bad_cards.items():
        # views are read only (zones are shared): the leak goes into a copy
        zones = {**v["zones"], "p1.hand": {"cards": [bad, *[hidden] * 6], "label": "Hand"}}
        try:
            check_view(s, 0, {**v, "zones": zones}, know.allowed(s, 0))
        except AssertionError:
            pass
        else:
            raise AssertionError(f"{what} went unnoticed")
    original = type(GAME).view

    def leaky(self, st, seat):
        return {**original(self, st, seat), "leak": st.card_of[st.hands[1][0]]}

    monkeypatch.setattr(type(GAME), "view", leaky)
    try:
        check_permutation(s, 0, GAME.view(s, 0), know.allowed(s, 0), Rng(1))
    except AssertionError:
        pass
    else:
        raise AssertionError("a leaked identity went unnoticed")


def _tokens(s, seat: int, owner: int) -> list[dict]:
    return [c["tokens"] for c in GAME.view(s, seat)["zones"][f"p{owner}.buildings"]["cards"]]


def test_building_tokens_are_few_and_say_complete_only_to_who_knows() -> None:
    """Cards carry only the tokens the table needs: which building (to stack it), the
    caption on the address card ("Farm", "Estate ✓" when the viewer knows it complete),
    "exposed" on an exposed card, "production" on a production card."""
    s = blank(3)
    s.royal = QUEEN
    farm = build(s, 1, "7h", "7s", "7c", "7d")
    farm.production = pull(s, "2c")
    estate = build(s, 1, "9h", "9s", "3c", "9c", "9d")
    estate.exposed = [estate.cards[1]]
    owner = _tokens(s, 1, 1)
    assert owner == [
        {"building": 0, "role": "address", "kind": "Farm ✓"},
        {"building": 0},
        {"building": 0},
        {"building": 0},
        {"building": 0, "role": "production"},
        {"building": 1, "role": "address", "kind": "Estate"},
        {"building": 1},
        {"building": 1, "exposed": True},
        {"building": 1},
        {"building": 1},
    ]
    # another seat does not know the farm is complete: same tokens, no tick
    assert _tokens(s, 0, 1)[0] == {"building": 0, "role": "address", "kind": "Farm"}
    assert _tokens(s, 0, 1)[1:] == owner[1:]
    # a visit shows seat 0 the farm's cards: now it knows (seat 2 still does not)
    s.stalls[0] = pulls(s, "2s")
    activate(s, 0)
    do(s, 0, "royal")
    do(s, 0, "visit", building=farm.address)
    assert _tokens(s, 0, 1)[0]["kind"] == "Farm ✓"
    assert _tokens(s, 2, 1)[0]["kind"] == "Farm"
    # a building still being built is "Unfinished"
    s.buildings[2].append(Building(pull(s, "5h"), pulls(s, "5s")))
    assert _tokens(s, 0, 2)[0]["kind"] == "Unfinished"


def test_face_up_discards_are_counted_from_the_pile_not_taken_on_trust() -> None:
    """The event check lets a MOVE name a card landing among the four face-up discards
    only if fewer than four cards lay in the discard pile, counted move by move."""

    def move(card, source, target):
        return Event(MOVE, "", {"card": card, "card_id": None, "source": source, "target": target})

    onto_three = [move("c5", "p0.stall", "shop")]
    assert landed_face_up(onto_three, 3) == {5}
    try:
        landed_face_up(onto_three, 4)  # the fifth discard lies face down
    except AssertionError:
        pass
    else:
        raise AssertionError("a face-down discard passed as a face-up one")
    # a reshuffle empties the pile; a Buy takes one and turns the next one up
    again = [move(None, "shop", "draw")] * 4 + [move(None, "discard", "draw"), *onto_three]
    assert landed_face_up(again, 5) == {5}
    bought = [move("c9", "shop", "p1.hand"), move("c7", "discard", "shop"), *onto_three]
    assert landed_face_up(bought, 4) == {5}  # one of four bought: the discard lies face up


def test_a_property_game_makes_no_reference_cycles(monkeypatch) -> None:
    """The property games pause the cyclic collector: that is only sound while a game
    leaves no cycles behind, so its state is freed by reference counting alone."""
    import gc
    import weakref

    import aristocracy_props

    made = []
    new_game = type(GAME).new_game

    def tracked(self, *args, **kw):
        s = new_game(self, *args, **kw)
        made.append(weakref.ref(s))
        return s

    monkeypatch.setattr(type(GAME), "new_game", tracked)
    gc.disable()  # no collection may free a cycle for us
    try:
        st = aristocracy_props.play(11, 3, None, 0.1, stop_after=150)
        assert st.steps == 150 and len(made) == 1
        assert made[0]() is None, "the game's state outlived the game: a reference cycle"
    finally:
        gc.enable()


def test_views_name_no_card_that_now_lies_hidden() -> None:
    """Once an auction is paid for, the picked cards lie in hands (or the discard pile) and
    the view's public facts no longer name them; nor the address of the building the last
    action concerned once that building is dismantled into its owner's hand."""
    s = blank(2)
    s.market = pulls(s, "2c", "3c", "4c")
    s.hands = [pulls(s, "5h"), pulls(s, "6h")]
    s.step, s.royal, s.ready, s.bids = "bid", 2, [False, False], [-1, -1]
    do(s, 0, "bid", amount=2)
    do(s, 1, "bid", amount=2)  # a tie: both pick, openly, in herald order
    first, second = s.market[:2]
    do(s, 0, "pick", card=first)
    assert GAME.view(s, 1)["public"]["picks"] == (f"c{first}",)  # declared openly
    do(s, 1, "pick", card=second)
    assert first in s.hands[0] and second in s.hands[1]
    assert GAME.view(s, 1)["public"]["picks"] == ()
    f = build(s, 0, "5s", "5d", "5c", "2d")
    s.stalls = [pulls(s, "3s"), []]
    activate(s, 0)
    for x in list(f.cards):
        do(s, 0, "downgrade", card=x)
    assert f.address in s.hands[0] and GAME.view(s, 1)["public"]["sub_building"] is None
