"""Two people at one table, each reading their own language: the host sends data (events,
codes and parameters), and each screen words it in the language its player chose."""

from __future__ import annotations

import unicodedata

import lang
from net.doors.host import Host
from net.table.settings import TableSettings
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import join_launcher
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings


def scripts(text: str) -> set[str]:
    """The writing systems in ``text`` (first word of each letter's Unicode name)."""
    return {unicodedata.name(ch).split()[0] for ch in text if ch.isalpha() and ord(ch) > 0x2E7F}


async def test_a_japanese_and_a_korean_player_at_one_swoop_table():
    host = Host(TableSettings.new("swoop", seats=3, options={}, seed=4, bots=1, name="night"))
    port = await host.start("127.0.0.1", 0)
    aki = make_app(
        launcher=join_launcher("127.0.0.1", port, name="Aki"),
        settings=Settings(name="Aki", lang="ja"),
        browser=browser_of(),
    )
    min_ = make_app(
        launcher=join_launcher("127.0.0.1", port, name="Min"),
        settings=Settings(name="Min", lang="ko"),
        browser=browser_of(),
    )
    try:
        async with aki.run_test(size=SIZE) as p_aki, min_.run_test(size=SIZE) as p_min:
            s_aki = await seated(p_aki)
            s_min = await seated(p_min)
            # The same header, each in its player's words.
            header_aki = str(s_aki.query_one("#header").render())
            header_min = str(s_min.query_one("#header").render())
            assert lang.translation("ja").gettext("Swoop") in header_aki
            assert lang.translation("ko").gettext("Swoop") in header_min
            assert "Swoop" not in header_aki and "Swoop" not in header_min
            # The same refusal from the host (a code and parameters), worded twice.
            for app, screen, pilot, code in ((aki, s_aki, p_aki, "ja"), (min_, s_min, p_min, "ko")):
                await app.seat.client.act({"type": "play"})
                await wait_until(pilot, lambda screen=screen: screen.prompt.reason is not None)
                reason = screen.prompt.reason
                if screen.me not in (screen.view.get("pending") or []):
                    assert reason == lang.translation(code).gettext("it is not your turn")
                expected = {"ja": {"HIRAGANA", "KATAKANA", "CJK"}, "ko": {"HANGUL"}}[code]
                assert scripts(reason) & expected, reason
            assert not scripts(s_aki.prompt.reason or "") & {"HANGUL"}
            assert not scripts(s_min.prompt.reason or "") & {"HIRAGANA", "KATAKANA"}
    finally:
        await host.close()
