"""Little Court: a small imperfect-information fixture game for the table and controller tests.

It uses every kind of gesture the table understands: drags (play, discard with a chooser,
buy from the market), a click (draw from the face-down deck) and a button (pass).  Its card
data lives in ``tests/fixture/data/court`` and follows the real data format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine import Action, Event, Game, GameInfo, Gesture, Outcome, Rng
from tabletop.engine.data import load_game_data
from tabletop.engine.events import MOVE, POINTS, REVEAL

DATA_DIR = Path(__file__).parent / "fixture" / "data" / "court"
DEFS = ["knight"] * 3 + ["lady"] * 3 + ["jester"] * 3 + ["bishop"] * 3 + ["page"] * 4
VALUE = {"knight": 3, "lady": 2, "jester": 1, "bishop": 4, "page": 1}
TURNS_EACH = 6
HAND = 3
MARKET = 3


@dataclass
class CourtState:
    players: int
    rng: Rng
    deck: list[str]
    market: list[str]
    hands: list[list[str]]
    courts: list[list[str]]
    discard: list[str] = field(default_factory=list)
    coins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    turn: int = 0
    turns: int = 0


def card_of(uid: str) -> str:
    """The definition id of a card uid."""
    return DEFS[int(uid[1:])]


class CourtGame(Game):
    """The fixture game (see the module docstring)."""

    info = GameInfo("court", "Little Court", 2, 4, information="imperfect")
    state_type = CourtState
    data_folder = DATA_DIR  # the table finds layout.yaml and cards.yaml here

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> CourtState:
        """Deal three cards each and three to the market."""
        rng = Rng(seed)
        deck = [f"c{i}" for i in range(len(DEFS))]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
        market = [deck.pop() for _ in range(MARKET)]
        return CourtState(
            players, rng, deck, market, hands, [[] for _ in range(players)], [], [1] * players,
            [0] * players,
        )  # fmt: skip

    def to_act(self, s: CourtState) -> list[int]:
        """The seat whose turn it is."""
        return [] if self.is_over(s) else [s.turn]

    def legal_actions(self, s: CourtState, seat: int) -> list[Action]:
        """Play, discard (two ways), buy, draw, pass."""
        if seat not in self.to_act(s):
            return []
        out = []
        for uid in s.hands[seat]:
            name = card_of(uid).title()
            out.append(
                Action.make("play", Gesture.drag(uid, f"p{seat}.hand", f"p{seat}.court"),
                            f"play the {name}", card=uid)
            )  # fmt: skip
            for mode, label in (("coin", "Gain a coin"), ("point", "Score a point")):
                out.append(
                    Action.make("discard", Gesture.drag(uid, f"p{seat}.hand", "discard", label),
                                f"discard the {name} ({label.lower()})", card=uid, mode=mode)
                )  # fmt: skip
        if s.coins[seat] >= 1:
            for uid in s.market:
                out.append(
                    Action.make("buy", Gesture.drag(uid, "market", f"p{seat}.hand"),
                                f"buy the {card_of(uid).title()}", card=uid)
                )  # fmt: skip
        if s.deck:
            out.append(Action.make("draw", Gesture.click("deck"), "draw a card"))
        out.append(Action.make("pass", Gesture.button("Pass"), "pass"))
        return out

    def why_illegal(self, s: CourtState, seat: int, action: Action) -> str:
        """Plain words for the common mistakes."""
        uid = action.get("card")
        if uid in s.market and s.coins[seat] < 1:
            return "You need a coin to buy from the market."
        if uid is not None and uid not in s.hands[seat] and uid not in s.market:
            return "That card is not yours to move."
        return "That card cannot go there."

    def explain_gesture(self, s: CourtState, seat: int, gesture: Gesture) -> str:
        """The market only sells; other refusals use the engine's default words."""
        if gesture.target == "market" and gesture.card in s.hands[seat]:
            return "The market only sells cards; it takes none back."
        return super().explain_gesture(s, seat, gesture)

    def _apply(self, s: CourtState, seat: int, a: Action) -> list[Event]:
        ev: list[Event] = []
        who = f"Seat {seat + 1}"
        if a.name == "play":
            uid = a["card"]
            s.hands[seat].remove(uid)
            s.courts[seat].append(uid)
            s.points[seat] += VALUE[card_of(uid)]
            ev.append(self._move(f"{who} plays the {card_of(uid).title()}.", uid,
                                 f"p{seat}.hand", f"p{seat}.court"))  # fmt: skip
            ev.append(Event(POINTS, "", {"seat": seat, "delta": VALUE[card_of(uid)]}))
        elif a.name == "discard":
            uid = a["card"]
            s.hands[seat].remove(uid)
            s.discard.append(uid)
            if a["mode"] == "coin":
                s.coins[seat] += 1
            else:
                s.points[seat] += 1
            ev.append(self._move(f"{who} discards the {card_of(uid).title()}.", uid,
                                 f"p{seat}.hand", "discard"))  # fmt: skip
        elif a.name == "buy":
            uid = a["card"]
            s.market.remove(uid)
            s.hands[seat].append(uid)
            s.coins[seat] -= 1
            ev.append(self._move(f"{who} buys the {card_of(uid).title()}.", uid, "market",
                                 f"p{seat}.hand"))  # fmt: skip
            if s.deck:
                new = s.deck.pop()
                s.market.append(new)
                ev.append(self._move(f"The {card_of(new).title()} comes to the market.", new,
                                     "deck", "market"))  # fmt: skip
                ev.append(Event(REVEAL, "", {"cards": [new]}))
        elif a.name == "draw":
            uid = s.deck.pop()
            s.hands[seat].append(uid)
            secret = self._move(f"{who} draws the {card_of(uid).title()}.", uid, "deck",
                                f"p{seat}.hand")  # fmt: skip
            public = Event(MOVE, f"{who} draws a card.",
                           {"card": None, "card_id": None, "source": "deck",
                            "target": f"p{seat}.hand", "face_up": False})  # fmt: skip
            ev.append(Event(MOVE, secret.text, secret.data, (seat,), public))
        s.turns += 1
        s.turn = (s.turn + 1) % s.players
        return ev

    @staticmethod
    def _move(text: str, uid: str, source: str, target: str) -> Event:
        return Event(MOVE, text, {"card": uid, "card_id": card_of(uid), "source": source,
                                  "target": target, "face_up": True})  # fmt: skip

    def view(self, s: CourtState, seat: int | None) -> dict[str, Any]:
        """The shared view schema; other seats' hands are backs."""

        def up(uid: str) -> dict[str, Any]:
            return {"uid": uid, "card": card_of(uid), "back": "court", "face_up": True,
                    "tokens": {}, "as": None}  # fmt: skip

        def down() -> dict[str, Any]:
            return {"uid": None, "card": None, "back": "court", "face_up": False,
                    "tokens": {}, "as": None}  # fmt: skip

        zones: dict[str, Any] = {
            "deck": {"cards": [down() for _ in s.deck], "label": "Deck"},
            "market": {"cards": [up(u) for u in s.market], "label": "Market"},
            "discard": {"cards": [up(u) for u in s.discard], "label": "Discard"},
        }
        for p in range(s.players):
            hand = [up(u) if p == seat else down() for u in s.hands[p]]
            zones[f"p{p}.hand"] = {"cards": hand, "label": "Hand"}
            zones[f"p{p}.court"] = {"cards": [up(u) for u in s.courts[p]], "label": "Court"}
        to_act = self.to_act(s)
        return {
            "game": "court",
            "viewer": seat,
            "to_act": to_act,
            "over": self.is_over(s),
            "prompt": f"Seat {to_act[0] + 1} to play" if to_act else "The game is over",
            "seats": [
                {
                    "seat": p,
                    "name": f"Seat {p + 1}",
                    "score": s.points[p] + s.coins[p],
                    "resources": {"coins": s.coins[p], "cards": len(s.hands[p])},
                }
                for p in range(s.players)
            ],
            "zones": zones,
            "public": {"turns": s.turns},
        }

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> CourtState:
        """Hidden hands and the deck order sampled from the unseen cards."""
        z = view["zones"]
        n = len(view["seats"])
        seen = {c["uid"] for zone in z.values() for c in zone["cards"] if c["uid"]}
        unseen = [f"c{i}" for i in range(len(DEFS)) if f"c{i}" not in seen]
        rng.shuffle(unseen)
        hands = []
        for p in range(n):
            cards = z[f"p{p}.hand"]["cards"]
            hands.append([c["uid"] if c["uid"] else unseen.pop() for c in cards])
        coins = [s["resources"]["coins"] for s in view["seats"]]
        return CourtState(
            n, rng.fork(), unseen, [c["uid"] for c in z["market"]["cards"]], hands,
            [[c["uid"] for c in z[f"p{p}.court"]["cards"]] for p in range(n)],
            [c["uid"] for c in z["discard"]["cards"]], coins,
            [s["score"] - c for s, c in zip(view["seats"], coins, strict=True)],
            view["to_act"][0] if view["to_act"] else 0, view["public"]["turns"],
        )  # fmt: skip

    def is_over(self, s: CourtState) -> bool:
        """Six turns each."""
        return s.turns >= TURNS_EACH * s.players

    def outcome(self, s: CourtState) -> Outcome:
        """Court points plus coins."""
        scores = [s.points[p] + s.coins[p] for p in range(s.players)]
        best = max(scores)
        return Outcome(
            scores,
            [p for p in range(s.players) if scores[p] == best],
            [{"court": s.points[p], "coins": s.coins[p]} for p in range(s.players)],
        )

    def heuristic_agent(self, kind: str) -> Any:
        """A greedy agent for ``greedy``; other kinds are unknown (tests the fallback)."""
        return GreedyCourt() if kind == "greedy" else None


class GreedyCourt:
    """Plays its best card; otherwise draws; otherwise passes."""

    name = "greedy"

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """The highest-value play, else a draw, else the first legal action."""
        plays = [a for a in legal if a.name == "play"]
        if plays:
            return max(plays, key=lambda a: VALUE[card_of(a["card"])])
        draws = [a for a in legal if a.name == "draw"]
        return draws[0] if draws else legal[0]


COURT = CourtGame()


def court_data() -> Any:
    """The fixture's loaded card data."""
    return load_game_data(folder=DATA_DIR)
