"""Mayflower's kept favour tables read as if made afresh: the market's kept blocks against the
moves' own generators, ``deals`` against the rule it stands for, the ledger and the oldest
token (carried over each token change) against the token list itself, over seeded games
whose tables stay warm from game to game."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Rng
from tabletop.games.mayflower import GAME, favour_moves, favours, market, tokens
from tabletop.games.mayflower.state import FAVOUR_STEP, MayflowerState


def _generated(s: MayflowerState, seat: int) -> list[Any]:
    """The favour step's actions as each move's own generator lists them, in move order."""
    out: list[Any] = []
    for move in favour_moves.MOVES:
        if FAVOUR_STEP in move.steps:
            out += move.generate(s, seat)
    return out


def _has_business(s: MayflowerState, seat: int) -> bool:
    """``deals`` as the rules say it: anything but a buy-back or done listed, or a token owed
    to a living player not yet offered a diamond by a seat showing one or holding a card."""
    if not s.favours_on or not s.alive(seat):
        return False
    others = [
        a for a in _generated(s, seat) if a.name not in (favours.BUY_BACK, favours.FAVOURS_DONE)
    ]
    if others:
        return True
    tried = s.stack[-1].data["tried"]
    owed = {t[2] for t in s.favours if t[1] == seat and s.alive(t[2])}
    untried = owed - {other for who, kind, other in tried if who == seat and kind == 4}
    return bool(untried) and bool(s.diamonds[seat] or s.hands[seat])


def _check_tokens(s: MayflowerState, where: str) -> None:
    for seat in range(s.players):
        owing = tuple(sorted({t[1] for t in s.favours if t[2] == seat}))
        owed = tuple(sorted({t[2] for t in s.favours if t[1] == seat}))
        assert tokens.ledger(s, seat) == (owing, owed), f"{where}, seat {seat}"
    for debtor, holder in {(t[1], t[2]) for t in s.favours}:
        first = next(t for t in s.favours if t[1] == debtor and t[2] == holder)
        assert favours.token_of(s, debtor, holder) is first, f"{where}, {debtor} owes {holder}"


def test_the_kept_favour_tables_agree_with_tables_made_afresh() -> None:
    markets = struck = 0
    for seed in range(10):
        players = 3 + seed % 4
        s = GAME.new_game(players, 900 + seed)
        rng = Rng(seed)
        step = 0
        while not GAME.is_over(s):
            step += 1
            where = f"seed {seed}, step {step}"
            _check_tokens(s, where)
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            if s.stack[-1].step == FAVOUR_STEP:
                assert legal == _generated(s, seat), where
                frame = s.stack[-1]
                for other in s.living():
                    assert market.deals(s, frame, other) == _has_business(s, other), where
                markets += 1
                struck += any(t[0] == seat for t in frame.data["tried"])
            GAME.play(s, seat, rng.choice(legal))
        copy = GAME.copy(s)  # a list the book did not follow: counted afresh
        _check_tokens(copy, f"seed {seed}, a copy")
    # the games listed many markets, many after tries that struck some of their actions
    assert markets > 500 and struck > 200
