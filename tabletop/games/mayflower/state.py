"""The state of a Mayflower game (plain lists, ints and small dicts, cheap to copy).

Cards are indices into the catalog (:mod:`.data`).  Every card of the match lies in exactly
one list: a deck, a hand, a Royal slot, a seat's displayed diamonds, fortification, attacks
(``fronts``: the clubs laid before a seat and the spades parrying them) or healing, the
cancelled cards, or the jokers gone from the game.

A *fight* is one club played this season: who played it, whom it attacks, its parry.  A
*play* is one action a joker may cancel (a card laid on the table, a royal power, a favour
called in, a joker).  A *favour* is a token ``[id, debtor, holder]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import Rng
from tabletop.engine.decisions import Frame
from tabletop.engine.fields import Declared, declare

# phases of a season, in order
COURT = "court"
FORTIFY = "fortify"
ATTACK = "attack"
DEFEND = "defend"
PILLAGE = "pillage"
REBUILD = "rebuild"
BEGIN_AGAIN = "begin_again"
PHASES = (COURT, FORTIFY, ATTACK, DEFEND, PILLAGE, REBUILD, BEGIN_AGAIN)
PHASE_NAMES = {
    COURT: "Court",
    FORTIFY: "Fortify",
    ATTACK: "Attack",
    DEFEND: "Defend",
    PILLAGE: "Pillage",
    REBUILD: "Rebuild",
    BEGIN_AGAIN: "Begin Again",
}

# decision steps (the COMMIT steps are named after their phases)
HOARD_STEP = "hoard"  # PROMPT: the King's Hoard holder shows diamonds, then is done
REACT = "react"  # REACTION: jokers (and, after attacks are shown, royal powers)
FAVOUR_STEP = "favours"  # REACTION: asks, favour calls and trades, one seat after another
DIPLOMACY_STEP = "diplomacy"  # PROMPT: the seat called by Diplomacy parries or declines
ASK_STEP = "ask"  # PROMPT: a seat asked for help for a favour accepts (with a card) or declines
CALL_STEP = "call"  # PROMPT: a debtor picks the card a called favour needs
OFFER_STEP = "offer"  # PROMPT: a seat offered a favour trade accepts or declines

# kinds of plays (actions a joker may cancel)
FORT = "fortify"
CLUB = "club"
PARRY = "parry"
HEART = "heart"
JOKER = "joker"
REDIRECT = "redirect"
DIPLO = "diplomacy"
CALL = "call"

# how a game ended
END_LAST = "last standing"
END_DIAMONDS = "diamonds"
END_ALL_OUT = "all eliminated"


@dataclass
class MayflowerState(Declared):
    """Everything about one game."""

    players: int
    rng: Rng
    favours_on: bool
    numbers: list[int]  # the Numbers deck, last = top
    court: list[int]  # the Court deck, last = top
    hands: list[list[int]]
    royals: list[list[int]]  # per seat: [] or [its Royal]
    diamonds: list[list[int]]  # displayed diamonds per seat
    forts: list[list[int]]  # the fortifying spade per seat ([] or [card])
    fronts: list[list[int]]  # clubs attacking the seat and spades parrying them
    heals: list[list[int]]  # hearts played on the seat this season
    spent: list[int]  # cancelled cards (back to the Numbers deck at Begin Again)
    gone: list[int]  # played jokers (out of the game)
    hp: list[int]
    out: list[int]  # 0 while in the game, else the season the seat was eliminated in
    stack: list[Frame]
    by: list[int]  # per card: the seat that played it to the table this season (-1)
    fights: list[dict[str, Any]] = field(default_factory=list)
    plays: list[dict[str, Any]] = field(default_factory=list)
    favours: list[list[int]] = field(default_factory=list)  # [token id, debtor, holder]
    boosted_club: list[bool] = field(default_factory=list)  # Jack's +2 used on a club
    boosted_spade: list[bool] = field(default_factory=list)  # ... on a spade
    power_used: list[bool] = field(default_factory=list)  # Diplomacy / Enemy used
    season: int = 1
    phase: str = COURT
    stage: int = 0  # progress inside the phase (see flow)
    leader: int = 0
    two_list: bool = False  # the two-player Royal powers apply
    next_token: int = 1
    over: bool = False
    winners: list[int] = field(default_factory=list)
    end: str = ""
    jokers_played: int = 0
    log_eliminated: list[int] = field(default_factory=list)  # seats in order of elimination

    # --- small queries ------------------------------------------------------------------------
    def alive(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game."""
        return self.out[seat] == 0

    def living(self) -> list[int]:
        """Seats still in the game, in seat order from the season leader."""
        n = self.players
        return [p for k in range(n) if self.out[p := (self.leader + k) % n] == 0]

    def order(self) -> list[int]:
        """Every seat in seat order from the season leader."""
        n = self.players
        return [(self.leader + k) % n for k in range(n)]


FIELDS = declare(MayflowerState)  # its copy (``clone``) and JSON, derived from the fields


# --- words -------------------------------------------------------------------------------
def who(seat: int) -> str:
    """The name of a seat in the log."""
    return f"Player {seat + 1}"


def zone(seat: int, name: str) -> str:
    """The id of one of a seat's zones (``p<seat>.<name>``)."""
    return f"p{seat}.{name}"
