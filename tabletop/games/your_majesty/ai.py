"""The heuristic ("greedy") agent: it decides from its view and its legal actions only."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.view import salon_chance

# how much the agent values keeping each kind of action card in hand (lowest is paid first)
CARD_VALUE = {
    "campaign": 5,
    "despot": 9,
    "mistress": 4,
    "place": 6,
    "espionage": 5,
    "consumption": 5,
    "quarrel": 4,
    "pension": 5,
    "encyclopedie": 3,
    "grandtour": 3,
    "letters": 3,
    "rebellion": 3,
    "revolt": 2,
    "lettre": 3,
    "peace": 2,
    "smallpox": 3,
    "hurricane": 3,
    "censorship": 3,
}


def _i(u: str) -> int:
    return int(u[1:])


class HeuristicAgent:
    """Plays every decision by simple, explainable rules of thumb."""

    name = "greedy"

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """Score every legal action and take the best (ties broken at random)."""
        ctx = _Context(view, seat)
        best: list[Action] = []
        top = -1e9
        for a in legal:
            v = ctx.score(a)
            if v > top + 1e-9:
                top, best = v, [a]
            elif abs(v - top) <= 1e-9:
                best.append(a)
        return rng.choice(best)


class _Context:
    """What the agent reads off its view once per decision."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.cat = catalog()
        self.view = view
        self.seat = seat
        st = view["public"]["state"]
        self.st = st
        self.n = st["players"]
        self.scores = [x["score"] for x in view["seats"]]
        self.wealth = [x["resources"]["wealth"] for x in view["seats"]]
        self.target = view["public"]["win_target"]
        self.hand = st["hands"][seat]
        others = [i for i in range(self.n) if i != seat]
        self.leader = max(others, key=lambda i: (self.scores[i], -i))
        self.courts = st["courts"]
        self.pending = st["pending"]
        self.used = st["used"]
        self.abolished = any(
            self.cat.reforms[r].name == "Abolition of Slavery"
            for c in self.courts
            for r in c["reforms"]
        )
        self.faux = bool(st["options"].get("faux_pas"))

    # --- helpers ----------------------------------------------------------------------------
    def card_value(self, a: int) -> float:
        card = self.cat.actions[a]
        if card.category == "scandal":
            return 4
        return CARD_VALUE.get(card.effect if card.category != "campaign" else "campaign", 3)

    def my_phils(self) -> list[int]:
        return self.courts[self.seat]["phils"]

    def best_own_sophia(self, reform: int) -> int:
        muse = self.cat.reforms[reform].muse
        vals = sorted(
            (2 if self.cat.phils[p].muse == muse else 1 for p in self.my_phils()), reverse=True
        )
        return sum(vals[: self.wealth[self.seat]])

    def base_difficulty(self, reform: int) -> int:
        lvl = self.cat.reforms[reform].level
        scandals = len(self.courts[self.seat]["scandals"])
        cens = 0
        for i, c in enumerate(self.courts):
            if i != self.seat:
                cens += 2 * sum(
                    1 for a in c["lingering"] if self.cat.actions[a].effect == "censorship"
                )
        return lvl + scandals + cens

    def salon_value(self, reform: int) -> float:
        muse = self.cat.reforms[reform].muse
        own = self.best_own_sophia(reform)
        slots = self.wealth[self.seat] - min(len(self.my_phils()), self.wealth[self.seat])
        # a guest or two may come: count one likely guest of the reform's muse
        guests = 0
        for i, c in enumerate(self.courts):
            if (
                i != self.seat
                and slots > 0
                and self.scores[i] < self.target - 4
                and any(self.cat.phils[p].muse == muse for p in c["phils"])
            ):
                guests += 1
                slots -= 1
        hand_bonus = (
            2 if any(self.cat.actions[a].effect == "encyclopedie" for a in self.hand) else 0
        )
        soph = own + min(guests, 1) * 2 + (hand_bonus if "event" not in self.used else 0) * 0
        chance = salon_chance(soph, self.base_difficulty(reform), self.faux)
        lvl = self.cat.reforms[reform].level
        return chance * (lvl * 2.5 + 2) if chance >= 0.34 else 0.0

    def threat(self, seat: int) -> float:
        return self.scores[seat] + (3 if self.scores[seat] >= self.target - 5 else 0)

    # --- scoring -----------------------------------------------------------------------------
    def score(self, a: Action) -> float:
        f = getattr(self, "_" + a.name, None)
        return f(a) if f else 0.0

    def _end_turn(self, a: Action) -> float:
        return 0.5

    def _refill(self, a: Action) -> float:
        return {0: 7.0, 1: 4.5, 2: 2.0}.get(len(self.hand), 0.8)

    def _choose_colony(self, a: Action) -> float:
        c = self.cat.colonies[_i(a["colony"])]
        w = self.wealth[self.seat]
        v = c.coins * 1.5 + 0.5 if w < 4 else c.coins * 0.5
        if c.slave and not self.abolished:
            v -= 1.5
        return v

    def _draw_philosophe(self, a: Action) -> float:
        cost = self.card_value(_i(a["cost"]))
        return 5.0 - cost * 0.3

    def _propose_salon(self, a: Action) -> float:
        v = self.salon_value(_i(a["reform"]))
        return v if v >= 1.5 else -1

    def _pay(self, a: Action) -> float:
        return -self.card_value(_i(a["cost"]))

    def _campaign(self, a: Action) -> float:
        c = _i(a["on"])
        col = self.cat.colonies[c]
        owner = next(i for i, ct in enumerate(self.courts) if c in ct["colonies"])
        v = col.coins - 1.5 - (1.0 if col.slave and not self.abolished else 0)
        return v + (1.0 if owner == self.leader else 0)

    def _play_event(self, a: Action) -> float:
        card = self.cat.actions[_i(a["card"])]
        e = card.effect
        tseat = a.get("seat")
        on = a.get("on")
        me = self.seat
        if card.category == "scandal":
            if e == "casanova":
                return 2.5
            return 2.0 + (2.0 if tseat == self.leader else 0) + 0.1 * self.scores[tseat]
        if e == "despot":
            return 6.0
        if e == "mistress":
            return 2.5 * len(self.courts[me]["scandals"]) - 0.5
        if e in ("place", "consumption", "quarrel"):
            p = _i(on)
            owner = next(i for i, ct in enumerate(self.courts) if p in ct["phils"])
            if owner == me:
                return -5
            pv = self.cat.phils[p].prestige
            if e == "place":
                return 2.0 + pv * 1.5 + (1.0 if owner == self.leader else 0)
            # killing or sending away thins the game for everyone: only against a leader
            if owner != self.leader or self.scores[owner] < self.scores[me]:
                return -1
            return 0.5 + pv + (2.0 if self.scores[owner] >= self.target - 6 else 0)
        if e == "pension":
            return 3.5 if on else 2.5
        if e in ("espionage", "letters"):
            return (2.5 if e == "espionage" else 1.5) + 0.2 * self.view["seats"][tseat][
                "resources"
            ]["hand"]
        if e in ("encyclopedie", "grandtour"):
            # worth it only right before a salon we can host
            return 2.5 if not self.used and any(self._salon_ready()) else -1
        if e == "rebellion":
            c = _i(on)
            owner = next(i for i, ct in enumerate(self.courts) if c in ct["colonies"])
            return 1.0 + self.cat.colonies[c].coins * 0.5 + (1 if owner == self.leader else 0)
        if e == "revolt":
            c = _i(on)
            owner = next(i for i, ct in enumerate(self.courts) if c in ct["colonies"])
            if owner == me:
                return -3
            return 0.5 + self.cat.colonies[c].coins * 0.5
        if e in ("lettre", "hurricane"):
            return 1.5 + (1.5 if tseat == self.leader else 0)
        if e == "smallpox":
            return 2.5 if self.scores[self.leader] >= self.target - 6 else 0.3
        if e == "censorship":
            return 1.5
        if e == "peace":
            return 1.0
        return 0.5

    def _salon_ready(self) -> list[bool]:
        return [self.salon_value(r) >= 2.0 for r in self.st["reforms"]]

    # --- the salon ----------------------------------------------------------------------------
    def _salon_muse(self) -> str:
        return self.cat.reforms[self.st["salon"]["reform"]].muse

    def _attend(self, a: Action) -> float:
        p = self.cat.phils[_i(a["phil"])]
        return 10 + (2 if p.muse == self._salon_muse() else 1)

    def _invite(self, a: Action) -> float:
        p = _i(a["phil"])
        ph = self.cat.phils[p]
        if ph.muse != self._salon_muse():
            return 0.2 if len(self.st["salon"]["attendees"]) < 2 else -1
        owner = next(i for i, ct in enumerate(self.courts) if p in ct["phils"])
        return 5 - 0.2 * self.scores[owner]

    def _hold_salon(self, a: Action) -> float:
        return 1.0

    def _abandon_salon(self, a: Action) -> float:
        return 0.0

    # --- answers ------------------------------------------------------------------------------
    def _lend(self, a: Action) -> float:
        host = self.st["active"]
        reform = self.st["salon"]["reform"]
        lvl = self.cat.reforms[reform].level
        leader_near = self.scores[host] + lvl >= self.target - 2
        ahead = self.scores[host] > self.scores[self.seat] + 3
        return (
            -1 if leader_near or ahead or (host == self.leader and self.scores[host] >= 12) else 1
        )

    def _refuse(self, a: Action) -> float:
        return 0

    def _defend(self, a: Action) -> float:
        c = self.cat.colonies[self.pending["target"]]
        worth = c.coins - (1 if c.slave and not self.abolished else 0)
        return 1 if worth >= 1 else -1

    def _yield(self, a: Action) -> float:
        return 0

    def _block(self, a: Action) -> float:
        return self._defend(a)

    def _cancel_place(self, a: Action) -> float:
        return 1

    def _allow(self, a: Action) -> float:
        return 0

    def _take(self, a: Action) -> float:
        return self.card_value(_i(a["card"]))

    def _done(self, a: Action) -> float:
        return 0
