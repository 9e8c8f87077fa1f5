"""What a table screen remembers, taken and given back: how a replay goes to any position
without building the screen again.

A table screen is not drawn from its view alone: the log, the rounds seen (the results
panels, the score table), the prompt and the notice line, and each game's own memory (the
suits a seat showed out of, the cards left when a hand ended, the decision model's last
hand…) follow from every state before. ``Memory.of(screen)`` takes all of it after a state;
``memory.restore(screen)`` puts it back, and the next state taken in draws exactly what the
table drew at that point, however the reader got there.

Which attributes are the screen's memory is not listed by hand (each game has its own): it is
every attribute the table screen's classes set on the instance (not Textual's, not the
things a screen is given and never changes: its link, settings, seats, keys). They are deep
copies, sharing only what must stay one: the screen itself, its widgets and the app (a
decision model keeps bound methods of the screen).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.screen import Screen

from ..table.messages import TableState
from ..table.news import NoticeLine
from ..widgets.log import EventLog
from ..widgets.prompt import PromptBar

if TYPE_CHECKING:
    from ..table.screen import TableScreen

#: What a table screen is given once and never changes (or belongs to its layout).
GIVEN = frozenset(
    {"client", "settings", "cards", "me", "people", "seats", "seat_link", "table_info", "keys",
     "chat", "connection_status",
     "turn_nudge", "connection", "large", "quiet", "read_only", "extras", "header",
     "kept_heights", "over_table", "clocks", "takebacks", "hints", "waiting", "window",
     "intake", "news", "part"}
)  # fmt: skip


@cache
def textual_names() -> frozenset[str]:
    """The attributes Textual itself sets on a screen (found once, on a bare one)."""
    return frozenset(vars(Screen()))


@dataclass(frozen=True)
class Memory:
    """One table screen's memory after one state (see the module docstring)."""

    state: TableState
    own: dict[str, Any]
    part: object  # the game's part's own memory (tui/table/part.py ``snapshot``)
    log: tuple[tuple[object, Text], ...]
    notices: tuple[str, ...]
    notice_shown: Any
    waiting_shown: bool
    question: Text
    reason: str | None
    waiting: bool

    @classmethod
    def of(cls, screen: TableScreen) -> Memory:
        notice, prompt = screen.query_one(NoticeLine), screen.query_one(PromptBar)
        return cls(
            state=screen.state,
            own=_copy(screen, _own(screen)),
            part=screen.part.snapshot() if screen.part is not None else None,
            log=screen.query_one(EventLog).kept(),
            notices=tuple(notice.notices),
            notice_shown=notice.shown,
            waiting_shown=notice.waiting_shown,
            question=prompt.question,
            reason=prompt.reason,
            waiting=prompt.has_class("-waiting"),
        )

    def restore(self, screen: TableScreen) -> None:
        """Put the memory back (nothing is drawn: the next state taken in draws)."""
        screen.set_reactive(type(screen).state, self.state)
        for name, value in _copy(screen, self.own).items():
            setattr(screen, name, value)
        if screen.part is not None:
            screen.part.set_reactive(type(screen.part).state, self.state)
            screen.part.restore(self.part)
        screen.query_one(EventLog).restore(self.log)
        notice = screen.query_one(NoticeLine)
        notice.notices[:] = self.notices
        notice.waiting_shown = self.waiting_shown
        notice.show(self.notice_shown)
        prompt = screen.query_one(PromptBar)
        prompt.ask(self.question, waiting=self.waiting)
        if self.reason is not None:
            prompt.reject(self.reason)


def _own(screen: TableScreen) -> dict[str, Any]:
    skip = textual_names() | GIVEN
    return {k: v for k, v in vars(screen).items() if not k.startswith("_") and k not in skip}


def _copy(screen: TableScreen, own: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of ``own`` that shares the screen, its widgets and the app."""
    memo: dict[int, Any] = {id(screen): screen, id(screen.app): screen.app}
    for node in screen.walk_children(with_self=False):
        memo[id(node)] = node
    for name in GIVEN:
        value = getattr(screen, name, None)
        memo[id(value)] = value
    return copy.deepcopy(own, memo)
