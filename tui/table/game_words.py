"""What a game tells the shared table in words and shapes, so that the table knows no game.

Each game declares ``WORDS``, an instance of a ``GameWords`` subclass, in
``tui/games/<game>/declared.py`` (small, no Textual: the lobby, the forms, ``kotatsu rules``
and the plain front read it without opening a table). The shared table reads it through
``words_for(game)``:

- ``OPTION_NAMES`` / ``OPTION_VALUES``: the label of each of its table options and the words of
  their choices (tui/option_words.py), as ``N_`` msgids;
- ``HINT_ACTIONS``: how a hint says each of its action kinds beyond the shared ``play`` and
  ``pass`` (tui/table/hints.py), and ``hint_action(action)``: which of them an action is;
- ``row_of_event`` / ``rows_of_view``: the rows of its score history, from its round-end event
  (the engine's ``Game.ROUND_END``) and from the history its view carries
  (tui/table/results.py ``RoundRow``);
- ``length(view)`` / ``length_words(view)``: how long the game is, as its option says;
- ``hidden_word(kind)``: what a review calls the cards no hand shows (tui/replay/controls.py).

The views, events and actions it is given have their game's declared shapes (they were
checked where they arrived: tui/table/messages.py): a game reads them as its own ``View``,
``Event`` and ``Action`` (its ``model.py`` narrows them), never with a guess.

A game of the engine without ``declared.py`` gets the defaults: its options and actions by
their keys, no score history.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from typing import ClassVar, NamedTuple

import engine
from engine.base import SeatView
from lang import _

from .parse import Event, Wired


class RoundRow(NamedTuple):
    """One finished round/hand/deal: its number, its label ("Round 2", "Hand 3") and the
    points each seat took in it."""

    number: int
    label: str
    points: tuple[int, ...]
    hand: bool = False  #: the next is a hand (its panel says "next hand"), not a round


class GameWords:
    """A game's declared words and shapes (see the module docstring); the defaults say
    nothing of their own."""

    #: the game's name (a key of engine.GAMES)
    GAME: ClassVar[str] = ""
    #: option key -> its label in the table forms (an ``N_`` msgid, ≤ 12 cells)
    OPTION_NAMES: ClassVar[Mapping[str, str]] = {}
    #: a choice value of its options -> its words in the forms (an ``N_`` msgid)
    OPTION_VALUES: ClassVar[Mapping[str, str]] = {}
    #: a hint's action kind -> how the hint says it (``{cards}``, ``{name}``, ``{rank}``, ``{n}``)
    HINT_ACTIONS: ClassVar[Mapping[str, str]] = {}

    def hint_action(self, action: Wired) -> str:
        """Which of ``HINT_ACTIONS`` (or the shared words) says ``action``: its type."""
        return Event.of(action).kind

    def hidden_word(self, kind: str) -> str:
        """What a kind of cards no hand shows is called in a review (engine
        ``HiddenCards.kind``)."""
        return kind

    def row_of_event(self, event: Wired) -> RoundRow | None:
        """The score history's row of its round-end event (None: any other event)."""
        return None

    def rows_of_view(self, view: SeatView) -> list[RoundRow]:
        """Every finished round the view carries, oldest first."""
        return []

    def length(self, view: SeatView | None) -> tuple[str, int] | None:
        """How long the game is: (the option's key, its number), as the view's options say
        (its game's ``LENGTH_OPTION``); None if not known."""
        return None

    def length_words(self, view: SeatView | None) -> str:
        """How long the game is, in words ("4 hands"); "" if not known."""
        length = self.length(view)
        return "" if length is None else f"{length[0]} {length[1]}"  # the option's key: data


def numbered_row(number: int, points: list[int], label: str, *, hand: bool) -> RoundRow:
    """A row from a round's number and per-seat points (``label`` an msgid with ``{n}``)."""
    return RoundRow(number, _(label).format(n=number), tuple(points), hand)


PLAIN = GameWords()


@cache
def words_for(game: str) -> GameWords:
    """The words ``tui/games/<game>/declared.py`` declares (the defaults for a game without
    them, or a name that is no game of the engine)."""
    if game not in engine.GAMES:
        return PLAIN
    name = f"tui.games.{game}.declared"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (f"tui.games.{game}", name):
            raise  # a broken declaration is a bug, not a missing one
        return PLAIN
    words = module.WORDS
    assert isinstance(words, GameWords), f"{name}.WORDS is no GameWords"
    return words
