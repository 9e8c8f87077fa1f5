"""What the host decides at its own table, as values: the one door of its decisions.

The host's screen (its menu, tui/table/host_menu.py) names a decision and hands it to
``Host.decide``, which hands it to ``Table.decide`` (net/table/table.py) and delivers the
``Output``; the table does it through the part that owns it (``Controls``,
net/table/controls.py; ``Watchers``, net/table/watchers.py; the turn clock). A new decision is
a value here and its arm in ``Table.decide``: no method at each layer. ``ValueError`` says, in
words, why a decision cannot be done now.

Each is a plain class on ``Value``, which makes it a value: equal to a decision of its own kind
with equal fields (the names ``match`` binds, ``__match_args__``), hashable, shown as written.
A frozen dataclass each cost ``kotatsu play`` some 1.9 M instructions at its start (issue 37).
"""

from __future__ import annotations

from typing import ClassVar


class Value:
    """A decision as a value: its fields are ``__match_args__``, set once by its ``__init__``."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.fields() == self.fields()

    def __hash__(self) -> int:
        return hash((type(self), self.fields()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({shown})"


class Start(Value):
    """Start the game if every seat is taken, humans and bots (the host is listening now)."""

    __slots__ = ()


class StartNow(Value):
    """Start with the seats taken so far: the table becomes that small."""

    __slots__ = ()


class FillWithBots(Value):
    """Bots take every free seat, and the game starts."""

    __slots__ = ()


class Cover(Value):
    """A bot plays the away player's ``seat`` until they come back."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat


class Remove(Value):
    """Send the player at ``seat`` away (during play a bot keeps the seat for good)."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat


class Mute(Value):
    """Mute spectator ``watcher``'s chat (``on``), or let it speak again."""

    __slots__ = ("on", "watcher")
    __match_args__ = ("watcher", "on")

    def __init__(self, watcher: int, on: bool = True) -> None:
        self.watcher = watcher
        self.on = on


class SendAway(Value):
    """Ask spectator ``watcher`` to leave this table for good."""

    __slots__ = ("watcher",)
    __match_args__ = ("watcher",)

    def __init__(self, watcher: int) -> None:
        self.watcher = watcher


class HoldClock(Value):
    """The host's menu is open (``held``) or closed again: the turn clocks stop meanwhile."""

    __slots__ = ("held",)
    __match_args__ = ("held",)

    def __init__(self, held: bool) -> None:
        self.held = held


class Close(Value):
    """Close the table: everyone is told the host closed it (the host then closes the
    connections)."""

    __slots__ = ()


Decision = Start | StartNow | FillWithBots | Cover | Remove | Mute | SendAway | HoldClock | Close
