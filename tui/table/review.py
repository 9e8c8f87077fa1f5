"""Reviewing a finished game together: the final results panel offers it (``r``), the table
asks the host for the whole record (``review``; the host serves it only once the game is over,
to those who sat and to spectators), and the replay screen opens on it with every hand shown
(tui/replay/). ``ReviewMixin`` is mixed into ``TableScreen`` (tui/table/screen.py)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from textual import work

from engine import record as rec
from lang import _


class ReviewMixin:
    """Asking for the record and opening its replay; see the module docstring."""

    if TYPE_CHECKING:
        from textual.app import App

        from ..connect import TableClient
        from ..settings import Settings

        app: App
        client: TableClient
        settings: Settings
        me: int | None

        def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...

    def can_review(self) -> bool:
        """Whether this table's connection can ask the host for the game's record."""
        return callable(getattr(self.client, "review", None))

    @work(group="review")
    async def ask_review(self) -> None:
        self.notify(_("Asking the host for the whole game…"), markup=False)
        with contextlib.suppress(Exception):  # no link: nothing comes, nothing breaks
            await self.client.review()  # type: ignore[attr-defined]

    def open_review(self, record: Any) -> None:
        """The host's record: checked and replayed through the rules before it is shown."""
        from ..replay.client import ReplayClient
        from ..replay.screen import replay_screen

        try:
            replay = rec.replay(rec.check(record))
        except rec.RecordError as exc:
            from ..records import refusal

            why = _("the record cannot be replayed: {why}").format(why=refusal(exc))
            self.notify(why, severity="error", markup=False)
            return
        seat = self.me if self.me in replay.seats else replay.seats[0]
        client = ReplayClient(replay, seat, 0, open_hands=replay.can_open)
        self._show_review(client, replay_screen(client, self.settings))

    @work(group="review")
    async def _show_review(self, client: Any, screen: Any) -> None:
        await client.connect()
        await self.app.push_screen(screen)
