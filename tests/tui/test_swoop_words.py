"""The Swoop table reads the app's language: prompt, log and header all go through gettext
(a fake language wraps every message in ⟦…⟧)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZE
from tests.tui.words_fake import english_left, use_brackets
from tui.app import make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated
from tui.settings import Settings


async def test_the_swoop_table_words_everything_in_the_apps_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_brackets(monkeypatch)
    client = MemoryClient("swoop", 4, seat=0, seed=3)
    settings = Settings(color=True, name="Eli", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        names = [screen.seats.name(s, you=False) for s in range(screen.seats.count)]
        prompt = screen.prompt.plain
        assert "⟦" in prompt and not english_left(prompt, names), prompt
        lines = [str(getattr(line, "plain", line)) for line in screen.log_pane.lines_written]
        mine = [line for line in lines if "⟦Hand {number}" in line or "⟦Hand" in line]
        assert mine, lines
        assert not english_left(mine[0], names), mine[0]
        header = [p if isinstance(p, str) else p.plain for p in screen.header_parts()]
        assert header[0] == "⟦Swoop⟧" and header[1].startswith("⟦hand"), header
        seats = str(screen.query_one("#seats").render())
        assert "⟦face up⟧"[:3] in seats  # the column titles are cut to their cells
