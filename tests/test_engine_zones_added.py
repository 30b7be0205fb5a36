"""The zone table's shared masks: ``EVERYBODY`` in a seen-by zone, and hand-to-hand moves."""

from __future__ import annotations

from types import SimpleNamespace

from tabletop.engine.zones import EVERYBODY, SEEN_BY, Zone, Zones


def _zones(face_up: bool) -> Zones:
    def seen(state: object, card: int) -> int:
        if face_up and card < 2:
            return EVERYBODY  # cards 0 and 1 were turned face up where they lie
        return 0b01 if card == 3 else 0  # seat 0 alone looked at card 3

    pile = Zone("out", SEEN_BY, cards=lambda s: s.out, seen=seen)
    return Zones([pile], uid=lambda c: f"k{c}", card_id=lambda c: "card", back=lambda c: "back")


def _uids(zones: Zones, viewer: int | None) -> list[str | None]:
    state = SimpleNamespace(out=[0, 1, 2, 3])
    return [c["uid"] for c in zones.view(state, 2, viewer)["out"]["cards"]]


def test_everybody_shows_a_card_to_every_seat_and_to_spectators() -> None:
    zones = _zones(face_up=True)
    assert _uids(zones, None) == ["k0", "k1", None, None]
    assert _uids(zones, 0) == ["k0", "k1", None, "k3"]
    assert _uids(zones, 1) == ["k0", "k1", None, None]
    assert zones.unseen(SimpleNamespace(out=[0, 1, 2, 3]), 2, None) == {2, 3}


def test_without_everybody_a_seen_by_zone_shows_only_to_its_seers() -> None:
    zones = _zones(face_up=False)
    assert _uids(zones, None) == [None, None, None, None]
    assert _uids(zones, 0) == [None, None, None, "k3"]


def _hands() -> Zones:
    hand = Zone("p{seat}.hand", "owner", True, cards=lambda s, p: s.hands[p])
    return Zones([hand], uid=lambda c: f"k{c}", card_id=lambda c: "card", back=lambda c: "back")


def test_a_card_passed_between_the_two_hands_stays_hidden_from_spectators() -> None:
    # Both seats know the card (it leaves one's hand for the other's), yet a spectator
    # sees neither hand: the move is private, and the spectator's copy has no identity.
    state = SimpleNamespace(hands=[[], [7]])
    event = _hands().move(state, 2, 7, "p0.hand", "p1.hand", "Seat 2 takes k7.")
    assert event.private_to == (0, 1)
    assert event.for_seat(None).data["card"] is None
    assert event.for_seat(0).data["card"] == "k7"
    assert event.for_seat(1).data["card"] == "k7"
