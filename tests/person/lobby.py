"""The lobby's doors, as a person uses them: ``b`` (play against bots) and ``h`` (host a
table), the form filled in by keys — the game chosen in its list, the field with the game's
length found with tab and typed over, the seats and bots likewise — and enter to start."""

from __future__ import annotations

from typing import Any

from tui.lobby.forms import TableForm
from tui.lobby.screen import LobbyScreen
from tui.pilot import wait_until

#: How many tabs a person tries before the field looked for is found.
TABS = 40


async def focus_field(pilot: Any, field: str) -> None:
    """Tab until the field ``field`` (its id) is the highlighted one."""
    for _ in range(TABS):
        focused = pilot.app.focused
        if focused is not None and focused.id == field:
            return
        await pilot.press("tab")
    raise AssertionError(f"the form has no field {field} that tab reaches")


async def type_over(pilot: Any, field: str, text: str) -> None:
    """Go to ``field`` and type ``text`` over what it holds."""
    await focus_field(pilot, field)
    held = len(pilot.app.focused.value)
    await pilot.press("end", *["backspace"] * held, *text)


async def choose_game(pilot: Any, game: str) -> None:
    """Open the game's list (down) and go down it until ``game`` is chosen."""
    await focus_field(pilot, "game")
    select = pilot.app.focused
    for step in range(6):
        if select.value == game:
            return
        await pilot.press("down")  # opens the list (enter would start the table)
        await pilot.pause()
        way = "down" if step < 3 else "up"
        await pilot.press(*[way] * (step % 3 + 1), "enter")
        await pilot.pause()
    raise AssertionError(f"the game list never chose {game}")


async def start_from_form(pilot: Any, mode: str, game: str, fields: dict[str, str]) -> None:
    """In the lobby: ``b`` or ``h``, fill the form by keys, enter to start."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 15)
    await pilot.press("b" if mode == "bots" else "h")
    await wait_until(pilot, lambda: isinstance(app.screen, TableForm), 8)
    await pilot.pause()
    await choose_game(pilot, game)
    await pilot.pause()
    for field, text in fields.items():
        await type_over(pilot, field, text)
    await focus_field(pilot, next(iter(fields)))  # enter from a typed field starts the table
    await pilot.press("enter")
