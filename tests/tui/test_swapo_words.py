"""The SwaPo table reads the app's language: prompt, log, header and seats all go through
gettext (a fake language wraps every message in ⟦…⟧)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZE
from tests.tui.words_fake import english_left, use_brackets
from tui.app import make_app
from tui.games.swapo import choices as swapo_rules
from tui.pilot import MemoryClient, browser_of, local_launcher, seated
from tui.settings import Settings


async def test_the_swapo_table_words_everything_in_the_apps_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_brackets(monkeypatch)
    client = MemoryClient("swapo", 3, seat=0, seed=3)
    settings = Settings(color=True, name="Eli", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        names = [screen.seats.name(s, you=False) for s in range(screen.seats.count)]
        prompt = screen.prompt.plain
        assert "⟦" in prompt and not english_left(prompt, names), prompt
        lines = [str(getattr(line, "plain", line)) for line in screen.log_pane.lines_written]
        dealt = [line for line in lines if line.startswith("⟦Round 1 · ")]
        assert dealt and not english_left(dealt[0], names), lines
        header = [p if isinstance(p, str) else p.plain for p in screen.header_parts()]
        assert header[0] == "⟦SwaPo⟧" and header[1].startswith("⟦round 1"), header
        assert header[-1].startswith("⟦pile "), header
        seats = str(screen.query_one("#seats").render())
        assert "⟦0 pts⟧" in seats, seats
        me = str(screen.query_one("#me-label").render())
        assert me.startswith("⟦You⟧") and not english_left(me, [*names, "Eli"]), me


def test_a_rounds_result_and_what_a_power_would_change_are_whole_sentences(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_brackets(monkeypatch)
    record = {"round": 2, "winners": [1], "points": [0, 21], "hands": [[], ["7S", "7H", "7D"]]}
    words = swapo_rules.round_words(record, lambda s: f"P{s}")
    assert words == "⟦Round 2: ⟦P1 (⟦three 7s⟧, +21)⟧ won⟧", words
    assert swapo_rules.standing_words([0], [26], str, me=0) == "⟦You win +26⟧"
    assert swapo_rules.standing_words([1], [0, 12], lambda s: "Bo", me=0) == "⟦Bo wins +12⟧"
    assert swapo_rules.idle_aces(0, [["AH"], ["2S"]]) == [("AH", "⟦no one else holds a joker⟧")]
