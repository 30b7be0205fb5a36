"""The golden transcripts still match, and the checker notices what it should.

A failure here means the games behave differently from when the transcripts were written.
If the change is intended, regenerate with ``python -m tabletop.tools.golden --write`` and name
the change in the commit (see docs/tools.md).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tabletop import registry
from tabletop.tools import golden

FILES = list(golden.files())
SMALL = golden.GOLDEN_DIR / "majesty" / "p2_random_s102.jsonl"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(golden.GOLDEN_DIR)) for p in FILES])
def test_transcript_matches(path: Any) -> None:
    problems = golden.check(path)
    assert not problems, problems[0]


def test_every_case_has_its_file_and_no_file_is_stray() -> None:
    expected = {c.path() for c in golden.cases()}
    assert expected == set(FILES), "run python -m tabletop.tools.golden --write"


def test_every_game_and_player_count_is_pinned() -> None:
    covered = {(c.game, c.players, kind) for c in golden.cases() for kind in set(c.kinds)}
    for gid, game in registry.games().items():
        for p in range(game.info.min_players, game.info.max_players + 1):
            assert (gid, p, "random") in covered
            assert (gid, p, "greedy") in covered


@pytest.fixture(scope="module")
def small() -> dict[str, Any]:
    transcript = golden.load(SMALL)
    assert golden.check(transcript) == []
    return transcript


def _mutated(small: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(small)


def test_a_changed_view_field_is_reported_with_step_seat_and_path(small: dict[str, Any]) -> None:
    t = _mutated(small)
    views = t["steps"][7]["views"]
    path, value = next(iter(views["all"]["set"].items()))
    views.setdefault("1", {}).setdefault("set", {})[path] = "mutated"
    assert golden.check(t) == [f"step 7, view of seat 1: {path}: recorded 'mutated', now {value!r}"]


def test_a_view_field_missing_from_the_transcript_is_reported(small: dict[str, Any]) -> None:
    t = _mutated(small)
    views = t["steps"][0]["views"]
    path = "zones.deck.label"
    value = views["all"]["set"].pop(path)
    for seat in ("0", "1"):
        views[seat]["set"][path] = value
    assert golden.check(t) == [
        f"step 0, view of the spectator: {path}: recorded absent, now {value!r}"
    ]


def test_a_changed_log_text_is_reported(small: dict[str, Any]) -> None:
    t = _mutated(small)
    original = t["steps"][12]["log"][0]
    t["steps"][12]["log"][0] = "Nothing happens."
    assert golden.check(t) == [
        f"step 12: log text differs: line 1: recorded 'Nothing happens.', now {original!r}"
    ]


def test_reword_rewrites_log_lines_only(small: dict[str, Any]) -> None:
    t = _mutated(small)
    t["steps"][12]["log"][0] = "Nothing happens."  # as if the game had been reworded since
    fixed, problems = golden.reword(t)
    assert problems == [] and golden.check(fixed) == []
    assert golden.dumps(fixed) == golden.dumps(small)  # nothing else written differently
    t["steps"][5]["scores"][1] += 1  # more than words: refused, and the step is named
    _, problems = golden.reword(t)
    assert len(problems) == 1 and problems[0].startswith("step 5: scores")


def _a_view_leaf(t: dict[str, Any], words: bool) -> tuple[int, str, str]:
    """(step, viewer entry, path) of a view leaf some step after the first sets: a prompt,
    or anything but a sentence."""
    for rec in t["steps"][1:]:
        for entry, change in rec["views"].items():
            for path in change.get("set", {}):
                if golden._words(path) == words:
                    return rec["step"], entry, path
    raise AssertionError("no such leaf")


def test_reword_rewrites_prompts_and_refuses_other_view_changes(small: dict[str, Any]) -> None:
    t = _mutated(small)
    n, entry, path = _a_view_leaf(t, words=True)
    t["steps"][n]["views"][entry]["set"][path] = "Do something."  # an old wording
    assert golden.check(t) != []
    fixed, problems = golden.reword(t)
    assert problems == [] and golden.check(fixed) == []
    assert golden.dumps(fixed) == golden.dumps(small)
    n, entry, path = _a_view_leaf(t, words=False)
    t["steps"][n]["views"][entry]["set"][path] = "something else"
    _, problems = golden.reword(t)
    assert len(problems) == 1 and problems[0].startswith(f"step {n}, view of"), problems
    assert path in problems[0]


def test_a_changed_score_is_reported(small: dict[str, Any]) -> None:
    t = _mutated(small)
    now = list(t["steps"][5]["scores"])
    t["steps"][5]["scores"][1] += 1
    recorded = t["steps"][5]["scores"]
    assert golden.check(t) == [f"step 5: scores: recorded {recorded!r}, now {now!r}"]


def test_an_action_that_became_illegal_is_reported_with_the_reason(
    small: dict[str, Any],
) -> None:
    t = _mutated(small)
    t["steps"][4]["action"]["args"]["slot"] = 99
    (problem,) = golden.check(t)
    seat = t["steps"][4]["seat"]
    assert problem.startswith(f"step 4: seat {seat}'s recorded action {{")
    assert "is now illegal: " in problem


def test_a_changed_end_is_reported(small: dict[str, Any]) -> None:
    t = _mutated(small)
    t["end"]["winners"] = [1 - t["end"]["winners"][0]]
    assert golden.check(t) == [
        f"end: winners: recorded {t['end']['winners']!r}, now {small['end']['winners']!r}"
    ]


def _reverse_legal_lists(game: Any, monkeypatch: Any) -> None:
    legal = game.legal_actions
    monkeypatch.setattr(game, "legal_actions", lambda state, seat: legal(state, seat)[::-1])


def test_reversing_the_legal_list_changes_what_random_seats_play(monkeypatch: Any) -> None:
    game = registry.get("majesty")
    before = golden.record(game, 2, 1, {}, ["random", "random"])
    _reverse_legal_lists(game, monkeypatch)
    after = golden.record(game, 2, 1, {}, ["random", "random"])
    assert before["steps"][1]["action"] != after["steps"][1]["action"]


@pytest.mark.parametrize("game_dir", ["majesty", "aristocracy", "your_majesty"])
def test_the_order_of_the_legal_list_does_not_matter(game_dir: str, monkeypatch: Any) -> None:
    path = min((golden.GOLDEN_DIR / game_dir).glob("p2_*.jsonl"), key=lambda p: p.stat().st_size)
    transcript = golden.load(path)
    _reverse_legal_lists(golden._game(transcript["header"]["game"]), monkeypatch)
    assert golden.check(transcript) == []


def test_canonical_ignores_container_types() -> None:
    from dataclasses import dataclass
    from types import MappingProxyType

    @dataclass(frozen=True)
    class Card:
        uid: str
        tokens: tuple[int, ...]

    frozen = MappingProxyType({"b": (1, 2), "a": Card("c1", (3,)), 2: frozenset({"y", "x"})})
    plain = {"a": {"uid": "c1", "tokens": [3]}, "b": [1, 2], "2": ["x", "y"]}
    assert golden.canonical(frozen) == plain
    assert golden.canonical_json(frozen) == golden.canonical_json(plain)
    assert golden.flatten(frozen) == {
        "2.0": "x",
        "2.1": "y",
        "a.tokens.0": 3,
        "a.uid": "c1",
        "b.0": 1,
        "b.1": 2,
    }


def test_delta_round_trip() -> None:
    old = golden.canonical({"a": [1, 2, 3], "b": {"c": True, "d": {}}, "e": 1})
    new = golden.canonical({"a": [1, 5], "b": {"c": 1, "d": {"x": None}}, "f": []})
    change = golden.delta(old, new)
    assert change == {
        "set": {"a.1": 5, "b.c": 1, "b.d.x": None, "f": []},
        "del": ["a.2", "b.d", "e"],
    }
    flat = golden.flatten(old)
    flat.update(change["set"])
    for path in change["del"]:
        del flat[path]
    assert flat == golden.flatten(new)


def test_delta_of_frozen_views_is_the_delta_of_their_canonical_data() -> None:
    """The checker compares frozen views as they are, without a canonical copy: the paths
    and leaves must come out as canonical data gives them (keys written as JSON writes
    them, tuples as lists, enums as values, sets sorted, empty containers as leaves)."""
    import enum
    from types import MappingProxyType as P

    class Colour(enum.Enum):
        RED = "red"
        BLUE = "blue"

    old = P({"a": (1, P({"x": Colour.RED})), 2: (), True: frozenset({"b"}), "e": P({})})
    new = P({"a": (1, P({"x": Colour.BLUE}), ()), 2: ("y",), True: frozenset({"b", "a"})})
    expected = golden.delta(golden.canonical(old), golden.canonical(new))
    assert expected == {
        "set": {"a.1.x": "blue", "a.2": [], "2.0": "y", "true.0": "a", "true.1": "b"},
        "del": ["2", "e"],
    }
    assert golden.delta(old, new) == expected
    assert golden.flatten(new) == golden.flatten(golden.canonical(new))
