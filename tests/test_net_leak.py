"""Only views leave the server: every byte sent to each seat over whole games of all five
games is checked against what that seat's local view, legal moves and log would show.

Each seat is its own client recording every frame it receives; a spectator records too.
After the game, the moves the server stored are replayed locally and each ``state`` message
is compared, field by field, with the local match at that message's move number: the view,
the legal actions (only when the seat is to act), the log lines so far, and nothing else.
The deal's seed and the AI's key never appear in any frame.  A server with one hand copied
into every message (a planted leak) fails the check.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
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
from tabletop.engine import events_for
from tabletop.net import wire
from tabletop.net.client import NetClient

FAST = ("--ai-delay", "0", "--ai-workers", "0", "--rate", "2000", "--burst", "2000")

STATE_KEYS = {
    "type", "code", "seat", "n", "full", "started", "over", "to_act", "view", "legal", "undo",
    "events", "seats", "acted", "game", "options", "players", "outcome",
}  # fmt: skip
OTHER_KEYS = {
    "welcome": {"type", "version", "server", "games", "limits", "ref"},
    "joined": {"type", "code", "seat", "token", "ref"},
    "refused": {"type", "code", "reason", "ref"},
    "explained": {"type", "code", "reason", "ref"},
    "error": {"type", "reason", "ref", "fatal"},
    "pong": {"type", "ref"},
}
SEAT_KEYS = {"seat", "name", "kind", "level", "connected", "away", "host"}

PLANTED_LEAK = """
import tabletop.net.table as _t
_orig = _t.ServerTable.message_for
def _leaky(self, sub):
    msg = _orig(self, sub)
    view = dict(msg["view"]); zones = dict(view["zones"])
    zones["p0.hand"] = self.match.view(0)["zones"]["p0.hand"]
    view["zones"] = zones
    msg["view"] = view
    return msg
_t.ServerTable.message_for = _leaky
"""


def check_stream(frames: list[str], seat: int | None, local: Any, stored: dict) -> int:
    """Assert that every frame sent to ``seat`` shows exactly that seat's view; the number of
    state messages checked."""
    game = local.game
    secrets_ = (str(stored["seed"]), str(stored["ai_key"]))
    human = {i for i, (kind, _n, _l) in enumerate(stored["seats"]) if kind != "ai"}
    flat: list[Any] = []  # the seat's whole log; ends[n]: its length after n moves
    ends = [0]
    for p in local.history:
        flat += wire.plain([wire.event_to_wire(e) for e in events_for(p.events, seat)])
        ends.append(len(flat))
    got = 0  # log lines received so far
    checked = 0
    for text in frames:
        for s in secrets_:
            assert s not in text, "a seed left the server"
        msg = json.loads(text)
        kind = msg["type"]
        if kind != "state":
            assert set(msg) <= OTHER_KEYS.get(kind, {"type"}), f"unexpected {kind}: {set(msg)}"
            continue
        assert set(msg) <= STATE_KEYS, f"unexpected fields {set(msg) - STATE_KEYS}"
        assert msg["seat"] == seat
        n = msg["n"]
        state = local.states[n]
        assert msg["view"] == wire.plain(game.view(state, seat)), f"view of {seat} at {n}"
        over = game.is_over(state)
        acts = seat is not None and seat in human and not over and seat in game.to_act(state)
        legal = [wire.action_to_wire(a) for a in game.legal_actions(state, seat)] if acts else []
        if msg["started"]:
            assert msg["legal"] == wire.plain(legal), f"legal moves of {seat} at {n}"
        else:
            assert msg["legal"] == []
        start = 0 if msg["full"] else got
        assert msg["events"] == flat[start : ends[n]], f"log of {seat} at {n}"
        got = ends[n]
        for info in msg["seats"]:
            assert set(info) <= SEAT_KEYS
        checked += 1
    return checked


def _play_recorded(
    srv: ServerProcess, game_id: str, players: int
) -> tuple[dict, Any, dict, list[tuple[Any, int, dict[int, Any]]]]:
    """Play a game by remote players only: the stored table, its local replay, the frames
    each seat (and a spectator, ``None``) received, and what each client made of them at
    the end (its outcome, its move count, the views of its seats)."""
    made = create_table(srv.url, game_id, [{"kind": "host"}] + [{"kind": "open"}] * (players - 1))
    code = made["code"]
    tokens = {made["seat"]: made["token"]}
    for _ in range(players - 1):
        j = join_table(srv.url, code)
        tokens[j["seat"]] = j["token"]
    frames: dict[Any, list[str]] = {seat: [] for seat in tokens}
    frames[None] = []
    watcher = NetClient(srv.url, record=frames[None])
    watcher.send({"type": "watch", "code": code})
    bots = [
        Bot(srv.url, code, {seat: tok}, seed=seat, policy="noisy:0.2", record=frames[seat])
        for seat, tok in tokens.items()
    ]
    try:
        play_out(bots, timeout=240)
        wait_for(lambda: any('"over":true' in f for f in frames[None][-3:]), 20)
        clients = [
            (b.match.outcome(), b.match.n, {q: b.match.view(q) for q in b.match.local_humans()})
            for b in bots
        ]
    finally:
        for b in bots:
            b.close()
        watcher.close()
    stored = stored_table(srv.data, code)
    return stored, local_replay(stored), frames, clients


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """One server for the games of this module (its tables are independent)."""
    srv = ServerProcess(tmp_path_factory.mktemp("leak"), *FAST).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_each_seat_is_sent_its_own_view_and_nothing_more(
    server: ServerProcess, game_id: str
) -> None:
    """Also the online game by remote players only at the smallest count (``test_net_play``
    plays the other modes): it ends as the local replay of its stored moves, for every
    client."""
    players = registry.get(game_id).info.min_players  # two rivals and a spectator
    stored, local, frames, clients = _play_recorded(server, game_id, players)
    assert stored["over"] and local.is_over()
    for seat, stream in frames.items():
        assert check_stream(stream, seat, local, stored) > len(stored["moves"]) // 2
    out = local.outcome()
    for got, n, views in clients:
        assert (got.scores, got.winners) == (out.scores, out.winners)
        assert n == len(stored["moves"])
        for seat, view in views.items():
            assert view == wire.plain(local.view(seat))


def test_a_planted_leak_is_caught(tmp_path) -> None:
    srv = ServerProcess(tmp_path, *FAST, prelude=PLANTED_LEAK).start()
    try:
        stored, local, frames, _ = _play_recorded(srv, "mayflower", 3)
    finally:
        srv.stop()
    check_stream(frames[0], 0, local, stored)  # seat 0 may see its own hand
    for seat in (1, 2, None):
        with pytest.raises(AssertionError, match="view of"):
            check_stream(frames[seat], seat, local, stored)
