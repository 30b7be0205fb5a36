"""Undo at the table never takes back what a seat has seen: Espionage, a drawn card.

Played through the match controller as a human seat would (Ctrl+Z is ``Match.undo``).  The
Espionage step shows the spy the rival's hand: besides the played card's own move, the look
at the hand is declared a reveal, so undo is refused even if the card's move were not one.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.controller import Match, SeatConfig
from tabletop.engine import Action
from tabletop.engine.events import MOVE
from tabletop.games.your_majesty import GAME, action_cards
from tabletop.games.your_majesty.data import catalog

ESPIONAGE_SEED = 3  # two players: seat 2 moves first and holds Espionage


def _match(tmp_path: Any, seed: int) -> Match:
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bob")]
    return Match(GAME, seats, seed, save_path=tmp_path / "auto.json")


def _espionage(m: Match, spy: int) -> Action:
    effect = catalog().effect
    return next(
        a
        for a in m.legal(spy)
        if a.name == "play_event" and effect[int(a["card"][1:])] == "espionage"
    )


def _hand_seen_apart_from_the_card(events: list[Any]) -> bool:
    """Whether the step declares a reveal besides the moves of cards (the hand looked at)."""
    return GAME.revealed([e for e in events if e.kind != MOVE])


def test_espionage_shows_the_rivals_hand_and_cannot_be_undone(tmp_path: Any) -> None:
    m = _match(tmp_path, ESPIONAGE_SEED)
    spy = m.to_act()[0]
    victim = 1 - spy
    hidden = GAME.view(m.state, spy)["zones"][f"p{victim}.hand"]["cards"]
    assert hidden and all(c["uid"] is None for c in hidden)
    events = m.apply(spy, _espionage(m, spy))
    shown = GAME.view(m.state, spy)["zones"][f"p{victim}.hand"]["cards"]
    assert [c["uid"] for c in shown] == [f"a{c}" for c in m.state.hands[victim]]
    assert m.history[-1].barrier
    assert not m.can_undo(spy)
    assert not m.undo(spy)  # Ctrl+Z: refused, the hand stays seen
    assert m.state.stack[-1].step == "espionage" and len(m.history) == 1
    assert _hand_seen_apart_from_the_card(events)
    # a card taken passes privately from hand to hand: no undo either
    m.apply(spy, next(a for a in m.legal(spy) if a.name == "take"))
    assert m.history[-1].barrier and not m.undo(spy)


def test_the_look_at_the_hand_is_declared_where_espionage_is_played(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planted bug: without its declaration the look at the hand is no reveal."""
    plain = action_cards.say

    def undeclared(text: Any, events: list[Any], reveal: bool = False) -> None:
        plain(text, events)

    monkeypatch.setattr(action_cards, "say", undeclared)
    m = _match(tmp_path, ESPIONAGE_SEED)
    spy = m.to_act()[0]
    assert not _hand_seen_apart_from_the_card(m.apply(spy, _espionage(m, spy)))


def test_a_drawn_card_cannot_be_undone(tmp_path: Any) -> None:
    m = _match(tmp_path, 5)
    seat = m.to_act()[0]
    # reaching for a colony shows nothing: it can be taken back
    reach = next(a for a in m.legal(seat) if a.name == "choose_colony")
    m.apply(seat, reach)
    assert not m.history[-1].barrier and m.can_undo(seat)
    assert m.undo(seat) and not m.history
    # paying shows the card paid; the next turn's refill draws unseen cards
    m.apply(seat, reach)
    m.apply(seat, next(a for a in m.legal(seat) if a.name == "pay"))
    assert m.history[-1].barrier and not m.can_undo(seat)
    m.apply(seat, next(a for a in m.legal(seat) if a.name == "end_turn"))
    other = m.to_act()[0]
    m.apply(other, next(a for a in m.legal(other) if a.name == "end_turn"))
    refill = next(a for a in m.legal(seat) if a.name == "refill")
    before = len(m.history)
    events = m.apply(seat, refill)
    drawn = [e for e in events if e.kind == MOVE and e.data["source"] == "action_deck"]
    assert drawn and all(e.private_to == (seat,) for e in drawn)
    assert m.history[-1].barrier
    assert not m.can_undo(seat)
    assert not m.undo(seat)  # Ctrl+Z: refused, the card stays drawn
    assert len(m.history) == before + 1
