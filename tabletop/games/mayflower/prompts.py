"""The words the table shows for Mayflower: the prompt above the table and who is waiting."""

from __future__ import annotations

from tabletop.engine.decisions import REACTION
from tabletop.games.mayflower.favours import subject_words
from tabletop.games.mayflower.state import MayflowerState, who
from tabletop.games.mayflower.table import describe_play
from tabletop.games.mayflower.view import card_name

STEP_DOING = {
    "fortify": "choosing a fortification",
    "attack": "choosing attacks",
    "defend": "choosing parries",
    "rebuild": "choosing hearts",
    "hoard": "choosing which diamonds to show",
    "react": "deciding whether to answer",
    "favours": "dealing in favours",
    "diplomacy": "answering a Diplomacy call",
    "ask": "answering a request for help",
    "call": "paying back a favour",
    "offer": "answering a favour trade",
}


def prompt_text(s: MayflowerState, seat: int | None) -> str:
    """The line shown above the table for ``seat``."""
    if s.over:
        return "The game is over."
    if not s.stack:
        return ""
    top = s.stack[-1]
    acting = top.acting()
    if seat not in acting:
        if top.kind == REACTION:  # who may answer is secret (M38)
            return f"Waiting for answers ({STEP_DOING.get(top.step, top.step)})."
        names = ", ".join(who(p) for p in acting)
        return f"Waiting for {names} ({STEP_DOING.get(top.step, top.step)})."
    step, d = top.step, top.data
    if step == "fortify":
        return "Fortify: drag one spade to Fortified, or take none."
    if step == "attack":
        return "Attack: drag clubs onto the rivals you attack, then confirm."
    if step == "defend":
        return "Defend: drag a spade onto each club you parry, then confirm."
    if step == "rebuild":
        return "Rebuild: drag hearts to Healing, then confirm."
    if step == "hoard":
        return "King's Hoard: click the diamonds to show; keep the rest hidden."
    if step == "react":
        return _react_text(s, seat, d["targets"])
    if step == "favours":
        return "Favours: ask for help, call in or trade a favour, or be done."
    if step == "diplomacy":
        f = s.fights[d["fight"]]
        return (
            f"{who(d['holder'])} calls you by Diplomacy to parry {who(f['by'])}'s "
            f"{card_name(f['club'])}. Parry it, or decline."
        )
    if step in ("ask", "call"):
        words = subject_words(s, d["phase"], d["subject"], d["asker"])
        if step == "ask":
            how = "as a gift (no favour owed)" if d.get("gift") else "for a favour"
            return f"{who(d['asker'])} asks you to {words} {how}. Accept?"
        return f"{who(d['asker'])} calls in your favour: {words}. Choose the card."
    if step == "offer":
        if d["kind"] == "buy_back":
            return (
                f"{who(d['from'])} offers the {card_name(d['card'])} to buy back "
                f"their favour. Accept?"
            )
        what = "a diamond" if d["kind"] == "sell_favour" else "a favour from you"
        return f"{who(d['from'])} offers you a favour token for {what}. Accept?"
    return ""


def _react_text(s: MayflowerState, seat: int, targets: list[int]) -> str:
    """The answer window in words: the plays of others the seat may answer (a joker never
    answers the seat's own play) and only the ways it has (a joker, a power), or pass."""
    from tabletop.games.mayflower.reaction_moves import counters, diplomacies, redirects

    others = [
        describe_play(s, p)
        for p in targets
        if not s.plays[p]["lost"] and s.plays[p]["seat"] != seat
    ]
    ways = ["play a joker"] if counters(s, seat) else []
    ways += ["use a power"] if redirects(s, seat) or diplomacies(s, seat) else []
    what = "; ".join(others) if others else "the attacks"
    return f"Answer {what}: {', '.join([*ways, 'or pass']) if ways else 'pass'}."


def waiting(s: MayflowerState) -> str:
    if s.over or not s.stack:
        return "nobody"
    top = s.stack[-1]
    if top.kind == REACTION:  # who may answer is secret (M38)
        return f"answers ({STEP_DOING.get(top.step, top.step)})"
    names = ", ".join(who(p) for p in top.acting())
    return f"{names} ({STEP_DOING.get(top.step, top.step)})"
