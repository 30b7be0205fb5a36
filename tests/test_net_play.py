"""Network play, end to end: a real ``tabletop serve`` on loopback, real clients.

Every game at its smallest and largest seat count is played to the end by remote players
only, by one remote player with the server's AI, and by a mix (CI plays the server's AI and
the mix at the smallest count and the mix at the largest: remote players only at the smallest
count are ``test_net_leak``'s games; ``TABLETOP_NET_FULL=1`` plays all of them); the outcome every client was
sent equals a local replay of the moves the server stored, and so does each seat's last view.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from net_helpers import (
    Bot,
    ServerProcess,
    create_table,
    join_table,
    local_replay,
    play_out,
    stored_table,
    wait_for,
)

from tabletop import registry
from tabletop.net import wire

FAST = ("--ai-delay", "0", "--ai-workers", "1", "--rate", "2000", "--burst", "2000",
        "--tables-per-address", "500")  # fmt: skip
FULL = os.environ.get("TABLETOP_NET_FULL", "") == "1"  # every mode at both counts (a soak)
CASES = [
    (gid, n, mode)
    for gid in sorted(registry.games())
    for n in sorted({registry.get(gid).info.min_players, registry.get(gid).info.max_players})
    for mode in ("remote", "with-ai", "mixed")
    # CI's slice: with the server's AI at the smallest count, the mix (remote players and
    # the server's AI together) at both; remote players only at the smallest count are
    # test_net_leak's games (every frame checked too); TABLETOP_NET_FULL=1 plays all thirty
    if FULL or (n == registry.get(gid).info.min_players and mode != "remote") or mode == "mixed"
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    data = tmp_path_factory.mktemp("server")
    srv = ServerProcess(data, *FAST).start()
    yield srv
    srv.stop()


def _seats(n: int, mode: str) -> list[dict]:
    if mode == "remote":
        return [{"kind": "host", "name": "Host"}] + [{"kind": "open"}] * (n - 1)
    if mode == "with-ai":
        return [{"kind": "host", "name": "Host"}] + [{"kind": "ai", "level": "easy"}] * (n - 1)
    # mixed: the host, a friend, and the AI in the rest (two seats: both players at one client)
    rest = [{"kind": "ai", "level": "easy"}] * (n - 2)
    return [{"kind": "host", "name": "Host"}, {"kind": "open"}, *rest]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "mode"), CASES)
def test_a_game_played_online_ends_as_a_local_replay_of_its_moves(
    server: ServerProcess, game_id: str, players: int, mode: str
) -> None:
    made = create_table(server.url, game_id, _seats(players, mode))
    code = made["code"]
    holdings: list[dict[int, str]] = [{made["seat"]: made["token"]}]
    for _ in range(sum(1 for s in _seats(players, mode) if s["kind"] == "open")):
        j = join_table(server.url, code, "Friend")
        if mode == "mixed" and players == 2:
            holdings[0][j["seat"]] = j["token"]  # a hot-seat pair at one computer
        else:
            holdings.append({j["seat"]: j["token"]})
    bots = [Bot(server.url, code, t, seed=i, policy="noisy:0.1") for i, t in enumerate(holdings)]
    try:
        play_out(bots, timeout=240)
        stored = stored_table(server.data, code)
        assert stored["over"]
        local = local_replay(stored)
        assert local.is_over()
        out = local.outcome()
        for b in bots:
            got = b.match.outcome()
            assert (got.scores, got.winners) == (out.scores, out.winners)
            assert b.match.n == len(stored["moves"])
            for seat in b.match.local_humans():
                assert b.match.view(seat) == wire.plain(local.view(seat))
        if mode == "with-ai":
            assert all(seat == 0 for seat, _ in stored["moves"][:0])  # (AI moves are stored)
            assert {s for s, _ in stored["moves"]} - {0}, "the server's AI never moved"
    finally:
        for b in bots:
            b.close()


def test_a_wrong_token_is_refused_and_the_right_one_rejoins(server: ServerProcess) -> None:
    made = create_table(server.url, "majesty", [{"kind": "host"}, {"kind": "open"}])
    code = made["code"]
    friend = join_table(server.url, code, "Friend")
    bot = Bot(server.url, code, {made["seat"]: made["token"]})
    try:
        wait_for(lambda: (bot.pump() or True) and bot.match.ready)
        c = bot.client
        forged = {"type": "move", "code": code, "token": "x" * 32, "n": 0,
                  "action": {"name": "take", "args": {}}}  # fmt: skip
        answer = c.call(forged)
        assert answer["type"] == "refused" and "token" in answer["reason"]
        # the friend's seat cannot be played with the host's token either: the token names
        # the seat, and the server checks whose turn it is with the rules
        seat = bot.match.to_act()[0]
        mover = made if seat == made["seat"] else friend
        other = friend if mover is made else made
        legal = bot.match.feeds[made["seat"]].legal if mover is made else None
        if legal is None:  # the friend is to act: the host tries to move for them
            answer = c.call({"type": "move", "code": code, "token": other["token"], "n": 0,
                             "action": {"name": "pass", "args": {}}})  # fmt: skip
            assert answer["type"] == "refused"
        # the host leaves and comes back with the same token: the same seat again
        bot.close()
        again = Bot(server.url, code, {made["seat"]: made["token"]})
        wait_for(lambda: (again.pump() or True) and again.match.ready)
        assert again.match.local_humans() == [made["seat"]]
        assert again.match.view(made["seat"])["viewer"] == made["seat"]
        again.close()
    finally:
        bot.close()
