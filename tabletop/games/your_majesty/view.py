"""What a seat sees: the zones (who sees what, declared once), the prompt and the figures.

The zone table says which cards each seat may identify: hands are their owner's (and the
spy's, while Espionage is resolved), the two decks are shuffled and unseen, the philosophes
removed at set-up lie unseen among the cards out of the game, everything else is face up.
The view's cards, the redaction of card moves (and whether a move reveals a card, an undo
barrier), the plain-data picture of the state in ``public.state`` (hidden parts as counts)
and the re-deal of ``determinize`` all follow from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from tabletop.engine import Event
from tabletop.engine.events import LOG, QUIET, Text
from tabletop.engine.frozen import EMPTY
from tabletop.engine.rebuild import FromView, Seen
from tabletop.engine.zones import DECK, EVERYBODY, PUBLIC, SEEN_BY, Zone, Zones
from tabletop.games.your_majesty.data import MUSES, catalog
from tabletop.games.your_majesty.salon import base_difficulty, salon_capacity, salon_chance, sophia
from tabletop.games.your_majesty.scoring import max_hand, prestige, target, wealth
from tabletop.games.your_majesty.state import (
    BLOCK,
    CANCEL,
    DEFEND,
    ESPIONAGE,
    LEND,
    PAY,
    YMState,
    public_fields,
    stack_of,
)


# --- who sees a hand ----------------------------------------------------------------------
def spied(s: YMState) -> tuple[int, int]:
    """``(spy, seat)`` while Espionage shows the spy that seat's hand, else ``(-1, -1)``."""
    top = s.stack[-1]
    if top.step == ESPIONAGE:
        return top.seats[0], top.data["target"]
    return -1, -1


def sees_hand(s: YMState, owner: int, viewer: int | None) -> bool:
    """Whether ``viewer`` may see the hand of ``owner``: its own, or one it spies on."""
    if viewer == owner:
        return True
    spy, victim = spied(s)
    return viewer == spy and owner == victim


def _hand_seen(s: YMState, card: int) -> int:
    """The seats besides its owner that see an action card in a hand (a bit mask)."""
    top = s.stack[-1]
    if top.step != ESPIONAGE or card not in s.hands[top.data["target"]]:
        return 0
    return 1 << top.seats[0]


def _removed_seen(s: YMState, card: int) -> bool:
    """Out of the game: every card is face up but the philosophes removed at set-up."""
    p = card - catalog().offset["p"]
    return p < 0 or p >= len(catalog().phils) or p not in s.phil_removed


# --- the zones ----------------------------------------------------------------------------
@cache
def _faces() -> tuple[Mapping[str, Any], ...]:
    """The face-up picture of every card (by the one numbering), shared by all views."""
    cat = catalog()
    return tuple(
        MappingProxyType(
            {
                "uid": cat.uids[c],
                "card": cat.card_ids[c],
                "back": cat.backs[c],
                "face_up": True,
                "as": None,
                "tokens": EMPTY,
            }
        )
        for c in range(cat.size)
    )


# The state numbers cards by kind; the zones by the one numbering (see data.py): the
# functions below add the kind's offset.
def _away(s: YMState) -> Any:
    """The philosophes seated at the salon being staged (they show in the salon's zone)."""
    f = s.salon_frame if len(s.stack) > 1 else None
    return f.data["attendees"] if f is not None else ()


def _muse_column(m: int) -> Zone:
    def cards(s: YMState, seat: int) -> list[int]:
        cat = catalog()
        off, muse = cat.offset["p"], cat.muse_index
        away = _away(s)
        if away:
            return [off + p for p in s.courts[seat].phils if muse[p] == m and p not in away]
        return [off + p for p in s.courts[seat].phils if muse[p] == m]

    return Zone(f"p{{seat}}.{MUSES[m]}", PUBLIC, True, cards, MUSES[m].capitalize())


def _numbered(kind: str, pile: str) -> Callable[[YMState], list[int]]:
    """The cards of the state's list ``pile`` (numbered within their ``kind``: ``"c"``,
    ``"r"``, ``"p"``) in the one numbering of every card."""
    of = attrgetter(pile)

    def cards(s: YMState) -> list[int]:
        off = catalog().offset[kind]
        return [off + x for x in of(s)]

    return cards


def _court_numbered(kind: str, pile: str) -> Callable[[YMState, int], list[int]]:
    """The same for a list of each seat's court."""
    of = attrgetter(pile)

    def cards(s: YMState, seat: int) -> list[int]:
        off = catalog().offset[kind]
        return [off + x for x in of(s.courts[seat])]

    return cards


def _salon_cards(s: YMState) -> list[int]:
    f = s.salon_frame if len(s.stack) > 1 else None
    if f is None:
        return []
    off = catalog().offset
    return [off["r"] + f.data["reform"], *(off["p"] + p for p in f.data["attendees"])]


def _removed_cards(s: YMState) -> list[int]:
    off = catalog().offset
    return [
        *(off["c"] + c for c in s.colonies_removed),
        *(off["p"] + p for p in s.dead),
        *(off["p"] + p for p in s.phil_removed),
    ]


ZONES = Zones(
    [
        Zone(
            "p{seat}.hand",
            SEEN_BY,
            True,
            lambda s, p: s.hands[p],
            lambda s, p: f"Hand of {s.names[p]}",
            seen=_hand_seen,
        ),
        Zone("p{seat}.court", PUBLIC, True, lambda s, p: (), lambda s, p: s.names[p]),
        *(_muse_column(m) for m in range(len(MUSES))),
        Zone("p{seat}.colonies", PUBLIC, True, _court_numbered("c", "colonies"), "Colonies"),
        Zone("p{seat}.reforms", PUBLIC, True, _court_numbered("r", "reforms"), "Reforms"),
        Zone("p{seat}.scandals", PUBLIC, True, lambda s, p: s.courts[p].scandals, "Scandals"),
        Zone(
            "p{seat}.events",
            PUBLIC,
            True,
            lambda s, p: s.courts[p].despot + s.courts[p].lingering,
            "Events in force",
        ),
        Zone(
            "unclaimed_colonies",
            PUBLIC,
            cards=_numbered("c", "colonies"),
            label="Unclaimed colonies",
        ),
        Zone(
            "unclaimed_reforms", PUBLIC, cards=_numbered("r", "reforms"), label="Unclaimed reforms"
        ),
        Zone("salon", PUBLIC, cards=_salon_cards, label="Salon"),
        Zone("play", PUBLIC, cards=lambda s: s.in_play, label="In play"),
        Zone(
            "set_aside",
            PUBLIC,
            cards=lambda s: () if s.reshuffle_in else (catalog().reshuffle,),
            label="Set aside",
        ),
        Zone(
            "removed",
            SEEN_BY,
            cards=_removed_cards,
            label="Out of the game",
            seen=lambda s, c: EVERYBODY if _removed_seen(s, c) else 0,
        ),
        # every card of a deck shows the same back: the view shares its run of backs
        Zone("action_deck", DECK, cards=lambda s: s.deck, label="Action deck", one_back="action"),
        Zone("action_discard", PUBLIC, cards=lambda s: s.discard, label="Action discards"),
        Zone(
            "phil_deck",
            DECK,
            cards=_numbered("p", "phil_deck"),
            label="Philosophes",
            one_back="philosophe",
        ),
        Zone(
            "phil_discard",
            PUBLIC,
            cards=_numbered("p", "phil_discard"),
            label="Philosophe discards",
        ),
    ],
    uid=lambda c: _bind().uid(c),
    card_id=lambda c: _bind().card_id(c),
    back=lambda c: _bind().back(c),
    face_of=lambda c: _bind().face_of(c),  # type: ignore[misc]
)


def _bind() -> Zones:
    """The zone table with the catalogue's own lookups for uids, definitions, backs and
    faces (the catalogue loads on first use, after the table is declared)."""
    cat = catalog()
    ZONES.uid, ZONES.card_id, ZONES.back = (
        cat.uids.__getitem__,
        cat.card_ids.__getitem__,
        cat.backs.__getitem__,
    )
    ZONES.face_of = _faces().__getitem__
    return ZONES


def z(seat: int, name: str) -> str:
    """The id of a seat's zone (``p2.hand``)."""
    return f"p{seat}.{name}"


def phil_zone(seat: int, phil: int) -> str:
    """The muse column of ``phil`` at ``seat``'s court."""
    return f"p{seat}.{catalog().phil_muse[phil]}"


# --- events -----------------------------------------------------------------------------------
def move(
    s: YMState,
    kind: str,
    card: int,
    source: str,
    target: str,
    text: Text,
    events: list[Event],
    hidden_text: Text | None = None,
    face_up: bool = True,
    actor: int = -1,
) -> None:
    """Record the move of card ``card`` of ``kind`` (``a``, ``p``, ``c``, ``r``).

    The zone table redacts it for the seats (and spectators) that see the card on neither
    side — they read ``hidden_text`` — and marks it as a reveal when a seat sees the card
    for the first time.
    ``actor`` is named first among the seats that see a private move.
    A quiet apply (``events`` is ``QUIET``) records nothing.
    """
    if events is not QUIET:
        card = catalog().offset[kind] + card
        ZONES.record(s, card, source, target, text, events, hidden_text, face_up, actor)


def say(text: Text, events: list[Event], reveal: bool = False) -> None:
    """A line for the log (``reveal``: it shows some seat cards it could not see before)."""
    if events is not QUIET:
        events.append(Event(LOG, text, reveal=reveal))


# --- the view ---------------------------------------------------------------------------------
def describe(s: YMState, seat: int | None) -> dict[str, Any]:
    """The prompt, the seats' figures and the public facts (``public.state``: the state as
    plain data, every part ``seat`` may not see replaced by its size)."""
    seats = tuple(
        MappingProxyType(
            {
                "seat": i,
                "name": s.names[i],
                "score": prestige(s, i),
                "resources": MappingProxyType(
                    {
                        "wealth": wealth(s, i),
                        "hand": len(s.hands[i]),
                        "max_hand": max_hand(s, i),
                        "scandals": len(s.courts[i].scandals),
                        "philosophes": len(s.courts[i].phils),
                    }
                ),
            }
        )
        for i in range(s.players)
    )
    public: dict[str, Any] = {
        "active": s.active,
        "round": s.round,
        "actions_used": tuple(s.used),
        "win_target": target(s),
        "end_reason": s.end_reason,
        "last_salon": tuple(s.last_salon),
        "reconstruction": True,
        "state": seen_state(s, seat),
    }
    f = s.salon_frame
    if f is not None:
        soph, base = sophia(s), base_difficulty(s)
        public["salon"] = MappingProxyType(
            {
                "host": f.seats[0],
                "reform": f"r{f.data['reform']}",
                "attendees": tuple(f"p{p}" for p in f.data["attendees"]),
                "sophia": soph,
                "difficulty_before_draw": base,
                "capacity": salon_capacity(s),
                "chance": salon_chance(soph, base, bool(s.options.get("faux_pas"))),
            }
        )
    return {
        "prompt": prompt(s, seat),
        "seats": seats,
        "public": MappingProxyType(public),
        "winners": tuple(s.winners),
    }


def seen_state(s: YMState, seat: int | None) -> Mapping[str, Any]:
    """The state as read-only plain data with what ``seat`` may not see replaced by counts:
    the decks (DECK zones), the philosophes removed unseen (out of the game, seen by nobody)
    and every hand its zone does not show ``seat``."""
    out = public_fields(s, tuple, MappingProxyType)
    out["deck"] = len(s.deck)
    out["phil_deck"] = len(s.phil_deck)
    out["phil_removed"] = len(s.phil_removed)
    out["hands"] = tuple(
        tuple(h) if sees_hand(s, i, seat) else len(h) for i, h in enumerate(s.hands)
    )
    return MappingProxyType(out)


def _pron(p: int) -> str:
    return "her" if catalog().phils[p].gender == "f" else "him"


def prompt(s: YMState, seat: int | None) -> str:
    """The sentence telling ``seat`` what is expected of it now."""
    cat = catalog()
    if s.over:
        names = " and ".join(s.names[w] for w in s.winners)
        return f"The game is over. Winner{'s' if len(s.winners) > 1 else ''}: {names}."
    top = s.stack[-1]
    who = top.seats[0]
    if seat != who:
        return f"Waiting for {s.names[who]}."
    actor = s.names[s.active]
    step, d = top.step, top.data
    if step == "salon":
        soph, base = sophia(s), base_difficulty(s)
        return (
            f"Your salon for {cat.reforms[d['reform']].name}: sophia {soph}, difficulty "
            f"{base} + randomizer. Drag philosophes into the Salon (up to {salon_capacity(s)}), "
            "then hold it."
        )
    if step == "main":
        left = 2 - len(s.used)
        return f"Your turn: up to {left} more action{'s' if left > 1 else ''}, each of a different kind."
    if step == PAY:
        what = cat.colonies[d["target"]].name if d["purpose"] == "colony" else "your salon"
        return f"Pay for {what}: drag a card from your hand to Action discards."
    if step == LEND:
        name = cat.phils[d["target"]].name
        return f"The salon of {actor} asks for {name}. Lend {_pron(d['target'])}?"
    if step in (DEFEND, BLOCK):
        deed = "campaigns against" if step == DEFEND else "stirs a rebellion in"
        colony = cat.colonies[d["target"]].name
        return f"{actor} {deed} your {colony}. Answer with a campaign, or let it go?"
    if step == CANCEL:
        name = cat.phils[d["target"]].name
        return f"{actor} offers {name} a place at court. Stop it with your own A Place at Court, or allow it?"
    return f"Take up to {3 - d['taken']} cards from the hand of {s.names[d['target']]}, then press Done."


# --- determinize --------------------------------------------------------------------------------
def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """The unseen action cards dealt to the hidden hands and the deck, the unseen
    philosophes to the set-up removals and their deck.

    ``public.state`` places the cards the seat sees (face up, or in a hand it sees) and
    counts the others; ``Zones.deal`` deals the unseen ones, by back, to the hidden slots —
    hands in seat order, then the removals — and leaves the rest for the decks.  Reshuffle
    is never dealt to a hand.
    """
    cat = catalog()
    d = seen.public
    rng = seen.rng
    index = cat.index
    off_p = cat.offset["p"]
    courts = d["courts"]
    hands = d["hands"]
    # action cards: the hidden hands first (in seat order), then the deck of what is left
    known = [*d["discard"], *d["in_play"], cat.reshuffle]
    for c in courts:
        known += c["scandals"]
        known += c["lingering"]
        known += c["despot"]
    hidden: dict[str, Any] = {}
    back = ZONES.hidden("action")
    for i, h in enumerate(hands):
        if h.__class__ is int:
            hidden[f"p{i}.hand"] = {"cards": (back,) * h}
        else:
            known += h
    dealt, rest = ZONES.deal(hidden, range(off_p), known, rng, index, ("action",))
    # the pool was shuffled before the hands were dealt from it: what is left is in random
    # order already, and Reshuffle (never in a hand) only needs a random place among it
    deck = rest.get("action", [])
    if d["reshuffle_in"]:
        deck.insert(rng.randrange(len(deck) + 1), cat.reshuffle)
    new_hands = [
        list(h) if h.__class__ is not int else dealt[f"p{i}.hand"] for i, h in enumerate(hands)
    ]
    # philosophes: the unseen removals, then the deck of what is left
    known = [off_p + p for p in d["phil_discard"]]
    known += [off_p + p for p in d["dead"]]
    for c in courts:
        known += [off_p + p for p in c["phils"]]
    # the set-up removed the same number of each muse: deal the removals muse by muse (a
    # hand-made position whose count is not a multiple takes them from all muses at once)
    per_muse, odd = divmod(d["phil_removed"], len(MUSES))
    groups = _phils_by_muse() if not odd else (tuple(range(off_p, cat.offset["c"])),)
    take = per_muse if not odd else d["phil_removed"]
    unseen = {"removed": {"cards": (ZONES.hidden("philosophe"),) * take}}
    removed: list[int] = []
    phil_deck: list[int] = []
    for group in groups:
        filled, left = ZONES.deal(unseen, group, known, rng, index, ("philosophe",), mix_rest=False)
        removed += [c - off_p for c in filled["removed"]]
        phil_deck += [c - off_p for c in left.get("philosophe", [])]
    rng.shuffle(phil_deck)  # (the removals' order means nothing: nobody draws from them)
    return {}, {"deck": deck, "phil_deck": phil_deck, "phil_removed": removed, "hands": new_hands}


# A full state matching a view (its facts are ``public.state``, see ``state.public_fields``).
rebuild = FromView(
    YMState,
    deal=_deal,
    facts=lambda view: view["public"]["state"],
    hooks={
        "deck": lambda seen: seen.rest["deck"],
        "stack": lambda seen: stack_of(
            *(seen.public[k] for k in ("active", "used", "pending", "salon"))
        ),
        "phil_deck": lambda seen: seen.rest["phil_deck"],
        "phil_removed": lambda seen: seen.rest["phil_removed"],
        "hands": lambda seen: seen.rest["hands"],
    },
)


@cache
def _phils_by_muse() -> tuple[tuple[int, ...], ...]:
    """The philosophes' card numbers, muse by muse."""
    cat = catalog()
    off_p = cat.offset["p"]
    return tuple(
        tuple(off_p + i for i, p in enumerate(cat.phils) if p.muse == muse) for muse in MUSES
    )
