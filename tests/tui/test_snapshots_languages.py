"""The lobby and one table of each game at 80×24 in every language we ship: double-width CJK
and Devanagari must fit, nothing cut mid-glyph, columns aligned by cell width.

Update after an intended change with
``pytest tests/tui/test_snapshots_languages.py --snapshot-update`` and look at the report.
"""

from __future__ import annotations

import pytest

import engine
from tests.tui.test_snapshots import LAN, quiet
from tui.app import make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated
from tui.settings import Settings

LANGUAGES = ["ja", "zh", "ko", "hi"]
#: A table of each registered game: seats, seed, options (four seats and seed 1 unless listed).
SEEDED = {"swapo": (4, 2, {}), "swoop": (4, 5, {}), "mishi": (4, 3, {})}
TABLES = {game: SEEDED.get(game) or (4, 1, {}) for game in engine.GAMES}


def settings(code: str) -> Settings:
    return Settings(name="Eli", color=True, cursor_blink=False, lang=code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_lobby(snap_compare, code):
    app = make_app(settings=settings(code), browser=browser_of(*LAN))
    assert snap_compare(app, terminal_size=(80, 24), run_before=quiet)


@pytest.mark.parametrize("game", list(TABLES))
@pytest.mark.parametrize("code", LANGUAGES)
def test_table(snap_compare, code, game):
    seats, seed, options = TABLES[game]
    client = MemoryClient(game, seats, seat=0, seed=seed, options=options)
    client.table = {**(client.table or {}), "name": "bots"}
    app = make_app(launcher=local_launcher(client), settings=settings(code), browser=browser_of())

    async def run_before(pilot):
        await seated(pilot)
        await quiet(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
