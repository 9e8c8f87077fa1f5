"""Hints for learners: what the game's normal bot would do now, and one line of why.

A hint is computed from what the seat itself is given, its ``view`` and ``legal`` actions, and
nothing else: the bot (engine/<game>/bot.py) never sees the game, and it is made fresh for
each hint with a fixed seed, so the same view and legal list always give the same hint. Its
reason is a code of ``HINTS`` with parameters, worded like a refusal (engine/reasons.py): the
screen words it in its player's language, with ``card``/``cards`` drawn as cards and ``seat``
as a name.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from lang import N_

from .bots import Reason
from .reasons import Template, counted

ngettext = counted  # the extraction keyword (see engine/reasons.py)

#: The seed of the bot that gives hints: fixed, so a hint depends on the view alone.
HINT_SEED = 0

HINTS: dict[str, Template] = {
    "best": N_("it is the best choice the bot sees"),
}
"""Every hint reason's English template, by code (extracted for the catalogues)."""


class Hint(NamedTuple):
    """What the normal bot would do (``action``), and why (``code`` of HINTS, ``params``). A
    NamedTuple: a frozen dataclass compiled its methods from text at every start (issue 37)."""

    action: dict
    code: str
    params: dict


def hint(
    game: str, seat: int, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
) -> Hint | None:
    """The normal bot's choice for ``seat`` from its own ``view`` and ``legal`` actions (None
    when there is nothing to choose)."""
    if not legal:
        return None
    from . import make_bot  # engine/__init__ imports the games; this module is not among them

    bot = make_bot(game, seat, HINT_SEED)
    mine = [_copied(dict(action)) for action in legal]
    action, (code, params) = bot.explain(_copied(view), mine)
    if code not in HINTS:
        code, params = "best", {}
    return Hint(action, code, dict(params))


def _copied(value: Any) -> Any:
    """A deep copy of plain data (what ``copy.deepcopy`` gives, its objects shared within
    ``value`` as there), through pickle: in C, several times faster than deepcopy's walk."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


__all__ = ["HINTS", "Hint", "Reason", "hint"]
