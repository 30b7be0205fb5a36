"""The log addressed to its reader: the shown player's possessive reads "your"."""

from __future__ import annotations

from tabletop.ui.seat_words import personal


def test_the_readers_possessive_becomes_your() -> None:
    line = "Bob has a Brewer and gains 2 points from Ann's Brewery."
    assert personal(line, "Ann") == "Bob has a Brewer and gains 2 points from your Brewery."
    assert personal(line, "Bob") == line  # Bob's own name is the subject: it stays


def test_a_sentence_opening_with_it_is_capitalised() -> None:
    assert personal("Ann's Castle is full. Ann's Mill too.", "Ann") == (
        "Your Castle is full. Your Mill too."
    )
    assert personal("Diplomacy: Ann's club turns.", "Ann") == "Diplomacy: Your club turns."


def test_only_whole_names_are_touched() -> None:
    assert personal("Player 10's farm", "Player 1") == "Player 10's farm"
    assert personal("Hannah's farm", "Anna") == "Hannah's farm"
    assert personal("Jo (you)'s farm", "Jo (you)") == "Your farm"  # matched literally
    assert personal("Ann's farm", None) == "Ann's farm"
    assert personal("Ann’s farm", "Ann") == "Your farm"
