"""Dealing a Swoop hand and drawing for the first player of hand 1."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..cards import rank
from .rules import CARDS_PER_PLAYER, FACE_UP, MYSTERY, ORDER
from .types import Draw

if TYPE_CHECKING:
    from .game import SwoopGame

#: A bound on the first-player draw, for stacked decks whose unused cards can never settle it.
MAX_DRAWS = 500


def deal(game: SwoopGame, stacked: list[str] | None) -> None:
    """Deal a hand: seat s gets deck[19s:19s+19] (4 mystery, 4 face up, 11 in hand)."""
    deck = stacked
    if deck is None:
        deck = game.rng.sample(game.all_cards, len(game.all_cards))
    game.hand_no += 1
    game.mystery, game.face_up, game.hands = [], [], []
    for s in range(game.seats):
        block = deck[CARDS_PER_PLAYER * s : CARDS_PER_PLAYER * (s + 1)]
        game.mystery.append(list(block[:MYSTERY]))
        game.face_up.append(list(block[MYSTERY : MYSTERY + FACE_UP]))
        game.hands.append(list(block[MYSTERY + FACE_UP :]))
    game.unused = deck[CARDS_PER_PLAYER * game.seats :]
    game.pile = []
    game.cleared = 0
    game.flipped = None
    game.chain = None
    game.phase = "play"
    if game.hand_no == 1:
        chosen = game.options["first_player"]
        if chosen is None:
            game.first, game.draws = draw_for_first(game.unused, game.seats, game.rng)
        else:
            game.first = chosen
    else:
        game.first = (game.first + 1) % game.seats
    game.turn = game.first


def draw_for_first(
    unused: list[str], seats: int, rng: random.Random
) -> tuple[int, list[list[Draw]]]:
    """Everyone draws from the unused cards; highest rank leads, 10s/jokers draw again,
    a tie for highest draws again. An exhausted stack is reshuffled and drawn on.

    Returns the seat that leads and every draw, round by round."""
    stack = list(unused)
    pos = 0
    contenders = list(range(seats))
    draws: list[list[Draw]] = []
    drawn = 0
    while len(contenders) > 1 and drawn < MAX_DRAWS:
        round_draws: list[Draw] = []
        best: dict[int, int] = {}
        for s in contenders:
            while s not in best and drawn < MAX_DRAWS:
                if pos == len(stack):
                    stack = rng.sample(stack, len(stack))
                    pos = 0
                card = stack[pos]
                pos += 1
                drawn += 1
                round_draws.append([s, card])
                if rank(card) in ORDER:
                    best[s] = ORDER[rank(card)]
        draws.append(round_draws)
        if best:
            top = max(best.values())
            contenders = [s for s in contenders if best.get(s) == top]
    return contenders[0], draws
