"""Your Majesty's move table: each move declares its actions, how one applies and why one is
refused.

The active seat's turn (step ``main``) offers the six kinds of action and *End turn*; the
frames above it offer the rest: paying for a colony or a salon, staging the salon, lending a
philosophe, answering a campaign, a Colonial Rebellion or A Place at Court, taking cards by
Espionage.  The order of the legal list is part of the game (agents choose by position):
moves in declaration order, cards in the order of their piles.

The actions themselves are built once in :mod:`.action_rows`; the moves of the turn and of
paying are in :mod:`.turn_moves`, the salon's and lending in :mod:`.salon_moves`, the
answers and Espionage in :mod:`.answer_moves`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.engine import BUTTON, DRAG, Action, Event
from tabletop.engine.moves import Move, Moves
from tabletop.games.your_majesty.action_rows import ALLOW_BLOCK, ALLOW_PLACE, YIELD, targeting
from tabletop.games.your_majesty.answer_moves import (
    allows,
    answers_of,
    apply_answer,
    apply_decline,
    apply_done,
    apply_take,
    dones,
    takes,
    then_button,
    yields,
)
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.salon import open_levels
from tabletop.games.your_majesty.salon_moves import (
    abandons,
    apply_abandon,
    apply_attend,
    apply_hold,
    apply_invite,
    apply_lend,
    apply_refusal,
    attends,
    holds,
    invites,
    lend_actions,
    lends,
    refusals,
    salon_actions,
)
from tabletop.games.your_majesty.state import (
    BLOCK,
    CANCEL,
    DEFEND,
    ESPIONAGE,
    LEND,
    MAIN,
    PAY,
    SALON,
    YMState,
)
from tabletop.games.your_majesty.turn_moves import (
    apply_campaign,
    apply_colony,
    apply_draw,
    apply_end_turn,
    apply_event,
    apply_pay,
    apply_propose,
    apply_refill,
    campaigns,
    colonies,
    draws,
    end_turns,
    events_,
    pays,
    refills,
    salons,
    turn_actions,
)
from tabletop.games.your_majesty.view import prompt

# --- refusals -----------------------------------------------------------------------------------
_KINDS = {
    "choose_colony": "colony",
    "draw_philosophe": "philosophe",
    "play_event": "event",
    "campaign": "campaign",
    "propose_salon": "salon",
    "refill": "refill",
}


def refuse(s: YMState, seat: int, action: Action) -> str:
    """A plain-words reason why ``action`` is refused."""
    if s.question is not None:
        return f"{action} is not possible now: an answer is awaited ({prompt(s, seat)})"
    used = s.used
    if action.name in used and action.name != "end_turn":
        return "You already took that kind of action this turn."
    if _KINDS.get(action.name) in used:
        return "You may not take the same kind of action twice in one turn."
    card = action.get("card")
    if action.name == "play_event" and isinstance(card, str) and card[1:].isdigit():
        a = int(card[1:])
        if a in s.hands[seat]:
            name = catalog().actions[a].name
            if targeting()[a] == "campaign":
                return f"{name} is a campaign: drag it onto a rival's colony to campaign."
            return f"{name} has nothing to act on now: no player, philosophe or colony fits it."
    ref = action.get("reform")
    known = isinstance(ref, str) and ref[1:].isdigit() and int(ref[1:]) in s.reforms
    if action.name == "propose_salon" and known:
        return _refuse_salon(s, seat, int(ref[1:]))
    return f"{action} is not allowed now (a card, a target or a rule is missing)."


def _refuse_salon(s: YMState, seat: int, reform: int) -> str:
    """Why the salon of ``reform`` cannot be proposed: the host's muse, level or wealth."""
    court = s.courts[seat]
    cat = catalog()
    if not court.phils:
        return "A salon needs a philosophe at your court to host it."
    if not court.colonies or sum(cat.coins[c] for c in court.colonies) < 2:
        return (
            "A salon needs at least two philosophes, and your wealth (your colonies' coins) "
            "lets fewer attend."
        )
    muses = 0
    for p in court.phils:
        muses |= cat.muse_bit[p]
    if not cat.reform_bit[reform] & muses:
        return "To attempt this reform you need a philosophe of its muse at your court."
    if not cat.level_bit[reform] & open_levels(s, seat, cat.level_bit):
        return (
            "This reform's level is not open to you yet: you need a reform of the level below "
            "(or half the players to have one)."
        )
    return "No salon can be held for this reform now (your wealth or an event in force)."


def _move(
    name: str,
    steps: Sequence[str],
    generate: Callable[[YMState, int], list[Action]],
    apply: Callable[[YMState, int, Action, list[Event]], None],
    gesture: str = DRAG,
) -> Move:
    return Move(name, tuple(steps), generate, apply, refuse, gesture)


_DEFENDS = answers_of("campaign", "defend")
_BLOCKS = answers_of("campaign", "block")
_CANCELS = answers_of("place", "cancel_place")

MOVES = Moves(
    [
        _move("choose_colony", [MAIN], colonies, apply_colony),
        _move("draw_philosophe", [MAIN], draws, apply_draw),
        _move("propose_salon", [MAIN], salons, apply_propose),
        _move("play_event", [MAIN], events_, apply_event),
        _move("campaign", [MAIN], campaigns, apply_campaign),
        _move("refill", [MAIN], refills, apply_refill, BUTTON),
        _move("end_turn", [MAIN], end_turns, apply_end_turn, BUTTON),
        _move("pay", [PAY], pays, apply_pay),
        _move("attend", [SALON], attends, apply_attend),
        _move("invite", [SALON], invites, apply_invite),
        _move("hold_salon", [SALON], holds, apply_hold, BUTTON),
        _move("abandon_salon", [SALON], abandons, apply_abandon, BUTTON),
        _move("lend", [LEND], lends, apply_lend, BUTTON),
        _move("refuse", [LEND], refusals, apply_refusal, BUTTON),
        _move("defend", [DEFEND], _DEFENDS, apply_answer),
        _move("yield", [DEFEND], yields, apply_decline, BUTTON),
        _move("block", [BLOCK], _BLOCKS, apply_answer),
        _move("cancel_place", [CANCEL], _CANCELS, apply_answer),
        _move("allow", [BLOCK, CANCEL], allows, apply_decline, BUTTON),
        _move("take", [ESPIONAGE], takes, apply_take),
        _move("done", [ESPIONAGE], dones, apply_done, BUTTON),
    ],
    together={
        MAIN: turn_actions,
        SALON: salon_actions,
        LEND: lend_actions,
        DEFEND: then_button(_DEFENDS, YIELD),
        BLOCK: then_button(_BLOCKS, ALLOW_BLOCK),
        CANCEL: then_button(_CANCELS, ALLOW_PLACE),
    },
)
