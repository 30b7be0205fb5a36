"""The match controller: apply, undo to the last barrier, autosave/resume, bad saves, AI."""

from __future__ import annotations

import json

import pytest
from court_game import COURT

from tabletop.controller import AiWorker, Match, SaveError, SeatConfig, agent_for
from tabletop.controller.match import AI
from tabletop.controller.saving import saves
from tabletop.engine import IllegalAction, Rng, state_digest


def _match(tmp_path, seats=None, seed=7):
    seats = seats or [SeatConfig(name="Ann"), SeatConfig(name="Bob")]
    return Match(COURT, seats, seed, save_path=tmp_path / "auto.json")


def _saved(tmp_path) -> dict:
    """The autosave as a whole document (its snapshot and journal merged)."""
    data = saves.read_save(tmp_path / "auto.json")
    data.pop("note")
    data.pop("journal", None)
    return data


def _play_random(m: Match, n: int, rng: Rng) -> None:
    for _ in range(n):
        if m.is_over():
            return
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))


def test_resume_after_crash_restores_exact_state(tmp_path) -> None:
    m = _match(tmp_path)
    _play_random(m, 7, Rng(1))
    data = _saved(tmp_path)
    assert data["format"] == {"kind": "tabletop-save", "version": 1}
    assert data["game"] == "court" and len(data["actions"]) == 7
    assert data["seats"][0]["name"] == "Ann"
    # "crash": forget the match, build a new one from the autosave only
    again = Match.load(tmp_path / "auto.json", COURT)
    assert state_digest(COURT, again.state) == state_digest(COURT, m.state)
    assert [p.action for p in again.history] == [p.action for p in m.history]
    # the snapshot is not trusted blindly: without it the replay gives the same state
    data.pop("snapshot", None)
    (tmp_path / "nosnap.json").write_text(json.dumps(data))
    replayed = Match.load(tmp_path / "nosnap.json", COURT)
    assert state_digest(COURT, replayed.state) == state_digest(COURT, m.state)


def test_resumed_match_has_the_whole_log_again(tmp_path) -> None:
    m = _match(tmp_path)
    _play_random(m, 9, Rng(3))
    again = Match.load(tmp_path / "auto.json", COURT)
    for seat in (None, 0, 1):  # the same lines for everyone, private parts still private
        before = [(e.kind, e.text, e.private_to) for e in m.log_for(seat)]
        assert before and [(e.kind, e.text, e.private_to) for e in again.log_for(seat)] == before
    data = _saved(tmp_path)
    data["actions"][0]["action"]["name"] = "no-such-move"  # its moves no longer replay
    (tmp_path / "old.json").write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:  # never loaded in a state its moves do not give
        Match.load(tmp_path / "old.json", COURT)
    assert "move 1 of 9 is not legal" in str(info.value) and not (tmp_path / "old.json").exists()


def test_undo_stops_at_barriers_and_other_seats(tmp_path) -> None:
    m = _match(tmp_path, [SeatConfig(name="Ann"), SeatConfig(name="Bob")])
    before = state_digest(COURT, m.state)
    play = next(a for a in m.legal(0) if a.name == "play")
    m.apply(0, play)
    assert m.can_undo(0) and not m.can_undo(1)
    assert m.undo(0)
    assert state_digest(COURT, m.state) == before
    m.apply(0, play)
    # Bob draws from the face-down deck: a barrier; nobody can undo past it
    draw = next(a for a in m.legal(1) if a.name == "draw")
    m.apply(1, draw)
    assert m.history[-1].barrier
    assert not m.can_undo(1) and not m.can_undo(0)
    assert not m.undo(0)
    # autosave follows undo
    assert len(_saved(tmp_path)["actions"]) == 2


def test_a_game_off_the_kit_has_its_barriers_read_from_its_events() -> None:
    """No layout is read: a reveal, a private part or the game's own flag stops undo."""
    from tabletop.controller.match import step_is_barrier
    from tabletop.engine import Event
    from tabletop.engine.events import MOVE, REVEAL

    assert not hasattr(COURT, "revealed")  # the fixture is not on the kit
    out_of_deck = {"card": "c1", "source": "deck", "target": "p0.hand"}
    assert step_is_barrier(COURT, [Event(REVEAL, "", {"cards": ["c2"]})])
    assert step_is_barrier(COURT, [Event(MOVE, "", out_of_deck, (0,))])
    assert step_is_barrier(COURT, [Event(MOVE, "", {"barrier": True})])
    assert not step_is_barrier(COURT, [Event(REVEAL, "", {"barrier": False})])
    assert not step_is_barrier(COURT, [Event(MOVE, "", out_of_deck)])  # a public move


def test_illegal_action_is_refused_with_reason(tmp_path) -> None:
    m = _match(tmp_path)
    other = m.state.hands[1][0]
    bad = next(a for a in m.legal(0) if a.name == "play")
    with pytest.raises(IllegalAction):
        m.apply(1, bad)
    from tabletop.engine import Action

    probe = Action.make("play", card=other)
    assert m.try_reason(0, probe) == "That card is not yours to move."
    assert m.history == []


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"format": {"kind": "tabletop-save", "version": 99}, "game": "court"}),
    ],
)
def test_corrupt_or_newer_save_is_reported_and_moved_aside(tmp_path, content) -> None:
    bad = tmp_path / "auto.json"
    bad.write_text(content)
    with pytest.raises(SaveError) as info:
        Match.load(bad, COURT)
    assert not bad.exists()
    assert info.value.moved_to is not None and info.value.moved_to.read_text() == content
    assert "moved aside" in str(info.value)


def test_agent_falls_back_to_greedy_then_random() -> None:
    assert agent_for("grandmaster", COURT).name == "greedy"  # unknown level → greedy


@pytest.mark.fairness
def test_ai_worker_answers_from_view_and_legal_only(tmp_path) -> None:
    m = _match(tmp_path, [SeatConfig(AI, "Bot", "hard"), SeatConfig(name="Bob")])
    for process in (False, True):
        w = AiWorker(process=process)
        w.submit("t1", COURT, "greedy", m.view(0), 0, m.legal(0), 3, channel="a")
        w.submit("t2", COURT, "greedy", m.view(0), 0, m.legal(0), 3, channel="b")
        answers = w.wait(30, channel="a")
        assert [a.token for a in answers] == ["t1"] and answers[0].action in m.legal(0)
        assert answers[0].action.name == "play"  # the greedy agent plays its best card
        assert [a.token for a in w.wait(30, channel="b")] == ["t2"]
        assert w.process is process  # the process was used, not silently replaced
        w.stop()
