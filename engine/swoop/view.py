"""What one seat (or a spectator) may know of a Swoop game.

Mystery cards are never shown, not even to their owner: a view says only whether a slot still
holds one. Hands are counts, except the viewer's own.

Which step the player to move is on (``add`` after a flip, ``chain`` after a swoop) is shown to
that player only: every other seat and a spectator see ``phase`` ``"play"`` — whose turn it is —
and no ``chain``. The steps now depend on public facts only (phases.add_asked, chain_asked), so
this is a second lock, not the only one. The turned-up card (``flipped``) is public: the flip
event showed it and it lies face up on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import sort_key, top_run
from .types import Options, Player, View

if TYPE_CHECKING:
    from .game import SwoopGame


def view(game: SwoopGame, seat: int | None) -> View:
    """The view of ``seat`` (None: a spectator), as documented in docs/swoop.md."""
    if seat is not None:
        game.check_seat(seat)
    players: list[Player] = []
    for s in range(game.seats):
        face_up = list(game.face_up[s])
        mystery = [c is not None for c in game.mystery[s]]
        players.append(
            {
                "hand": len(game.hands[s]),
                "face_up": face_up,
                "mystery": mystery,
                "uncovered": [m and f is None for m, f in zip(mystery, face_up, strict=True)],
            }
        )
    top, count = top_run(game.pile)
    over = game.over
    own_step = seat == game.turn
    return {
        "game": "swoop",
        "seat": seat,
        "seats": game.seats,
        "phase": "over" if over else game.phase if own_step else "play",
        "pending": game.pending(),
        "scores": list(game.scores),
        "over": over,
        "options": options(game),
        "result": game.result() if over else None,
        "hand_no": game.hand_no,
        "first": game.first,
        "turn": None if over else game.turn,
        "hand": None if seat is None else sorted(game.hands[seat], key=sort_key),
        "players": players,
        "pile": list(game.pile),
        "top": None if top is None else {"rank": top, "count": count},
        "cleared": game.cleared,
        "unused": len(game.unused),
        "flipped": None
        if game.flipped is None
        else {"slot": game.flipped[0], "card": game.flipped[1]},
        "chain": None
        if game.chain is None or not own_step
        else {"rank": game.chain[0], "need": game.chain[1]},
        "hands": [list(h) for h in game.history],
        "draws": None if game.draws is None else [[list(d) for d in r] for r in game.draws],
    }


def options(game: SwoopGame) -> Options:
    """The effective options (``decks`` filled in by the deal)."""
    o = game.options
    return {
        "decks": o["decks"],
        "first_player": o["first_player"],
        "target": o["target"],
        "hands": o["hands"],
        "flat_numbers": o["flat_numbers"],
    }
