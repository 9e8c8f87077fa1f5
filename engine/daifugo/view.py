"""What one seat (or a spectator) may know of a 大富豪 game (rules §11).

Hands are counts, except the viewer's own. The exchange's cards are shown to its two parties
only (``exchange``); the fallen hand and the cards left in the last hand at a deal's end are
never shown (they are not in ``hands`` of any view; a finished game's full review alone may
list them, through ``hidden_cards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .plays import sorted_cards
from .trick import lock_letters
from .types import Options, OwnExchange, TrickEntry, View

if TYPE_CHECKING:
    from .game import DaifugoGame


def view(game: DaifugoGame, seat: int | None) -> View:
    if seat is not None:
        game.check_seat(seat)
    over = game.over
    trick: list[TrickEntry] = [
        {"seat": s, "cards": list(p.cards), "as": list(p.named)} for s, p in game.trick
    ]
    hand: list[str] | None = None
    own: OwnExchange | None = None
    if seat is not None:
        hand = [] if over else sorted_cards(game.hands[seat])
        if seat in game.swapped:
            gave, got = game.swapped[seat]
            own = {"gave": list(gave), "got": list(got)}
    return {
        "game": "daifugo",
        "seat": seat,
        "seats": game.seats,
        "phase": game.phase,
        "pending": game.pending(),
        "scores": list(game.scores),
        "over": over,
        "options": options(game),
        "result": game.result() if over else None,
        "hand": hand,
        "counts": [0 if over else len(h) for h in game.hands],
        "deal": game.deal_no,
        "dealer": game.dealer,
        "turn": game.turn,
        "trick": trick,
        "passed": list(game.passed),
        "revolution": game.revolution,
        "back": game.back,
        "lock": None if game.lock is None else lock_letters(game.lock),
        "titles": list(game.titles),
        "finished": list(game.finished),
        "fouls": list(game.fouls),
        "fallen": game.fallen,
        "exchanges": [
            {"from": e["from"], "to": e["to"], "count": e["count"], "done": e["done"]}
            for e in game.exchanges
        ],
        "exchange": own,
        "played": list(game.played),
    }


def options(game: DaifugoGame) -> Options:
    o = game.options
    return {
        "jokers": o["jokers"],
        "deals": o["deals"],
        "sequences": o["sequences"],
        "revolution": o["revolution"],
        "sequence_revolution": o["sequence_revolution"],
        "eight_cut": o["eight_cut"],
        "spade3": o["spade3"],
        "lock": o["lock"],
        "eleven_back": o["eleven_back"],
        "capital_fall": o["capital_fall"],
        "forbidden": list(o["forbidden"]),
    }
