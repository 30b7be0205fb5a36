"""A save is checked whole before it is offered: fields, bounds, and its replay."""

from __future__ import annotations

import copy
import json

import pytest
from save_support import a_game, played_match, save_doc, write

from tabletop.controller import Match, SaveError
from tabletop.controller.saving import saves
from tabletop.engine import state_digest


@pytest.fixture(scope="module")
def good() -> dict:
    return save_doc(8)


def _broken(good: dict, change) -> dict:
    doc = copy.deepcopy(good)
    change(doc)
    return doc


MAX_NAME = 18  # the New game form's limit

CASES = {
    "seats are strings": (lambda d: d.update(seats=["a", "b"]), "seat 1 is not a seat"),
    "players not seats": (lambda d: d.update(players=3), "says 3 players but has 2 seats"),
    "a name of 5 MB": (
        lambda d: d["seats"][0].update(name="x" * (5 * 1024 * 1024)),
        f"at most {MAX_NAME} characters",
    ),
    "an unknown seat kind": (lambda d: d["seats"][1].update(kind="robot"), "neither a person"),
    "a seed that is text": (lambda d: d.update(seed="7"), "seed"),
    "a bool for a seed": (lambda d: d.update(seed=True), "seed"),
    "moves not a list": (lambda d: d.update(actions={}), "no list of moves"),
    "a move for seat 7": (lambda d: d["actions"][0].update(seat=7), "move 1 names a seat"),
    "a move that is text": (lambda d: d["actions"].__setitem__(2, "x"), "move 3 is not a move"),
    "a snapshot that is a list": (lambda d: d.update(snapshot=[1]), "snapshot is not"),
    "options that are a list": (lambda d: d.update(options=[]), "options"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_shape_problems_are_named(good, name) -> None:
    from tabletop.controller.saving.save_check import check_shape

    change, words = CASES[name]
    assert words in check_shape(_broken(good, change))


@pytest.mark.parametrize("name", list(CASES))
def test_a_malformed_save_is_moved_aside_with_a_clear_message(good, tmp_path, name) -> None:
    change, words = CASES[name]
    path = write(tmp_path / "s.json", _broken(good, change))
    with pytest.raises(SaveError) as info:
        Match.load(path)
    text = str(info.value)
    assert words in text and "moved aside" in text and "Error" not in text
    assert not path.exists() and info.value.moved_to is not None and info.value.moved_to.exists()
    assert saves.offer_check(info.value.moved_to.with_name("s.json")) == (False, "")


def test_a_good_save_is_offered_and_loads(good, tmp_path) -> None:
    path = write(tmp_path / "s.json", good)
    assert saves.offer_check(path) == (True, "")
    m = Match.load(path)
    assert len(m.history) == 8 and m.load_note == ""


def test_a_snapshot_of_the_wrong_shape_is_repaired_from_the_moves(good, tmp_path) -> None:
    expected = state_digest(a_game(), played_match(8).state)
    doc = _broken(good, lambda d: d.update(snapshot={"current": 7}))
    path = write(tmp_path / "s.json", doc)
    m = Match.load(path)
    assert state_digest(m.game, m.state) == expected
    assert "did not match its moves" in m.load_note and "rebuilt from its 8 recorded moves" in (
        m.load_note
    )


def test_moves_cut_short_load_as_the_moves_say_and_say_so(good, tmp_path) -> None:
    doc = _broken(good, lambda d: d.update(actions=d["actions"][:5]))
    m = Match.load(write(tmp_path / "s.json", doc))
    assert len(m.history) == 5 and "did not match" in m.load_note
    assert state_digest(m.game, m.state) == state_digest(a_game(), played_match(5).state)


def test_an_illegal_move_inside_is_refused(good, tmp_path) -> None:
    def swap(d: dict) -> None:
        d["actions"][3]["action"] = {"name": "not-a-move", "args": {}}

    path = write(tmp_path / "s.json", _broken(good, swap))
    assert saves.offer_check(path)[0] is False
    assert not path.exists()
    (aside,) = [p for p in tmp_path.iterdir() if p.name.startswith("s.json.")]
    assert ".mismatch-" in aside.name


def test_a_save_for_a_game_not_installed_is_kept_but_not_offered(good, tmp_path) -> None:
    path = write(tmp_path / "s.json", _broken(good, lambda d: d.update(game="chess")))
    assert saves.offer_check(path) == (False, "")
    assert path.exists()  # not damaged: a later version may know the game


def test_repair_marks_a_wrong_finished_flag(good, tmp_path) -> None:
    m = Match.load(write(tmp_path / "s.json", _broken(good, lambda d: d.update(over=True))))
    assert "'finished' mark was wrong" in m.load_note and not m.is_over()


def test_peek_describes_without_moving(good, tmp_path) -> None:
    path = write(tmp_path / "s.json", _broken(good, lambda d: d.update(seats=["a", "b"])))
    assert saves.peek(path) is None and path.exists()
    info = saves.peek(write(tmp_path / "ok.json", good))
    assert info == {"game": good["game"], "names": ["Ada", "Hugo"], "ai": [False, True],
                    "moves": 8, "over": False}  # fmt: skip


def test_offer_check_remembers_its_verdict_until_the_file_changes(good, tmp_path) -> None:
    path = write(tmp_path / "s.json", good)
    calls = []
    real = saves.load_verified

    def counting(p, game=None):
        calls.append(p)
        return real(p, game)

    saves.load_verified = counting
    try:
        assert saves.offer_check(path)[0] and saves.offer_check(path)[0]
        assert len(calls) == 1
        doc = json.loads(path.read_text())
        doc["seats"][0]["name"] = "Eve"
        write(path, doc)
        assert saves.offer_check(path)[0] and len(calls) == 2
    finally:
        saves.load_verified = real


def test_a_respelled_game_id_still_finds_its_game(tmp_path) -> None:
    from tabletop import registry
    from tabletop.controller import SeatConfig

    game = next((g for g in registry.games().values() if "-" in g.info.id or "_" in g.info.id),
                None)  # fmt: skip
    if game is None:
        pytest.skip("no registered id with '-' or '_'")
    m = Match(game, [SeatConfig(name=f"P{i}") for i in range(game.info.min_players)], 2)
    doc = {"format": {"kind": "tabletop-save", "version": 1}, **m.to_json()}
    other = "-" if "_" in game.info.id else "_"
    doc["game"] = game.info.id.replace("_" if other == "-" else "-", other)
    assert Match.load(write(tmp_path / "s.json", doc)).game is game
