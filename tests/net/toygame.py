"""A tiny hidden-information game for net tests, independent of the real engines.

Each seat is dealt three cards; in turn, each plays one face up; the highest total wins.
Hands are secret until played, so a leak of another seat's hand is easy to detect.
"""

from __future__ import annotations

from typing import ClassVar

from engine.base import Game, IllegalAction, Option, boolean, check_action
from engine.bots import Bot
from engine.cards import standard_deck


class ToyGame(Game):
    NAME = "toy"
    TITLE = "Toy"
    MIN_SEATS = 2
    MAX_SEATS = 10
    WHISPER_OPTION = "adult_talk"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "adult_talk": Option(False, boolean),
        "hand": Option(3, int),
    }

    def setup(self, deck):
        seats = self.seats
        cards = standard_deck(decks=2)
        self.rng.shuffle(cards)
        size = self.options["hand"]
        self.hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(seats)]
        self.played: list[list[str]] = [[] for _ in range(seats)]
        self.turn = 0

    def pending(self):
        return [] if self.over else [self.turn]

    def legal_actions(self, seat):
        if self.over or seat != self.turn:
            return []
        return [{"type": "play", "card": c} for c in sorted(set(self.hands[seat]))]

    def apply(self, seat, action):
        self.check_turn(seat)
        check_action(action, {"type": str, "card": str})
        if action["type"] != "play":
            raise IllegalAction(
                "not_allowed_now", kind=action["type"], phase="play", allowed=["play"]
            )
        if action["card"] not in self.hands[seat]:
            raise IllegalAction("swoop.not_in_hand", kind="play", card=action["card"])
        self.hands[seat].remove(action["card"])
        self.played[seat].append(action["card"])
        self.turn = (self.turn + 1) % self.seats
        return [{"type": "played", "seat": seat, "card": action["card"]}]

    def view(self, seat):
        return {
            "game": "toy",
            "seat": seat,
            "seats": self.seats,
            "phase": "over" if self.over else "play",
            "pending": self.pending(),
            "scores": self._scores(),
            "over": self.over,
            "options": self.options,
            "result": self.result() if self.over else None,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": [list(p) for p in self.played],
        }

    def _scores(self):
        return [len(p) for p in self.played]

    @property
    def over(self):
        return all(not h for h in self.hands)

    def result(self):
        totals = [sum(len(c) for c in p) for p in self.played]
        best = max(totals)
        return {"scores": totals, "winners": [i for i, t in enumerate(totals) if t == best]}


class ToyBot(Bot):
    def act(self, view, legal):
        return self.rng.choice(legal)
