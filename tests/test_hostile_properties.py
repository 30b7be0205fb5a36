"""Properties over what a user can put in a file: any seat name read back from a save passes
the text gate; any save name typed is refused with words or gives a file name Windows and
POSIX both accept; any card name in the data is refused with words or can be drawn."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_support import save_doc

from tabletop import text_gate
from tabletop.controller.saving import save_files, saves

ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=18)
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
DOC = save_doc(2)


@QUICK
@given(name=ANY_TEXT)
def test_any_seat_name_in_a_save_reads_back_through_the_gate(tmp_path_factory, name) -> None:
    path = tmp_path_factory.mktemp("s") / "a.json"
    doc = json.loads(json.dumps(DOC))
    doc["seats"][0]["name"] = name
    path.write_text(json.dumps(doc), encoding="utf-8")
    info = saves.peek(path)
    assert info is not None and text_gate.problem(info["names"][0]) == ""
    assert text_gate.problem(saves.read_save(path)["seats"][0]["name"]) == ""


@QUICK
@given(typed=st.text(max_size=70))
def test_any_typed_save_name_is_refused_in_words_or_usable(typed) -> None:
    try:
        stem = save_files.clean_name(typed)
    except save_files.SaveFileError as e:
        assert str(e) and "Error" not in str(e)
        return
    assert text_gate.problem(stem) == "" and 0 < len(stem) <= save_files.MAX_NAME
    assert not set(stem) & set('<>:"/\\|?*') and not stem.endswith((".", " "))
    assert stem.split(".")[0].upper() not in {"CON", "PRN", "AUX", "NUL", "COM1", "LPT1"}


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.text(max_size=12))
def test_any_card_name_is_refused_in_words_or_can_be_drawn(name) -> None:
    from tabletop.engine import DataError
    from tabletop.engine.data.spec import Str

    try:
        Str().check(name, "cards.yaml", "cards[0].name")
    except DataError as e:
        assert "cards[0].name" in str(e)
        return
    assert not any(text_gate._bad(ch) for ch in name if ch not in "\n\t")
