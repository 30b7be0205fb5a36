"""Aristocracy property games: 2,000 seeded epsilon-greedy games (``GAMES``) for 2–5 players.

At every step of every game, for every seat: its view holds only cards that seat may know
(by the independent knowledge model of ``aristocracy_props``) and tells the truth about
them, and the events it receives name no other card; all 101 cards are accounted for; no
coins are negative.  Every 40th step a shuffle of one seat's unknown cards must leave its
view unchanged.  Every game goes through JSON at least once (at a random step and at the
end) and one in ten is replayed from its actions.  Games end by Glory: the safety cap may
only stop a game in which every card is held in hands and buildings, both piles empty
(five players with the longer buildings can run the deck dry).  Games mix the player
counts and the options (building sizes and starting hands).  The games are split into
chunks so the two xdist workers balance them; CI plays a slice of them (``RUN``);
``benchmarks/aristocracy.py properties`` runs longer series.
"""

from __future__ import annotations

import os

import pytest
from aristocracy_props import EPS, MIX, play, setup_of

GAMES = 2000  # issue 4 asks for 2,000: ~6.3 CPU-minutes on the machine of the time
CHUNKS = 40
# CI plays every eighth chunk (250 games spread over the series: every player count, option
# set and epsilon, replays at every player count, as the coverage test checks);
# TABLETOP_FULL_PROPERTIES=1 plays all 2,000, as does ``benchmarks/aristocracy.py properties``
# with longer series
FULL = os.environ.get("TABLETOP_FULL_PROPERTIES", "") == "1"
RUN = list(range(CHUNKS)) if FULL else list(range(0, CHUNKS, 8))


def games_of(chunk: int) -> range:
    """The property games of one chunk (indices for :func:`setup_of`)."""
    size = GAMES // CHUNKS
    return range(chunk * size, (chunk + 1) * size)


def test_the_games_played_cover_every_player_count_option_and_epsilon() -> None:
    """What this run plays (CI's slice or all): every player count with every option set
    and every epsilon, and replays at every player count."""
    played = [setup_of(i) for chunk in RUN for i in games_of(chunk)]
    combos = {(s[1], str(s[2]), s[3]) for s in played}
    assert combos == {(p, str(m), e) for p in (2, 3, 4, 5) for m in MIX for e in EPS}
    assert {s[1] for s in played if s[4]} == {2, 3, 4, 5}  # replayed at every count
    assert len({s[0] for s in played}) == len(played)  # no seed played twice


@pytest.mark.slow
@pytest.mark.parametrize("chunk", RUN)
def test_property_games(chunk: int) -> None:
    games = games_of(chunk)
    size = len(games)
    capped = stuck = steps = checked = expected = replayed = 0
    for i in games:
        seed, players, options, eps, replay = setup_of(i)
        st = play(seed, players, options, eps, replay=replay)
        assert st.round_trips >= 1 and st.replayed == replay
        capped += st.capped
        stuck += st.capped and st.dry
        steps += st.steps
        checked += st.views_checked
        expected += (st.steps + 1) * players  # every seat at every step, and at the end
        replayed += st.replayed
    # the cap only ever stops a game whose every card is held in hands and buildings
    assert capped == stuck <= 2, f"{capped} game(s) hit the safety cap, {stuck} with no card left"
    assert checked == expected
    assert steps > 250 * size
    assert replayed == sum(setup_of(i)[4] for i in games) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_prefixes(players: int) -> None:
    """Uniformly random moves reach rare paths (downgrades, re-visits); same checks."""
    for i in range(2):
        st = play(7000 + 10 * players + i, players, MIX[i], eps=1.0, replay=True, stop_after=300)
        assert st.steps == 300 and st.views_checked == 301 * players
