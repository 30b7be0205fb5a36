"""Mayflower's move table: the four secret commits, the King's Hoard choice, the reaction
window (jokers, Enemy of my Enemy, Diplomacy) and the answer of a seat called by Diplomacy.

The commits and the Hoard are in :mod:`.commit_moves`, the reaction window and Diplomacy's
answer in :mod:`.reaction_moves`, the refusal reasons in :mod:`.refusals`; favour moves live
in :mod:`.favours`; the table joins the lists.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import BUTTON, CLICK, DRAG, Action
from tabletop.engine.moves import Apply, Generate, Move, Moves
from tabletop.games.mayflower import favour_moves, table
from tabletop.games.mayflower.commit_moves import (
    ATTACK_DONE,
    ATTACK_WITH,
    COUNTER,
    DEFEND_DONE,
    DIPLO_DECLINE,
    DIPLO_PARRY,
    DIPLOMACY_MOVE,
    ENEMY_MOVE,
    FORTIFY_WITH,
    HEAL_WITH,
    HOARD_DONE,
    NO_FORTIFY,
    PARRY_WITH,
    PASS,
    REBUILD_DONE,
    SHOW,
    apply_attack,
    apply_done,
    apply_fortify,
    apply_heal,
    apply_hoard_done,
    apply_parry,
    apply_show,
    attack_dones,
    attacks,
    defend_dones,
    defends,
    fortifies,
    hoard_dones,
    hoards,
    no_fortifies,
    rebuild_dones,
    rebuilds,
)
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.reaction_moves import (
    apply_counter,
    apply_diplomacy,
    apply_diplomacy_answer,
    apply_pass,
    apply_redirect,
    counters,
    diplomacies,
    diplomacy_answers,
    diplomacy_declines,
    passes,
    redirects,
)
from tabletop.games.mayflower.refusals import refuse
from tabletop.games.mayflower.state import (
    ATTACK,
    DEFEND,
    DIPLOMACY_STEP,
    FORTIFY,
    HOARD_STEP,
    REACT,
    REBUILD,
    MayflowerState,
)


def _move(
    name: str, step: str, gen: Generate, app: Apply, gesture: str, reveals: bool = False
) -> Move:
    return Move(name, (step,), gen, app, partial(refuse, wanted=step), gesture, reveals)


MOVES = Moves(
    [
        _move(FORTIFY_WITH, FORTIFY, fortifies, apply_fortify, DRAG),
        _move(NO_FORTIFY, FORTIFY, no_fortifies, apply_fortify, BUTTON),
        _move(ATTACK_WITH, ATTACK, attacks, apply_attack, DRAG),
        _move(ATTACK_DONE, ATTACK, attack_dones, apply_done, BUTTON),
        _move(PARRY_WITH, DEFEND, defends, apply_parry, DRAG),
        _move(DEFEND_DONE, DEFEND, defend_dones, apply_done, BUTTON),
        _move(HEAL_WITH, REBUILD, rebuilds, apply_heal, DRAG),
        _move(REBUILD_DONE, REBUILD, rebuild_dones, apply_done, BUTTON),
        _move(SHOW, HOARD_STEP, hoards, apply_show, CLICK),
        _move(HOARD_DONE, HOARD_STEP, hoard_dones, apply_hoard_done, BUTTON),
        _move(COUNTER, REACT, counters, apply_counter, DRAG),
        _move(ENEMY_MOVE, REACT, redirects, apply_redirect, DRAG),
        _move(DIPLOMACY_MOVE, REACT, diplomacies, apply_diplomacy, BUTTON),
        _move(PASS, REACT, passes, apply_pass, BUTTON),
        _move(DIPLO_PARRY, DIPLOMACY_STEP, diplomacy_answers, apply_diplomacy_answer, DRAG),
        _move(DIPLO_DECLINE, DIPLOMACY_STEP, diplomacy_declines, apply_diplomacy_answer, BUTTON),
        *favour_moves.MOVES,
    ],
    together=favour_moves.TOGETHER,
)


# --- a refused drop at the table ------------------------------------------------------------------
def _seat_of_zone(zone_id: str | None) -> int | None:
    if not zone_id or not zone_id.startswith("p") or "." not in zone_id:
        return None
    head = zone_id[1:].split(".", 1)[0]
    return int(head) if head.isdigit() else None


def action_for_drop(
    s: MayflowerState, seat: int, card: str | None, target: str | None
) -> Action | None:
    """The action a card dropped on ``target`` would be in the decision on top (legal or not),
    so that a refused drop can be explained by the move's own refusal."""
    if not s.stack or card is None:
        return None
    cat = catalog()
    step = s.stack[-1].step
    on_card = cat.index.get(target) if target else None
    if step == FORTIFY:
        return Action.make(FORTIFY_WITH, card=card)
    if step == REBUILD:
        return Action.make(HEAL_WITH, card=card)
    if step == ATTACK:
        t = _seat_of_zone(target)
        if t is None and on_card is not None:
            t = next((p for p in range(s.players) if on_card in s.royals[p]), None)
        return None if t is None else Action.make(ATTACK_WITH, card=card, target=t, boost=False)
    if step in (DEFEND, DIPLOMACY_STEP) and on_card is not None:
        fight = next((f["id"] for f in s.fights if f["club"] == on_card), -1)
        if step == DIPLOMACY_STEP:
            return Action.make(DIPLO_PARRY, card=card, boost=False)
        return Action.make(PARRY_WITH, card=card, fight=fight, boost=False)
    if step == REACT and on_card is not None:
        plays = [p for p in s.stack[-1].data["targets"] if table.target_card(s, p) == on_card]
        return Action.make(COUNTER, card=card, play=plays[0] if plays else -1)
    return None
