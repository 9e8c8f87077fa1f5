"""Tables set up for the 大富豪 tests: games with chosen hands and tricks, stacked decks, and
drivers (the game is not registered yet: the tests build DaifugoGame directly)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.base import IllegalAction
from engine.daifugo import GAME
from engine.daifugo.game import DaifugoGame
from engine.daifugo.plays import full_deck, read_play

pytestmark = pytest.mark.unit


def new(seats: int = 4, options: dict[str, Any] | None = None, **kw: Any) -> DaifugoGame:
    return GAME(seats, options=options, **kw)


def table(
    hands: list[list[str]],
    *,
    options: dict[str, Any] | None = None,
    turn: int = 0,
    trick: list[tuple[int, list[str], list[str]]] = (),  # type: ignore[assignment]
    **state: Any,
) -> DaifugoGame:
    """A game in the play phase with these ``hands``, seat ``turn`` to play on ``trick``
    (seat, cards, as) and any other state set; the other cards count as played (so cards
    are conserved)."""
    game = new(len(hands), {"deals": 1, **(options or {})}, seed=0)
    rest = Counter(full_deck(game.options["jokers"]))
    for hand in hands:
        rest.subtract(hand)
    for _, cards, _ in trick:
        rest.subtract(cards)
    assert all(v >= 0 for v in rest.values()), "a card is asked for too often"
    game.hands = [list(h) for h in hands]
    game.trick = [(s, read_play(c, n, True)) for s, c, n in trick]
    game.played = sorted(rest.elements()) + [c for _, cards, _ in trick for c in cards]
    game.phase, game.turn = "play", turn
    for key, value in state.items():
        setattr(game, key, value)
    return game


def stacked(hands: list[list[str]], dealer: int = 0) -> list[str]:
    """The deck that deals ``hands`` (each as long as the deal gives that seat)."""
    n = len(hands)
    left = [list(h) for h in hands]
    deck = []
    for i in range(sum(map(len, hands))):
        deck.append(left[(dealer + i) % n].pop(0))
    assert not any(left)
    return deck


def play(cards: list[str], named: list[str] | None = None) -> dict:
    return {"type": "play", "cards": cards, "as": named or []}


PASS = {"type": "pass"}


def refused(game: DaifugoGame, seat: int, action: object) -> str:
    """The code of the refusal of ``action`` (which must change nothing)."""
    before = repr(vars(game))
    with pytest.raises(IllegalAction) as exc:
        game.apply(seat, action)  # type: ignore[arg-type]
    assert repr(vars(game)) == before
    return exc.value.code


def plays_of(game: DaifugoGame, seat: int) -> list[tuple[list[str], list[str]]]:
    return [(a["cards"], a["as"]) for a in game.legal_actions(seat) if a["type"] == "play"]


def test_table_conserves_the_cards() -> None:
    game = table([["3S"], ["4S"], ["5S"]], trick=[(2, ["6S"], [])])
    held = [c for h in game.hands for c in h] + game.played
    assert Counter(held) == Counter(game.all_cards)


def test_stacked_deals_the_hands() -> None:
    deck = full_deck(2)
    hands = [deck[0::4], deck[1::4], deck[2::4], deck[3::4]]
    assert new(4, deck=stacked(hands)).hands == hands
