"""The entries of SwaPo's menu steps, typed: a count to swap, a rank to declare, an Ace (a
power's first step), a card or a joker's holder to aim at, a taken joker's new rank, or Pass.
An entry that finishes the decision holds the listed action it sends (``action``); one that
leads on to the next step holds none. No Textual.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.swapo.types import Action


class Entry(NamedTuple):
    """One entry of a menu step (see the module docstring)."""

    kind: str = ""  #: the action's type ("declare", "stab", "pass"…); "" for a count
    k: int = 0  #: a count (the count step)
    target: int | None = None  #: the seat a power aims at
    card: str | None = None  #: the card it strikes or takes
    rank: str | None = None  #: a joker's rank
    action: Action | None = None  #: what it sends (None: it leads to the next step)

    @classmethod
    def of(cls, action: Action) -> Entry:
        """A listed action (or one the rules list alike) as the entry that sends it."""
        if action["type"] == "declare":
            return cls("declare", rank=action["rank"], action=action)
        if action["type"] == "stab" or action["type"] == "steal":
            return cls(action["type"], target=action["target"], card=action["card"], action=action)
        if action["type"] == "honey_trap":
            return cls("honey_trap", target=action["target"], rank=action["rank"], action=action)
        return cls(action["type"], action=action)

    def words_source(self) -> dict[str, object]:
        """The entry as the hint's words read an action (``tui.table.hints.action_words``):
        its kind and what it names."""
        shown: dict[str, object] = {"type": self.kind}
        for key, value in (("target", self.target), ("card", self.card), ("rank", self.rank)):
            if value is not None:
                shown[key] = value
        return shown
