"""The table's connection, as a widget the table screen composes.

``TableLink`` reads the client's messages (``net.wire.client.Client`` API, docs/contracts.md) and
posts each as a typed message (tui/table/messages.py); they bubble to the screen, which
handles them with ``@on``. It sends what the screen asks (an action, a chat line, a closed
results panel) and says when it could not, as messages too: the screen never awaits the
network, and a broken link is told, never a crash.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from textual import work
from textual.message import Message
from textual.widget import Widget

from lang import _
from tui.text import clean

from .messages import ConnectionChanged, from_wire


class TableLink(Widget):
    """The screen's one way to the table; see the module docstring."""

    DEFAULT_CSS = "TableLink { display: none; }"

    class Unsent(Message):
        """An action, or a chat line (``chat``), could not be sent: ``reason`` says why."""

        def __init__(self, reason: str, *, chat: bool = False) -> None:
            super().__init__()
            self.reason = reason
            self.chat = chat

    class Broken(Message):
        """Reading from the table failed: ``reason`` says why (the link then closes)."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, client: Any) -> None:
        super().__init__()
        self.client = client

    def start(self, take: Callable[[Message], bool]) -> None:
        """Read the table's messages from now on, until the connection closes. Those already
        received (``arrived``: a table in this process has sent its seating and first state
        before its screen opens) are offered to ``take`` first, in order, for the screen to
        draw them before its first paint instead of after it (a layout and a paint fewer
        before the first card); from the first it does not take, they are posted."""
        arrived = getattr(self.client, "arrived", None)
        taking = True
        for message in arrived() if arrived is not None else ():
            typed = from_wire(message)
            if typed is not None:
                taking = taking and take(typed)
                if not taking:
                    self.post_message(typed)
        self.listen()

    def stop(self) -> None:
        """Read no more of them (leaving, or dealing again)."""
        self.workers.cancel_group(self, "listen")

    @work(exclusive=True, group="listen")
    async def listen(self) -> None:
        try:
            async for message in self.client.messages():
                self.receive(message)
        except Exception as exc:  # a broken connection is told, never a crash
            self.post_message(self.Broken(clean(exc)))
        finally:
            self.post_message(ConnectionChanged("closed"))

    def receive(self, message: object) -> None:
        """Post one message from the table, typed (dropped if malformed)."""
        typed = from_wire(message)
        if typed is not None:
            self.post_message(typed)

    @work(group="send")
    async def act(self, action: Mapping[str, Any]) -> None:
        """Send an action; the table answers with a new state or a rejection."""
        try:
            await self.client.act(dict(action))
        except Exception as exc:  # shown to the player, never a traceback
            reason = clean(exc) or type(exc).__name__
            self.post_message(self.Unsent(_("could not send: {reason}").format(reason=reason)))

    @work(group="chat")
    async def chat(self, text: str, to: int | None) -> None:
        try:
            await self.client.chat(text, to=to)
        except Exception as exc:  # told in the chat pane
            note = _("not sent: {reason}").format(reason=clean(exc))
            self.post_message(self.Unsent(note, chat=True))

    @work(group="hint")
    async def hint(self) -> None:
        """Tell the table that the player looked at a hint (the hint itself stays here)."""
        with contextlib.suppress(Exception):  # link down: nothing to tell, nothing lost
            await self.client.hint()

    @work(group="history")
    async def history(self) -> None:
        """Ask what this seat was shown before, if it was taken back with a token (a
        returning player's log and chat; net/table/memory.py)."""
        if getattr(self.client, "resumed", False) is not True:
            return  # a new seat has no past; a table in this process keeps none
        with contextlib.suppress(Exception):  # link down: the lines are lost, not the seat
            await self.client.history()

    @work(group="takeback")
    async def takeback(self) -> None:
        """Ask to take back our last action (the table answers, or says why not)."""
        try:
            await self.client.takeback()
        except Exception as exc:  # shown to the player, never a traceback
            reason = clean(exc) or type(exc).__name__
            self.post_message(self.Unsent(_("could not send: {reason}").format(reason=reason)))

    @work(group="takeback")
    async def takeback_vote(self, request: int, yes: bool) -> None:
        """Answer another player's take-back request."""
        with contextlib.suppress(Exception):  # link down: no answer is a no
            await self.client.takeback_vote(request, yes)

    @work(group="results")
    async def results_seen(self, version: int) -> None:
        """Tell the table that the panel of the state ``version`` was closed."""
        with contextlib.suppress(Exception):  # link down: the host counts us as seen anyway
            await self.client.results_seen(version)
