"""``Zone.everyone``: the cards of a seen-by zone that every viewer, spectators too, sees."""

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
