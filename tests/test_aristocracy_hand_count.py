"""Aristocracy: the hand count a view shows is the hand zone it shows (one source).

What each seat may know (rulebook and rulings A5, A9, A12, A13, the Stalls tip): the number
of cards in a hand is public; Tax discards and Ball contributions are chosen in secret, so
the others see them only as more hand cards until the reveal; a stall card sold or spent on
a Favor is watched by everyone as it goes (flipped face down where it lay until the seat's
actions end) — it is no longer held, and every seat knows which card it was.
"""

from __future__ import annotations

from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.state import State
from tabletop.games.aristocracy.view import set_aside_secret


def _states(players: int, seed: int, moves: int = 1500) -> list[State]:
    """The states of a seeded random game (copies), every one of them."""
    s = GAME.new_game(players, seed)
    rng = Rng(seed)
    out = [GAME.copy(s)]
    for _ in range(moves):
        if GAME.is_over(s):
            break
        seat = GAME.to_act(s)[0]
        actions = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, actions[rng.randrange(len(actions))])
        out.append(GAME.copy(s))
    return out


def test_every_view_counts_a_rivals_hand_as_its_hand_zone_shows_it() -> None:
    spent = secret = 0
    for players, seed in ((3, 0), (4, 3)):
        for s in _states(players, seed):
            in_turn = not set_aside_secret(s)
            if any(s.offers):
                spent += in_turn
                secret += not in_turn
            for viewer in (None, *range(players)):
                view = GAME.view(s, viewer)
                for p in range(players):
                    shown = view["zones"][f"p{p}.hand"]["cards"]
                    aside = view["zones"][f"p{p}.offer"]["cards"]
                    figure = view["seats"][p]["hand"]
                    if p != viewer:
                        assert len(shown) == figure, (seed, viewer, p, s.hands[p], s.offers[p])
                    if in_turn:  # spent stall cards: out of the hand, known to everyone
                        assert figure == len(s.hands[p])
                        assert [c["uid"] for c in aside] == [f"c{c}" for c in s.offers[p]]
                        assert all(
                            c["card"] == s.card_of[u]
                            for c, u in zip(aside, s.offers[p], strict=True)
                        )
                    else:  # secret set-aside cards: their owner's, folded for the others
                        assert figure == len(s.hands[p]) + len(s.offers[p])
                        assert len(aside) == (len(s.offers[p]) if p == viewer else 0)
    assert spent and secret  # both cases were met
