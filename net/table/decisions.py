"""What the host decides at its own table, as values: the one door of its decisions.

The host's screen (its menu, tui/table/host_menu.py) names a decision and hands it to
``Host.decide``, which hands it to ``Table.decide`` (net/table/table.py) and delivers the
``Output``; the table does it through the part that owns it (``Controls``,
net/table/controls.py; ``Watchers``, net/table/watchers.py; the turn clock). A new decision is
a value here and its arm in ``Table.decide``: no method at each layer. ``ValueError`` says, in
words, why a decision cannot be done now.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Start:
    """Start the game if every seat is taken, humans and bots (the host is listening now)."""


@dataclass(frozen=True)
class StartNow:
    """Start with the seats taken so far: the table becomes that small."""


@dataclass(frozen=True)
class FillWithBots:
    """Bots take every free seat, and the game starts."""


@dataclass(frozen=True)
class Cover:
    """A bot plays the away player's ``seat`` until they come back."""

    seat: int


@dataclass(frozen=True)
class Remove:
    """Send the player at ``seat`` away (during play a bot keeps the seat for good)."""

    seat: int


@dataclass(frozen=True)
class Mute:
    """Mute spectator ``watcher``'s chat (``on``), or let it speak again."""

    watcher: int
    on: bool = True


@dataclass(frozen=True)
class SendAway:
    """Ask spectator ``watcher`` to leave this table for good."""

    watcher: int


@dataclass(frozen=True)
class HoldClock:
    """The host's menu is open (``held``) or closed again: the turn clocks stop meanwhile."""

    held: bool


@dataclass(frozen=True)
class Close:
    """Close the table: everyone is told the host closed it (the host then closes the
    connections)."""


Decision = Start | StartNow | FillWithBots | Cover | Remove | Mute | SendAway | HoldClock | Close
