"""Why Mayflower refuses an action, in plain words, for every step of the game."""

from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.decisions import COMMIT
from tabletop.games.mayflower.commit_moves import (
    ATTACK_WITH,
    COUNTER,
    DIPLO_PARRY,
    DIPLOMACY_MOVE,
    ENEMY_MOVE,
    FORTIFY_WITH,
    HEAL_WITH,
    PARRY_WITH,
    SHOW,
    planned_of,
)
from tabletop.games.mayflower.data import DIPLOMACY, ENEMY, catalog
from tabletop.games.mayflower.state import (
    ATTACK,
    DEFEND,
    DIPLOMACY_STEP,
    FORTIFY,
    HOARD_STEP,
    PHASE_NAMES,
    REACT,
    REBUILD,
    MayflowerState,
    who,
)
from tabletop.games.mayflower.values import (
    attack_value,
    has_jack,
    open_fight,
    played_value,
    power_of,
)
from tabletop.games.mayflower.view import card_name

# --- refusals --------------------------------------------------------------------------------------
STEP_WORDS = {
    FORTIFY: "choose a fortification (one spade, or none)",
    ATTACK: "choose your attacks, then confirm them",
    DEFEND: "choose your parries, then confirm them",
    REBUILD: "choose your hearts, then confirm them",
    HOARD_STEP: "choose which diamonds to show",
    REACT: "play a joker, use a royal power, or pass",
    DIPLOMACY_STEP: "parry the attack you were called to, or decline",
}


def _card_of(action: Action) -> int | None:
    uid = action.get("card")
    return catalog().index.get(uid) if isinstance(uid, str) else None


def _int(action: Action, key: str) -> int | None:
    v = action.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def refuse(s: MayflowerState, seat: int, action: Action, wanted: str) -> str:
    """A plain-words reason why ``action`` is refused (``wanted``: the step that offers its
    move, as the move table declares it)."""
    cat = catalog()
    top = s.stack[-1] if s.stack else None
    step = top.step if top else ""
    name = action.name
    if wanted != step:
        now = STEP_WORDS.get(step, "wait")
        if wanted in PHASE_NAMES:
            return f"That belongs to the {PHASE_NAMES[wanted]} phase; now you {now}."
        return f"That is not possible now; now you {now}."
    card = _card_of(action)
    if name in (FORTIFY_WITH, ATTACK_WITH, PARRY_WITH, HEAL_WITH, SHOW, COUNTER, DIPLO_PARRY):
        if card is None:
            return "There is no such card."
        if card not in s.hands[seat]:
            return f"The {card_name(card)} is not in your hand."
        planned = [e for e in (planned_of(s, seat) if top and top.kind == COMMIT else [])]
        need = {
            FORTIFY_WITH: "s",
            ATTACK_WITH: "c",
            PARRY_WITH: "s",
            HEAL_WITH: "h",
            SHOW: "d",
            DIPLO_PARRY: "s",
        }
        if name == COUNTER:
            if cat.ranks[card] != "joker":
                return "Only a joker can cancel a play."
            return _refuse_counter(s, seat, action)
        suit = need[name]
        if cat.suits[card] != suit:
            return {
                "s": "Only a spade can do that.",
                "c": "Only clubs attack.",
                "h": "Only hearts heal.",
                "d": "Only diamonds go on show.",
            }[suit]
        if name == ATTACK_WITH:
            return _refuse_attack(s, seat, action, card, planned)
        if name in (PARRY_WITH, DIPLO_PARRY):
            return _refuse_parry(s, seat, action, card, planned)
        if any(card in e[:1] for e in planned):
            return f"The {card_name(card)} is already in your plan."
    if name in (ENEMY_MOVE, DIPLOMACY_MOVE):
        power = {ENEMY_MOVE: ENEMY, DIPLOMACY_MOVE: DIPLOMACY}[name]
        if s.two_list or power_of(s, seat) != power:
            return "Your Royal does not have that power."
        if s.power_used[seat]:
            return "You have already used your Royal's power this season."
        if top is None or top.data.get("base") != ATTACK:
            return "Royal powers are used once the attacks are shown."
        fight = _int(action, "fight")
        if fight is None or not 0 <= fight < len(s.fights):
            return "There is no such attack."
        f = s.fights[fight]
        if not open_fight(f):
            return "That attack is no longer open (cancelled or parried)."
        other = _int(action, "target" if name == ENEMY_MOVE else "seat")
        if other is None or not 0 <= other < s.players:
            return "There is no such player."
        if not s.alive(other):
            return f"{who(other)} is out of the game."
        if name == ENEMY_MOVE and f["by"] == seat:
            return "Enemy of my Enemy moves a club of another player, never one of your own."
        if name == ENEMY_MOVE and other == f["by"]:
            return "A club cannot be turned against its own attacker."
        if name == DIPLOMACY_MOVE and f["to"] != seat:
            return "Diplomacy answers an attack made on you."
        if name == DIPLOMACY_MOVE and other == f["by"]:
            return "Diplomacy cannot call the attacker to parry their own club."
        if name == DIPLOMACY_MOVE and other == seat:
            return "Diplomacy calls another player, not yourself."
    return f"{action} is not allowed now."


def _refuse_attack(s: MayflowerState, seat: int, action: Action, card: int, planned: list) -> str:
    target = _int(action, "target")
    if target is None or not 0 <= target < s.players:
        return "There is no such player."
    if target == seat:
        return "You cannot attack yourself."
    if not s.alive(target):
        return f"{who(target)} is out of the game; attack a living rival."
    if any(e[0] == card for e in planned):
        return f"The {card_name(card)} is already in your attack."
    if action.get("boost"):
        if not has_jack(s, seat):
            return "Only a Jack's Front Line Leadership adds +2."
        return "The Jack's +2 on a club is used once a season."
    return f"{action} is not allowed now."


def _refuse_parry(s: MayflowerState, seat: int, action: Action, card: int, planned: list) -> str:
    top = s.stack[-1]
    fight = top.data.get("fight") if action.name == DIPLO_PARRY else _int(action, "fight")
    if fight is None or not 0 <= fight < len(s.fights):
        return "There is no such attack."
    f = s.fights[fight]
    if action.name == PARRY_WITH and f["to"] != seat:
        return "You can only parry attacks made on you."
    if f["lost"]:
        return "That attack was cancelled."
    if f["parry"] >= 0 or f["plost"] or any(e[0] == fight for e in planned):
        return "That club already has a parry: one spade per club."
    if any(e[1] == card for e in planned):
        return f"The {card_name(card)} is already parrying another club."
    need = attack_value(s, f)
    if need <= 0:
        return "That attack is worth nothing and fails by itself."
    boost = bool(action.get("boost"))
    worth = played_value(s, card, seat, boost)
    if worth < need:
        return (
            f"The {card_name(card)} is worth {worth}; a parry must be worth at least "
            f"{need} against that attack."
        )
    if boost:
        return "The Jack's +2 on a spade is used once a season."
    return f"{action} is not allowed now."


def _refuse_counter(s: MayflowerState, seat: int, action: Action) -> str:
    top = s.stack[-1]
    play = _int(action, "play")
    if play is None or play not in top.data.get("targets", ()):
        return "A joker answers a play just made; that one cannot be cancelled now."
    p = s.plays[play]
    if p["lost"]:
        return "That play is already cancelled."
    if p["seat"] == seat:
        return "You cannot cancel your own play."
    return f"{action} is not allowed now."
