"""The words games write: articles chosen by sound, counted nouns, log lines that read well."""

from __future__ import annotations

import re

import pytest

from tabletop import registry
from tabletop.engine import Rng
from tabletop.engine.words import a, article, capital_a, plural

# "a" before a vowel letter; the few words that sound otherwise are listed in engine/words.py
WRONG_ARTICLE = re.compile(r"\b[Aa] (?!(?:one|uni|use|usu|eu)\w*)[AEIOUaeiou]\w*")
WRONG_AN = re.compile(r"\b[Aa]n (?!(?:hour|honest|honour|heir)\w*)[^AEIOUaeiou\W]\w*")


def test_article_follows_the_sound() -> None:
    assert a("Innkeeper") == "an Innkeeper" and a("Knight") == "a Knight"
    assert a("Earl") == "an Earl" and a("orchard") == "an orchard"
    assert a("Unicorn") == "a Unicorn" and a("hour") == "an hour"
    assert capital_a("Innkeeper / Noble") == "An Innkeeper / Noble"
    assert article("") == "a"
    assert plural(1, "point") == "1 point" and plural(3, "point") == "3 points"
    assert plural(-1, "point") == "-1 point" and plural(3, "gold", ("gold",)) == "3 gold"


def _logs(game_id: str, games: int, seed: int) -> list[str]:
    """Every log line of a few seeded random games of ``game_id``, as each seat reads it."""
    game = registry.get(game_id)
    players = game.info.min_players
    lines: list[str] = []
    for g in range(games):
        state = game.new_game(players, seed + g)
        rng = Rng(seed + g)
        for _ in range(3000):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            for e in game.apply(state, seat, rng.choice(game.legal_actions(state, seat))):
                lines.append(e.text)
                if e.redacted is not None:
                    lines.append(e.redacted.text)
    return lines


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_no_log_line_has_a_wrong_article_or_a_broken_phrase(game_id: str) -> None:
    lines = _logs(game_id, 3, 40)
    assert lines
    for line in lines:
        assert not WRONG_ARTICLE.search(line), line
        assert not WRONG_AN.search(line), line
        assert "and collecting" not in line, line  # "takes a Guard and collecting 3 meeples"
        assert not line.startswith("You "), line  # the log speaks of every seat alike
        assert "(s)" not in line, line  # "1 card(s)": the count decides the word


def test_majesty_says_an_innkeeper_and_their_own_location() -> None:
    lines = " ".join(_logs("majesty", 6, 1))
    assert "an Innkeeper" in lines or "An Innkeeper" in lines
    assert re.search(r"Player (\d) has an? \w+ and gains \d+ points? from their own ", lines)
    assert not re.search(r"Player (\d) has an? \w+ and gains \d+ points? from Player \1's", lines)
