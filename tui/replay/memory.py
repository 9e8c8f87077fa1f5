"""What a table screen remembers, taken and given back: how a replay goes to any position
without building the screen again.

A table screen is not drawn from its view alone: the log, the rounds seen (the results
panels, the score table), the prompt and the notice line, and the game's own memory (the
suits a seat showed out of, the cards left when a hand ended, the decision model's last
hand…) follow from every state before. ``Memory.of(screen)`` takes all of it after a state;
``memory.restore(screen)`` puts it back, and the next state taken in draws exactly what the
table drew at that point, however the reader got there.

Each part that remembers says what, and copies it: the rounds (``RoundEnd.snapshot``), the
game's part (``TablePart.snapshot``: its decision model, its face and what it names in
``memory``), the widgets that keep lines (the log, the notice line, the prompt); the screen
itself keeps only the count of states seen. Nothing is copied by guessing which of the
screen's attributes are memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text

from ..table.messages import TableState
from ..table.news import NoticeLine
from ..table.part import TablePart
from ..widgets.log import EventLog
from ..widgets.prompt import PromptBar

if TYPE_CHECKING:
    from ..table.screen import TableScreen


@dataclass(frozen=True)
class Memory:
    """One table screen's memory after one state (see the module docstring)."""

    state: TableState
    states_seen: int
    rounds: bytes  # RoundEnd.snapshot
    part: object  # TablePart.snapshot
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
            states_seen=screen.states_seen,
            rounds=screen.rounds.snapshot(),
            part=screen.part.snapshot(),
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
        screen.part.set_reactive(TablePart.state, self.state)
        screen.states_seen = self.states_seen
        screen.rounds.restore(self.rounds)
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
