"""The prompt bar: one line that always says what the player is asked now.

A rejected action replaces it with the engine's reason (in the warning colour) until the next
question is asked, so the player learns *why* — never a traceback.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text

from .steady import Steady


class PromptBar(Steady):
    """What the player is asked now, or why the last action was refused."""

    DEFAULT_CSS = """
    PromptBar {
        height: auto;
        max-height: 2;
        padding: 0 1;
        background: $boost;
        color: $text;
    }
    PromptBar.-rejected { background: $error 30%; }
    PromptBar.-waiting { color: $text-muted; }
    PromptBar > .prompt-bar--reason { text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"prompt-bar--reason"}  # why it was refused

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.question: Text = Text("")
        self.reason: str | None = None
        self.clock = ""  # a turn clock ("23 s left", "Ann: 9 s left"), before the question

    def ask(self, question: Text | str, *, waiting: bool = False) -> None:
        """Show the current question (clears a previous rejection when the question changes)."""
        question = question if isinstance(question, Text) else Text(question)
        if question.plain != self.question.plain:
            self.reason = None
        self.question = question
        self.set_class(waiting, "-waiting")
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
            self.show(question)
            return
        reason = self.get_component_rich_style("prompt-bar--reason", partial=True)
        line = Text("✗ ", reason)
        line.append(self.reason, reason)
        line.append(" — ")
        line.append_text(question)
        self.show(line)

    @property
    def plain(self) -> str:
        """The text shown now (tests read this)."""
        question = (f"{self.clock} · " if self.clock else "") + self.question.plain
        if self.reason is None:
            return question
        return f"✗ {self.reason} — {question}"
