"""The prompt bar: one line that always says what the player is asked now.

A rejected action replaces it with the engine's reason (in the warning colour) until the next
question is asked, so the player learns *why* — never a traceback.

The bar is at most two lines high. A question longer than that at the bar's width is made to
fit (``fit_lines``): its last `` · ``-separated parts go first (the asides and key hints the
footer also shows), and what still does not fit ends at a word with ``…``, never cut
mid-word or silently.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events

from ..tcss import compact
from .steady import Steady

MAX_LINES = 2  # the bar's height at most (its CSS max-height)
SEPARATOR = " · "
#: A part of a question that names a key and what it does ("p pass", "esc back"): the
#: footer shows it too, so it goes first when the question is too long.
KEY_HINT = re.compile(r"(?:[a-z?]|esc|enter|space|tab|←→|[0-9]–[0-9])\s\S")


def fit_lines(text: Text, width: int, console: Console, lines: int = MAX_LINES) -> Text:
    """``text`` made to fit ``lines`` lines of ``width`` cells (see the module docstring)."""
    plain = text.plain
    if width <= 0 or ("\n" not in plain and cell_len(plain) <= width):
        return text  # one line that fits (most questions): nothing to wrap
    if len(text.wrap(console, width)) <= lines:
        return text
    while True:  # drop the last part while it is a key hint the footer shows too
        plain = text.plain
        at = plain.rfind(SEPARATOR)
        if at < 0 or not KEY_HINT.match(plain[at + len(SEPARATOR) :]):
            break
        text = text[:at]
        if len(text.wrap(console, width)) <= lines:
            return text
    wrapped = text.wrap(console, width)
    if len(wrapped) <= lines:
        return text
    kept = list(wrapped[: lines - 1])
    last = wrapped[lines - 1]
    words = last.plain.rstrip()
    end = len(words)
    while end > 0 and cell_len(words[:end]) + 1 > width:
        end = words.rfind(" ", 0, end)
    cut = words.rfind(" ", 0, end) if end < len(words) else end
    tail = last[: max(cut, 0)] if cut > 0 else last[:end]
    tail.rstrip()
    tail.append("…")
    return Text("\n").join([*kept, tail])


class PromptBar(Steady):
    """What the player is asked now, or why the last action was refused."""

    DEFAULT_CSS = compact("""
    PromptBar {
        height: auto;
        max-height: 2;
        padding: 0 1;
        background: $boost;
        color: $text;
    }
    PromptBar.-rejected { background: $error 30%; }
    PromptBar > .prompt-bar--reason { text-style: bold; }
    PromptBar > .prompt-bar--waiting { color: $text-muted; }
    """)
    #: why it was refused; the colour of a question that waits on others (a style of the
    #: text, not a class of the bar: a class change restyles the node at every turn change)
    COMPONENT_CLASSES: ClassVar[set[str]] = {"prompt-bar--reason", "prompt-bar--waiting"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.question: Text = Text("")
        self.reason: str | None = None
        self.waiting = False  # the question waits on others: said in a muted colour
        self.clock = ""  # a turn clock ("23 s left", "Ann: 9 s left"), before the question

    def ask(self, question: Text | str, *, waiting: bool = False) -> None:
        """Show the current question (clears a previous rejection when the question changes)."""
        question = question if isinstance(question, Text) else Text(question)
        if question.plain != self.question.plain:
            self.reason = None
        self.question = question
        self.waiting = waiting
        self._draw()

    def set_clock(self, clock: str) -> None:
        """Show a turn clock before the question ("": none runs)."""
        if clock != self.clock:
            self.clock = clock
            self._draw()

    def reject(self, reason: str) -> None:
        """Show why the last action was refused, above the standing question."""
        self.reason = reason
        self._draw()

    def _draw(self) -> None:
        self.set_class(self.reason is not None, "-rejected")
        question = self.question
        if self.clock:  # first, so that a question of two lines never hides it
            question = Text.assemble((self.clock, "bold"), " · ", self.question)
        if self.reason is None:
            line = question.copy()
        else:
            reason = self.get_component_rich_style("prompt-bar--reason", partial=True)
            line = Text("✗ ", reason)
            line.append(self.reason, reason)
            line.append(" — ")
            line.append_text(question)
        if self.waiting:
            line.stylize_before(self.get_component_rich_style("prompt-bar--waiting", partial=True))
        self.show(self.fitted(line))

    def fitted(self, text: Text) -> Text:
        """``text`` as it fits the bar's two lines at its width now."""
        width = self.content_region.width if self.is_mounted else 0
        return fit_lines(text, width, self.app.console) if width > 0 else text

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._draw()  # the question fits the new width

    @property
    def shown(self) -> str:
        """The text on show now, as it fits (tests read this)."""
        return str(self._shown) if not isinstance(self._shown, Text) else self._shown.plain

    @property
    def plain(self) -> str:
        """The text shown now (tests read this)."""
        question = (f"{self.clock} · " if self.clock else "") + self.question.plain
        if self.reason is None:
            return question
        return f"✗ {self.reason} — {question}"
