"""A SwaPo round from the deal to the scoring, and the end of the game (ties, sudden death).

Plain functions of the typed ``SwapoGame``; ``events`` collects the public events of the action
being committed. The swaps are in ``swaps.py``, the reveal and the Ace phases in ``powers.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dealing import HAND_SIZE, clockwise_from, deal_hands
from .scoring import ace_score, strength
from .types import Event, RoundRecord

if TYPE_CHECKING:
    from .game import SwapoGame


def start_round(
    game: SwapoGame, dealer: int, seats: list[int], events: list[Event], *, reshuffled: bool = False
) -> None:
    """Deal a round to ``seats`` (clockwise from ``dealer``) and open its first phase."""
    n = game.seats
    game.round_no += 1
    game.dealer = dealer
    game.players = clockwise_from(dealer, seats, n)
    game.hands = deal_hands(
        game.pile, game.players, n, game.options["deal_method"] == "five_at_once"
    )
    game.right_index = 0
    game.give_request = None
    game.swap_log = []
    game.locked_cards = [[] for _ in range(n)]
    game.locked_positions = [[] for _ in range(n)]
    game.laid = [False] * n
    game.known = [[] for _ in range(n)]
    game.declared = [[] for _ in range(n)]
    game.declare_steps = [0] * n
    game.is_revealed = False
    game.stabbed = [[] for _ in range(n)]
    game.used = [[] for _ in range(n)]
    game.power_index = 0
    game.no_game = False
    game.phase = "arrange" if game.dagger else "swap"
    events.append(
        {
            "type": "deal",
            "round": game.round_no,
            "dealer": dealer,
            "players": list(game.players),
            "sudden_death": game.in_sudden_death,
            "reshuffled": reshuffled,
            "pile": len(game.pile),
        }
    )


def public_declared(game: SwapoGame) -> list[list[str] | None]:
    """Every player's declared joker ranks (Ace), as shown from the reveal on."""
    if not game.ace:
        return [None] * game.seats
    return [list(d) if s in game.players else None for s, d in enumerate(game.declared)]


def copy_record(record: RoundRecord) -> RoundRecord:
    """A copy of a round record that shares no list with the game."""
    return {
        **record,
        "winners": list(record["winners"]),
        "points": list(record["points"]),
        "strengths": list(record["strengths"]),
        "players": list(record["players"]),
        "hands": [None if x is None else list(x) for x in record["hands"]],
        "declared": [None if x is None else list(x) for x in record["declared"]],
        "stabbed": [list(x) for x in record["stabbed"]],
    }


def score_round(game: SwapoGame, events: list[Event]) -> None:
    """Strengths and points on the hands as they stand; then discard and go on."""
    n = game.seats
    strengths: list[int | None] = [None] * n
    size = [0] * n
    worth = [0] * n
    for s in game.players:
        if game.ace:
            size[s], worth[s] = ace_score(game.hands[s], game.declared[s])
        else:
            size[s], worth[s] = strength(game.hands[s]), 1
        strengths[s] = size[s]
    best = max(size[s] for s in game.players)
    winners = [] if game.no_game else sorted(s for s in game.players if size[s] == best)
    points = [worth[s] if s in winners else 0 for s in range(n)]
    for s in winners:
        game.scores[s] += points[s]
    record: RoundRecord = {
        "round": game.round_no,
        "dealer": game.dealer,
        "players": list(game.players),
        "sudden_death": game.in_sudden_death,
        "no_game": game.no_game,
        "winners": winners,
        "points": points,
        "strengths": strengths,
        "hands": [list(h) if s in game.players else None for s, h in enumerate(game.hands)],
        "declared": public_declared(game),
        "stabbed": [list(c) for c in game.stabbed],
    }
    game.rounds.append(record)
    events.append({"type": "round_over", **copy_record(record)})
    for s in game.players:
        game.discards.extend(game.hands[s])
        game.discards.extend(game.stabbed[s])
        game.hands[s] = []
        game.stabbed[s] = []
    game.phase = "between"
    _after_round(game, events)


def _after_round(game: SwapoGame, events: list[Event]) -> None:
    if game.sudden_seats is not None:
        tied = game.sudden_seats
        top = max(game.scores[s] for s in tied)
        ahead = [s for s in tied if game.scores[s] == top]
        if len(ahead) == 1:
            _finish(game, ahead, events)
            return
        if ahead != tied:  # §4.4: only those still tied for the lead play on
            game.sudden_seats = ahead
            events.append({"type": "sudden_death", "seats": list(ahead)})
        rotate = game.options["dealer_rotation"] == "rotate"
        dealer = game.dealer
        if rotate or dealer not in ahead:
            dealer = clockwise_from(game.dealer + 1, ahead, game.seats)[0]
        _deal_sudden_round(game, dealer, events)
        return
    rounds = game.options["rounds"]
    next_dealer = _next_dealer(game)
    if rounds is not None:
        if game.round_no < rounds:
            _reshuffle_all(game)
            start_round(game, next_dealer, list(range(game.seats)), events, reshuffled=True)
            return
    elif len(game.pile) >= HAND_SIZE * game.seats:
        start_round(game, next_dealer, list(range(game.seats)), events)
        return
    _end_main_game(game, events)


def _next_dealer(game: SwapoGame) -> int:
    if game.options["dealer_rotation"] == "rotate":
        return (game.dealer + 1) % game.seats
    return game.dealer


def _reshuffle_all(game: SwapoGame) -> None:
    """Every card not in a hand goes back into one shuffled pile."""
    game.pile.extend(game.discards)
    game.discards = []
    game.rng.shuffle(game.pile)


def scoring_rounds(game: SwapoGame, seat: int) -> list[int]:
    """Rounds (numbers) in which ``seat`` scored above 0, before any sudden death."""
    return [
        r["round"]
        for r in game.rounds
        if not r["sudden_death"] and seat in r["winners"] and r["points"][seat] > 0
    ]


def _end_main_game(game: SwapoGame, events: list[Event]) -> None:
    top = max(game.scores)
    tied = [s for s in range(game.seats) if game.scores[s] == top]
    if len(tied) == 1:
        _finish(game, tied, events)
        return
    reading = game.options["tiebreak"]
    still = tied
    scored = {s: scoring_rounds(game, s) for s in tied}
    if all(scored.values()):  # if nobody scored above 0, no reading tells them apart
        if reading == "first_point_earliest":
            key = {s: -scored[s][0] for s in tied}
        elif reading == "last_point_latest":
            key = {s: scored[s][-1] for s in tied}
        else:
            key = {s: scored[s][0] for s in tied}
        best = max(key.values())
        still = [s for s in tied if key[s] == best]
    game.tiebreak_info = {"reading": reading, "tied": tied, "after": still}
    if len(still) == 1:
        _finish(game, still, events)
        return
    game.sudden_seats, game.sudden_entrants = list(still), list(still)
    events.append({"type": "sudden_death", "seats": list(still)})
    _reshuffle_all(game)
    dealer = clockwise_from(_next_dealer(game), still, game.seats)[0]
    _deal_sudden_round(game, dealer, events, reshuffled=True)


def _deal_sudden_round(
    game: SwapoGame, dealer: int, events: list[Event], *, reshuffled: bool = False
) -> None:
    tied = game.sudden_seats or []
    if len(game.pile) < HAND_SIZE * len(tied):
        _reshuffle_all(game)
        reshuffled = True
    start_round(game, dealer, tied, events, reshuffled=reshuffled)


def _finish(game: SwapoGame, winners: list[int], events: list[Event]) -> None:
    game.phase = "over"
    game.final_winners = sorted(winners)
    events.append(
        {"type": "game_over", "scores": list(game.scores), "winners": list(game.final_winners)}
    )
