"""Keys typed faster than the app draws (a paste of keystrokes, ``tmux send-keys BSpace Z e d
Enter``) reach a text field in the order they were typed. Textual runs an editing key's binding
(backspace, arrows, enter) only after the key has bubbled up to the app, through every message
queue on the way, while the letters typed after it are inserted at once: a backspace that came
first deleted the last letter ("Zed" was saved as "Ze"). The events are posted as a terminal
driver posts a burst of keys: all at once, without the Pilot's pause after each."""

from __future__ import annotations

from textual import events

from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.lobby.forms import NameForm
from tui.pilot import browser_of, wait_until
from tui.settings import Settings, load_name

BURST = [("backspace", "\x7f"), ("Z", "Z"), ("e", "e"), ("d", "d"), ("enter", "\r")]


async def test_a_burst_of_keys_in_the_first_run_name_dialog_is_kept_in_order():
    app = make_app(settings=Settings(color=True, cursor_blink=False), browser=browser_of())
    app.ask_name = True
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameForm))
        await pilot.pause()
        for key, character in BURST:  # the suggestion is selected: backspace clears it
            app.post_message(events.Key(key, character))
        await wait_until(pilot, lambda: app.settings.name is not None)
        assert app.settings.name == "Zed"
    assert load_name() == "Zed"


async def test_arrows_in_a_burst_move_before_the_letters_typed_after_them():
    app = make_app(settings=Settings(color=True, cursor_blink=False), browser=browser_of())
    app.ask_name = True
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameForm))
        field = app.screen.query_one("#name")
        field.value = "Ad"
        await pilot.pause()
        for key, character in [("end", None), ("left", None), ("n", "n"), ("n", "n")]:
            app.post_message(events.Key(key, character))
        await wait_until(pilot, lambda: field.value != "Ad")
        await pilot.pause(0.2)
        assert field.value == "Annd"
