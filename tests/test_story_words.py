"""The words the app generates say what is true (issue 30, item 5): each case of the issue
where a sentence was wrong or contradicted what was shown."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from tabletop import registry
from tabletop.ai.base import make_agent
from tabletop.engine import Action
from tabletop.engine.data import load_game_data
from tabletop.engine.play import play


# --- Your Majesty's guide: the reform variant's goal only with the variant on -----------------
def _guide_about(gid: str, options: dict[str, Any]) -> str:
    from tabletop.ui.table import guide

    game = registry.get(gid)
    match = SimpleNamespace(game=game, options=game.info.resolve_options(options))
    return guide._about(SimpleNamespace(data=game.data, match=match))  # type: ignore[arg-type]


def test_the_guide_states_the_goal_of_the_options_in_play() -> None:
    off = _guide_about("your_majesty", {"paycheck": "off"})
    assert off.startswith("Reach 20 prestige before anyone else") and "reform of level" not in off
    reform = _guide_about("your_majesty", {"paycheck": "reform"})
    assert "20 prestige with at least one reform of level 3 or 5" in reform
    assert _guide_about("your_majesty", {"paycheck": "wealth"}).startswith("Reach 16 prestige")
    for gid in registry.games():  # no game's guide leaves a placeholder unfilled
        assert "{" not in _guide_about(gid, {}), gid


# --- the unfinished-game dialog: a game's name stands on its own ---------------------------------
@pytest.mark.parametrize("gid", ["majesty", "your_majesty"])
def test_the_unfinished_game_question_does_not_glue_your_to_the_name(monkeypatch, gid) -> None:
    from tabletop.controller.saving import journal, saves
    from tabletop.ui import catalog
    from tabletop.ui.scenes import unfinished

    info = {"over": False, "game": gid, "names": ["Ada", "Hugo"], "moves": 15}
    monkeypatch.setattr(journal, "flush_all", lambda path: None)
    monkeypatch.setattr(saves, "peek", lambda path: info)
    monkeypatch.setattr(catalog, "games", registry.games)
    text = unfinished.unfinished_text(None)  # type: ignore[arg-type]
    name = registry.get(gid).info.name
    assert text == f"A game of {name} with Ada and Hugo, 15 moves in, is unfinished."
    assert "Your Majesty: For the Realm" not in text


# --- Records: the table's heading agrees with the list of finished games -------------------------
def test_records_count_the_games_they_list(monkeypatch, tmp_path) -> None:
    from ui_shell_support import close_app, make_app

    from tabletop.controller.history.records import GameRecord, Records, SeatRecord
    from tabletop.ui.scenes.records_scene import RecordsScene

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    app = make_app(monkeypatch, tmp_path)
    try:
        empty = RecordsScene(app)
        empty.load()  # (the scene reads the record after its first frame)
        assert empty.empty_text().startswith("No finished games yet")
        seats = [
            SeatRecord("Bot1", "ai", "easy", 5, True),
            SeatRecord("Bot2", "ai", "hard", 3, False),
        ]
        with Records() as db:
            for seed in (1, 2):  # two games with no person at the table
                db.add(GameRecord("majesty", {}, seed, 1_700_000_000.0 + seed, seats, [], "1.0"))
        scene = RecordsScene(app)
        scene.load()
        assert len(scene.recent) == 2
        assert scene.stats and scene.empty_text() == ""  # counted, not "no finished games"
        assert sum(s.wins for s in scene.stats) == 2  # the wins chart has bars
        assert "AI seats" in scene.table_heading()
    finally:
        close_app()


# --- Mayflower: a joker never answers your own play ---------------------------------------------
def test_the_answer_prompt_never_offers_to_answer_your_own_play() -> None:
    from tabletop.games.mayflower.prompts import prompt_text
    from tabletop.games.mayflower.state import who

    game = registry.get("mayflower")
    seen = 0

    def on_step(step: Any, s: Any) -> None:
        nonlocal seen
        if not s.stack or s.stack[-1].step != "react":
            return
        frame = s.stack[-1]
        for seat in frame.acting():
            mine = [p for p in frame.data["targets"] if s.plays[p]["seat"] == seat]
            text = prompt_text(s, seat)
            if mine and not s.plays[mine[0]]["lost"]:
                seen += 1
            assert f"{who(seat)}'s" not in text, text
            joker = any(a.name == "counter" for a in game.legal_actions(s, seat))
            assert ("play a joker" in text) == joker, text

    players = 4
    play(game, players, 2, None, [make_agent("greedy", game)] * players, on_step=on_step)
    assert seen  # the seeded game has windows holding the asked seat's own play


# --- the Hint: never a better figure for a move it does not advise --------------------------------
def test_the_hint_prints_no_higher_figure_for_another_move() -> None:
    from tabletop.ai.hint import _estimate
    from tabletop.ai.ismcts import SearchResult

    pick, other = (Action.make("take", None, t, card=n) for n, t in enumerate(["Take A", "Take B"]))
    visits = {pick.key: 40, other.key: 30}
    values = {pick.key: 0.30, other.key: 0.31}  # the anchor kept its own move
    wins = {pick.key: 0.34, other.key: 0.37}
    result = SearchResult(pick, 70, visits, values, False, dict(visits), wins)
    said = _estimate(result, pick, [pick, other])
    figures = [int(f) for f in re.findall(r"(\d+) %", said)]
    assert figures and max(figures) <= 34, said
    assert "“Take B”" in said and "not clearly better" in said
    values = {pick.key: 0.40, other.key: 0.31}  # the search's values prefer the pick
    said = _estimate(SearchResult(pick, 70, visits, values, False, dict(visits), wins), pick,
                     [pick, other])  # fmt: skip
    assert max(int(f) for f in re.findall(r"(\d+) %", said)) <= 34, said


# --- one spelling: château, as the rulebook writes it -------------------------------------------
def test_aristocracy_writes_chateau_with_its_accent() -> None:
    data = load_game_data("aristocracy")
    texts = [z.label for z in data.layout.zones] + [z.help for z in data.layout.zones]
    texts += [r.label for r in data.layout.scoring.values()]
    texts += [r.help for r in data.layout.scoring.values()]
    g = data.game
    texts += [g.summary, g.credits, g.guide, *(t for s in g.sections for t in s)]
    texts += [r.question + r.ruling for r in g.rulings]
    wrong = [t for t in texts if re.search(r"(?<![{\w])[Cc]hateau", t)]
    assert not wrong, wrong


# --- Credits: one year per game -----------------------------------------------------------------
def test_credits_give_each_game_one_year() -> None:
    for gid in registry.games():
        d = load_game_data(gid).game
        years = set(re.findall(r"\b(1[89]\d\d|20\d\d)\b", d.credits))
        assert years <= {str(d.year)}, (gid, years, d.year)


# --- the guide says where the chooser is -----------------------------------------------------
def test_the_guide_says_where_the_chooser_opened() -> None:
    from tabletop.ui.table import guide
    from tabletop.ui.table.widgets import Button

    table, side = pygame.Rect(0, 0, 1000, 720), pygame.Rect(1000, 0, 280, 720)

    def place(x: int) -> str:
        options = tuple(Button(pygame.Rect(x, 300 + 34 * i, 150, 28), f"o{i}", i) for i in range(2))
        sc = SimpleNamespace(chooser=options, table_rect=table, side_rect=side)
        return guide._chooser_place(sc)  # type: ignore[arg-type]

    assert place(400) == "over the table"
    assert place(1080) == "over the side panel"
