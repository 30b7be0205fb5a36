"""Additions to the zone table: `Zone.everyone`, and `Zones.move(spectators=True)`."""

from __future__ import annotations

from types import SimpleNamespace

from tabletop.engine.zones import SEEN_BY, Zone, Zones


def _zones(everyone: bool) -> Zones:
    pile = Zone(
        "out",
        SEEN_BY,
        cards=lambda s: s.out,
        seen=lambda s, c: 0b01 if c == 3 else 0,  # seat 0 alone looked at card 3
        everyone=(lambda s, c: c < 2) if everyone else None,
    )
    return Zones([pile], uid=lambda c: f"k{c}", card_id=lambda c: "card", back=lambda c: "back")


def _uids(zones: Zones, viewer: int | None) -> list[str | None]:
    state = SimpleNamespace(out=[0, 1, 2, 3])
    return [c["uid"] for c in zones.view(state, 2, viewer)["out"]["cards"]]


def test_everyone_shows_its_cards_to_every_seat_and_to_spectators() -> None:
    zones = _zones(everyone=True)
    assert _uids(zones, None) == ["k0", "k1", None, None]
    assert _uids(zones, 0) == ["k0", "k1", None, "k3"]
    assert _uids(zones, 1) == ["k0", "k1", None, None]
    assert zones.unseen(SimpleNamespace(out=[0, 1, 2, 3]), 2, None) == {2, 3}


def test_without_everyone_a_seen_by_zone_is_as_before() -> None:
    zones = _zones(everyone=False)
    assert _uids(zones, None) == [None, None, None, None]
    assert _uids(zones, 0) == [None, None, None, "k3"]


def _hands() -> Zones:
    hand = Zone("p{seat}.hand", "owner", True, cards=lambda s, p: s.hands[p])
    return Zones([hand], uid=lambda c: f"k{c}", card_id=lambda c: "card", back=lambda c: "back")


def test_a_card_passed_between_the_two_hands_stays_hidden_from_spectators_when_asked() -> None:
    state = SimpleNamespace(hands=[[], [7]])
    plain = _hands().move(state, 2, 7, "p0.hand", "p1.hand", "Seat 2 takes k7.")
    assert plain.private_to is None  # every seat knows it: public, as before
    kept = _hands().move(state, 2, 7, "p0.hand", "p1.hand", "Seat 2 takes k7.", spectators=True)
    assert kept.private_to == (0, 1) and kept.for_seat(None).data["card"] is None
