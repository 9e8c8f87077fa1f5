"""Rebuilding a table from its journal (net/kept/journal.py): the recorded sitters and their
resume tokens are put back, then every recorded action is applied again through the engine,
with the take-backs where the journal has them, so the table stands where it stood. No I/O:
the caller (net/table/table.py ``Table.replay``) reads the journal and lets its bots and pacer
follow along through the callbacks.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, NamedTuple

import engine

from .rules import Rules
from .seating import P


class Following(NamedTuple):
    """Who follows the actions as they are applied again: ``before(seat, action)`` is called
    ahead of each action that ``by_bot(i, seat)`` says a host bot played (the i-th), so the
    bots live through the game again; ``each(seat, action)`` ahead of every action."""

    by_bot: Callable[[int, int], bool] | None = None
    before: Callable[[int, Any], object] | None = None
    each: Callable[[int, Any], object] | None = None


UNFOLLOWED = Following()
"""Nobody follows the actions applied again."""


def replay(
    rules: Rules[P],
    names: dict[int, str],
    tokens: dict[int, str],
    actions: list[tuple[int, Any]],
    bots: dict[int, str] | None = None,
    takebacks: list[tuple[int, int]] | None = None,
    following: Following = UNFOLLOWED,
) -> None:
    """Put back the recorded sitters and their tokens, then apply every recorded action
    (``following`` says who follows them). ``bots`` are seats the host gave to a bot during
    play (with their new tokens). ``takebacks`` (after how many of ``actions``, how many were
    taken back) are taken back again where the journal has them."""
    by_bot, before, each = following.by_bot, following.before, following.each
    undo: dict[int, list[int]] = {}
    for after, n in takebacks or []:
        undo.setdefault(after, []).append(n)
    keeping = rules.takebacks.on or bool(undo)  # (also where the table now has them off)
    for index, token in tokens.items():
        rules.seating[index].token = token
    for index, name in names.items():
        rules.seating[index].name = name
    if rules.seating.full:
        rules.started = True
        for seat_ in rules.seating.seats:
            seat_.away_since = None if seat_.bot else rules.now()
    for i, (seat, action) in enumerate(actions):
        if before is not None and by_bot is not None and by_bot(i, seat):
            before(seat, action)
        if each is not None:
            each(seat, action)
        open_ = rules.takebacks.before(rules.game, seat) if keeping else False
        try:
            events = rules.game.apply(seat, action)
        except engine.IllegalAction as exc:
            raise ValueError(f"the journal does not replay: {exc}") from None
        rules.actions.append((seat, copy.deepcopy(action)))
        rules.version += 1
        if keeping:
            rules.takebacks.applied(rules.game, seat, action, events, open_=open_)
        for n in undo.get(i + 1, []):
            try:
                game, _step = rules.takebacks.back(n)
            except (AssertionError, ValueError, IndexError):
                raise ValueError("the journal does not replay: a take-back") from None
            rules.taken_back(game, n, None)
    for index, token in (bots or {}).items():  # players the host replaced by a bot
        given = rules.seating[index]
        given.bot, given.token, given.away_since = True, token, None
        rules.bot_seats = sorted({*rules.bot_seats, index})
