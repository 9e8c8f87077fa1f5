"""The Mi Shi table reads the app's language: prompt, log and header all go through gettext
(a fake language wraps every message in ⟦…⟧)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZE
from tests.tui.words_fake import english_left, use_brackets
from tui.app import make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated
from tui.settings import Settings


async def test_the_mishi_table_words_everything_in_the_apps_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_brackets(monkeypatch)
    client = MemoryClient("mishi", 4, seat=0, seed=5)
    settings = Settings(color=True, name="Eli", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        names = [screen.seats.name(s, you=False) for s in range(screen.seats.count)]
        prompt = screen.prompt.plain
        assert "⟦" in prompt and not english_left(prompt, names), prompt
        lines = [str(getattr(line, "plain", line)) for line in screen.log_pane.lines_written]
        mine = [line for line in lines if line.startswith("⟦Hand")]
        assert mine, lines
        assert not english_left(mine[0], names), mine[0]
        header = [p if isinstance(p, str) else p.plain for p in screen.header_parts()]
        assert any(part.startswith("⟦hand") for part in header), header
        assert all(not english_left(part, names) for part in header), header
