"""Aristocracy's move table: every kind of action, the decision step that offers it, how it
applies and why it is refused.

The secret commits (stall, Tax, Ball, bid, Glory) and the auction's pick are in
:mod:`.commits`, the active seat's nine actions in :mod:`.actions`, the parts of the
royals' actions (Build, Visit, Buy) in :mod:`.royal`.
"""

from __future__ import annotations

from tabletop.engine import Action
from tabletop.engine.actions import BUTTON, CLICK, DRAG
from tabletop.engine.moves import Move, Moves
from tabletop.games.aristocracy.moves import actions, commits, royal
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    BUILD,
    BUILDING,
    BUY,
    DOWNGRADE,
    EXPOSE,
    GLORY,
    PICK,
    REVISIT,
    STALL,
    TAX,
    VISIT,
    State,
)

_TURN_ONLY = ("trade", "store", "sell", "pass", "favor")


def refuse(s: State, seat: int, action: Action) -> str:
    """A plain-words reason why ``action`` is refused."""
    if s.step != ACTIONS and action.name in _TURN_ONLY:
        return "Actions are only taken by the active player after the stalls are revealed."
    if s.step == ACTIONS and s.sub:
        return f"First finish the {s.sub} step of your action."
    if action.name == "favor":
        return actions.refuse_favor(s, seat, action)
    return f"{action.name.replace('_', ' ')} is not allowed now."


def _move(name: str, steps: tuple[str, ...], gen, app, gesture: str, reveals: bool = False) -> Move:
    return Move(name, steps, gen, app, refuse, gesture, reveals)


stall, ball = commits.STALL_MOVES, commits.BALL_MOVES
MOVES = Moves(
    [
        # the secret commits and the auction's picks
        _move("stall_put", (STALL,), stall.puts, stall.apply_put, DRAG),
        _move("stall_take", (STALL,), stall.takes, stall.apply_take, DRAG),
        _move("stall_ready", (STALL,), stall.readies, stall.apply_ready, BUTTON),
        _move("tax_discard", (TAX,), commits.tax_discards, commits.apply_tax_discard, DRAG),
        _move("ball_give", (BALL,), ball.puts, ball.apply_put, DRAG),
        _move("ball_take", (BALL,), ball.takes, ball.apply_take, DRAG),
        _move("ball_ready", (BALL,), ball.readies, ball.apply_ready, BUTTON),
        _move("bid", (BID,), commits.bids, commits.apply_bid, BUTTON),
        _move("pick", (PICK,), commits.picks, commits.apply_pick, DRAG),
        _move("glory_end", (GLORY,), commits.glory_ends, commits.apply_glory, BUTTON),
        _move("glory_pass", (GLORY,), commits.glory_passes, commits.apply_glory, BUTTON),
        # the active seat's actions, in the order the legal list offers them
        _move("trade", (ACTIONS,), actions.trades, actions.apply_trade, DRAG),
        _move("store", (ACTIONS,), actions.stores, actions.apply_store, DRAG),
        _move("hide", (ACTIONS,), actions.hides, actions.apply_hide, DRAG),
        _move("sell", (ACTIONS,), actions.sells, actions.apply_sell, DRAG),
        _move("harvest", (ACTIONS,), actions.harvests, actions.apply_harvest, CLICK, True),
        _move("favor", (ACTIONS,), actions.favors, actions.apply_favor, DRAG),
        _move("downgrade", (ACTIONS, DOWNGRADE), actions.downgrades, actions.apply_downgrade, DRAG),
        _move(
            "downgrade_done",
            (DOWNGRADE,),
            actions.downgrade_dones,
            actions.apply_downgrade_done,
            BUTTON,
        ),
        _move("royal", (ACTIONS,), actions.royals, actions.apply_royal, BUTTON),
        _move("pass", (ACTIONS,), actions.passes, actions.apply_pass, BUTTON),
        # the parts of the royals' actions
        _move("build_new", (BUILD,), royal.build_news, royal.apply_build_new, DRAG),
        _move("build_upgrade", (BUILD,), royal.build_upgrades, royal.apply_build_upgrade, DRAG),
        _move("build_add", (BUILDING,), royal.build_adds, royal.apply_build_add, DRAG),
        _move("build_done", (BUILDING,), royal.build_dones, royal.apply_build_done, BUTTON),
        _move("visit", (VISIT,), royal.visits, royal.apply_visit, CLICK, True),
        _move("expose", (EXPOSE,), royal.exposes, royal.apply_expose, CLICK),
        _move("expose_none", (EXPOSE,), royal.expose_nones, royal.apply_expose_none, BUTTON),
        _move(
            "revisit_discard",
            (REVISIT,),
            royal.revisit_discards,
            royal.apply_revisit_discard,
            BUTTON,
        ),
        _move("revisit_pay", (REVISIT,), royal.revisit_pays, royal.apply_revisit_pay, BUTTON),
        _move("buy", (BUY,), royal.buys, royal.apply_buy, DRAG),
    ],
    # the steps of several moves, listed in one pass over the state
    together={
        STALL: stall.step,
        BALL: ball.step,
        GLORY: commits.glory_step,
        ACTIONS: actions.turn_actions,
        DOWNGRADE: actions.downgrade_more,
        BUILD: royal.build_step,
        BUILDING: royal.building_step,
        EXPOSE: royal.expose_step,
        REVISIT: royal.revisit_step,
    },
)
