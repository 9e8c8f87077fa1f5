"""The shape every game's decision model takes (``tui/games/<game>/flow.py``).

A decision model is a plain class, no Textual in it: it holds what the local seat is choosing
(the step, the target, the picks, the cursor), is told the latest ``view`` and ``legal`` list,
takes the table's keys in, and answers each key with an ``Outcome``: nothing to send (redraw),
an action to ``Send``, or a ``Refuse`` with a reason a person can read. The screen draws from
the model and forwards keys to it; it never decides anything itself. So the rules of choosing
are tested with plain unit tests, and the screen with a fake client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.base import SeatView
from lang import _

from .messages import TableState
from .parse import Wired

#: The game keys the table screen forwards (footer: ←/→ move, space pick, enter confirm,
#: esc back, digits).
GAME_KEYS = ("move", "pick", "confirm", "back", "digit")


def game_over_prompt(review: bool = False) -> str:
    """The prompt once the game is over, in every game (who won is on the notice line);
    ``review``: the host can be asked for the whole game (``r``, tui/table/review.py)."""
    if review:
        return _("Game over · r review the game · s scores · q leave")
    return _("Game over · s scores · q leave")


class Send(NamedTuple):
    """Send this action to the table."""

    action: Mapping[str, Any]


class Refuse(NamedTuple):
    """Do nothing, and tell the player why."""

    reason: str


Outcome = Send | Refuse | None  # None: the choice changed (or nothing did); redraw


def asked_openly(me: int | None, state: TableState, decisions: Decisions) -> bool:
    """Whether the table waits for seat ``me`` in ``state``, in a way the others may know (a
    bell may ring, a hint may be asked)."""
    if me is None or not state.legal or state.over:
        return False
    return not decisions.asked_in_secret()


class Decisions:
    """Base of the per-game decision models: the seat, the last view and legal list, and the
    key protocol. Subclasses reset their choice in ``update`` when the question changes."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        #: Only watched (a replay, tui/replay/): the seat decides nothing here, and the table
        #: awaits it as it awaits the others (the prompt says so).
        self.watching = False
        #: Once the game is over, the whole game can be asked of the host (``r``): the
        #: prompt says so. Set by the screen, which knows its connection.
        self.reviewable = False
        self.view: SeatView | None = None
        self.legal: list[Wired] = []

    def update(self, view: SeatView | None, legal: list[Wired]) -> None:
        """A new state arrived (its view and legal actions of the game's declared shapes:
        a game's model reads them as its own types, ``TYPED`` of engine/<game>/types.py)."""
        self.view = view
        self.legal = legal

    def idle_words(self) -> str | None:
        """The prompt when nothing can be asked at all: no state yet, or the game is over."""
        if self.view is None:
            return _("Waiting for the table…")
        if self.view["over"]:
            return game_over_prompt(self.reviewable)
        return None

    def asked_in_secret(self) -> bool:
        """Whether the question asked now is one the other seats may not know of (e.g. Mi
        Shi's declaring during the deal: being asked tells that you drew a ten). Nothing
        outside the screen may show it, not even a bell (tui/table/nudge.py)."""
        return False

    def asked_sealed(self) -> bool:
        """Whether the others may not know that this seat is still asked, though the
        question itself tells nothing (SwaPo's sealed declarations): no hint then, since the
        table hears of a hint (tui/table/hints.py)."""
        return False

    def take_back_shown(self) -> bool:
        """Whether ``u`` (take back my last action) may be offered now: not while a question
        the others may not know of is asked or sealed; a game adds its own steps where ``u``
        cannot work (Mi Shi: its deal, whose decisions are secret)."""
        return not (self.asked_in_secret() or self.asked_sealed())

    def others_awaited(self) -> list[int]:
        """The other seats this view says are awaited (only what this seat may know); the
        local seat too when it only ``watching``."""
        pending = self.view["pending"] if self.view is not None else []
        return [s for s in pending if s != self.seat or self.watching]

    # Which keys work now, and what the footer calls them ---------------------------------
    def key_state(self, key: str) -> bool | None:
        """True: the key works; False: hidden; None: shown disabled."""
        return False

    def key_label(self, key: str) -> str | None:
        """The footer's word for ``key`` now (None: the binding's own description)."""
        return None

    # The keys ----------------------------------------------------------------------------
    def move(self, step: int) -> Outcome:
        return None

    def pick(self) -> Outcome:
        return None

    def confirm(self) -> Outcome:
        return None

    def back(self) -> Outcome:
        return None

    def digit(self, digit: int) -> Outcome:
        return None
