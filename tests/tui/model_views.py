"""Real views for the view models' tests (tests/tui/test_<game>_model.py): seeded games
played by the engine's bots, every seat's view (and a spectator's) at every step, and junk
values to put in a view's place — no Textual."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

import engine


def views_of(
    game_name: str, seats: int, seed: int, options: dict[str, Any] | None = None, steps: int = 400
) -> Iterator[tuple[int, int | None, dict[str, Any]]]:
    """(step, seat, view) for every seat and a spectator (None), step by step through a game
    the normal bots play (``steps`` actions at most)."""
    game = engine.new_game(game_name, seats, options or {}, seed=seed)
    bots = {s: engine.make_bot(game_name, s, seed + s) for s in range(seats)}
    for step in range(steps):
        for seat in [*range(seats), None]:
            yield step, seat, game.view(seat)
        if game.over:
            return
        seat = game.pending()[0]
        game.apply(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))


def events_of(
    game_name: str, seats: int, seed: int, options: dict[str, Any] | None = None, steps: int = 400
) -> list[dict[str, Any]]:
    """Every public event of a game the normal bots play."""
    game = engine.new_game(game_name, seats, options or {}, seed=seed)
    bots = {s: engine.make_bot(game_name, s, seed + s) for s in range(seats)}
    out: list[dict[str, Any]] = []
    for _ in range(steps):
        if game.over:
            break
        seat = game.pending()[0]
        out.extend(game.apply(seat, bots[seat].act(game.view(seat), game.legal_actions(seat))))
    return out


#: Anything msgpack could carry where a field is expected.
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**12) | st.text(max_size=4) | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
