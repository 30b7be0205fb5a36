"""The flow of play: an action counted as taken, the end of a turn, the end of the game.

A turn allows two actions of different kinds; a move that completes one records its kind
with :func:`took`, and :func:`advance` — run after every move — ends the turn after the
second, then checks whether somebody has won.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Action, Event
from tabletop.engine.events import GAME_OVER, MOVE, QUIET
from tabletop.games.your_majesty.data import MUSES, ROUND_LIMIT, catalog
from tabletop.games.your_majesty.scoring import check_victory, end_by_round_limit, prestige
from tabletop.games.your_majesty.state import YMState
from tabletop.games.your_majesty.view import move, say, z


def took(s: YMState, kind: str) -> None:
    """Count an action of ``kind`` as taken this turn (the second ends the turn)."""
    s.stack[0].data["used"].append(kind)


def _court_zones(players: int) -> frozenset[str]:
    """The zones whose cards count for prestige or wealth: philosophes by muse, colonies,
    reforms, and the events in force (a Hurricane lowers wealth)."""
    found = _COURT_ZONES.get(players)
    if found is None:
        names = (*MUSES, "colonies", "reforms", "events")
        found = _COURT_ZONES[players] = frozenset(z(p, n) for p in range(players) for n in names)
    return found


_COURT_ZONES: dict[int, frozenset[str]] = {}


def advance(s: YMState, seat: int, events: list[Event]) -> None:
    """After a move: the turn ends after its second action; the game once somebody won.

    The victory is checked at the end of every turn and, within a turn, after a card
    entered or left a court (a move event names the zone): nothing else changes prestige.
    """
    turn = s.stack[0]
    if len(turn.data["used"]) >= 2:
        end_turn(s, events)
    # within a turn (a quiet apply keeps no events to read: the check is then made anyway)
    if (turn.data["used"] or len(s.stack) > 1) and events is not QUIET:
        court = _COURT_ZONES.get(s.players) or _court_zones(s.players)
        for e in events:
            if e.kind == MOVE:
                d = e.data
                if d["target"] in court or (d["source"] in court and d["target"] != "salon"):
                    break  # (a philosophe seated at a salon stays at its court)
        else:
            if not s.over:
                return
    if check_victory(s):
        names = " and ".join(s.names[w] for w in s.winners)
        scores = [prestige(s, i) for i in range(s.players)]
        text = f"The glory of Enlightenment goes to {names}."
        events.append(Event(GAME_OVER, text, {"scores": scores, "winners": list(s.winners)}))


# The moves whose apply may carry a card into or out of a court (a muse column, the
# colonies, the reforms, the events in force) within a turn: drawing a philosophe, an event
# card, paying for a colony, a salon held, a colony seized or freed, a philosophe placed at
# court.  The others never change anybody's prestige (the lingering events leaving at the
# end of a turn need no mention: the victory is looked for then anyway).
COURT_MOVES = frozenset({"draw_philosophe", "play_event", "pay", "hold_salon", "yield", "allow"})

# Of those, the moves that may *raise* a court's prestige, unless the paycheck is wealth:
# paying brings a colony or nothing to a court (a slave colony only lowers prestige), and a
# turn's end only takes lingering events away (a Hurricane gone raises wealth, which counts
# for prestige only under the wealth paycheck).  Nobody can reach the goal after any other
# move, so a quiet apply need not look (``advance`` looks more often, and finds the same).
RAISING_MOVES = COURT_MOVES - {"pay"}


def advance_quiet(s: YMState, seat: int, action: Action) -> None:
    """:func:`advance` after a quiet apply of ``action``: with no event to read, a move of
    :data:`RAISING_MOVES` (of :data:`COURT_MOVES` under the wealth paycheck, and the end of a
    turn too) stands for a card that entered or left a court."""
    used = s.stack[0].data["used"]
    ended = len(used) >= 2
    if ended:
        end_turn(s, QUIET)
    if action.name in RAISING_MOVES or (
        s.options.get("paycheck") == "wealth"
        and (ended or action.name == "pay" or not (used or len(s.stack) > 1))
    ):
        check_victory(s)


def end_turn(s: YMState, events: list[Event]) -> None:
    """Pass to the next player, who first discards their own lingering events."""
    turn = s.stack[0]
    turn.data["used"] = []
    s.flags = []
    active = turn.seats[0] = (turn.seats[0] + 1) % s.players
    if active == s.first:
        s.round += 1
        if s.round > ROUND_LIMIT:
            end_by_round_limit(s)
            say(f"The round limit ({ROUND_LIMIT}) is reached.", events)
            return
    court = s.courts[active]
    loud = events is not QUIET
    if court.lingering:
        cat = catalog()
        for a in court.lingering:
            s.discard.append(a)
            if loud:
                text = partial("{} is over.".format, cat.actions[a].name)
                move(s, "a", a, z(active, "events"), "action_discard", text, events)
        court.lingering = []
        court.linger_target = []
    if loud:
        say(partial("Turn: {}.".format, s.names[active]), events)
