"""Mayflower's favour step listed in one pass gives exactly what its moves list one by one."""

from __future__ import annotations

from tabletop.engine import Rng
from tabletop.games.mayflower import GAME, favour_moves, favours, market
from tabletop.games.mayflower.state import FAVOUR_STEP


def _one_by_one(s: object, seat: int) -> list:
    """The favour step's actions as each move's own generator lists them, in move order."""
    out: list = []
    for move in favour_moves.MOVES:
        if FAVOUR_STEP in move.steps:
            out += move.generate(s, seat)
    return out


def test_the_one_pass_market_lists_what_the_moves_list() -> None:
    compared = trades = buy_backs = hidden = 0
    for seed in range(12):
        players = 3 + seed % 4
        s = GAME.new_game(players, seed)
        rng = Rng(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            if s.stack[-1].step == FAVOUR_STEP:
                listed = market.market(s, seat)
                assert listed == _one_by_one(s, seat), f"seed {seed}, seat {seat}"
                assert legal == listed
                frame = s.stack[-1]
                for other in s.living():  # the round skips a seat with nothing but done
                    business = len(market.market(s, other)) > 1
                    dealt = market.deals(s, frame, other)
                    assert dealt >= business, f"seed {seed}, {other}"
                    if dealt and not business:  # a buy-back it cannot pay: asked all the same,
                        # for no diamond shows and whether one is in hand is secret (M38)
                        assert not s.diamonds[other] and s.hands[other], f"seed {seed}, {other}"
                        hidden += 1
                compared += 1
                trades += sum(a.name in (favours.SELL, favours.SWAP) for a in listed)
                buy_backs += sum(a.name == favours.BUY_BACK for a in listed)
            GAME.play(s, seat, rng.choice(legal))
    # the games reached the market with tokens to trade and to buy back
    assert compared > 500 and trades > 100 and buy_backs > 10 and hidden
