"""A nudge when it is your turn: when the table starts waiting for this seat after others
have played, the terminal rings its bell and shows a desktop notification where it can
(tui/terminal.py). The player chooses it (``Settings.nudge``, on by default).

``TurnNudge`` only watches whether this seat is asked now, from what the screen draws from:
its legal actions (a seat with nothing legal is not asked). It nudges on the change from not
asked to asked, so at most once per turn, and never while the player is acting already: a
multi-step choice, a refusal or a redraw keeps the seat asked and changes nothing. The first
state of a game (the player has just sat down) and a spectator never nudge.
"""

from __future__ import annotations

from collections.abc import Callable

from lang import _
from tui.terminal import BELL, TerminalOut, notification


class TurnNudge:
    """Calls ``nudge()`` when the seat becomes asked; see the module docstring."""

    def __init__(self, nudge: Callable[[], None], *, enabled: bool = True) -> None:
        self.nudge = nudge
        self.enabled = enabled
        self.asked: bool | None = None  # None: no state seen yet
        self.sent = 0  # nudges sent (tests read it)

    def see(self, asked: bool) -> bool:
        """A new state: whether this seat is asked now. Returns whether it nudged."""
        before, self.asked = self.asked, asked
        if not (asked and before is False and self.enabled):
            return False
        self.sent += 1
        self.nudge()
        return True


def ring(app: object, game: str) -> None:
    """It is my turn: the bell, and a desktop notification where the terminal has one."""
    out = getattr(app, "terminal_out", None)
    if isinstance(out, TerminalOut):
        out.write(BELL + notification(_("Your turn at {game}").format(game=game)))
