"""A checkbox that says on or off by its mark, not by colour alone: ``[X]`` checked, ``[ ]``
not, under NO_COLOR too (Textual's draws an X either way and tells them apart by colour). Its
sides are Textual's half blocks, or brackets where the terminal draws ASCII only (``-ascii``
on the app), which would show the blocks as ``#``."""

from __future__ import annotations

from textual.widgets import Checkbox


class Tick(Checkbox):
    """A checkbox whose X is there only when it is checked; see the module docstring."""

    def __init__(self, label: str, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(label, value, id=id)
        self.BUTTON_INNER = "X" if value else " "

    def on_mount(self) -> None:
        if self.app.has_class("-ascii"):
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "[", "]"
            self.refresh(layout=True)

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()  # the Changed message
        self.refresh()
