"""Hindi fits its borders at 80×24 as a terminal draws it. A terminal gives each Devanagari
spacing vowel sign (ा ि ी ो ः) a cell of its own (glibc's wcwidth); Rich counted none, so every
Hindi line of the rules help or a dialog was drawn wider than it was laid out and pushed the
right border out of line. Measured here the terminal's way (``tui.cells.terminal_width``)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

import engine
from tui.app import make_app
from tui.cells import count_spacing_marks, terminal_width
from tui.pilot import MemoryClient, local_launcher, screen_lines, seated, settle, wait_until
from tui.settings import Settings

SIZE = (80, 24)


def assert_fits(lines: list[str], what: str) -> None:
    assert len(lines) == SIZE[1]
    for row, line in enumerate(lines):
        assert terminal_width(line) == SIZE[0], f"{what}, row {row}: {line!r}"


def test_rich_counts_a_spacing_mark_as_the_terminal_does() -> None:
    assert count_spacing_marks()  # tui did it on import; again changes nothing
    for text in ("सीटें", "कि", "आपकी बारी", "खिलाड़ी", "नियम", "日本語", "ok"):
        assert cell_len(text) == terminal_width(text), text
    assert cell_len("ि") == 1 and cell_len("े") == 0 and cell_len("्") == 0


def app_at(game: str) -> object:
    client = MemoryClient(game, 4, seat=0, seed=3)
    settings = Settings(name="Eli", color=True, cursor_blink=False, lang="hi")
    return make_app(launcher=local_launcher(client), settings=settings)


@pytest.mark.parametrize("game", list(engine.GAMES))
async def test_the_hindi_rules_fit_their_border(game: str) -> None:
    app = app_at(game)
    async with app.run_test(size=SIZE) as pilot:
        await seated(pilot)
        assert_fits(screen_lines(app), f"{game} table")
        await pilot.press("question_mark")
        await settle(pilot)
        for page in range(4):  # the top of the help, then page by page
            assert_fits(screen_lines(app), f"{game} rules, page {page}")
            await pilot.press("pagedown")
            await pilot.pause()


async def test_the_hindi_dialogs_fit_their_border() -> None:
    """The scores (s), leaving (q) and the chat (c), each opened from the table and closed
    again (esc, n, esc) in one app run."""
    app = app_at("swapo")
    async with app.run_test(size=SIZE) as pilot:
        table = await seated(pilot)

        def back_at_the_table() -> bool:
            return app.screen is table and not table.has_class("-chatting")

        for key, close in (("s", "escape"), ("q", "n"), ("c", "escape")):
            await pilot.press(key)
            await settle(pilot)
            assert_fits(screen_lines(app), f"dialog of {key!r}")
            await pilot.press(close)
            await wait_until(pilot, back_at_the_table)
