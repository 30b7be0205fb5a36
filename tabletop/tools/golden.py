"""Golden transcripts: seeded headless games written down step by step, to pin behaviour.

A transcript is a JSON-lines text file.  The first line is the header (game id, players,
seed, options, agent kinds); then one line per step: step 0 is the state as set up, step
*n* the state after the *n*-th applied action.  Each step line holds the seat that acted,
the action's JSON, the log texts of the events, who acts next, the scores and every seat's
view plus the spectator's.  Views are stored flattened to dotted paths
(``zones.display.cards.0.uid``): in full at step 0, afterwards only the paths that changed
(``set``) or vanished (``del``) since the same viewer's previous step.  The last line holds
the outcome.

:func:`check` replays the recorded action JSONs (never indices into the legal list) and
reports the first difference with its step, viewer and path.  ``python -m tabletop.tools.golden``
writes or checks the files under ``tests/golden``.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tabletop import registry
from tabletop.engine import Action, Event, Game, IllegalAction, events_for
from tabletop.tools.sim import play_game

FORMAT = 1
SPECTATOR = "spectator"
GOLDEN_DIR = Path(__file__).resolve().parents[2] / "tests" / "golden"

# --- canonical data --------------------------------------------------------------------


def canonical(obj: Any) -> Any:
    """``obj`` as plain JSON data, the same whatever containers a view is built from: any
    :class:`Mapping` (mapping proxies too) and dataclass becomes a dict with string keys in
    sorted order, a tuple a list, a set a sorted list, an enum its value."""
    return json.loads(_dumps(obj))


def canonical_json(obj: Any) -> str:
    """The canonical JSON text of ``obj`` (sorted keys, no spaces)."""
    return _dumps(obj)


def _dumps(data: Any) -> str:
    try:
        return _encode(data)
    except TypeError:  # keys of mixed types cannot be sorted: make them strings first
        return _encode(_string_keys(data))


def _encode(data: Any) -> str:
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
    )


def _string_keys(obj: Any) -> Any:
    if not (obj is None or isinstance(obj, str | int | float | list | tuple | dict)):
        obj = _plain(obj)
    if isinstance(obj, dict):
        return {_key(k): _string_keys(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_string_keys(v) for v in obj]
    return obj


def _key(k: Any) -> str:
    """A mapping key as JSON writes it."""
    return k if isinstance(k, str) else json.dumps(k)


def _plain(obj: Any) -> Any:
    """What the JSON encoder writes for a type it does not know."""
    if type(obj) is MappingProxyType:  # (most of a view: the quick test first)
        return obj.copy()
    if isinstance(obj, Mapping):
        return dict(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    if isinstance(obj, set | frozenset):
        return sorted(obj, key=_dumps)
    if isinstance(obj, enum.Enum):
        return obj.value
    raise TypeError(f"cannot write {type(obj).__name__} as JSON: {obj!r}")


def flatten(data: Any) -> dict[str, Any]:
    """Data as ``{dotted path: canonical leaf}``; empty dicts and lists are leaves."""
    out: dict[str, Any] = {}
    _flatten(data, "", out)
    return out


#: containers walked as they are (frozen views need no canonical copy to be compared)
_MAPS = (dict, MappingProxyType)
_SEQS = (list, tuple)
#: leaves written as they are; any other leaf goes through :func:`canonical` first
_SCALARS = (str, int, float, bool, type(None))


def _flatten(data: Any, path: str, out: dict[str, Any]) -> None:
    kind = type(data)
    if kind in _MAPS and data:
        pairs: Iterable[tuple[Any, Any]] = data.items()
    elif kind in _SEQS and data:
        pairs = enumerate(data)
    elif kind in _SCALARS or kind is dict or kind is list:
        if path in out:
            raise ValueError(f"two parts of the view flatten to the same path {path!r}")
        out[path] = data
        return
    else:  # a leaf of another type (an enum, a set, a dataclass, an empty tuple...)
        _flatten(canonical(data), path, out)
        return
    for k, v in pairs:
        k = k if type(k) is str else _key(k)
        _flatten(v, f"{path}.{k}" if path else k, out)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (``True`` is not ``1``, ``1`` is not ``1.0``)."""
    return type(a) is type(b) and a == b


def delta(old: Any, new: Any) -> dict[str, Any]:
    """What turns canonical data ``old`` into ``new``, in flattened paths:
    ``{"set": {path: leaf}, "del": [path]}`` (parts left out when empty; ``{}`` when
    nothing changed).  Subtrees equal by ``==`` are skipped without a look inside, so a
    ``1`` turned ``true`` is seen only where something else beside it changed too."""
    changed: dict[str, Any] = {}
    gone: list[str] = []
    _delta(old, new, "", changed, gone)
    return _pack(changed, gone)


def _delta(old: Any, new: Any, path: str, changed: dict[str, Any], gone: list[str]) -> None:
    if type(old) in _MAPS and type(new) in _MAPS and old and new:
        for k, v in new.items():
            name = k if type(k) is str else _key(k)
            sub = f"{path}.{name}" if path else name
            if k not in old:
                _flatten(v, sub, changed)
            elif not _same(old[k], v):
                _delta(old[k], v, sub, changed, gone)
        gone += [p for k, v in old.items() if k not in new for p in _paths(v, path, k)]
    elif type(old) in _SEQS and type(new) in _SEQS and old and new:
        for i, v in enumerate(new):
            sub = f"{path}.{i}" if path else str(i)
            if i >= len(old):
                _flatten(v, sub, changed)
            elif not _same(old[i], v):
                _delta(old[i], v, sub, changed, gone)
        gone += [p for i in range(len(new), len(old)) for p in _paths(old[i], path, i)]
    else:  # a leaf, an empty container, or a container of another kind
        was: dict[str, Any] = {}
        _flatten(old, path, was)
        now: dict[str, Any] = {}
        _flatten(new, path, now)
        changed.update((p, v) for p, v in now.items() if p not in was or not _same(was[p], v))
        gone += [p for p in was if p not in now]


def _paths(data: Any, path: str, key: Any) -> list[str]:
    out: dict[str, Any] = {}
    name = key if type(key) is str else _key(key)
    _flatten(data, f"{path}.{name}" if path else name, out)
    return list(out)


def share(changes: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Per-viewer deltas with what all viewers have in common stored once, under ``all``
    (only the viewers with a change of their own keep an entry)."""
    deltas = list(changes.values())
    common_set = dict(deltas[0].get("set", {}))
    common_del = list(deltas[0].get("del", ()))
    for d in deltas[1:]:
        mine = d.get("set", {})
        common_set = {k: v for k, v in common_set.items() if k in mine and _same(mine[k], v)}
        gone = set(d.get("del", ()))
        common_del = [k for k in common_del if k in gone]
    out: dict[str, Any] = {}
    common = _pack(common_set, common_del)
    if common and len(deltas) > 1:
        out["all"] = common
    else:
        common_set, common_del = {}, []
    shared_del = set(common_del)
    for key, d in changes.items():
        own = _pack(
            {k: v for k, v in d.get("set", {}).items() if k not in common_set},
            [k for k in d.get("del", ()) if k not in shared_del],
        )
        if own:
            out[key] = own
    return out


def unshare(views: Mapping[str, Any], key: str) -> dict[str, Any]:
    """One viewer's delta out of :func:`share`'s form."""
    common, own = views.get("all", {}), views.get(key, {})
    return _pack(
        {**common.get("set", {}), **own.get("set", {})},
        [*common.get("del", ()), *own.get("del", ())],
    )


def _pack(changed: dict[str, Any], gone: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if changed:
        out["set"] = changed
    if gone:
        out["del"] = gone
    return out


def _path_order(path: str) -> list[tuple[int, int | str]]:
    return [(0, int(p)) if p.isdigit() else (1, p) for p in path.split(".")]


def _show(value: Any) -> str:
    return "absent" if value is _ABSENT else repr(value)


_ABSENT = object()

# --- one step ----------------------------------------------------------------------------


def _viewers(players: int) -> list[int | None]:
    return [*range(players), None]


def _viewer_key(viewer: int | None) -> str:
    return SPECTATOR if viewer is None else str(viewer)


def _viewer_name(key: str) -> str:
    return "the spectator" if key == SPECTATOR else f"seat {key}"


@dataclass
class _Observed:
    """What is recorded of one step (the views as canonical data, in full)."""

    log: list[str]
    log_for: dict[str, list[str]]
    to_act: list[int]
    scores: Any
    views: dict[str, Any]  # the view per viewer key, as ``keep`` gave it


def _observe(
    game: Game,
    state: Any,
    players: int,
    events: Sequence[Event],
    keep: Callable[[Any], Any] = canonical,
) -> _Observed:
    """One step's record; ``keep`` turns each view into what is kept of it (by default
    canonical data, whose dict order is the order a transcript is written in)."""
    log = [e.text for e in events]
    log_for = {}
    views = {}
    for viewer in _viewers(players):
        key = _viewer_key(viewer)
        seen = [e.text for e in events_for(list(events), viewer)]
        if seen != log:
            log_for[key] = seen
        views[key] = keep(game.view(state, viewer))
    try:
        scores = canonical(game.scores(state))
    except Exception as e:  # pinned as it is: a fix shows up as an intended difference
        scores = f"error: {type(e).__name__}: {e}"
    return _Observed(log, log_for, canonical(game.to_act(state)), scores, views)


# --- recording ---------------------------------------------------------------------------


def record(
    game: Game | str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    kinds: Sequence[str],
) -> dict[str, Any]:
    """Play one seeded headless game exactly as ``tabletop simulate`` would (same agents,
    same seat generators) and write it down: ``{"header": ..., "steps": [...], "end": ...}``.
    """
    game = _game(game)
    opts = game.info.resolve_options(dict(options or {}))
    kinds = list(kinds)
    steps: list[dict[str, Any]] = []
    last: dict[str, dict[str, Any]] = {}

    def note(step: int, seat: int | None, action: Action | None, state: Any, events: Any) -> None:
        seen = _observe(game, state, players, events)
        line: dict[str, Any] = {
            "step": step,
            "seat": seat,
            "action": None if action is None else canonical(action.to_json()),
            "log": seen.log,
        }
        if seen.log_for:
            line["log_for"] = seen.log_for
        line["to_act"] = seen.to_act
        line["scores"] = seen.scores
        if step == 0:
            changes = {key: {"set": flatten(tree)} for key, tree in seen.views.items()}
        else:
            changes = {key: delta(last[key], tree) for key, tree in seen.views.items()}
        line["views"] = share(changes)
        last.update(seen.views)
        steps.append(line)

    final: list[Any] = []

    def keep(state: Any) -> None:
        final.append(state)
        note(0, None, None, state, [])

    play_game(
        game,
        players,
        seed,
        opts,
        kinds,
        on_start=keep,
        on_events=note,
    )
    header = {
        "golden": FORMAT,
        "game": game.info.id,
        "players": players,
        "seed": seed,
        "options": canonical(opts),
        "kinds": kinds,
    }
    return {"header": header, "steps": steps, "end": _end(game, final[0], len(steps) - 1)}


def _end(game: Game, state: Any, actions: int) -> dict[str, Any]:
    out = game.outcome(state)
    return {
        "end": True,
        "actions": actions,
        "over": game.is_over(state),
        "scores": canonical(out.scores),
        "winners": canonical(out.winners),
        "breakdown": canonical(out.breakdown),
    }


def dumps(transcript: Mapping[str, Any]) -> str:
    """The transcript as JSON-lines text (header, one line per step, the end line)."""
    lines = [transcript["header"], *transcript["steps"], transcript["end"]]
    return "".join(
        json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines
    )


def loads(text: str) -> dict[str, Any]:
    """Read :func:`dumps` text back; raises ``ValueError`` for a malformed file."""
    lines = [json.loads(t) for t in text.splitlines() if t.strip()]
    if len(lines) < 3 or lines[0].get("golden") != FORMAT or not lines[-1].get("end"):
        raise ValueError("not a golden transcript (header, steps and end line expected)")
    return {"header": lines[0], "steps": lines[1:-1], "end": lines[-1]}


def load(path: str | Path) -> dict[str, Any]:
    """Read a transcript file."""
    return loads(Path(path).read_text(encoding="utf-8"))


# --- checking ----------------------------------------------------------------------------


def check(transcript: Mapping[str, Any] | str | Path, game: Game | None = None) -> list[str]:
    """Replay a transcript's recorded actions and compare every recorded field.

    Returns ``[]`` when everything matches, else one line naming the first difference
    (step, viewer, field, recorded and current value).  ``game`` overrides the registered
    game of the header's id.
    """
    if not isinstance(transcript, Mapping):
        transcript = load(transcript)
    head = transcript["header"]
    try:
        game = game or _game(head["game"])
    except KeyError as e:
        return [f"header: {e.args[0]}"]
    players = head["players"]
    try:
        state = game.new_game(players, head["seed"], dict(head["options"]))
    except Exception as e:
        return [f"step 0: the game cannot be set up: {type(e).__name__}: {e}"]
    trees: dict[str, Any] = {}
    for rec in transcript["steps"]:
        n = rec["step"]
        events: list[Event] = []
        if n > 0:
            seat = rec["seat"]
            try:
                events = game.apply(state, seat, Action.from_json(rec["action"]))
            except IllegalAction as e:
                return [
                    f"step {n}: seat {seat}'s recorded action {_dumps(rec['action'])} "
                    f"is now illegal: {e.reason}"
                ]
            except Exception as e:
                return [
                    f"step {n}: applying {_dumps(rec['action'])} raised {type(e).__name__}: {e}"
                ]
        problem = _compare(n, rec, _observe(game, state, players, events, _as_kept), trees)
        if problem is not None:
            return [problem]
    end = transcript["end"]
    now = _end(game, state, len(transcript["steps"]) - 1)
    for key in ("over", "scores", "winners", "breakdown"):
        if _dumps(now[key]) != _dumps(end[key]):
            return [f"end: {key}: recorded {end[key]!r}, now {now[key]!r}"]
    return []


WORDS = ("prompt",)  # view fields that are sentences: --reword may rewrite them


def _words(path: str) -> bool:
    return path.rsplit(".", 1)[-1] in WORDS


def reword(transcript: Mapping[str, Any], game: Game | None = None) -> tuple[dict, list[str]]:
    """The transcript with its sentences written as the game words them now: the log
    lines, and the views' :data:`WORDS` fields (the prompt).

    For an intended change of wording only: the recorded actions are replayed and every
    other field must still match; otherwise the first difference is returned (and the
    transcript should be recorded again with ``--write`` after a look at why).
    """
    head = transcript["header"]
    game = game or _game(head["game"])
    players = head["players"]
    state = game.new_game(players, head["seed"], dict(head["options"]))
    old: dict[str, dict[str, Any]] = {}  # each viewer's recorded view, flattened
    last: dict[str, Any] = {}  # each viewer's view now
    steps = []
    for rec in transcript["steps"]:
        n = rec["step"]
        events = [] if n == 0 else game.apply(state, rec["seat"], Action.from_json(rec["action"]))
        seen = _observe(game, state, players, events)
        for name in ("to_act", "scores"):
            if _dumps(getattr(seen, name)) != _dumps(rec[name]):
                problem = f"step {n}: {name}: recorded {rec[name]!r}, now {getattr(seen, name)!r}"
                return dict(transcript), [problem]
        changes = {}
        for key, tree in seen.views.items():
            change = unshare(rec["views"], key)
            if n == 0:
                old[key] = {}
            elif key not in old:
                return dict(transcript), [f"step {n}: a view of {_viewer_name(key)} appeared"]
            old[key].update(change.get("set", {}))
            for path in change.get("del", ()):
                old[key].pop(path, None)
            now = flatten(tree)
            was = {k: v for k, v in old[key].items() if not _words(k)}
            is_ = {k: v for k, v in now.items() if not _words(k)}
            if _dumps(was) != _dumps(is_):
                path, before, after = _first_path(was, is_)
                return dict(transcript), [
                    f"step {n}, view of {_viewer_name(key)}: {path}: "
                    f"recorded {_show(before)}, now {_show(after)}"
                ]
            changes[key] = {"set": now} if n == 0 else delta(last[key], tree)
        last.update(seen.views)
        line: dict[str, Any] = {k: rec[k] for k in ("step", "seat", "action")}
        line["log"] = seen.log
        if seen.log_for:
            line["log_for"] = seen.log_for
        line |= {k: v for k, v in rec.items() if k not in (*line, "log_for", "views")}
        line["views"] = share(changes)
        steps.append(line)
    return {"header": head, "steps": steps, "end": transcript["end"]}, []


def _as_kept(view: Any) -> Any:
    """What the checker keeps of a view: a frozen view itself (read-only, so the previous
    step's view is still what it was; flattened and compared as canonical data is, without
    the cost of a canonical copy), anything else a canonical copy."""
    return view if type(view) is MappingProxyType else canonical(view)


def _compare(n: int, rec: Mapping[str, Any], seen: _Observed, trees: dict[str, Any]) -> str | None:
    """The first difference between a recorded step and the replayed one; ``trees`` holds
    each viewer's view at the previous step and is brought up to date."""
    if seen.log != rec["log"]:
        return f"step {n}: log text differs: " + _first_line(rec["log"], seen.log)
    for key in seen.views:
        recorded = rec.get("log_for", {}).get(key, rec["log"])
        now = seen.log_for.get(key, seen.log)
        if recorded != now:
            return f"step {n}: log text seen by {_viewer_name(key)} differs: " + _first_line(
                recorded, now
            )
    for name in ("to_act", "scores"):
        if _dumps(getattr(seen, name)) != _dumps(rec[name]):
            return f"step {n}: {name}: recorded {rec[name]!r}, now {getattr(seen, name)!r}"
    recorded_views = rec["views"]
    for key, tree in seen.views.items():
        change = unshare(recorded_views, key)
        if n == 0:
            now = {"set": flatten(tree)}
        elif key in trees:
            now = delta(trees[key], tree)
        else:
            return f"step {n}: a view of {_viewer_name(key)} appeared"
        if not _same_delta(now, change):
            expected = flatten(trees[key]) if n > 0 else {}
            expected.update(change.get("set", {}))
            for path in change.get("del", ()):
                expected.pop(path, None)
            path, was, is_ = _first_path(expected, flatten(tree))
            return (
                f"step {n}, view of {_viewer_name(key)}: {path}: "
                f"recorded {_show(was)}, now {_show(is_)}"
            )
        trees[key] = tree
    for key in recorded_views:
        if key != "all" and key not in seen.views:
            return f"step {n}: the transcript has a view of {_viewer_name(key)}, now none"
    return None


def _same_delta(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return _dumps(a.get("set", {})) == _dumps(b.get("set", {})) and sorted(
        a.get("del", ())
    ) == sorted(b.get("del", ()))


def _first_line(recorded: list[str], now: list[str]) -> str:
    for i, (a, b) in enumerate(zip(recorded, now, strict=False)):
        if a != b:
            return f"line {i + 1}: recorded {a!r}, now {b!r}"
    if len(recorded) > len(now):
        return f"line {len(now) + 1}: recorded {recorded[len(now)]!r}, now absent"
    return f"line {len(recorded) + 1}: recorded absent, now {now[len(recorded)]!r}"


def _first_path(expected: Mapping[str, Any], now: Mapping[str, Any]) -> tuple[str, Any, Any]:
    differing = [
        k
        for k in set(expected) | set(now)
        if not _same(expected.get(k, _ABSENT), now.get(k, _ABSENT))
    ]
    path = min(differing, key=_path_order)
    return path, expected.get(path, _ABSENT), now.get(path, _ABSENT)


def _game(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    try:
        return registry.get(game)
    except KeyError:
        alias = game.replace("-", "_")  # the id may become the package name
        for g in registry.games().values():
            if alias in (g.info.id, g.info.id.replace("-", "_")):
                return g
        raise


# --- the set of golden games -------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One golden game: a file under ``tests/golden/<game>/``."""

    game: str
    players: int
    seed: int
    kinds: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The file name: players, seat kinds, options and seed."""
        kinds = set(self.kinds)
        parts = [f"p{self.players}", kinds.pop() if len(kinds) == 1 else "mixed"]
        parts += [f"{k}={v}" for k, v in sorted(self.options.items())]
        return "_".join([*parts, f"s{self.seed}"]).replace(" ", "") + ".jsonl"

    def path(self, root: Path = GOLDEN_DIR) -> Path:
        """Where the transcript lives."""
        return root / self.game / self.name


# Seat kinds of a game: "random" (every seat random), "greedy" (every seat the game's
# heuristic) or "mixed" (one random seat among heuristic ones, the random seat moving round
# the table with the player count).  Aristocracy played by random seats alone runs to
# 2,000-5,500 actions, so its "random" games are mixed.
RANDOM_KIND: dict[str, str] = {"aristocracy": "mixed", "mayflower": "mixed"}

# Option variants, each played once at the lowest player count, alternately with random and
# greedy seats.  A game not named here gets one variant per non-default value of each of
# its choice and bool options.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "majesty": [
        {"sides": "B"},
        {"sides": "mixed"},
        {"sides": "mixed", "layout": "ABBAABAB"},
        {"combined_deck": True},
    ],
    "aristocracy": [
        {"length": "longer"},
        {"length": "shorter"},
        {"hand_size": "5"},
        {"hand_size": "10"},
    ],
}

# Seeds picked, among the first thirty, for games of about the lower quartile of length,
# so that the folder stays small; keyed by game id and file name without the seed.  Other
# games use 100 + players (random), 200 + players (greedy) and 300 + i (variant i).
SEEDS: dict[tuple[str, str], int] = {
    ("aristocracy", "p2_mixed"): 104,
    ("aristocracy", "p2_greedy"): 121,
    ("aristocracy", "p3_mixed"): 115,
    ("aristocracy", "p3_greedy"): 111,
    ("aristocracy", "p4_mixed"): 124,
    ("aristocracy", "p4_greedy"): 106,
    ("aristocracy", "p5_mixed"): 125,
    ("aristocracy", "p5_greedy"): 109,
    ("aristocracy", "p2_mixed_length=longer"): 317,
    ("aristocracy", "p2_greedy_length=shorter"): 301,
    ("aristocracy", "p2_mixed_hand_size=5"): 308,
    ("aristocracy", "p2_greedy_hand_size=10"): 303,
    ("your_majesty", "p3_random"): 106,
    ("your_majesty", "p4_random"): 116,
    ("your_majesty", "p5_random"): 117,
    ("your_majesty", "p6_random"): 158,
    ("your_majesty", "p4_greedy"): 108,
    ("your_majesty", "p5_greedy"): 111,
    ("your_majesty", "p6_greedy"): 101,
    ("monarch", "p2_random"): 133,
    ("monarch", "p3_random"): 126,
    ("monarch", "p4_random"): 115,
}


def cases(game_id: str | None = None) -> list[Case]:
    """Every golden game (of one game id): each player count with random and with greedy
    seats, then the option variants at the lowest player count."""
    out = []
    for gid, game in registry.games().items():
        if game_id is not None and game_id not in (gid, gid.replace("-", "_")):
            continue
        lo, hi = game.info.min_players, game.info.max_players
        rand = RANDOM_KIND.get(gid, "random")
        for p in range(lo, hi + 1):
            out.append(_case(gid, p, 100 + p, rand))
            out.append(_case(gid, p, 200 + p, "greedy"))
        for i, opts in enumerate(_variants(game)):
            out.append(_case(gid, lo, 300 + i, rand if i % 2 == 0 else "greedy", opts))
    return out


def _case(
    gid: str, players: int, seed: int, kind: str, opts: Mapping[str, Any] | None = None
) -> Case:
    if kind == "mixed":
        kinds = tuple("random" if s == players - 2 else "greedy" for s in range(players))
    else:
        kinds = (kind,) * players
    case = Case(gid, players, seed, kinds, dict(opts or {}))
    stem = case.name.rsplit("_s", 1)[0]
    return dataclasses.replace(case, seed=SEEDS.get((gid, stem), seed))


def _variants(game: Game) -> list[dict[str, Any]]:
    if game.info.id in VARIANTS:
        return VARIANTS[game.info.id]
    out: list[dict[str, Any]] = []
    for spec in game.info.options:
        if spec.kind == "bool":
            out.append({spec.key: not spec.default})
        elif spec.kind == "choice":
            out += [{spec.key: c} for c in spec.choices if c != spec.default]
    return out


def write(case: Case, root: Path = GOLDEN_DIR) -> Path:
    """Record ``case`` and write its file; returns the path."""
    transcript = record(case.game, case.players, case.seed, case.options, case.kinds)
    path = case.path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(transcript), encoding="utf-8")
    return path


def files(root: Path = GOLDEN_DIR) -> Iterator[Path]:
    """Every transcript file under ``root``, sorted."""
    yield from sorted(root.glob("*/*.jsonl"))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tabletop.tools.golden --write | --check | --reword [--game ID]``."""
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.tools.golden",
        description="Write or check the golden transcripts of the registered games.",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="record the transcripts again")
    mode.add_argument("--check", action="store_true", help="replay and compare them")
    mode.add_argument(
        "--reword",
        action="store_true",
        help="after a change of wording only: rewrite the log lines and prompts, "
        "nothing else may differ",
    )
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--dir", type=Path, default=GOLDEN_DIR, help="the golden folder")
    args = parser.parse_args(argv)
    if args.write:
        chosen = cases(args.game)
        if not chosen:
            print(f"no registered game {args.game!r}", file=sys.stderr)
            return 2
        if args.game is None:
            for old in files(args.dir):
                old.unlink()
        else:
            for old in (args.dir / chosen[0].game).glob("*.jsonl"):
                old.unlink()
        for case in chosen:
            path = write(case, args.dir)
            size = path.stat().st_size
            print(f"wrote {path.relative_to(args.dir)} ({size / 1024:.0f} KiB)")
        return 0
    failed = 0
    paths = [
        p
        for p in files(args.dir)
        if args.game is None or args.game in (p.parent.name, p.parent.name.replace("-", "_"))
    ]
    if args.reword:
        return _reword_files(paths, args.dir)
    for path in paths:
        problems = check(path)
        name = path.relative_to(args.dir)
        print(f"{name}: " + ("OK" if not problems else "MISMATCH, " + "; ".join(problems)))
        failed += bool(problems)
    print(f"{len(paths) - failed} of {len(paths)} transcripts match")
    return 1 if failed or not paths else 0


def _reword_files(paths: Sequence[Path], root: Path) -> int:
    """Rewrite the log lines of ``paths``; a transcript differing in more is left as it is."""
    failed = 0
    for path in paths:
        transcript, problems = reword(load(path))
        if problems:
            failed += 1
            print(f"{path.relative_to(root)}: NOT REWORDED, " + "; ".join(problems))
            continue
        text = dumps(transcript)
        if text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(root)}: reworded")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
