"""Monarch's move table: each move with the step that offers it, how its actions are made,
how one applies and why one is refused.

The turn offers harvest, tax, acquire (a drag from the row onto a court, a land board, the
discard pile or a sister's guests), sweep, fly (a drag of a banner), swap (the Banner of
Balance) and end; a pledge round offers pledges; the questions of a turn offer dismiss/keep
(a guest removed by a Court card) and blight (the Blight's tie).

The move names and the turn's plain moves are in :mod:`.turn_moves`, acquire in
:mod:`.acquire_moves`, the pledges and questions in :mod:`.question_moves`, the refusal
reasons in :mod:`.refusals`.
"""

from __future__ import annotations

from tabletop.engine import BUTTON, CLICK, DRAG
from tabletop.engine.moves import Move, Moves
from tabletop.games.monarch.acquire_moves import acquires, apply_acquire
from tabletop.games.monarch.question_moves import (
    apply_dismiss,
    apply_keep,
    apply_pledge,
    apply_strike,
    dismissals,
    keeps,
    pledges,
    strikes,
)
from tabletop.games.monarch.refusals import (
    refuse_acquire,
    refuse_dismiss,
    refuse_end,
    refuse_fly,
    refuse_harvest_or_tax,
    refuse_pledge,
    refuse_strike,
    refuse_swap,
    refuse_sweep,
)
from tabletop.games.monarch.state import (
    BLIGHT,
    DISMISS,
    PLEDGE_STEP,
    TURN_STEP,
)
from tabletop.games.monarch.turn_moves import (
    ACQUIRE,
    DISMISS_GUEST,
    END,
    FLY,
    HARVEST,
    KEEP,
    PLEDGE,
    STRIKE,
    SWAP,
    SWEEP,
    TAX,
    apply_end,
    apply_fly,
    apply_harvest,
    apply_swap,
    apply_sweep,
    apply_tax,
    ends,
    flies,
    harvests,
    swaps,
    sweeps,
    taxes,
)
from tabletop.games.monarch.turn_moves import card_of as card_of  # (read by game.py and ai.py)

MOVES = Moves(
    [
        Move(HARVEST, (TURN_STEP,), harvests, apply_harvest, refuse_harvest_or_tax, BUTTON),
        Move(TAX, (TURN_STEP,), taxes, apply_tax, refuse_harvest_or_tax, BUTTON),
        Move(ACQUIRE, (TURN_STEP,), acquires, apply_acquire, refuse_acquire, DRAG),
        Move(SWEEP, (TURN_STEP,), sweeps, apply_sweep, refuse_sweep, BUTTON),
        Move(FLY, (TURN_STEP,), flies, apply_fly, refuse_fly, DRAG),
        Move(SWAP, (TURN_STEP,), swaps, apply_swap, refuse_swap, BUTTON),
        Move(END, (TURN_STEP,), ends, apply_end, refuse_end, BUTTON),
        Move(PLEDGE, (PLEDGE_STEP,), pledges, apply_pledge, refuse_pledge, BUTTON),
        Move(DISMISS_GUEST, (DISMISS,), dismissals, apply_dismiss, refuse_dismiss, CLICK),
        Move(KEEP, (DISMISS,), keeps, apply_keep, refuse_dismiss, BUTTON),
        Move(STRIKE, (BLIGHT,), strikes, apply_strike, refuse_strike, CLICK),
    ]
)
