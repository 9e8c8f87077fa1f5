"""The SwaPo leak audit: who holds a joker, and what it is declared as, stays secret until the
reveal (issue 10, shared/DESIGN.md "Secrets are more than cards").

Design. For many seeds we build a *pair* of Ace games (mixed at random with Dagger and/or
Asterisk, 2–6 seats, one or two decks, either deal method) that differ in exactly one private
fact, play both with the same policy, and require that everything the *other* seats and a
spectator receive — their views after every step, their legal actions, and every event — is
identical step by step, up to the step at which the fact becomes public by the rules: the
reveal. That step must also be the same in both games (revealing earlier in one of them would
itself tell). The pairs:

- ``seat``: a stacked deck deals the joker to seat a and a card of no interest X to seat b; the
  twin deck swaps those two cards (``deck=``), so a holds X and b the joker. The secret seats
  are a and b; every other seat and the spectator must not tell the games apart.
- ``pile``: the joker is dealt to seat a in one game and left in the pile (X dealt to a in its
  place) in the other — whether *anybody* holds a joker is as secret as who.
- ``rank``: the same deal; only the rank seat a declares for its joker differs.
- ``card``: any card of a's and any card of b's trade places (an Ace, a joker, a pair-maker),
  under any variant mix, normal rules included: nothing before the reveal — no turn, prompt or
  event — may depend on what a seat holds.

The policy makes the same choice whenever the two games offer the same public situation: the
seat to act is drawn (seeded per step) from ``pending()``; an action is drawn (seeded per
step) from the legal actions that move neither the joker nor X (a swap never asks a seat for
more cards than it can give without them; Dagger rows are laid by one seeded permutation of
the dealt order, so the joker and X lie at the same position in both games and no swap picks
it). Those lists are equal in both games, so both games take the same action. The one place a
secret seat's choice differs is the declaration itself: a seat of the pair that holds an
undeclared joker declares a rank drawn with a per-game salt; one with nothing to declare takes
its only action.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.cards import standard_deck
from engine.swapo.dealing import HAND_SIZE, clockwise_from
from engine.swapo.options import VARIANTS
from engine.swapo.swaps import unlocked_cards

pytestmark = pytest.mark.unit

JOKER = "JK"
SEEDS = range(100)
STEP_BOUND = 2000


def dealt_to(index: int, dealer: int, seats: int, five: bool) -> int:
    """The seat that deck[index] is dealt to in the first round (index < 5 × seats)."""
    players = clockwise_from(dealer, list(range(seats)), seats)
    return players[index // HAND_SIZE] if five else players[index % seats]


class Pair:
    """Two games that differ in one private fact, and the seats that know it."""

    def __init__(self, kind: str, seed: int) -> None:
        rng = random.Random(f"pair/{kind}/{seed}")
        self.seed = seed
        self.kind = kind
        n = rng.randint(2, 6)
        extra = [v for v in ("dagger", "asterisk", "ace") if rng.random() < 0.5]
        variant = extra if kind == "card" else sorted({"ace", *extra}, key=VARIANTS.index)
        decks = rng.choice([1, 1, 2])
        five = rng.random() < 0.5
        dealer = rng.randrange(n)
        self.options: dict[str, Any] = {
            "variant": variant,
            "decks": decks,
            "first_dealer": dealer,
            "deal_method": "five_at_once" if five else "one_at_a_time",
        }
        dealt = HAND_SIZE * n
        while True:
            deck = standard_deck(decks, jokers=(JOKER,))
            rng.shuffle(deck)
            hands: list[list[int]] = [[] for _ in range(n)]
            for i in range(dealt):
                hands[dealt_to(i, dealer, n, five)].append(i)
            a = rng.randrange(n)
            b: int | None = rng.choice([s for s in range(n) if s != a])
            ia = rng.choice(hands[a])
            if kind != "card":  # the joker of interest is dealt to a
                ij = rng.choice([i for i, c in enumerate(deck) if c == JOKER])
                deck[ia], deck[ij] = deck[ij], deck[ia]
            held = [deck[i] for i in hands[a]]
            if held.count(deck[ia]) != 1:
                continue
            if kind in ("seat", "card"):  # a card of b's, of a code neither holds twice
                theirs = [deck[i] for i in hands[b]]
                spots = [i for i in hands[b] if deck[i] not in held and theirs.count(deck[i]) == 1]
                if deck[ia] in theirs:
                    continue
            else:
                b = None
                spots = [i for i in range(dealt, len(deck)) if deck[i] not in held]
            if spots:
                ix = rng.choice(spots)
                break
        self.secret = {a} if b is None else {a, b}
        self.interest = {deck[ia]} if kind == "rank" else {deck[ia], deck[ix]}
        twin = list(deck)
        if kind != "rank":
            twin[ia], twin[ix] = twin[ix], twin[ia]
        self.games = [
            engine.new_game("swapo", n, self.options, seed=seed, deck=deck),
            engine.new_game("swapo", n, self.options, seed=seed, deck=twin),
        ]
        self.others = [s for s in range(n) if s not in self.secret]
        self._safe_step: int | None = None
        self._safe: dict[tuple[int, int], list[dict]] = {}
        self._legal: dict[tuple[int, int], list[dict]] = {}
        self._draws: dict[tuple[str, int, int], int] = {}

    def describe(self) -> str:
        return f"{self.kind} pair, seed {self.seed}, options {self.options}, secret {self.secret}"

    # The policy ------------------------------------------------------------------------------
    def moves_interest(self, game: Any, seat: int, action: dict, known: dict | None = None) -> bool:
        """Whether the action could move a card of interest (or force a give that must).
        ``known``: what this looks at in the game as it is, kept between the calls of one
        state (the places of the cards of interest in each Dagger row, each target's spare
        cards), so that a state's many actions are judged without working it out again."""
        kind = action["type"]
        if kind == "give":
            return not self.interest.isdisjoint(action["cards"])
        if kind != "swap":
            return False
        target = action["target"]
        known = {} if known is None else known
        if game.dagger:
            for s in (target, seat):
                if s not in known:
                    known[s] = {p for p, c in enumerate(game.hands[s]) if c in self.interest}
            taken, given = known[target], known[seat]  # (mostly empty)
            return not taken.isdisjoint(action["take"]) or not given.isdisjoint(action["give"])
        if not self.interest.isdisjoint(action["cards"]):
            return True
        if ("spare", target) not in known:
            spare = [c for c in unlocked_cards(game, target) if c not in self.interest]
            known["spare", target] = len(spare)
        return len(action["cards"]) > known["spare", target]

    def choose(self, which: int, seat: int, step: int) -> dict:
        game = self.games[which]
        if game.phase == "arrange":
            order = random.Random(f"act/{self.seed}/{step}").sample(range(HAND_SIZE), HAND_SIZE)
            return {"type": "arrange", "order": [game.hands[seat][i] for i in order]}
        legal = self.legal(which, seat)
        if game.phase == "declare" and seat in self.secret:
            declares = [x for x in legal if x["type"] == "declare"]
            if declares:  # the secret itself: the rank differs between the games
                return random.Random(f"rank/{self.seed}/{step}/{which}").choice(declares)
            return legal[0]
        safe = self.safe(which, seat, step)
        twin_safe = self.safe(1 - which, seat, step)
        assert safe, f"no safe action for seat {seat} in {game.phase} ({self.describe()})"
        if safe != twin_safe:  # not the same situation: the views will already differ
            return random.Random(f"act/{self.seed}/{step}/{which}").choice(safe)
        return safe[self.drawn("act", step, len(safe))]

    def drawn(self, label: str, step: int, n: int) -> int:
        """``random.Random(f"{label}/{seed}/{step}").choice(range(n))``: the index both games'
        choices at ``step`` draw (from the same seed, for lists of one length), drawn once."""
        key = (label, step, n)
        if key not in self._draws:
            self._draws = {key: random.Random(f"{label}/{self.seed}/{step}").choice(range(n))}
        return self._draws[key]

    def legal(self, which: int, seat: int) -> list[dict]:
        """``legal_actions(seat)`` of game ``which`` as it is now (asked once a state: what the
        others receive, the seat to act's choice and its twin's)."""
        key = (which, seat)
        if key not in self._legal:
            self._legal[key] = self.games[which].legal_actions(seat)
        return self._legal[key]

    def apply(self, which: int, seat: int, action: dict) -> list[dict]:
        """Game ``which`` takes ``action`` (its listed actions are asked afresh after it)."""
        self._legal = {k: v for k, v in self._legal.items() if k[0] != which}
        return self.games[which].apply(seat, action)

    def safe(self, which: int, seat: int, step: int) -> list[dict]:
        """The actions of ``seat`` in game ``which`` at ``step`` that move no card of interest.
        Both games' lists are asked for twice a step (each game's choice looks at its twin's):
        worked out once (the games only change between steps)."""
        if self._safe_step != step:
            self._safe_step, self._safe = step, {}
        key = (which, seat)
        if key not in self._safe:
            game = self.games[which]
            legal = self.legal(which, seat)
            known: dict = {}  # the state's, shared by the judgement of each action
            self._safe[key] = [x for x in legal if not self.moves_interest(game, seat, x, known)]
        return self._safe[key]

    def seat_to_act(self, which: int, step: int) -> int:
        pending = self.games[which].pending()
        assert pending, f"nobody awaited in {self.games[which].phase} ({self.describe()})"
        return pending[self.drawn("seat", step, len(pending))]

    # What the others receive -----------------------------------------------------------------
    def received(self, which: int) -> list:
        game = self.games[which]
        out: list = [("spectator", game.view(None))]
        for seat in self.others:
            out.append((seat, game.view(seat), self.legal(which, seat)))
        return out


def audit(pair: Pair) -> int:
    """Play the pair to the reveal; return the number of steps played."""
    a, b = pair.games
    assert pair.received(0) == pair.received(1), f"the first views differ ({pair.describe()})"
    for step in range(STEP_BOUND):
        seats = [pair.seat_to_act(w, step) for w in (0, 1)]
        actions = [pair.choose(w, seats[w], step) for w in (0, 1)]
        events = [pair.apply(w, seats[w], actions[w]) for w in (0, 1)]
        revealed = [any(e["type"] == "reveal" for e in ev) for ev in events]
        where = f"step {step}, phase {a.phase!r}/{b.phase!r} ({pair.describe()})"
        assert revealed[0] == revealed[1], f"the reveal comes at different steps: {where}"
        if revealed[0]:
            before = [
                ev[: next(i for i, e in enumerate(ev) if e["type"] == "reveal")] for ev in events
            ]
            assert before[0] == before[1], f"events before the reveal differ: {where}"
            return step + 1
        assert events[0] == events[1], f"events differ: {where}\n{events[0]}\n{events[1]}"
        got = [pair.received(w) for w in (0, 1)]
        for mine, theirs in zip(got[0], got[1], strict=True):
            assert mine == theirs, f"what {mine[0]} receives differs: {where}"
    raise AssertionError(f"no reveal within {STEP_BOUND} steps ({pair.describe()})")


@pytest.mark.parametrize("kind", ["seat", "pile", "rank", "card"])
def test_the_joker_is_secret_until_the_reveal(kind: str) -> None:
    for seed in SEEDS:
        audit(Pair(kind, seed))


def test_the_pairs_are_what_they_claim() -> None:
    """The audit is meaningful: the secret seats really differ, the others really do not."""
    for seed in range(30):
        pair = Pair("seat", seed)
        first, second = (g.hands for g in pair.games)
        a, b = sorted(pair.secret)
        assert (JOKER in first[a]) != (JOKER in second[a])
        assert (JOKER in first[b]) != (JOKER in second[b])
        assert all(first[s] == second[s] for s in pair.others)
        pile = Pair("pile", seed)
        (a,) = pile.secret
        assert JOKER in pile.games[0].hands[a] and JOKER not in pile.games[1].hands[a]
