"""The footer (tui/widgets/footer.py): one widget that draws the screen's keys on one line.
What it shows at the table and in the lobby, greyed keys, whole keys left out when narrow, a
change of keys that repaints the line without laying the screen out, and the mouse."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import ClassVar, NamedTuple

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tests.tui.conftest import table_app
from tests.tui.test_snapshots import LAN
from tui.app import make_app
from tui.pilot import browser_of, screen_lines, seated, settle, wait_until
from tui.settings import Settings
from tui.widgets.footer import WordedFooter, left_out


class Key(NamedTuple):
    key_display: str
    description: str
    action: str = ""


def shown(footer: WordedFooter) -> list[tuple[str, str]]:
    """What the footer shows: each key as it is drawn and its word."""
    return [(key.key_display, key.description) for key in footer.shown_keys()]


# -- fitting the width -----------------------------------------------------------------------
def test_left_out_keeps_all_keys_that_fit():
    keys = [Key("a", "one"), Key("b", "two")]  # "a one b two": 11 cells
    assert left_out(keys, 11) == set()
    assert left_out(keys, 10) == {1}  # the last first


def test_left_out_leaves_the_expendable_keys_out_first_in_their_order():
    keys = [Key("←→", "move", "move"), Key("s", "scores", "scores"), Key("c", "chat", "chat")]
    total = len("←→ move s scores c chat")
    assert left_out(keys, total, ("chat", "scores")) == set()
    assert left_out(keys, total - 1, ("chat", "scores")) == {2}
    assert left_out(keys, len("←→ move"), ("chat", "scores")) == {1, 2}
    # an action's arguments do not matter: confirm('swap') is confirm
    worded = [Key("enter", "swap", "confirm('swap')"), Key("q", "leave", "leave")]
    assert left_out(worded, len("enter swap"), ("confirm",)) == {0}


# -- what the footer shows -------------------------------------------------------------------
def lobby_app():
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    return make_app(settings=settings, browser=browser_of(*LAN))


LOBBY_KEYS = [
    ("h", "host a table"),
    ("b", "play vs bots"),
    ("a", "join by address"),
    ("w", "watch"),
    ("r", "refresh"),
    ("l", "language"),
    ("n", "your name"),
    ("p", "choices"),
    ("?", "help"),
    ("q", "quit"),
]
NARROW = {"w", "r", "n", "p"}  # left out first, in that order (the keys still work)


async def test_the_lobby_shows_every_key_where_it_fits_and_says_keys_where_it_does_not():
    """l, n and p were never in the footer: now they are where there is room, and a footer
    that leaves keys out says `? keys`, whose help lists every key, n (your name) too."""
    narrow = [k for k in LOBBY_KEYS if k[0] not in NARROW]
    for size, expected in (
        ((120, 30), LOBBY_KEYS),
        ((80, 24), [k if k[0] != "?" else ("?", "keys") for k in narrow]),
        ((70, 20), [k if k[0] != "?" else ("?", "keys") for k in narrow if k[0] != "a"]),
    ):
        app = lobby_app()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            footer = app.screen.query_one(WordedFooter)
            assert shown(footer) == expected
            line = " ".join(f"{key} {word}" for key, word in expected)
            assert screen_lines(app)[-1].rstrip() == line
            # the help, a dialog: every key of the lobby, and its own footer
            await pilot.press("question_mark")
            await pilot.pause()
            assert shown(app.screen.query_one(WordedFooter)) == [("esc", "close")]
            lines = app.screen.text.splitlines()
            rows = [line.split("|")[1].strip() for line in lines if line.startswith("|")]
            assert {"h", "b", "a", "w", "r", "o", "l", "n", "p", "q"} <= set(rows)


async def test_the_table_shows_the_keys_of_each_step_of_a_swap_turn():
    app = table_app(seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)
        table = [("c", "chat"), ("s", "scores"), ("?", "rules"), ("q", "leave")]
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await settle(pilot)
        assert shown(footer) == [("←→", "move"), ("enter", "choose"), *table, ("p", "pass")]
        await pilot.press("2")  # an opponent: a step back, no passing
        await settle(pilot)
        assert shown(footer) == [("←→", "move"), ("enter", "choose"), ("esc", "back"), *table]
        await pilot.press("2", "space")  # two cards, one picked: swap
        await settle(pilot)
        mine = [("←→", "move"), ("space", "pick"), ("enter", "swap"), ("esc", "back")]
        assert shown(footer) == [*mine, *table]
        assert all(key.enabled for key in footer.shown_keys())
        # at 70 columns, the smallest table, these keys just fit (the scores would go first)
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert shown(footer) == [*mine, *table]
        line = "←→ move space pick enter swap esc back c chat s scores ? rules q leave"
        assert len(line) == 70 and screen_lines(app)[-1] == line


# -- a screen of our own: greyed keys, no layout, the mouse -----------------------------------
class KeysScreen(Screen[None]):
    """Keys that come and go with ``my_turn``; ``play`` greyed until ``ready``."""

    BINDINGS: ClassVar[list] = [
        Binding("enter", "play", "play", key_display="enter"),
        Binding("p", "pass_turn", "pass"),
        Binding("d", "done", "done"),
        Binding("x", "secret", "secret", show=False),
        Binding("q", "leave", "leave"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.my_turn = True
        self.ready = False  # False: play is shown greyed
        self.ran: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("the table", id="table")
        yield WordedFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            if not self.my_turn:
                return False  # not shown
            return True if self.ready else None  # None: shown greyed
        if action == "pass_turn":
            return self.my_turn
        if action == "done":
            return not self.my_turn
        return True

    def action_play(self) -> None:
        self.ran.append("play")

    def action_pass_turn(self) -> None:
        self.ran.append("pass")

    def action_done(self) -> None:
        self.ran.append("done")

    def action_leave(self) -> None:
        self.ran.append("leave")


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


@asynccontextmanager
async def keys_screen():
    """The test screen of keys in a 40×5 app: the app, its pilot, the screen, its footer."""
    app = KeysApp()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        yield app, pilot, screen, screen.query_one(WordedFooter)


async def test_a_refused_key_is_greyed_and_a_hidden_key_not_shown():
    async with keys_screen() as (_app, pilot, screen, footer):
        assert [(key.key, key.enabled) for key in footer.shown_keys()] == [
            ("enter", False),
            ("p", True),
            ("q", True),
        ]
        strip = footer.render_line(0)
        dim = [segment.style.dim for segment in strip if segment.text.strip()]
        assert dim == [True, True, None, None, None, None]  # enter play, then p pass, q leave
        assert strip.text.rstrip() == "enter play p pass q leave"
        await pilot.click(WordedFooter, offset=(1, 0))  # a greyed key does nothing
        assert screen.ran == []


async def test_a_change_of_keys_repaints_the_line_without_laying_the_screen_out():
    async with keys_screen() as (app, pilot, screen, footer):
        layouts: list[Screen] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append, immediate=True)
        region = footer.region
        for my_turn in (False, True, False):
            screen.my_turn = my_turn
            screen.refresh_bindings()
            await pilot.pause()
            expected = [("enter", "play"), ("p", "pass")] if my_turn else [("d", "done")]
            assert shown(footer) == [*expected, ("q", "leave")]
            assert screen_lines(app)[-1].rstrip() == " ".join(
                f"{key} {word}" for key, word in shown(footer)
            )
        assert layouts == [] and footer.region == region


async def test_clicking_a_key_presses_it_and_the_key_under_the_mouse_is_highlighted():
    async with keys_screen() as (_app, pilot, screen, footer):
        screen.ready = True
        screen.refresh_bindings()
        await pilot.pause()
        # "enter play p pass q leave": p pass is at cells 11-16, q leave at 18-24
        await pilot.click(WordedFooter, offset=(12, 0))
        await pilot.click(WordedFooter, offset=(24, 0))
        await pilot.click(WordedFooter, offset=(10, 0))  # between two keys: nothing
        await pilot.click(WordedFooter, offset=(30, 0))  # past the last key: nothing
        await pilot.pause()
        assert screen.ran == ["pass", "leave"]
        await pilot.hover(WordedFooter, offset=(2, 0))
        await pilot.pause()
        assert footer.hovered == 0
        backgrounds = [seg.style.bgcolor for seg in footer.render_line(0) if seg.text.strip()]
        enter, play, p, pass_ = backgrounds[:4]
        assert enter == play != p == pass_  # enter play is on the hover background
        await pilot.hover(WordedFooter, offset=(14, 0))
        await pilot.pause()
        assert footer.hovered == 1
