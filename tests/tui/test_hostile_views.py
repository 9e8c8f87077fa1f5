"""A hostile or broken host: every field of a real view, and every field of every event the
log tells, sent in the wrong shape — read at the boundary against the game's declared shapes
(tui/table/messages.py), a view that does not fit is refused and said, an event left out, and
the screen draws on from the last state it could read, never crashing while drawing."""

from __future__ import annotations

import pytest

from tui.app import make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated
from tui.settings import Settings

SIZE = (120, 40)
JUNK = [None, "x", -1, 10**9, 2.5, True, [1, "a", None, [2]], {"a": 1, "seat": "0"}]
GAMES = {"swapo": (4, {"variant": ["dagger", "ace"]}), "swoop": (4, None), "mishi": (4, None)}


def lines_of(game: str) -> dict:
    from tui.games.mishi.draw import LINES as MISHI
    from tui.games.swapo.log import LINES as SWAPO
    from tui.games.swoop.draw import LINES as SWOOP

    return {"swapo": SWAPO, "swoop": SWOOP, "mishi": MISHI}[game]


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_view_with_any_field_in_the_wrong_shape_is_drawn_without_a_crash(game):
    seats, options = GAMES[game]
    client = MemoryClient(game, seats, seat=0, seed=3, options=options)
    settings = Settings(color=True, name="Eli", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        real, legal = dict(screen.view), list(screen.legal)
        version = 1000
        for key in sorted(real):
            for junk in JUNK:
                version += 1
                view = {**real, key: junk}
                screen.receive({"t": "state", "version": version, "view": view, "legal": legal})
        for kind in sorted(lines_of(game)):
            for junk in JUNK:
                version += 1
                fields = dict.fromkeys(("seat", "target", "cards", "card", "count", "hand"), junk)
                event = {**fields, "type": kind}
                message = {"t": "state", "version": version, "view": real, "legal": legal}
                screen.receive({**message, "events": [event]})
        await pilot.pause()
        assert screen in app.screen_stack and screen.is_attached  # (a results panel may be up)
        assert any("cannot read" in notice for notice in screen.notices)  # refused, and said
        screen.receive({"t": "state", "version": version + 1, "view": real, "legal": legal})
        await pilot.pause()
        assert screen.prompt.plain  # still asking as before
