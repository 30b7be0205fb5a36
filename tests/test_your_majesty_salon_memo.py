"""Your Majesty's table of possible salons stays within its bound however long a session runs."""

from __future__ import annotations

from tabletop.engine import Rng
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty import turn_moves as ym_moves


def _random_game(players: int, seed: int) -> int:
    """Play one random game quietly; how many salons its turns listed."""
    s = GAME.new_game(players, seed)
    rng = Rng(seed)
    listed = 0
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        listed += sum(a.name == "propose_salon" for a in legal)
        GAME.play(s, seat, rng.choice(legal))
    return listed


def test_the_salon_table_never_grows_past_its_bound() -> None:
    bound = ym_moves.salon_rows_bound()
    assert bound == GAME.info.max_players * 256
    listed = 0
    for seed in range(60):
        listed += _random_game(2 + seed % (GAME.info.max_players - 1), seed)
        assert len(ym_moves._SALON_ROWS) <= bound, f"after game {seed}"
    # the games did offer salons, so the table was read and filled
    assert listed > 0
    assert ym_moves._SALON_ROWS
    assert all(key >> 8 < GAME.info.max_players for key in ym_moves._SALON_ROWS)
