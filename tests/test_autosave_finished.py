"""A finished match leaves no autosave behind, even while the writer thread is still busy."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from court_game import COURT
from table_driver import make_app, open_table

from tabletop.controller import SeatConfig
from tabletop.controller.saving import journal
from tabletop.engine import Rng


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def test_the_results_remove_the_autosave_after_the_writer_has_caught_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = journal.storage.atomic_write_text

    def slow_write(path: Path, text: str) -> None:  # a slow disk: writes land late
        time.sleep(0.05)
        real_write(path, text)

    monkeypatch.setattr(journal.storage, "atomic_write_text", slow_write)
    app = make_app()
    save = tmp_path / "auto.json"
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(name="Bob")], save_path=save)
    m = sc.match
    rng = Rng(2)
    while not m.is_over():
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.apply(seat, legal[rng.randrange(len(legal))])
        m.autosave()  # snapshots queue up behind the slow disk
    sc.open_results()
    journal.flush_all()
    assert not save.exists() and not journal.journal_path(save).exists()
