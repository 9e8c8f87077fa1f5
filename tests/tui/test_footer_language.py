"""The footer words its keys in the app's language whichever task draws it first: Textual's
screen-update timer can begin in a context that never saw the app's language (a table joined
over the network drew its footer in English, the rest of the screen in Chinese)."""

from __future__ import annotations

import lang
from tui.app import make_app
from tui.pilot import MemoryClient, local_launcher, seated
from tui.settings import Settings
from tui.widgets.footer import WordedFooter


async def test_the_footer_keeps_the_apps_language_outside_its_tasks() -> None:
    client = MemoryClient("mishi", 4, seat=0, seed=1)
    settings = Settings(name="Eli", color=True, cursor_blink=False, lang="zh")
    app = make_app(launcher=local_launcher(client), settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        footer = app.screen.query_one(WordedFooter)
        assert lang.current() == "en"  # this test's own task: the process's language
        footer.bindings_changed(app.screen)  # read again, here, as a stray task would
        words = [key.description for key in footer.wanted_keys()]
        chinese = lang.translation("zh")
        assert chinese.gettext("chat") in words and "chat" not in words
        assert chinese.gettext("rules") in words
