"""Majesty: For the Realm on the rules kit.  The kit reads the declaration from the package's
role modules (zones, moves and describe from view.py, setup.py, flow.py, ai.py); what
follows is Majesty's own."""

from __future__ import annotations

from tabletop.engine import Outcome
from tabletop.engine.kit import RulesGame
from tabletop.games.majesty.scoring import winners_of
from tabletop.games.majesty.state import BREAKDOWN_FINAL, BREAKDOWN_PLAY, MajestyState


class MajestyGame(RulesGame, package=__package__):
    """Majesty: For the Realm (Marc André, 2017) for 2–4 players."""

    def outcome(self, state: MajestyState) -> Outcome:
        """Scores, the named breakdown (play reasons + final steps) and the winners."""
        keys = BREAKDOWN_PLAY + BREAKDOWN_FINAL
        breakdown = [{k: g.get(k, 0) for k in keys} for g in state.gains]
        winners = winners_of(state.scores) if state.over else []
        return Outcome(list(state.scores), winners, breakdown)
