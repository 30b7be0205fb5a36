"""Mayflower's zone table: who sees which card, and how a card on the table shows.

Hands are seen by their owner only, both decks by nobody; everything on the table is public
(M35).  A secret commit never moves a card before the reveal: the cards a seat has planned
stay in its hand, marked for the owner only.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tabletop.engine.decisions import COMMIT, REACTION, Frame
from tabletop.engine.frozen import EMPTY, thaw
from tabletop.engine.rebuild import FromView, Seen
from tabletop.engine.words import plural
from tabletop.engine.zones import DECK, OWNER, PUBLIC, Zone, Zones
from tabletop.games.mayflower.data import BACKS, CARD_IDS, POWER_NAMES, UIDS, catalog
from tabletop.games.mayflower.state import MayflowerState, who
from tabletop.games.mayflower.values import attack_value, fortification, parry_value, power_of


def _face(card: int, tokens: Mapping[str, Any] = EMPTY, as_: str | None = None) -> CardView:
    return MappingProxyType(
        {
            "uid": UIDS[card],
            "card": CARD_IDS[card],
            "back": BACKS[card],
            "face_up": True,
            "tokens": tokens,
            "as": as_,
        }
    )


CardView = Mapping[str, Any]


def _plain(s: MayflowerState, owner: int | None, i: int, card: int) -> CardView:
    return _face(card)


def _fort_face(s: MayflowerState, owner: int | None, i: int, card: int) -> CardView:
    assert owner is not None
    tokens = {"value": fortification(s, owner)}
    return _face(card, MappingProxyType(tokens))


def _front_face(s: MayflowerState, owner: int | None, i: int, card: int) -> CardView:
    for f in s.fights:
        if f["club"] == card:
            tokens = {"fight": f["id"], "attacker": f["by"] + 1, "value": attack_value(s, f)}
            if f["boost"]:
                tokens["boost"] = 2
            return _face(card, MappingProxyType(tokens))
        if f["parry"] == card:
            tokens = {"fight": f["id"], "value": parry_value(s, f)}
            if f["pboost"]:
                tokens["boost"] = 2
            return _face(card, MappingProxyType(tokens))
    return _face(card)


def _hand_face(s: MayflowerState, owner: int | None, i: int, card: int) -> CardView:
    planned = planned_cards(s, owner) if owner is not None else {}
    note = planned.get(card)
    if note is None:
        return _face(card)
    return _face(card, MappingProxyType({"planned": note}))


def planned_cards(s: MayflowerState, seat: int) -> dict[int, str]:
    """The cards ``seat`` has put in the open secret commit, with a word on each."""
    if not s.stack or s.stack[-1].kind != COMMIT:
        return {}
    choice = s.stack[-1].data["secret"].get(str(seat))
    if not choice:
        return {}
    step = s.stack[-1].step
    out: dict[int, str] = {}
    for entry in choice:
        if step == "attack":
            out[entry[0]] = f"attack {who(entry[1])}" + (" (+2)" if entry[2] else "")
        elif step == "defend":
            out[entry[1]] = "parry" + (" (+2)" if entry[2] else "")
        elif step == "fortify":
            out[entry[0]] = "fortify"
        else:
            out[entry[0]] = "heal"
    return out


def _royal_label(s: MayflowerState, seat: int) -> str:
    power = power_of(s, seat)
    return POWER_NAMES.get(power, "Royal")


def _deck_label(name: str, cards: list[int]) -> str:
    return f"{name} ({plural(len(cards), 'card')})"


ZONES = Zones(
    [
        Zone(
            "numbers",
            DECK,
            cards=lambda s: s.numbers,
            label=lambda s: _deck_label("Numbers", s.numbers),
        ),
        Zone("court", DECK, cards=lambda s: s.court, label=lambda s: _deck_label("Court", s.court)),
        Zone("spent", PUBLIC, cards=lambda s: s.spent, label="Cancelled cards", face=_plain),
        Zone("gone", PUBLIC, cards=lambda s: s.gone, label="Jokers played", face=_plain),
        Zone("p{seat}.royal", PUBLIC, True, lambda s, p: s.royals[p], _royal_label, _plain),
        Zone("p{seat}.fort", PUBLIC, True, lambda s, p: s.forts[p], "Fortified", _fort_face),
        Zone("p{seat}.diamonds", PUBLIC, True, lambda s, p: s.diamonds[p], "Diamonds", _plain),
        Zone("p{seat}.front", PUBLIC, True, lambda s, p: s.fronts[p], "Attacks", _front_face),
        Zone("p{seat}.heal", PUBLIC, True, lambda s, p: s.heals[p], "Healing", _plain),
        Zone("p{seat}.hand", OWNER, True, lambda s, p: s.hands[p], "Hand", _hand_face),
    ],
    uid=UIDS.__getitem__,  # filled by catalog(), which set-up calls first
    card_id=CARD_IDS.__getitem__,
    back=BACKS.__getitem__,
)


# a card's move, recorded as an event (redacted and marked as a reveal by the zone table)
move = ZONES.record


def card_name(card: int) -> str:
    """A card's name for the log ("9 of Clubs")."""
    return catalog().names[card]


# --- the rest of a view --------------------------------------------------------------------------
def window_open(s: MayflowerState) -> bool:
    """Whether a window (a reaction window or a favour round) is waiting for answers. Its
    seats are chosen on public facts alone (M38); the views still name none of them."""
    return bool(s.stack) and s.stack[-1].kind == REACTION and not s.over


def _frame_public(s: MayflowerState, frame: Frame, viewer: int | None) -> dict[str, Any]:
    """A frame as ``viewer`` may know it: a commit's secrets only its own; in a window, how
    far the round has come only when the viewer is the seat asked (M38: the seats are asked
    on public facts, whatever their hands; a view says no more than that answers are awaited)."""
    data = dict(frame.data)
    if frame.kind == COMMIT:
        mine = data["secret"].get(str(viewer)) if viewer is not None else None
        data["secret"] = {} if mine is None else {str(viewer): mine}
    at, done = frame.at, list(frame.done)
    if frame.kind == REACTION and not frame.waits_for(viewer if viewer is not None else -1):
        at, done = 0, []
    return {
        "kind": frame.kind,
        "step": frame.step,
        "seats": list(frame.seats),
        "at": at,
        "done": done,
        "data": data,
    }


def _uid_or_none(card: int) -> str | None:
    return UIDS[card] if card >= 0 else None


def _fight_public(f: dict[str, Any]) -> dict[str, Any]:
    return dict(f, club=UIDS[f["club"]], parry=_uid_or_none(f["parry"]))


def _play_public(p: dict[str, Any]) -> dict[str, Any]:
    out = dict(p)
    if "card" in out:
        out["card"] = _uid_or_none(out["card"])
    return out


def _favour_line(s: MayflowerState) -> str:
    if not s.favours_on:
        return "off"
    if not s.favours:
        return "none owed"
    return "; ".join(f"{who(d)} owes {who(h)}" for _, d, h in s.favours)


_ON_TABLE = {"score_note": "on the table"}


def describe(s: MayflowerState, seat: int | None, prompt: str, waiting: str) -> dict[str, Any]:
    """The prompt, the seats' figures and the public facts no zone holds (the prompt and
    the waiting line are worded by :mod:`.prompts`)."""
    from tabletop.games.mayflower.state import PHASE_NAMES
    from tabletop.games.mayflower.values import diamond_total

    return {
        "prompt": prompt,
        "seats": [
            {
                "seat": p,
                "name": who(p),
                # while the game runs only diamonds on show are public (those in hand count
                # at the end); once it is over, the total final scoring counted
                "score": diamond_total(s, p, hand=s.over),
                **({} if s.over else _ON_TABLE),
                "resources": {"hp": s.hp[p], "hand": len(s.hands[p])},
                "leader": p == s.leader and not s.over,
                "out": s.out[p] != 0,
            }
            for p in range(s.players)
        ],
        "public": {
            "players": s.players,
            "favours_on": s.favours_on,
            "season": s.season,
            "phase": PHASE_NAMES[s.phase],
            "phase_id": s.phase,
            "stage": s.stage,
            "leader": s.leader,
            "two_list": s.two_list,
            "hp": list(s.hp),
            "out": list(s.out),
            "hand_sizes": [len(h) for h in s.hands],
            "fights": [_fight_public(f) for f in s.fights],
            "plays": [_play_public(p) for p in s.plays],
            "favours": [list(t) for t in s.favours],
            "next_token": s.next_token,
            "boosted_club": list(s.boosted_club),
            "boosted_spade": list(s.boosted_spade),
            "power_used": list(s.power_used),
            "by": {UIDS[c]: p for c, p in enumerate(s.by) if p >= 0},
            "stack": [_frame_public(s, f, seat) for f in s.stack],
            "jokers_played": s.jokers_played,
            "eliminated": list(s.log_eliminated),
            "winners": list(s.winners),
            "end": s.end,
            "waiting": waiting,
            "favour_line": _favour_line(s),
        },
    }


def _keep_offered(pub: Mapping[str, Any], filled: dict[str, list[int]]) -> None:
    """A diamond offered from hand for a buy-back (M39) was named in public: the re-deal puts
    it back in its owner's hand (swapped with a card dealt there) if it fell elsewhere."""
    for f in pub["stack"]:
        d = f["data"]
        if f["step"] != "offer" or d.get("kind") != "buy_back" or d.get("card", -1) < 0:
            continue
        card, hand = d["card"], filled[f"p{d['from']}.hand"]
        if card in hand or card in filled[f"p{d['from']}.diamonds"]:
            continue
        where = next((cards for cards in filled.values() if card in cards), None)
        if where is None or not hand:
            continue
        i, j = where.index(card), len(hand) - 1
        where[i], hand[j] = hand[j], where[i]


def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """Other hands and both decks dealt from the unseen cards (an offered diamond kept in
    its owner's hand); the public facts, thawed, are kept for the hooks."""
    cat = catalog()
    pub = thaw(seen.public)
    filled, _rest = ZONES.deal(
        seen.view["zones"], range(cat.size), (), seen.rng, cat.index, ("numbers", "court")
    )
    _keep_offered(pub, filled)
    return filled, pub


def _stack(seen: Seen) -> list[Frame]:
    """The decision stack; other seats' secret commits are unknown: a seat that has
    committed is taken to have chosen nothing."""
    stack = []
    for f in seen.rest["stack"]:
        data = dict(f["data"])
        if f["kind"] == COMMIT:
            secret = dict(data["secret"])
            for p in f["done"]:
                secret.setdefault(str(p), [])
            data["secret"] = secret
        stack.append(Frame(f["kind"], f["step"], list(f["seats"]), f["at"], list(f["done"]), data))
    return stack


def _by(seen: Seen) -> list[int]:
    index = catalog().index
    by = [-1] * catalog().size
    for uid, p in seen.rest["by"].items():
        by[index[uid]] = p
    return by


def _fights(seen: Seen) -> list[dict[str, Any]]:
    index = catalog().index
    return [
        dict(f, club=index[f["club"]], parry=-1 if f["parry"] is None else index[f["parry"]])
        for f in seen.rest["fights"]
    ]


def _plays(seen: Seen) -> list[dict[str, Any]]:
    index = catalog().index
    plays = []
    for p in seen.rest["plays"]:
        q = dict(p)
        if "card" in q:
            q["card"] = -1 if q["card"] is None else index[q["card"]]
        plays.append(q)
    return plays


# A full state matching a view: hands of others and both decks dealt from unseen cards.
rebuild = FromView(
    MayflowerState,
    deal=_deal,
    zones={
        "numbers": "numbers",
        "court": "court",
        "hands": "p{seat}.hand",
        "royals": "p{seat}.royal",
        "diamonds": "p{seat}.diamonds",
        "forts": "p{seat}.fort",
        "fronts": "p{seat}.front",
        "heals": "p{seat}.heal",
        "spent": "spent",
        "gone": "gone",
    },
    hooks={"stack": _stack, "by": _by, "fights": _fights, "plays": _plays},
    view={"over": "over"},
    public={"phase": "phase_id", "log_eliminated": "eliminated"},
)
