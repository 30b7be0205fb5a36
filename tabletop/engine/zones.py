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
  bit mask; the owner always sees its own unless the zone says ``owner_sees=False``): a
  face-down card a visitor once looked at.  The mask ``EVERYBODY`` (-1) shows a card to
  every seat and to spectators: a card turned face up where it lies.

A spectator (``viewer=None``) sees only public zones and the seen-by cards shown to all.

A zone may also ``fold`` the cards a viewer may not see into another zone of the same owner
(a secret set-aside pile shown to the others as more hand cards, so not even its size
shows), ``draw`` its cards itself for one viewer (cards grouped and captioned by what that
viewer knows), and name ``one_back``, the back all its cards share (hidden runs are then
drawn without looking each card up).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from tabletop.engine.events import MOVE, QUIET, Event, Recorded, Say, Text, said
from tabletop.engine.frozen import EMPTY
from tabletop.engine.rng import Rng
from tabletop.engine.words import plural

PUBLIC = "public"
OWNER = "owner"
HIDDEN = "hidden"
DECK = "deck"
SEEN_BY = "seen_by"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN, DECK, SEEN_BY)
EVERYBODY = -1  # a seen-by mask: every seat and the spectators (a card turned face up)
_SHOW, _HIDE, _SOME, _DRAW = range(4)  # what a viewer sees of a zone (see Zones.view)

CardView = Mapping[str, Any]
# face(state, owner, index, card) -> the card as its viewers see it
Face = Callable[[Any, int | None, int, int], CardView]
# draw(state, owner, viewer, cards) -> the zone's cards as that viewer sees them
Draw = Callable[[Any, int | None, int | None, Sequence[int]], Sequence[CardView]]
# mover(state, card, text, face_up=True) -> the event of the card moving along one route
Mover = Callable[..., Event]


@dataclass(frozen=True)
class Zone:
    """One zone, or one per seat when ``per_seat`` (its id then holds ``{seat}``)."""

    id: str
    visibility: str = PUBLIC
    per_seat: bool = False
    # cards(state) or cards(state, seat); or the name of the state's attribute holding them
    # (per seat: a list of the seats' cards), read without a call of the game's
    cards: Callable[..., Sequence[int]] | str = lambda state: ()
    label: str | Callable[..., str] = ""  # text, or label(state) / label(state, seat)
    face: Face | None = None  # how a visible card shows here (default: Zones.face)
    seen: Callable[[Any, int], int] | None = None  # SEEN_BY: bit mask of seats per card
    shown: bool = True  # False: cards lie here but the view leaves the zone out (a box)
    piece: bool = False  # True: holds a board piece drawn as a card, not cards of the game
    # SEEN_BY: False when the owner too sees only the cards whose mask holds it (a card laid
    # face down that nobody has looked at, such as a production card under a building)
    owner_sees: bool = True
    # the id (``{seat}`` for the same owner) of the zone that shows, as backs after its own
    # cards, the cards of this zone a viewer may not see: a secret set-aside pile that must
    # not even show its size (this zone then shows only the cards the viewer sees)
    fold: str | None = None
    # draws the zone for one viewer from its cards (cards grouped and captioned by what the
    # viewer knows); it must name only cards ``sees`` lets that viewer see, which the
    # conformance kit checks.  ``face``, ``fold`` and ``one_back`` then play no part (and
    # a zone without cards shows none).
    draw: Draw | None = None
    one_back: str | None = None  # the back of every card here: hidden runs need no look-up
    # how the cards a viewer sees all of show, in one call (faster than ``face`` card by card)
    faces: Callable[[Any, int | None, Sequence[int]], Iterable[CardView]] | None = None
    # SEEN_BY: the one mask every card here shares now (a pile turned up together), so the
    # view asks once per zone, not per card; ``seen`` must agree with it
    mask: Callable[[Any, int | None], int] | None = None

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"zone {self.id}: unknown visibility {self.visibility!r}")
        if self.visibility == SEEN_BY and self.seen is None:
            raise ValueError(f"zone {self.id}: a seen-by zone needs seen(state, card)")
        if self.fold is not None and self.visibility == PUBLIC:
            raise ValueError(f"zone {self.id}: a public zone has nothing to fold")

    def sees(self, state: Any, owner: int | None, viewer: int | None, card: int) -> bool:
        """Whether ``viewer`` may see ``card`` in this zone."""
        vis = self.visibility
        if vis == PUBLIC:
            return True
        if vis in (HIDDEN, DECK):
            return False
        if viewer is None:  # a spectator: only a seen-by card shown to all (mask -1)
            return vis == SEEN_BY and self.seen(state, card) == EVERYBODY  # type: ignore[misc]
        if viewer == owner and (self.owner_sees or vis != SEEN_BY):
            return True
        if vis == SEEN_BY:
            return bool(self.seen(state, card) >> viewer & 1)  # type: ignore[misc]
        return False

    def sees_all(self, owner: int | None, viewer: int | None) -> bool | None:
        """Whether ``viewer`` sees every card here (``None``: it depends on the card)."""
        vis = self.visibility
        if vis == PUBLIC:
            return True
        if vis in (HIDDEN, DECK):
            return False
        if viewer is None:
            return None if vis == SEEN_BY else False
        if vis == OWNER:
            return viewer == owner
        if viewer == owner and self.owner_sees:
            return True
        return None


def counted_deck(pile: str) -> Zone:
    """The face-down draw pile held in the state's list ``pile`` (the zone of that id),
    labelled with how many cards it holds: ``Deck (12 cards)``."""
    of = attrgetter(pile)
    return Zone(pile, DECK, cards=of, label=lambda s: f"Deck ({plural(len(of(s)), 'card')})")


@dataclass(frozen=True)
class Place:
    """One zone of one match: its id, declaration and owner."""

    id: str
    zone: Zone
    owner: int | None

    def cards(self, state: Any) -> Sequence[int]:
        """The cards lying here."""
        z = self.zone
        if isinstance(z.cards, str):
            held = getattr(state, z.cards)
            return held[self.owner] if z.per_seat else held
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
    and back; ``face`` draws a visible card (a zone may override it).  A game whose matches
    deal the definitions to the cards anew (a card's uid telling nothing of what it is) gives
    ``identity(state, card)`` instead of ``card_id`` for events and faces.  A move that some
    seats see and others do not is a reveal (an undo barrier) unless ``exact_reveals`` is
    set: then only when a seat learns the card (so a card a seat moves among its own hidden
    places can be taken back).
    """

    def __init__(
        self,
        zones: Iterable[Zone],
        *,
        uid: Callable[[int], str],
        card_id: Callable[[int], str],
        back: Callable[[int], str],
        face: Face | None = None,
        identity: Callable[[Any, int], str] | None = None,
        exact_reveals: bool = False,
        face_of: Callable[[int], CardView] | None = None,
    ) -> None:
        self.zones = tuple(zones)
        ids = [z.id for z in self.zones]
        if len(set(ids)) != len(ids):
            raise ValueError(f"zone ids repeat: {ids}")
        self.uid, self.card_id, self.back = uid, card_id, back
        self.identity = identity
        self.exact_reveals = exact_reveals
        # ``face_of(card)``: a game whose cards look the same wherever they lie may read its
        # faces off a table (it may set ``face_of`` later, once its catalogue is loaded)
        self.face_of = face_of
        self.face = face or (self._face_of if face_of is not None else self.plain_face)
        self._by_table = face is None and face_of is not None  # faces read off face_of
        self._places: dict[int, tuple[Place, ...]] = {}
        self._by_id: dict[int, dict[str, Place]] = {}
        self._hidden: dict[str, CardView] = {}
        self._routes: dict[tuple[int, str, str], Any] = {}
        self._movers: dict[tuple[int, str, str], Mover] = {}
        self._universes: dict[Sequence[int], dict[str, tuple[int, ...]]] = {}
        self._plans: dict[tuple[int, int | None], tuple[tuple[Any, ...], ...]] = {}
        self._runs: dict[tuple[str, int], tuple[CardView, ...]] = {}
        self._shared: dict[tuple[str, str | None, int], Mapping[str, Any]] = {}
        self._card_zone_ids: dict[object, bool] = {}
        self._empties: dict[str, Mapping[str, Any]] = {}
        self._folds: dict[str, str] = {}  # zone id -> the zone its unseen cards fold into

    @property
    def card_zones(self) -> _CardZones:
        """Whether a zone id (of any match) holds cards of the game (not a piece)."""
        return _CardZones(self)

    def _face_of(self, state: Any, owner: int | None, index: int, card: int) -> CardView:
        return self.face_of(card)  # type: ignore[misc]

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
    def plain_face(self, state: Any, owner: int | None, index: int, card: int) -> CardView:
        """A visible card with nothing on it."""
        return {
            "uid": self.uid(card),
            "card": self.card_id(card) if self.identity is None else self.identity(state, card),
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
        out: dict[str, Any] = {}
        folded: dict[str, list[CardView]] | None = None
        empties = self._empties
        for pid, cards_of, owner, per_seat, label, mode, z, runs, empty in self._plan(
            players, viewer
        ):
            if per_seat is None:  # an attribute of the state, by seat
                cards = cards_of(state)[owner]
            elif per_seat:
                cards = cards_of(state, owner)
            else:
                cards = cards_of(state)
            if label is None:
                lab = z.label
                label = lab(state, owner) if z.per_seat else lab(state)
            if not cards:
                out[pid] = empty or empties.get(label) or self._empty_zone(label)
                continue
            if mode == _HIDE and runs is not None:
                found = runs.get(len(cards))
                if found is None:
                    found = runs[len(cards)] = MappingProxyType(
                        {"cards": self._run(z.one_back, len(cards)), "label": label}
                    )
                out[pid] = found
                continue
            if mode == _SOME and z.mask is not None:  # one mask for the whole zone
                m = z.mask(state, owner)
                visible = m == EVERYBODY or (viewer is not None and m >> viewer & 1)
                mode = _SHOW if visible else _HIDE
            if mode == _SHOW and z.faces is not None:  # the common case first
                out[pid] = MappingProxyType(
                    {"cards": tuple(z.faces(state, owner, cards)), "label": label}
                )
                continue
            fold = self._folds.get(pid)
            if mode == _HIDE:
                if fold is not None:
                    folded = folded or {}
                    folded.setdefault(fold, []).extend(self._backs(z, cards))
                    out[pid] = empty or self._empty_zone(label)
                else:
                    out[pid] = self._hidden_zone(z, cards, label)
                continue
            face = z.face or self.face
            if mode == _SHOW:
                if z.faces is not None:
                    shown = tuple(z.faces(state, owner, cards))
                elif z.face is None and self._by_table:
                    shown = tuple(map(self.face_of, cards))  # type: ignore[arg-type]
                else:
                    shown = tuple([face(state, owner, i, c) for i, c in enumerate(cards)])
            elif mode == _DRAW:
                shown = tuple(z.draw(state, owner, viewer, cards))
            else:
                unseen: list[CardView] = []
                mixed: list[CardView] = []
                sees, back, hidden = z.sees, self.back, self.hidden
                table = self.face_of if z.face is None and self._by_table else None
                for i, c in enumerate(cards):
                    if sees(state, owner, viewer, c):
                        mixed.append(table(c) if table is not None else face(state, owner, i, c))
                    elif fold is not None:
                        unseen.append(hidden(back(c)))
                    else:
                        mixed.append(hidden(back(c)))
                if unseen:
                    folded = folded or {}
                    folded.setdefault(fold, []).extend(unseen)  # type: ignore[arg-type]
                shown = tuple(mixed)
            if shown:
                out[pid] = MappingProxyType({"cards": shown, "label": label})
            else:
                out[pid] = empty or self._empty_zone(label)
        if folded:
            for zid, extra in folded.items():
                z = out[zid]
                out[zid] = MappingProxyType({"cards": (*z["cards"], *extra), "label": z["label"]})
        return out

    def _plan(self, players: int, viewer: int | None) -> tuple[tuple[Any, ...], ...]:
        """The shown zones of a match as ``viewer`` sees them: id, how to read the cards,
        owner, fixed label, whether the viewer sees all, none or some of the cards (or the
        zone draws itself), and the shared views of its hidden runs and of it empty (cached
        per viewer; fold targets by zone id in ``_folds``)."""
        key = (players, viewer)
        plan = self._plans.get(key)
        if plan is None:
            rows = []
            for place in self.places(players):
                z = place.zone
                if not z.shown:
                    continue
                label = z.label if isinstance(z.label, str) else None
                if z.fold is not None:
                    fold = z.fold.format(seat=place.owner) if z.per_seat else z.fold
                    self._folds[place.id] = fold
                if z.draw is not None:
                    mode = _DRAW
                else:
                    sees = z.sees_all(place.owner, viewer)
                    mode = _SHOW if sees else _HIDE if sees is False else _SOME
                # the shared view of a hidden run, by its length
                runs: dict[int, Mapping[str, Any]] | None
                runs = {} if label is not None and z.one_back and z.fold is None else None
                empty = self._empty_zone(label) if label is not None else None
                cards_of: Any = z.cards
                per_seat: bool | None = z.per_seat
                if isinstance(cards_of, str):
                    cards_of = attrgetter(cards_of)
                    per_seat = None if z.per_seat else False
                rows.append(
                    (place.id, cards_of, place.owner, per_seat, label, mode, z, runs, empty)
                )
            plan = self._plans[key] = tuple(rows)
        return plan

    def _backs(self, z: Zone, cards: Sequence[int]) -> Sequence[CardView]:
        """The backs of ``cards`` lying in ``z``."""
        if z.one_back is not None:
            return self._run(z.one_back, len(cards))
        hidden, back = self.hidden, self.back
        return [hidden(back(c)) for c in cards]

    def _run(self, back: str, n: int) -> tuple[CardView, ...]:
        """``n`` cards seen from behind, all with ``back`` (one shared tuple per length)."""
        key = (back, n)
        run = self._runs.get(key)
        if run is None:
            run = self._runs[key] = (self.hidden(back),) * n
        return run

    def _hidden_zone(self, z: Zone, cards: Sequence[int], label: str) -> Mapping[str, Any]:
        """A zone whose every card the viewer sees from behind (shared when it may be)."""
        if z.one_back is None:
            return MappingProxyType({"cards": tuple(self._backs(z, cards)), "label": label})
        key = (label, z.one_back, len(cards))
        found = self._shared.get(key)
        if found is None:
            if len(self._shared) > 4096:
                self._shared.clear()
            found = self._shared[key] = MappingProxyType(
                {"cards": self._run(z.one_back, len(cards)), "label": label}
            )
        return found

    def _empty_zone(self, label: str) -> Mapping[str, Any]:
        """A zone showing no card (one shared object per label)."""
        found = self._empties.get(label)
        if found is None:
            if len(self._empties) > 4096:
                self._empties.clear()
            found = self._empties[label] = MappingProxyType({"cards": (), "label": label})
        return found

    # --- events -----------------------------------------------------------------------------
    def record(
        self,
        state: Any,
        card: int,
        source: str,
        target: str,
        text: Text,
        events: list[Event],
        hidden_text: Text | None = None,
        face_up: bool = True,
        actor: int = -1,
    ) -> None:
        """Add the event of ``card`` moving (:meth:`move`, for ``state.players`` seats) to
        ``events``; a quiet apply (``events`` is ``QUIET``) records nothing.  ``actor`` is
        named first among the seats that see a private move."""
        if events is QUIET:
            return
        ev = self.move(state, state.players, card, source, target, text, hidden_text, face_up)
        seats = ev.private_to
        if actor >= 0 and seats is not None and seats[0] != actor:
            ordered = (actor, *(p for p in seats if p != actor))
            ev = Event(MOVE, ev.text, ev.data, ordered, ev.redacted, ev.reveal)
        events.append(ev)

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
    ) -> Event:
        """The event of ``card`` moving from ``source`` to ``target``, redacted by the zones.

        Seats that see the card on either side get it in full; the others (spectators too,
        unless they see it on one side) get the same move without the card's identity (and
        ``hidden_text`` if given).  A seat that could not see the card before and can now
        makes it a reveal.
        """
        route = self._routes.get((players, source, target)) or self._route(players, source, target)
        identity = self.identity
        data = {
            "card": self.uid(card),
            "card_id": self.card_id(card) if identity is None else identity(state, card),
            "source": source,
            "target": target,
            "face_up": face_up,
        }
        if route is True:  # a seen-by zone: who knows depends on the card
            knowers, reveal = self._knowers(state, players, card, source, target)
        else:
            knowers, reveal = route
        if knowers is None:
            return Event(MOVE, text, data, None, None, reveal)
        if len(knowers) == players:  # every seat knows it: public, unless a spectator doesn't
            by_id = self._by_id[players]
            src, dst = by_id[source], by_id[target]
            if src.zone.sees(state, src.owner, None, card) or dst.zone.sees(
                state, dst.owner, None, card
            ):
                return Event(MOVE, text, data, reveal=reveal)
        masked = dict(data, card=None, card_id=None)
        redacted = Event(MOVE, hidden_text if hidden_text is not None else text, masked)
        if not self.exact_reveals:
            reveal = bool(knowers)
        return Event(MOVE, text, data, tuple(knowers), redacted, reveal=reveal)

    def mover(self, players: int, source: str, target: str) -> Mover:
        """``move`` for one route, as a function of ``(state, card, say, *told, face_up=True)``
        whose log sentence is ``say(*told)`` (``say`` itself with nothing told).

        The same events as :meth:`move`, made with less work where the zones already decide
        everything (a route between zones every seat sees alike; its event is then made
        when first read): for a game's hot loop, which keeps the movers it needs.
        """
        key = (players, source, target)
        found = self._movers.get(key)
        if found is None:
            plain = self.plain_route(players, source, target)
            found = self._movers[key] = (
                partial(_plain_mover, plain)
                if plain is not None
                else partial(_move_by_zones, self.move, players, source, target)
            )
        return found

    def plain_route(self, players: int, source: str, target: str) -> PlainRoute | None:
        """What every move event of a route decides alone, when the zones decide it for any
        card (every seat sees the route alike; no game-specific identity): then
        ``plain_move(route, card, face_up, say, told)`` is the event :meth:`move` would make,
        and a hot loop may record it as a :class:`~tabletop.engine.events.Recorded` of
        ``plain_move``.  ``None`` for a route that needs :meth:`move`."""
        route = self._routes.get((players, source, target)) or self._route(players, source, target)
        if route is True or route[0] is not None or self.identity is not None:
            return None
        return (self.uid, self.card_id, source, target, route[1])

    def tell(
        self,
        state: Any,
        card: int,
        source: str,
        target: str,
        text: Text = "",
        *,
        to: Sequence[int] | None = None,
        others: bool = True,
        hidden_text: Text | None = None,
        reveal: bool = False,
    ) -> Event:
        """The event of a card move whose knowers the game names, where zones cannot tell.

        For what happens between two states rather than in either: a card dealt from a
        pile shuffled face down (``to``: the receiver), a card turned face up where it lies,
        a card everybody saw going face down (``to=None``: everybody learns or knew it).
        The seats not in ``to`` get the move without the card's identity (``hidden_text`` if
        given), or nothing at all when ``others`` is false: a card set aside in a secret
        commit, whose count must not show either.  ``reveal`` marks a seat learning a card.
        """
        data = {
            "card": self.uid(card),
            "card_id": self.card_id(card) if self.identity is None else self.identity(state, card),
            "source": source,
            "target": target,
            "face_up": True,
        }
        if to is None:
            return Event(MOVE, text, data, reveal=reveal)
        redacted = None
        if others:
            masked: dict[str, Any] = {
                "card": None,
                "card_id": None,
                "source": source,
                "target": target,
            }
            masked["face_up"] = False
            redacted = Event(MOVE, hidden_text if hidden_text is not None else text, masked)
        return Event(MOVE, text, data, tuple(to), redacted, reveal=reveal)

    def _route(self, players: int, source: str, target: str) -> Any:
        """Who knows a card moving from ``source`` to ``target`` (cached: zones decide it)."""
        self.places(players)
        by_id = self._by_id[players]
        src, dst = by_id[source], by_id[target]
        if SEEN_BY in (src.zone.visibility, dst.zone.visibility):
            route: Any = True
        else:
            route = self._knowers(None, players, -1, source, target)
        self._routes[(players, source, target)] = route
        return route

    def _knowers(
        self, state: Any, players: int, card: int, source: str, target: str
    ) -> tuple[list[int] | None, bool]:
        """The seats that see ``card`` on either side (``None``: all), and whether one learns it."""
        by_id = self._by_id[players]
        src, dst = by_id[source], by_id[target]
        if src.zone.visibility == PUBLIC:  # everybody saw it: nothing to hide or reveal
            return None, False
        before = _seers(src, state, card, players)
        after = _seers(dst, state, card, players)
        everyone = (1 << players) - 1
        reveal = bool(after & everyone & ~before)
        if EVERYBODY in (before, after):  # spectators see it on one side: nothing to hide
            return None, reveal
        knowers = [p for p in range(players) if (before | after) >> p & 1]
        return knowers, reveal

    # --- determinize ------------------------------------------------------------------------
    def deal(
        self,
        zones: Mapping[str, Any],
        universe: Sequence[int],
        known: Iterable[int],
        rng: Rng,
        index: Mapping[str, int],
        backs: Sequence[str] = (),
        mix_rest: bool = True,
    ) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """Fill the hidden cards of a view's ``zones`` with cards the viewer cannot place.

        Zones holding pieces, not cards, are skipped.  ``universe`` is every card of the match, ``known`` the cards the view places outside
        its zones (a public discard list), ``index`` maps a uid back to its card.  Each hidden
        card is dealt a random unplaced card with the same back; the pools are shuffled in
        the order of ``backs`` (then in order of first appearance).  Returns the filled zones
        and the cards left over, by back (they lie where the view does not show: a box), in
        random order — or, with ``mix_rest`` false, in no particular order (only the cards
        dealt are drawn at random: for a caller who shuffles the rest itself).
        """
        placed = set(known)
        known_zones = self._card_zone_ids  # card_zones' answers so far (read without a call)
        shown: list[tuple[str, Sequence[CardView]]] = []
        for zid, z in zones.items():
            flag = known_zones.get(zid)
            if flag is None:
                flag = zid in self.card_zones
            if flag:
                shown.append((zid, z["cards"]))
        for _, cards in shown:
            for c in cards:
                uid = c["uid"]
                if uid is not None:
                    placed.add(index[uid])
        pools: dict[str, list[int]] = {b: [] for b in backs}
        for b, ids in self._by_back(universe).items():
            pools[b] = [c for c in ids if c not in placed]
        if mix_rest:
            for pool in pools.values():
                rng.shuffle(pool)
        else:
            wanted: dict[str, int] = {}
            for _, cards in shown:
                for c in cards:
                    if c["uid"] is None:
                        wanted[c["back"]] = wanted.get(c["back"], 0) + 1
            for b, pool in pools.items():
                rng.shuffle(pool, wanted.get(b, 0))
        filled: dict[str, list[int]] = {}
        for zid, cards in shown:
            filled[zid] = [
                index[c["uid"]] if c["uid"] is not None else pools[c["back"]].pop() for c in cards
            ]
        return filled, pools

    def _by_back(self, universe: Sequence[int]) -> dict[str, tuple[int, ...]]:
        """The cards of ``universe`` by back, in order (kept for a hashable universe: a
        search deals from the same range of cards thousands of times)."""
        try:
            return self._universes[universe]
        except (KeyError, TypeError):
            pass
        grouped: dict[str, list[int]] = {}
        back = self.back
        for card in universe:
            grouped.setdefault(back(card), []).append(card)
        found = {b: tuple(cards) for b, cards in grouped.items()}
        if isinstance(universe, (range, tuple)):
            self._universes[universe] = found
        return found

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


# a plain route's part of its move events: uid and card_id functions, source, target, reveal
PlainRoute = tuple[Callable[[int], str], Callable[[int], str], str, str, bool]


def plain_move(
    route: PlainRoute, card: int, face_up: bool, say: Say, told: tuple[Any, ...]
) -> Event:
    """The event of ``card`` moving on a plain route (see :meth:`Zones.plain_route`)."""
    uid, card_id, source, target, reveal = route
    data = {
        "card": uid(card),
        "card_id": card_id(card),
        "source": source,
        "target": target,
        "face_up": face_up,
    }
    return Event(MOVE, said(say, told), data, None, None, reveal)


def _plain_mover(
    route: PlainRoute, state: Any, card: int, say: Say, *told: Any, face_up: bool = True
) -> Event:
    """A plain route's mover (see :meth:`Zones.mover`): the event, made when first read."""
    ev = Recorded()
    ev._call = (plain_move, route, card, face_up, say, told)
    return ev


def _move_by_zones(
    move: Callable[..., Event],
    players: int,
    source: str,
    target: str,
    state: Any,
    card: int,
    say: Say,
    *told: Any,
    face_up: bool = True,
) -> Event:
    text = say if isinstance(say, str) or not told else partial(say, *told)
    return move(state, players, card, source, target, text, face_up=face_up)


def _seers(place: Place, state: Any, card: int, players: int) -> int:
    """The bit mask of the seats that see ``card`` lying at ``place`` (as ``Zone.sees`` says,
    asking a seen-by zone once rather than seat by seat); ``EVERYBODY`` when spectators see
    it too."""
    z = place.zone
    vis = z.visibility
    everyone = (1 << players) - 1
    if vis == PUBLIC:
        return EVERYBODY
    if vis in (HIDDEN, DECK):
        return 0
    owner = place.owner
    mine = 1 << owner if owner is not None else 0
    if vis == OWNER:
        return mine
    m = z.mask(state, owner) if z.mask is not None else z.seen(state, card)  # type: ignore[misc]
    if m == EVERYBODY:
        return EVERYBODY
    if z.owner_sees:
        m |= mine
    return m & everyone


class _CardZones:
    """``zone_id in zones.card_zones``: the zone is declared and holds cards."""

    def __init__(self, zones: Zones) -> None:
        self.zones = zones
        self.known = zones._card_zone_ids  # answers already found, by zone id

    def __contains__(self, zone_id: object) -> bool:
        found = self.known.get(zone_id)
        if found is None:
            found = self.known[zone_id] = self._find(zone_id)
        return found

    def _find(self, zone_id: object) -> bool:
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
