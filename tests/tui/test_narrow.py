"""The table down to the smallest size it plays at, 70×20 (issue 13, items 7 and 8): Swoop's
seat lines never wrap and my slots and hand never scroll away, Mi Shi shows every suit row of
the hand while burying, and the footer leaves whole keys out rather than cutting a word.

The games are played by the game's own bot for the local seat (``screen.send``), the others by
the table's bots, so every question the screen asks along the way is looked at.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len

import engine
from net.table.resultswait import RESULTS_WAIT
from tui.app import KotatsuApp, make_app
from tui.pilot import (
    MemoryClient,
    browser_of,
    local_launcher,
    screen_lines,
    seated,
    settle,
    wait_until,
)
from tui.settings import Settings
from tui.table.panel import ResultsPanel
from tui.widgets.footer import WordedFooter

NARROW, SMALL = (80, 24), (70, 20)


def bots_app(game: str, seed: int) -> KotatsuApp:
    """The app at a table against bots that play at once, set as ``kotatsu play`` sets it
    (hints on, the bots waiting for my results panel, a deal not paced, named "practice"):
    the table is in this process (a ``MemoryClient``), for these tests are about the screen,
    not the wire."""
    client = MemoryClient(game, seed=seed, settings={"hints": True, "results_wait": RESULTS_WAIT})
    client.table = {**(client.table or {}), "name": "practice"}  # as play_launcher's Host
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


async def my_questions(pilot, screen, game: str, count: int):
    """Answer ``count`` of my questions with the game's bot; yield before each answer. A
    round's results panel is closed (the table's bots wait for it)."""
    bot = engine.make_bot(game, screen.me, 1)

    def asked_or_panel() -> bool:
        return bool(screen.legal) or screen.view.get("over") or is_panel(pilot.app.screen)

    for _ in range(count):
        await wait_until(pilot, asked_or_panel, 20)
        while is_panel(pilot.app.screen) and not screen.view.get("over"):
            await pilot.press("enter")
            await wait_until(pilot, asked_or_panel, 20)
        await settle(pilot, 0.05)
        if screen.view.get("over"):
            return
        yield
        if not screen.legal:
            continue
        seen = screen.states_seen
        screen.send(bot.act(screen.view, screen.legal))
        await wait_until(pilot, lambda seen=seen: screen.states_seen > seen, 20)


def is_panel(shown) -> bool:
    return isinstance(shown, ResultsPanel)


# -- the footer ------------------------------------------------------------------------------
def footer_whole(app, screen) -> bool:
    """The table's footer line (under a results panel too) is its shown keys, each whole
    ("key word"), within the width."""
    shown = screen.query_one(WordedFooter).shown_keys()
    words = " ".join(
        f"{key.key_display} {key.description}" if key.description else key.key_display
        for key in shown
    )
    line = screen_lines(app)[-1].rstrip()
    return bool(shown) and line == words and cell_len(words) <= app.size.width


# The sets of keys each game's footer shows at my first 24 questions (seed 6), with a card
# picked and without: the questions after the one that brought the last of them show only
# sets already seen at both sizes, the very line the footer drew and keeps for those keys and
# that width (swoop's last new set comes at its 9th question, Mi Shi's at the 6th, Daifugo's
# at the 14th, SwaPo's game ends at the 3rd).
KEY_SETS = {"swapo": 2, "swoop": 4, "mishi": 7, "daifugo": 4}


@pytest.mark.parametrize("game", list(engine.GAMES))
async def test_the_footer_leaves_whole_keys_out_rather_than_cutting_a_word(game):
    """At 80×24 and at 70×20, at each of my questions, with a card picked and without, until
    every set of keys the game's footer shows in my first 24 questions was seen (``KEY_SETS``).
    The footer's line is made of its keys and its width alone (tui/widgets/footer.py), and the
    keys of a state are the same at any size: one game is followed, each state looked at in
    the window's size, and the window is resized to the other size for each set of keys not
    seen at both yet."""
    wanted = KEY_SETS.get(game, 24)  # a game not listed: all its first 24 questions
    app = bots_app(game, seed=6)
    sizes: dict[tuple, set[tuple[int, int]]] = {}  # each set of keys: the sizes it was seen at
    async with app.run_test(size=NARROW) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)

        async def whole_at_both_sizes() -> None:
            await wait_until(pilot, lambda: footer_whole(app, screen))
            seen = sizes.setdefault(footer.wanted_keys(), set())
            seen.add(tuple(app.size))
            if len(seen) < 2:
                other = SMALL if tuple(app.size) == NARROW else NARROW
                await pilot.resize_terminal(*other)
                await wait_until(pilot, lambda: footer_whole(app, screen))
                seen.add(other)

        async for _ in my_questions(pilot, screen, game, 24):
            if len(sizes) >= wanted:
                break  # every set of keys seen, each at both sizes
            if app.screen is not screen:
                continue  # a results panel: its own words say enter
            await whole_at_both_sizes()
            # with a card picked the footer grows (esc clear): still whole keys
            if screen.check_action(
                "pick", screen.keys.word_args("pick")
            ) and not screen.keys.word_args("pick"):
                await pilot.press("space")
                await whole_at_both_sizes()
                if screen.check_action("back", screen.keys.word_args("back")):
                    await pilot.press("escape")
        assert len(sizes) >= 2
        if game in KEY_SETS:  # none of the sets of keys was left unseen
            assert len(sizes) >= wanted, f"{len(sizes)} sets of keys in 24 questions, not {wanted}"


async def test_the_footer_leaves_out_the_scores_first_and_keeps_the_games_keys():
    app = bots_app("mishi", seed=6)
    async with app.run_test(size=SMALL) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)
        async for _ in my_questions(pilot, screen, "mishi", 40):
            if screen.view.get("trick_number", 0) >= 2 and screen.decisions.step == "play":
                break
        assert screen.decisions.step == "play"
        await pilot.press("space")
        await wait_until(pilot, lambda: footer_whole(app, screen))
        shown = [key.key for key in footer.shown_keys()]
        assert "t" in shown and "escape" in shown and "enter" in shown  # the game's keys
        assert "s" not in shown  # the scores are in the header


# -- Swoop at 70×20 --------------------------------------------------------------------------
def swoop_fits(screen) -> bool:
    """No seat line wraps, and my slots and hand are inside the table's visible area."""
    seats = screen.query_one("#seats")
    lines = str(seats.render()).splitlines()
    area = screen.query_one("#table-area")
    mine = screen.query_one("#mine")
    return (
        seats.size.height == len(lines)
        and all(cell_len(line) <= seats.content_region.width for line in lines)
        and area.region.contains_region(mine.region)
    )


async def test_swoop_at_70x20_keeps_seat_lines_whole_and_my_cards_in_sight():
    app = bots_app("swoop", seed=6)
    async with app.run_test(size=SMALL) as pilot:
        screen = await seated(pilot)
        assert len(screen.view["players"]) == 4
        hands = set()
        async for _ in my_questions(pilot, screen, "swoop", 60):
            hands.add(screen.view.get("hand_no"))
            await wait_until(pilot, lambda: swoop_fits(screen))
            if len(hands) >= 2:
                break  # every question of a whole hand, past its end into the next deal
        assert len(hands) >= 2  # a whole hand, its end and the next deal


# -- Mi Shi at 70×20 -------------------------------------------------------------------------
async def test_mishi_at_70x20_shows_every_suit_row_of_the_hand_while_burying():
    from tests.tui.test_mishi_screen import DECLARER_SEED, local_app, play_by_keys

    app = local_app(DECLARER_SEED)
    async with app.run_test(size=SMALL) as pilot:
        screen = await seated(pilot)
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: screen.decisions.step == "bury"
        )
        area, hand = screen.query_one("#table-area"), screen.query_one("#hand")
        for _ in range(3):  # before and while picking the cards to bury
            await settle(pilot)
            assert len(screen.decisions.hand) == 29
            assert area.region.contains_region(hand.region)
            rows = "\n".join(screen_lines(app))
            for suit in ("trump", "♠", "♥", "♦"):  # ♣ is trump in this deal
                assert suit in rows
            await pilot.press("space", "right")


# -- SwaPo at 70×20 --------------------------------------------------------------------------
def swapo_fits(screen) -> bool:
    """Every seat line whole within the column: no seat pushed out of sight."""
    seats = screen.query_one("#seats")
    lines = str(seats.render()).splitlines()
    return seats.size.height == len(lines) and all(
        cell_len(line) <= seats.content_region.width for line in lines
    )


async def test_swapo_dagger_asterisk_at_70x20_keeps_every_seat_line_whole_with_locks():
    from tests.tui.test_swapo_screen import local_app, take_any_turn

    app = local_app(seed=11, options={"variant": "dagger,asterisk", "rounds": 2})
    async with app.run_test(size=SMALL) as pilot:
        screen = await seated(pilot)
        locks = 0
        for _ in range(80):
            if screen.view.get("over"):
                break
            await settle(pilot, 0.05)
            if app.screen is screen:
                locks = max(locks, max(screen.view.get("locked_counts") or [0]))
                lines = str(screen.query_one("#seats").render()).splitlines()
                width = screen.query_one("#seats").content_region.width
                assert len(lines) >= 3 and swapo_fits(screen), (width, lines)
            await take_any_turn(pilot, screen)
        assert locks >= 3  # a row with several locked positions was on show
