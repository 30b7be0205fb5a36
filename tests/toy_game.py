"""A tiny hidden-hand game used to test the engine, the CLI and the AI generically.

Cards 1..8 (two copies each).  Each seat holds 2 hidden cards.  On its turn a seat plays a
card onto the pile: it scores the card's value if it beats the pile's top card, else 0;
then it draws if the deck has cards.  The game ends when every hand is empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import Action, Event, Game, GameInfo, Gesture, Outcome, Rng
from tabletop.engine.events import MOVE, POINTS

HAND = 2


@dataclass
class ToyState:
    players: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    pile: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    turn: int = 0


class ToyGame(Game):
    info = GameInfo("toy", "Toy", 2, 4, information="imperfect")
    state_type = ToyState

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> ToyState:
        rng = Rng(seed)
        deck = [v for v in range(1, 9) for _ in range(2)]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
        return ToyState(players, rng, deck, hands, [], [0] * players)

    def to_act(self, s: ToyState) -> list[int]:
        return [] if self.is_over(s) else [s.turn]

    def legal_actions(self, s: ToyState, seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        return [
            Action.make(
                "play", Gesture.drag(f"h{seat}.{i}", f"p{seat}.hand", "pile"), f"play {v}", value=v
            )
            for i, v in enumerate(sorted(set(s.hands[seat])))
        ]

    def _apply(self, s: ToyState, seat: int, a: Action) -> list[Event]:
        v = a["value"]
        s.hands[seat].remove(v)
        gain = v if not s.pile or v > s.pile[-1] else 0
        s.pile.append(v)
        s.scores[seat] += gain
        ev = [
            Event(MOVE, f"seat {seat + 1} plays {v}"),
            Event(POINTS, "", {"seat": seat, "delta": gain}),
        ]
        if s.deck:
            s.hands[seat].append(s.deck.pop())
        s.turn = (s.turn + 1) % s.players
        for _ in range(s.players):
            if s.hands[s.turn]:
                break
            s.turn = (s.turn + 1) % s.players
        return ev

    def view(self, s: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "game": "toy",
            "viewer": seat,
            "to_act": self.to_act(s),
            "over": self.is_over(s),
            "players": s.players,
            "hand": list(s.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in s.hands],
            "deck_size": len(s.deck),
            "pile": list(s.pile),
            "scores": list(s.scores),
            "turn": s.turn,
        }

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> ToyState:
        unseen = [v for v in range(1, 9) for _ in range(2)]
        for v in view["pile"] + view["hand"]:
            unseen.remove(v)
        rng.shuffle(unseen)
        hands = []
        for i, n in enumerate(view["hand_sizes"]):
            hands.append(list(view["hand"]) if i == seat else [unseen.pop() for _ in range(n)])
        return ToyState(
            view["players"],
            rng.fork(),
            unseen,
            hands,
            list(view["pile"]),
            list(view["scores"]),
            view["turn"],
        )

    def is_over(self, s: ToyState) -> bool:
        return not any(s.hands)

    def outcome(self, s: ToyState) -> Outcome:
        best = max(s.scores)
        return Outcome(
            list(s.scores),
            [i for i, v in enumerate(s.scores) if v == best],
            [{"plays": v} for v in s.scores],
        )


TOY = ToyGame()
