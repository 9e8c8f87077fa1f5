"""``kotatsu replay ID|FILE [--seat N]``: a record on the real table screen of its game."""

from __future__ import annotations

import argparse

from textual import events, on

from lang import _

from ..app import COLLECT_EVERY, KotatsuApp, make_app
from ..collector import Collector
from ..records import load, replay_seat, say
from .screen import Replayer


class ReplayApp(KotatsuApp):
    """The app with the replay as its only screen (no lobby, no network): q leaves."""

    def __init__(self, replayer: Replayer, **kwargs) -> None:
        super().__init__(**kwargs)
        self.replayer = replayer
        replayer.settings = self.settings

    def on_mount(self) -> None:
        """Instead of the app's own start (the lobby): the replay (Textual calls the app's
        ``on_mount`` too unless told not to)."""

    @on(events.Mount)
    async def _start(self, event: events.Mount) -> None:
        event.prevent_default()  # not the app's own start (the lobby)
        self.set_interval(COLLECT_EVERY, self.collector.collect_due)
        await self.replayer.show(self)
        self.collector.settle()  # the table screen built: out of later collections


def run_replay(args: argparse.Namespace) -> int:
    replay = load(args.record)
    if isinstance(replay, int):
        return replay
    seat, problem = replay_seat(replay, args.seat)
    if problem is not None:
        say(problem)
        return 2
    if replay.stopped:
        say(_("this game stopped unfinished: the replay ends where it stopped"))
    collector = Collector()  # one app in this process, as tui/cli.py's run_app
    settings = make_app(args).settings
    app = ReplayApp(Replayer(replay, seat), settings=settings, collector=collector)
    with collector:
        app.run()
    return 0
