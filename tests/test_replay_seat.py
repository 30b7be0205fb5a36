"""A replay shows each seat only what it saw: its view and its log at every step.

The oracle is independent of the replay: the same moves applied afresh, and at every step
the cards the game's own ``view(state, seat)`` identifies.  A planted leak (an open hand, a
view one step ahead, an unredacted log) must be caught.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.replay import Replay, open_view
from tabletop.engine import Event, Game, Rng, events_for

MAX_MOVES = 400


def finished_match(game: Game, players: int, seed: int) -> Match:
    seats = [SeatConfig(name=f"P{i}") for i in range(players)]
    m = Match(game, seats, seed)
    rng = Rng(seed)
    while not m.is_over() and len(m.history) < MAX_MOVES:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    return m


def identified(view: Mapping[str, Any]) -> set[str]:
    """Every card uid a view names, in any zone."""
    out = set()
    for zone in (view.get("zones") or {}).values():
        for card in zone.get("cards") or ():
            if isinstance(card, Mapping) and card.get("card") is not None:
                out.add(str(card.get("uid") or card.get("card")))
    return out


def positions(match: Match) -> Iterator[tuple[int, Any, list[Event]]]:
    """(step, state, events so far) applied afresh, independently of the replay."""
    game = match.game
    state = game.new_game(match.players, match.seed, match.options)
    done: list[Event] = []
    yield 0, state, done
    for k, p in enumerate(match.history, 1):
        done = done + list(game.apply(state, p.seat, p.action))
        yield k, state, done


def leaks(replay: Replay, match: Match, seat: int) -> list[str]:
    """Where the replay showed ``seat`` a card or a log line it did not have then."""
    found = []
    for k, state, done in positions(match):
        shown = identified(replay.view(k, seat))
        truth = identified(match.game.view(state, seat))
        if shown - truth:
            found.append(f"step {k}: cards {sorted(shown - truth)[:3]} were not seen")
        if replay.log(k, seat) != events_for(done, seat):
            found.append(f"step {k}: the log is not the seat's log")
        if len(found) > 3:
            break
    return found


def imperfect_games() -> list[Game]:
    return [g for g in registry.games().values() if g.info.information == "imperfect"]


@pytest.mark.parametrize("game", imperfect_games(), ids=lambda g: g.info.id)
def test_each_seat_sees_only_its_own_view(game: Game) -> None:
    players = max(2, game.info.min_players)
    match = finished_match(game, players, seed=11)
    replay = Replay.of_match(match)
    assert replay.length == len(match.history)
    for seat in range(players):
        assert leaks(replay, match, seat) == []


class OpenHands(Replay):
    """Planted: a seat is shown every hand."""

    def view(self, step: int, seat: int | None) -> Mapping[str, Any]:
        return open_view(self.game, self.state_at(step), self.players)


class OneStepAhead(Replay):
    """Planted: the view is of the next position (the card about to be drawn shows)."""

    def view(self, step: int, seat: int | None) -> Mapping[str, Any]:
        return super().view(min(step + 1, self.length), seat)


class FullLog(Replay):
    """Planted: the log is not redacted."""

    def log(self, step: int, seat: int | None) -> list[Event]:
        return [e for events in self.events[:step] for e in events]


def a_finished_hidden_game(seed: int) -> Match:
    """A finished random game of the first game with hidden cards that finishes quickly."""
    for game in imperfect_games():
        match = finished_match(game, 2, seed)
        if match.is_over():
            return match
    pytest.skip("no game with hidden cards finishes under random play")


def a_game_with_secrets(seed: int) -> Match:
    """A random game (finished or not) in which some events are private to a seat."""
    for game in imperfect_games():
        match = finished_match(game, 2, seed)
        if any(e.private_to is not None for p in match.history for e in p.events):
            return match
    pytest.skip("no game has private events")


@pytest.mark.parametrize("planted", [OpenHands, OneStepAhead, FullLog])
def test_a_planted_leak_is_caught(planted: type[Replay]) -> None:
    match = a_game_with_secrets(11)
    replay = planted.of_match(match)
    assert any(leaks(replay, match, seat) for seat in range(2))


def test_open_hands_only_after_the_end() -> None:
    match = a_finished_hidden_game(3)
    game = match.game
    moves = [(p.seat, p.action) for p in match.history]
    unfinished = Replay(game, 2, match.seed, match.options, moves[: len(moves) // 2])
    assert not unfinished.may_reveal()
    assert identified(unfinished.view(3, None)) == identified(
        game.view(unfinished.state_at(3), None)
    )
    done = Replay.of_match(match)
    open_cards = identified(done.view(0, None))
    for seat in range(2):
        assert identified(done.view(0, seat)) <= open_cards
    assert open_cards > identified(done.view(0, 0))  # the other hand shows too


def test_stepping_back_gives_the_same_views() -> None:
    match = a_finished_hidden_game(5)
    replay = Replay.of_match(match)
    forward = [identified(replay.view(k, 1)) for k in range(replay.length + 1)]
    backward = [identified(replay.view(k, 1)) for k in range(replay.length, -1, -1)]
    assert forward == backward[::-1]
