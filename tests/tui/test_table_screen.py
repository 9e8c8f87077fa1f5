"""The table screen every game shares: NO_COLOR and ASCII, the chat input, the notice line,
the score table, small windows, the results panel and play again.

Fast: the table is a ``MemoryClient`` (the engine in this process, bots at once).
"""

from __future__ import annotations

import pytest
from textual.containers import Vertical
from textual.widgets import Input

from tui.app import make_app
from tui.cli import build_parser
from tui.dialogs import ScoresScreen
from tui.pilot import (
    MemoryClient,
    browser_of,
    local_launcher,
    recorded,
    screen_lines,
    seated,
    wait_until,
)
from tui.settings import Settings, terminal_wants_ascii
from tui.table.panel import ResultsPanel
from tui.table.results import length_words
from tui.widgets.chat import ChatPane
from tui.widgets.log import EventLog
from tui.widgets.steady import Steady


def local_app(game: str = "swapo", *, settings: Settings | None = None, **kw):
    client = MemoryClient(game, **kw)
    settings = settings or Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    return app, client


def painted(app) -> list[tuple[str, object, object]]:
    """The painted cells with text: (text, colour, background)."""
    return [
        (seg.text, seg.style.color, seg.style.bgcolor)
        for seg in recorded(app)._record_buffer
        if seg.text.strip() and seg.style
    ]


# 1. NO_COLOR ---------------------------------------------------------------------------------
async def test_no_color_is_readable(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = local_app(settings=Settings(name="Eli", cursor_blink=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        cells = painted(app)
        assert cells
        # NO_COLOR sends no colour at all: the terminal's own (default) pair is readable
        unreadable = [
            text for text, fg, bg in cells if fg is not None and not fg.is_default and fg == bg
        ]
        assert unreadable == []


# 2. chat ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_chat_input_shows_what_you_type_and_whispers_echo(size):
    app, _ = local_app(options={"adult_talk": True})  # whispers allowed
    async with app.run_test(size=size) as pilot:
        screen = await seated(pilot)
        await pilot.press("c")
        chat_input = screen.query_one("#chat-input", Input)
        assert chat_input.has_focus
        assert chat_input.region.height == 1 and chat_input.content_region.height == 1
        await pilot.press(*"hello")
        assert "hello" in "".join(text for text, _, _ in painted(app))
        # the rest of the line at once: each key of it would take the path "hello" took
        chat_input.value += " there, bots"
        await pilot.press("enter")
        chat = screen.query_one(ChatPane)
        await wait_until(pilot, lambda: any("hello" in line for line in chat.lines))
        await pilot.pause()
        history = chat.query_one("#chat-history")
        # not wrapped to 7 columns
        assert any("Eli: hello there, bots" in line.plain for line in history.lines)
        chat_input.value = "/w 2 psst"  # the input is still open
        await pilot.press("enter")
        # a bot has no connection to hear it: the table refuses it, the pane says why
        await wait_until(pilot, lambda: "not connected" in chat.lines[-1])
        target = screen.seats.name(1, you=False)  # a connected player's: the table's echo
        screen.receive({"t": "chat", "from": 0, "name": "Eli", "text": "psst", "to": 1})
        await wait_until(pilot, lambda: f"→ {target}: psst" in chat.lines)
        chat_input.value = "/w 9 psst"
        await pilot.press("enter")
        assert "Not sent" in chat.lines[-1] and "1–3" in chat.lines[-1]


# 5. scores -------------------------------------------------------------------------------------
def round_over(number: int, points: list[int]) -> dict:
    """A SwaPo round's end, whole (engine/swapo/types.py ``RoundOverEvent``): who scored won."""
    seats = len(points)
    return {
        **{"type": "round_over", "round": number, "dealer": 0, "points": points},
        **{"players": list(range(seats)), "sudden_death": False, "no_game": False},
        **{"winners": [s for s, p in enumerate(points) if p], "strengths": [None] * seats},
        **{"hands": [None] * seats, "declared": [None] * seats, "stabbed": [[]] * seats},
    }


async def test_score_table_has_a_row_per_round_and_one_scale():
    app, _ = local_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        screen.rounds.round_rows.clear()
        for n, points in ((1, [41, 0, 0, 0]), (2, [0, 105, 0, 0])):
            screen.rounds.note_event(round_over(n, points), screen.version, over=False)
        screen.view = {**screen.view, "history": []}
        screen.rounds.score_history.append([41, 105, 0, 0])
        await pilot.press("s")
        scores = app.screen
        assert isinstance(scores, ScoresScreen)
        assert "2 rounds" in scores.title_text + scores.length
        await pilot.pause()
        table = str(scores.query_one("#score-table").render())
        assert "Round 1" in table and "Round 2" in table
        bars = [str(b.render()) for b in scores.query(".score-bar")]
        assert len(bars[1]) > len(bars[0]) > 0 and bars[2] == ""  # one scale; 0 draws nothing


def test_length_words_for_every_game():
    import engine

    for game, words in (("swapo", "2 rounds"), ("swoop", "to 300 points"), ("mishi", "4 hands")):
        view = engine.new_game(game, 4, {}, seed=1).view(0)
        assert length_words(game, view) == words


# 7. every terminal ----------------------------------------------------------------------------
def test_ascii_after_the_subcommand():
    assert build_parser().parse_args(["play", "swoop", "--ascii"]).ascii
    assert build_parser().parse_args(["--ascii", "play", "swoop"]).ascii
    assert not build_parser().parse_args(["play", "swoop"]).ascii


@pytest.mark.parametrize(
    ("env", "ascii_only"),
    [
        ({"TERM": "linux", "LANG": "en_US.UTF-8"}, True),
        ({"TERM": "xterm", "LANG": "C"}, True),
        ({"TERM": "xterm", "LC_ALL": "en_GB.utf8", "LANG": "C"}, False),
        ({"TERM": "xterm-256color", "LANG": "en_US.UTF-8"}, False),
    ],
)
def test_ascii_chosen_where_the_terminal_cannot_show_glyphs(monkeypatch, env, ascii_only):
    assert terminal_wants_ascii(env) is ascii_only
    for key in ("TERM", "LANG", "LC_ALL", "LC_CTYPE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    args = build_parser().parse_args(["play", "mishi"])
    args.options = {}
    assert make_app(args).settings.ascii_only is ascii_only


async def test_no_wide_glyphs_in_the_header_with_ascii():
    app, _ = local_app("mishi", settings=Settings(name="Eli", ascii_only=True, cursor_blink=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        header = str(screen.query_one("#header").render())
        assert "Mi Shi" in header or "hand" in header
        assert not any(ch in header for ch in "秘十★🔒♠")


async def test_small_windows_ask_to_be_bigger_and_logs_rewrap():
    app, _ = local_app()
    async with app.run_test(size=(70, 20)) as pilot:
        screen = await seated(pilot)
        assert not screen.has_class("-too-small")
        assert screen.query_one("#table-area").region.width >= 40
        log = screen.query_one(EventLog)
        log.add("a long line that has to wrap at this width but not after widening the window")
        await pilot.pause()
        narrow = len(log.lines)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await wait_until(pilot, lambda: len(log.lines) < narrow)
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        assert screen.has_class("-too-small")
        assert "bigger" in str(screen.query_one("#too-small").render())
        assert screen.query_one("#too-small").region.area > 0


# 8. small things -------------------------------------------------------------------------------
async def test_play_then_q_returns_to_the_shell():
    args = build_parser().parse_args(["play", "swapo", "--bots", "1", "--seed", "2"])
    args.options = {}
    app = make_app(args, settings=Settings(name="Eli", cursor_blink=False), browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: app.return_code is not None)


# the results panel ------------------------------------------------------------------------------
async def test_results_panel_stays_until_enter_and_offers_play_again():
    app, client = local_app("swapo", seats=2, seed=1, options={"rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        client.game.over  # noqa: B018
        screen.view = {**screen.view, "over": True, "result": {"winners": [0]}}
        screen.rounds.note_event(round_over(1, [26, 0]), screen.version, over=False)
        screen.game_over()
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, ResultsPanel) and panel.final and panel.again is False
        assert "Round 1" in str(panel.query_one("#results-table").render())
        await pilot.pause(0.3)
        assert app.screen is panel  # it stays
        await pilot.press("enter")
        assert app.screen is screen


async def test_a_panels_footer_says_what_enter_does_and_offers_play_again_only_where_it_can():
    """A round's panel: enter continues. The game's final panel: enter closes, and ``a``
    plays again where the table can be dealt again (``kotatsu play``), not elsewhere."""
    from rich.text import Text

    from tui.widgets.footer import WordedFooter

    def shown(panel: ResultsPanel) -> list[tuple[str, str]]:
        keys = panel.query_one(WordedFooter).shown_keys()
        return [(k.key_display, k.description) for k in keys]

    app = make_app(settings=Settings(name="Eli"), browser=browser_of())  # over the lobby
    async with app.run_test(size=(80, 24)) as pilot:
        expected = {
            (False, False): [("enter", "continue")],
            (True, False): [("enter", "close")],
            (True, True): [("enter", "close"), ("a", "play again")],
        }
        for (final, again), keys in expected.items():
            panel = ResultsPanel("Round 1", [], Text(""), final=final, again=again)
            await app.push_screen(panel)
            await pilot.pause()
            assert shown(panel) == keys
            await pilot.press("enter")
            assert app.screen is not panel


async def test_notices_no_keys_before_a_panel_and_the_chat_keeping_the_keys_after_a_line():
    """One table, each check said by its assert's message:

    - notices never cover the table (their own line, not a toast over the board) and use the
      card glyphs;
    - a results panel opens once the table has painted the round's end (a frame later): an
      enter pressed meanwhile was meant for the panel, and the table's keys do nothing;
    - the words typed after a sent line are chat too, never the game's keys (`p` passed a
      swap): esc or enter on an empty line gives the keys back, `c` opens the input again (no
      literal c), and `c/w 3 psst` (a c typed twice) is not broadcast: it waits for a second
      enter."""
    app, client = local_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await seated(pilot)
        # Notices: on their own line, with the card glyphs.
        screen.notify("Bot 2 stabbed Bot 3's JS and 10H")
        await pilot.pause()
        notice = screen.query_one("#table-notice")
        shown = [y for y, line in enumerate(screen_lines(app)) if "stabbed" in line]
        assert shown == [notice.region.y], "notice: on its own line, not a toast"
        glyphs = "J♠" in str(notice.render()) and "10♥" in str(notice.render())
        assert glyphs, "notice: the card glyphs"
        # No key acts on the table while a results panel is about to open.
        await wait_until(pilot, lambda: screen.states_seen > 0)
        keys = screen.check_action("chat", ()) and screen.check_action("scores", ())
        assert keys, "panel opening: chat and scores work before"
        screen.rounds.opening = True
        for action in ("confirm", "pick", "back", "move", "hint", "chat", "scores", "pass_turn"):
            refused = screen.check_action(action, ()) is False  # the game's own keys too
            assert refused, f"panel opening: {action} does nothing"
        screen.rounds.opening = False
        keys = screen.check_action("chat", ()) and screen.check_action("scores", ())
        assert keys, "panel opening: chat and scores work again"
        # The chat keeps the keys after a line is sent.
        chat = screen.query_one(ChatPane)
        assert not chat.children, "chat: hidden at 80 columns, mounted when first opened"
        chat_input = chat.field
        await pilot.press("c", *"hi", "enter")
        await wait_until(pilot, lambda: any("Eli: hi" in line for line in chat.lines))
        assert chat_input.has_focus and screen.has_class("-chatting"), "chat: it keeps the keys"
        await pilot.press(*"pass the tea", "enter")
        await wait_until(pilot, lambda: any("Eli: pass the tea" in line for line in chat.lines))
        assert client.acts == [] and chat_input.has_focus, "chat: p passed nothing"
        await pilot.press("enter")  # an empty line: the keys are the table's again
        given_back = not chat_input.has_focus and not screen.has_class("-chatting")
        assert given_back, "chat: an empty enter gives the keys back"
        await pilot.press("c", "escape")
        given_back = not chat_input.has_focus and not screen.has_class("-chatting")
        assert given_back, "chat: esc gives the keys back"
        await pilot.press("c")
        opened = chat_input.has_focus and chat_input.value == ""
        assert opened, "chat: c opens the input again, no literal c"
        await pilot.press(*"c/w 1 psst", "enter")
        await pilot.pause(0.2)
        broadcast = any("psst" in line and "Eli" in line for line in chat.lines)
        assert not broadcast, "chat: c/w 1 psst is not broadcast"
        waits = "Not sent" in chat.lines[-1] and chat_input.value == "c/w 1 psst"
        assert waits, "chat: c/w 1 psst waits for a second enter"
        await pilot.press("enter")  # asked and answered: it goes to the table
        await wait_until(pilot, lambda: any("Eli: c/w 1 psst" in line for line in chat.lines))


@pytest.mark.parametrize("code", ["en", "ja", "zh", "ko", "hi"])
@pytest.mark.parametrize("whispers", [False, True])
def test_the_empty_chat_inputs_words_fit_the_pane_in_every_language(code, whispers):
    """The chat input's words were cut (`say something (enter) · /w 2 text whispers to`, at
    the web page too): they fit the 32 cells of the pane at 80 columns."""
    import lang
    from tui.cells import terminal_width

    pane = ChatPane()
    pane.whispers_allowed = whispers
    with lang.scope(code):
        assert terminal_width(pane.hint()) <= 32, pane.hint()


@pytest.mark.parametrize("game", ["swapo", "swoop"])  # (秘十's deal is drawn as it is paced)
async def test_a_state_given_before_the_part_is_composed_is_drawn_once_it_is(game):
    """A game's part given a state before it is mounted (a replay playing on while the next
    part is still being made, on a busy machine) does not draw into widgets it does not have
    yet (NoMatches '#seats' crashed the review): it draws that state once composed."""
    from tui.table.part import Given

    app, _ = local_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: screen.part.state.view is not None)
        given = Given(
            screen.seats, screen.cards, screen.part.settings, screen.table_info,
            screen.people, screen.me,
        )  # fmt: skip
        fresh = type(screen.part)(given)
        fresh.state = screen.part.state  # before it is mounted: nothing drawn yet
        # which lines the table's own part fills for that state (the table moves on meanwhile)
        lines = [(w.id, bool(str(w.render()).strip())) for w in screen.part.query(Steady) if w.id]
        drawn: list[int] = []
        draw = fresh.draw
        fresh.draw = lambda: drawn.append(1) or draw()  # type: ignore[method-assign]
        assert drawn == []
        box = Vertical()  # beside the table's own part (one #table-area a parent)
        await screen.mount(box)
        await box.mount(fresh)
        await pilot.pause()
        assert drawn == [1], "drawn once, when composed"
        filled = [(w.id, bool(str(w.render()).strip())) for w in fresh.query(Steady) if w.id]
        assert any(full for _id, full in lines) and filled == lines, "the same lines drawn"
