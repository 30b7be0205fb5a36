"""Zones with visibility: where cards lie and who may see them.

A game declares its zones once; the seat views, the redaction of card moves and the
skeleton of ``determinize`` all follow from the declaration.  Cards are identities (small
ints, the game's own numbering); a zone reads its cards off the state with ``cards``.

Visibility of a zone:

* ``PUBLIC`` — everybody sees every card.
* ``OWNER`` — the owning seat sees its cards, the others see backs (a hand).
* ``HIDDEN`` — nobody sees the cards (a pile set aside unseen).
* ``DECK`` — nobody sees the cards, and their order is chance (a shuffled deck).
* ``SEEN_BY`` — each card is seen by its own set of seats (``seen(state, card)`` gives a
  bit mask; the owner always sees its own): a face-down card a visitor once looked at.
  ``everyone(state, card)``, when given, names the cards of such a zone that every viewer
  sees, spectators included (a pile out of the game, some of it face up, some unseen).

A spectator (``viewer=None``) sees only public zones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tabletop.engine.events import MOVE, Event, Text
from tabletop.engine.frozen import EMPTY
from tabletop.engine.rng import Rng

PUBLIC = "public"
OWNER = "owner"
HIDDEN = "hidden"
DECK = "deck"
SEEN_BY = "seen_by"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN, DECK, SEEN_BY)

CardView = Mapping[str, Any]
# face(state, owner, index, card) -> the card as its viewers see it
Face = Callable[[Any, int | None, int, int], CardView]


@dataclass(frozen=True)
class Zone:
    """One zone, or one per seat when ``per_seat`` (its id then holds ``{seat}``)."""

    id: str
    visibility: str = PUBLIC
    per_seat: bool = False
    cards: Callable[..., Sequence[int]] = lambda state: ()  # (state) or (state, seat)
    label: str | Callable[..., str] = ""  # text, or label(state) / label(state, seat)
    face: Face | None = None  # how a visible card shows here (default: Zones.face)
    seen: Callable[[Any, int], int] | None = None  # SEEN_BY: bit mask of seats per card
    shown: bool = True  # False: cards lie here but the view leaves the zone out (a box)
    piece: bool = False  # True: holds a board piece drawn as a card, not cards of the game
    everyone: Callable[[Any, int], bool] | None = None  # SEEN_BY: cards seen by all viewers

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"zone {self.id}: unknown visibility {self.visibility!r}")
        if self.visibility == SEEN_BY and self.seen is None:
            raise ValueError(f"zone {self.id}: a seen-by zone needs seen(state, card)")

    def sees(self, state: Any, owner: int | None, viewer: int | None, card: int) -> bool:
        """Whether ``viewer`` may see ``card`` in this zone."""
        vis = self.visibility
        if vis == PUBLIC:
            return True
        if vis in (HIDDEN, DECK):
            return False
        if viewer is None:
            return vis == SEEN_BY and self.everyone is not None and self.everyone(state, card)
        if viewer == owner:
            return True
        if vis == SEEN_BY:
            if self.everyone is not None and self.everyone(state, card):
                return True
            return bool(self.seen(state, card) >> viewer & 1)  # type: ignore[misc]
        return False


@dataclass(frozen=True)
class Place:
    """One zone of one match: its id, declaration and owner."""

    id: str
    zone: Zone
    owner: int | None

    def cards(self, state: Any) -> Sequence[int]:
        """The cards lying here."""
        z = self.zone
        return z.cards(state, self.owner) if z.per_seat else z.cards(state)

    def label(self, state: Any) -> str:
        """The zone's label."""
        lab = self.zone.label
        if isinstance(lab, str):
            return lab
        return lab(state, self.owner) if self.zone.per_seat else lab(state)


class Zones:
    """A game's zone table.

    ``uid(card)``, ``card_id(card)`` and ``back(card)`` name a card's identity, definition
    and back; ``face`` draws a visible card (a zone may override it).  A game whose cards
    look the same wherever they lie may give ``face_of(card)`` instead (read off a table of
    read-only faces, say): views then draw the visible cards of the zones without a face of
    their own by it, one lookup a card.
    """

    def __init__(
        self,
        zones: Iterable[Zone],
        *,
        uid: Callable[[int], str],
        card_id: Callable[[int], str],
        back: Callable[[int], str],
        face: Face | None = None,
        face_of: Callable[[int], CardView] | None = None,
    ) -> None:
        self.zones = tuple(zones)
        ids = [z.id for z in self.zones]
        if len(set(ids)) != len(ids):
            raise ValueError(f"zone ids repeat: {ids}")
        self.uid, self.card_id, self.back = uid, card_id, back
        self.face_of = face_of
        if face is None and face_of is not None:
            face = self._face_of
        self.face = face or self.plain_face
        self._places: dict[int, tuple[Place, ...]] = {}
        self._by_id: dict[int, dict[str, Place]] = {}
        self._hidden: dict[str, CardView] = {}
        self._plans: dict[int, tuple[tuple[Any, ...], ...]] = {}

    @property
    def card_zones(self) -> _CardZones:
        """Whether a zone id (of any match) holds cards of the game (not a piece)."""
        found = self.__dict__.get("_card_zones")
        if found is None:
            found = self._card_zones = _CardZones(self)
        return found

    # --- the zones of a match ----------------------------------------------------------
    def places(self, players: int) -> tuple[Place, ...]:
        """Every zone of a match of ``players`` seats, in declaration order (seats inside)."""
        out = self._places.get(players)
        if out is None:
            built: list[Place] = []
            for z in self.zones:
                if z.per_seat:
                    built += [Place(z.id.format(seat=p), z, p) for p in range(players)]
                else:
                    built.append(Place(z.id, z, None))
            out = self._places[players] = tuple(built)
            self._by_id[players] = {p.id: p for p in out}
        return out

    def place(self, players: int, zone_id: str) -> Place:
        """The zone called ``zone_id`` in a match of ``players`` seats."""
        self.places(players)
        return self._by_id[players][zone_id]

    # --- views ----------------------------------------------------------------------------
    def _face_of(self, state: Any, owner: int | None, index: int, card: int) -> CardView:
        return self.face_of(card)  # type: ignore[misc]

    def plain_face(self, state: Any, owner: int | None, index: int, card: int) -> CardView:
        """A visible card with nothing on it."""
        return {
            "uid": self.uid(card),
            "card": self.card_id(card),
            "back": self.back(card),
            "face_up": True,
            "tokens": EMPTY,
            "as": None,
        }

    def hidden(self, back: str) -> CardView:
        """A card seen from behind (one shared read-only object per back)."""
        card = self._hidden.get(back)
        if card is None:
            card = self._hidden[back] = MappingProxyType(
                {
                    "uid": None,
                    "card": None,
                    "back": back,
                    "face_up": False,
                    "tokens": EMPTY,
                    "as": None,
                }
            )
        return card

    def view(self, state: Any, players: int, viewer: int | None) -> dict[str, Any]:
        """``{zone_id: {"cards": (...), "label": str}}`` as ``viewer`` sees them."""
        plan = self._plans.get(players)
        if plan is None:  # what each shown zone needs, read once per player count
            plan = self._plans[players] = tuple(
                (p.id, p.zone, p.owner, p.zone.per_seat, p.zone.cards, p.zone.label, p.zone.face)
                for p in self.places(players)
                if p.zone.shown
            )
        out: dict[str, Any] = {}
        default_face, face_of = self.face, self.face_of
        known, hidden, back = self._hidden, self.hidden, self.back
        for zid, z, owner, per_seat, cards_of, label, face in plan:
            cards = cards_of(state, owner) if per_seat else cards_of(state)
            vis = z.visibility
            if not cards:
                shown: tuple[Any, ...] = ()
            elif vis == PUBLIC or (
                vis in (OWNER, SEEN_BY) and viewer is not None and viewer == owner
            ):
                if face is None and face_of is not None:
                    shown = tuple(map(face_of, cards))
                else:
                    f = face or default_face
                    shown = tuple([f(state, owner, i, c) for i, c in enumerate(cards)])
            elif vis != SEEN_BY:  # a deck, a hidden pile, another seat's own cards: all backs
                try:
                    shown = tuple(map(known.__getitem__, map(back, cards)))
                except KeyError:
                    shown = tuple([known.get(b) or hidden(b) for b in map(back, cards)])
            else:  # seen by some: ask for each card (as Zone.sees does, without its preamble)
                f = face or default_face
                everyone, seen = z.everyone, z.seen
                shown = tuple(
                    [
                        f(state, owner, i, c)
                        if (everyone is not None and everyone(state, c))
                        or (viewer is not None and seen(state, c) >> viewer & 1)  # type: ignore[misc]
                        else hidden(back(c))
                        for i, c in enumerate(cards)
                    ]
                )
            if label.__class__ is not str:
                label = label(state, owner) if per_seat else label(state)
            out[zid] = MappingProxyType({"cards": shown, "label": label})
        return out

    # --- events -----------------------------------------------------------------------------
    def move(
        self,
        state: Any,
        players: int,
        card: int,
        source: str,
        target: str,
        text: Text,
        hidden_text: Text | None = None,
        face_up: bool = True,
        spectators: bool = False,
    ) -> Event:
        """The event of ``card`` moving from ``source`` to ``target``, redacted by the zones.

        Seats that see the card on either side get it in full; the others get the same move
        without the card's identity (and ``hidden_text`` if given).  A seat that could not
        see the card before and can now makes it a reveal.  With ``spectators``, a card that
        a spectator sees on neither side keeps the move private even when every seat knows
        it (a card passed between the two hands of a two-player game).
        """
        by_id = self._by_id.get(players)
        if by_id is None:
            self.places(players)
            by_id = self._by_id[players]
        src, dst = by_id[source], by_id[target]
        data = {
            "card": self.uid(card),
            "card_id": self.card_id(card),
            "source": source,
            "target": target,
            "face_up": face_up,
        }
        src_zone, dst_zone = src.zone, dst.zone
        if src_zone.visibility == PUBLIC:  # everybody saw it: nothing to hide or reveal
            return Event(MOVE, text, data)
        if dst_zone.visibility == PUBLIC:  # everybody sees it now: a reveal unless all saw it
            sees, owner = src_zone.sees, src.owner
            for p in range(players):
                if not sees(state, owner, p, card):
                    return Event(MOVE, text, data, reveal=True)
            return Event(MOVE, text, data)
        knowers, reveal = [], False
        for p in range(players):
            before = src_zone.sees(state, src.owner, p, card)
            after = dst_zone.sees(state, dst.owner, p, card)
            if before or after:
                knowers.append(p)
            if after and not before:
                reveal = True
        if len(knowers) == players and not (
            spectators
            and not dst_zone.sees(state, dst.owner, None, card)
            and not src_zone.sees(state, src.owner, None, card)
        ):
            return Event(MOVE, text, data, reveal=reveal)
        masked = dict(data, card=None, card_id=None)
        redacted = Event(MOVE, hidden_text if hidden_text is not None else text, masked)
        return Event(MOVE, text, data, tuple(knowers), redacted, reveal=bool(knowers))

    # --- determinize ------------------------------------------------------------------------
    def deal(
        self,
        zones: Mapping[str, Any],
        universe: Sequence[int],
        known: Iterable[int],
        rng: Rng,
        index: Mapping[str, int],
        backs: Sequence[str] = (),
    ) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """Fill the hidden cards of a view's ``zones`` with cards the viewer cannot place.

        Zones holding pieces, not cards, are skipped.  ``universe`` is every card of the match, ``known`` the cards the view places outside
        its zones (a public discard list), ``index`` maps a uid back to its card.  Each hidden
        card is dealt a random unplaced card with the same back; the pools are shuffled in
        the order of ``backs`` (then in order of first appearance).  Returns the filled zones
        and the cards left over, by back (they lie where the view does not show: a box).
        """
        placed = set(known)
        card_zones = self.card_zones
        for zid, z in zones.items():
            if zid not in card_zones:
                continue
            for c in z["cards"]:
                uid = c["uid"]
                if uid is not None:
                    placed.add(index[uid])
        pools: dict[str, list[int]] = {b: [] for b in backs}
        back = self.back
        unplaced = [card for card in universe if card not in placed]
        kinds = set(map(back, unplaced))
        if len(kinds) == 1:  # one back (often): the pool is the unplaced cards as they are
            pools[kinds.pop()] = unplaced
        else:
            for card in unplaced:
                pools.setdefault(back(card), []).append(card)
        for pool in pools.values():
            rng.shuffle(pool)
        filled: dict[str, list[int]] = {}
        for zid, z in zones.items():
            if zid not in card_zones:
                continue
            filled[zid] = [
                index[uid] if (uid := c["uid"]) is not None else pools[c["back"]].pop()
                for c in z["cards"]
            ]
        return filled, pools

    # --- for checks ------------------------------------------------------------------------
    def contents(self, state: Any, players: int) -> dict[str, list[int]]:
        """Every zone's cards, shown or not (for conservation checks)."""
        return {p.id: list(p.cards(state)) for p in self.places(players) if not p.zone.piece}

    def unseen(self, state: Any, players: int, viewer: int | None) -> set[int]:
        """The cards ``viewer`` may not identify where they lie now."""
        out: set[int] = set()
        for place in self.places(players):
            z = place.zone
            if z.visibility == PUBLIC or z.piece:
                continue
            out.update(c for c in place.cards(state) if not z.sees(state, place.owner, viewer, c))
        return out


class _CardZones:
    """``zone_id in zones.card_zones``: the zone is declared and holds cards."""

    def __init__(self, zones: Zones) -> None:
        self.zones = zones
        self.known: dict[object, bool] = {}  # answers found so far, by zone id

    def __contains__(self, zone_id: object) -> bool:
        try:
            found = self.known.get(zone_id)
        except TypeError:  # an unhashable id is no zone's
            return False
        if found is None:
            found = self.known[zone_id] = self._holds_cards(zone_id)
        return found

    def _holds_cards(self, zone_id: object) -> bool:
        for z in self.zones.zones:
            if z.piece:
                continue
            if not z.per_seat and z.id == zone_id:
                return True
            if z.per_seat and isinstance(zone_id, str):
                head, _, rest = z.id.partition("{seat}")
                if zone_id.startswith(head) and zone_id.endswith(rest):
                    middle = zone_id[len(head) : len(zone_id) - len(rest)]
                    if middle.isdigit():
                        return True
        return False
