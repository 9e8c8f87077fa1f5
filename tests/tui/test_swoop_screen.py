"""Playing Swoop through the screen's own keys, at an in-process table (``MemoryClient``: the
engine and the bots in this process, the same messages a Host sends).

The tables here are dealt from a stacked deck, and a few opening moves may be played on the
engine before the screen sits down, so that a pick-up, a swoop, a chain and a flip happen on
the local player's turn whatever the bots would choose. The choosing itself (which card may be
picked, and why not) is tested without a screen in test_swoop_flow.py.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.widget import Widget

from tests.tui.conftest import client_app, log_text
from tests.tui.test_swoop_flow import (
    CHAIN,
    CHAIN_MOVES,
    FLIP,
    FLIP_MOVES,
    GOING_OUT,
    TWO_UNCOVERED,
    TWO_UNCOVERED_MOVES,
)
from tui.app import KotatsuApp
from tui.games.swoop.cards import HAND, SLOTS, MineFaces, SwoopCards
from tui.pilot import MemoryClient, seated, settle, wait_until
from tui.table.panel import ResultsPanel
from tui.widgets.cards import CardFace, CardStyle
from tui.widgets.pickable import PickableCards

SIZES = [(80, 24), (120, 40)]
SEATS = 3


def swoop_app(
    deck: list[str],
    *,
    first: int,
    moves: tuple[tuple[int, dict], ...] = (),
    options: dict | None = None,
    seed: int = 5,
    ascii_only: bool = False,
) -> KotatsuApp:
    """The app in seat 0 of a 3-seat Swoop table dealt from ``deck``; ``moves`` are played on
    the engine before the screen sits down."""
    opts = {"first_player": first, "target": 1000, **(options or {})}
    client = MemoryClient("swoop", SEATS, options=opts, seed=seed, deck=deck)
    client.table = {**(client.table or {}), "name": "bots"}  # the header of the pictures
    for seat, action in moves:
        client.game.apply(seat, action)
    return client_app(client, ascii_only=ascii_only)


async def walk_to(pilot, screen, rank: str, *, where: str = "hand") -> None:
    """Bring the cursor to the first card of ``rank`` (in the hand or the slots): it is put
    beside the card and takes the last step with ← or → (every step of a longer walk is that
    same move; its stops at the ends are test_swoop_flow.py's)."""
    model = screen.part.model
    wanted = [
        n
        for n, item in enumerate(model.items())
        if item[0] == where and model.mine.rank(item) == rank
    ]
    if not wanted:
        raise AssertionError(f"no {rank} to walk to")
    if model.cursor != wanted[0]:
        right = model.cursor < wanted[0]
        model.cursor = wanted[0] - 1 if right else wanted[0] + 1
        await pilot.press("right" if right else "left")
    assert model.cursor == wanted[0]


async def my_turn(pilot, screen) -> None:
    await wait_until(pilot, lambda: screen.part.model.asked() != "wait")
    await settle(pilot, 0.05)


async def test_a_click_picks_a_card_and_a_pickup_played_by_keys_and_refusals_say_why():
    """One table at my turn on a pile of 8s, each check said by its assert's message: a click
    on a card picks it and a click beside the cards (on the row's title) picks nothing; two
    Kings cannot be played as four, and a mystery card is not picked but turned; an action
    the engine refuses shows its reason and the question stands; K on 8 takes the pile."""
    app = swoop_app(FLIP, first=0, moves=FLIP_MOVES)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        assert screen.view["pile"] == ["9S", "8S", "8H"], "the pile of 8s"
        assert "play 8 or lower" in screen.prompt.plain, "asked: 8 or lower"
        assert "t turns a mystery card" in screen.prompt.plain, "asked: t turns"
        # A click on a card picks it; a click beside the cards picks nothing.
        cards = screen.query_one("#mine")
        model = screen.part.model
        king = next(i for i in model.items() if model.mine.rank(i) == "K")
        spot = place_of(cards, cards.items.index(king))
        await pilot.click("#mine", offset=spot)
        assert model.picks == [king] and model.current() == king, "click: the King is picked"
        assert "take the pile" in screen.prompt.plain, "click: the King would take the pile"
        await pilot.press("escape")
        await pilot.click("#mine", offset=(1, spot[1]))
        assert screen.part.model.picks == [], "click: on the row's title, nothing is picked"
        # Two Kings cannot be played as four, and a mystery card is not picked but turned.
        await walk_to(pilot, screen, "K")
        await pilot.press("4")
        assert "cannot play 4 × K" in screen.prompt.plain, "keys: 4 × K is refused"
        assert screen.part.model.picks == [], "keys: nothing picked"
        screen.part.model.cursor = screen.part.model.items().index(("down", 0))
        await pilot.press("space")
        assert "press t" in screen.prompt.plain, "keys: a mystery card is turned with t"
        # An action the engine refuses shows its reason and the question stands.
        screen.send({"type": "stop"})
        await wait_until(pilot, lambda: screen.prompt.reason is not None)
        assert screen.prompt.plain.startswith("✗ "), "refusal: the reason"
        assert "play 8 or lower" in screen.prompt.plain, "refusal: the question stands"
        # K on 8: higher, so the player takes the pile.
        await walk_to(pilot, screen, "K")
        await pilot.press("space")
        assert "take the pile (4 cards)" in screen.prompt.plain, "pickup: asked"
        before = len(screen.view["hand"])
        await pilot.press("enter")
        await wait_until(pilot, lambda: "picked up" in log_text(screen))
        await settle(pilot)
        assert "You picked up 4 cards" in log_text(screen), "pickup: logged"
        grown = len(screen.view["hand"]) >= before - 1 + 4 - 1  # the bots may have moved on
        assert grown, "pickup: the pile is in my hand"
        toasts = [str(n.message) for n in app._notifications]
        assert any("picked up 4 cards" in toast for toast in toasts), "pickup: a toast"


async def test_turning_a_mystery_card_then_adding_to_it():
    app = swoop_app(FLIP, first=0, moves=FLIP_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        seats = str(screen.query_one("#mine").render())
        assert "▒▒" in seats and "can be turned" not in seats  # no room at 80 columns
        await pilot.press("t")
        await wait_until(pilot, lambda: screen.part.model.asked() == "add")
        assert "You turned up 3" in screen.prompt.plain
        # Only the 3s light up; a King is refused with the reason.
        model = screen.part.model
        lit = {model.mine.rank(i) for i in model.items() if model.enabled(i)}
        assert lit == {"3"}
        await walk_to(pilot, screen, "K")
        await pilot.press("space")
        assert "only 3s can be added" in screen.prompt.plain
        await pilot.press("2")  # both 3s from the hand
        assert len(screen.part.model.picks) == 2
        assert "picked 3 3 3 → goes on the pile" in screen.prompt.plain
        await pilot.press("escape")
        assert screen.part.model.picks == []
        await walk_to(pilot, screen, "3")
        await pilot.press("space", "enter")
        await wait_until(pilot, lambda: "(turned up + hand)" in log_text(screen))
        log = log_text(screen)
        assert "You turned up 3 (slot 1)" in log
        assert "You played 3 3 (turned up + hand)" in log


async def test_t_asks_which_mystery_card_when_several_can_be_turned():
    app = swoop_app(TWO_UNCOVERED, first=0, moves=TWO_UNCOVERED_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        assert screen.part.model.items()[:2] == [("down", 0), ("down", 1)]
        await walk_to(pilot, screen, "K")
        await pilot.press("t")
        assert "move to one and press t again" in screen.prompt.plain
        assert screen.part.model.current() == ("down", 0)
        await pilot.press("right", "t")
        await wait_until(pilot, lambda: "turned up" in log_text(screen))
        assert "You turned up 4 (slot 2)" in log_text(screen)


async def test_a_swoop_then_a_chain_then_playing_again():
    app = swoop_app(CHAIN, first=1, moves=CHAIN_MOVES)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        assert [c[:-1] for c in screen.view["pile"]] == ["6", "6", "5", "5"]
        await walk_to(pilot, screen, "5")
        await pilot.press("space", "right", "space")
        assert "→ swoop!" in screen.prompt.plain
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.part.model.asked() == "chain")
        assert "2 more 6s swoop again" in screen.prompt.plain
        model = screen.part.model
        assert sorted(model.mine.code(i)[:-1] for i in model.picks) == ["6", "6"]
        await pilot.press("enter")
        await wait_until(pilot, lambda: "chained" in log_text(screen))
        await my_turn(pilot, screen)
        log = log_text(screen)
        assert "Swoop! You swooped with four 5s" in log
        assert "You chained: played 2, four 6s gone" in log
        assert screen.view["pile"] == [] and screen.view["cleared"] == 8
        assert "lead any group on the empty pile" in screen.prompt.plain
        toasts = [str(n.message) for n in app._notifications]
        assert "Swoop! You cleared the pile" in toasts and "You chained another swoop" in toasts


async def test_stopping_a_chain_clears_the_rest():
    app = swoop_app(CHAIN, first=1, moves=CHAIN_MOVES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        await walk_to(pilot, screen, "5")
        await pilot.press("2", "enter")
        await wait_until(pilot, lambda: screen.part.model.asked() == "chain")
        await pilot.press("x")
        await wait_until(pilot, lambda: "cleared · You play again" in log_text(screen))
        assert screen.view["cleared"] == 6


async def go_out(pilot, screen) -> None:
    """Play the GOING_OUT hand by keys: nine swoops in a row, the last with the last card."""
    # Groups that swoop on the empty pile: the player plays again after each.
    for rank, count, where in (("Q", "4", "hand"), ("K", "4", "hand"), ("10", "4", "hand")):
        await my_turn(pilot, screen)
        await walk_to(pilot, screen, rank, where=where)
        await pilot.press(count, "enter")
    await my_turn(pilot, screen)
    await walk_to(pilot, screen, "JK", where="up")
    await pilot.press("2", "enter")
    await my_turn(pilot, screen)
    await walk_to(pilot, screen, "10", where="up")
    await pilot.press("enter")
    # Then the four mystery cards, turned one by one (t turns the one under the cursor), in
    # the order slot 2, 1, 4, 3.
    for left, slot in ((4, 1), (3, 0), (2, 3), (1, 2)):
        await my_turn(pilot, screen)
        assert sum(screen.part.model.mine.uncovered) == left
        items = screen.part.model.items()
        assert items == [("down", s) for s in range(4) if screen.part.model.mine.uncovered[s]]
        while screen.part.model.current() != ("down", slot):
            aim = items.index(("down", slot))
            await pilot.press("right" if screen.part.model.cursor < aim else "left")
        await pilot.press("t")
        await wait_until(
            pilot,
            lambda left=left: (
                sum(screen.part.model.mine.uncovered) < left
                or screen.view["hand_no"] > 1
                or screen.view["over"]
            ),
        )


async def close_results(pilot, screen) -> None:
    """The hand's results panel stays until enter; close it and be back at the table."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultsPanel))
    assert pilot.app.screen.title_text.startswith("Hand 1")
    await pilot.press("enter")
    await wait_until(pilot, lambda: pilot.app.screen is screen)


async def test_going_out_shows_each_penalty_card_by_card_until_enter_then_until_my_next_play():
    """One table where I go out (nine swoops by keys), each check said by its assert's message:
    the hand's results panel shows each seat's penalty card by card and the running totals,
    and stays until enter; then the log, the notice line and the round history tell the
    penalties, and the notice stays until my own next play."""
    from engine.cards import rank
    from engine.swoop.rules import penalty
    from tui.games.swoop.draw import rank_text

    app = swoop_app(GOING_OUT, first=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await go_out(pilot, screen)
        # The results panel after the hand: each penalty card by card, until enter.
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        panel = app.screen
        before = screen.part.swoop_face.ended[1]
        rows = [row.plain for row in panel.rows]
        penalties = screen.view["hands"][0]
        went_out = rows[0].startswith("You") and "+0" in rows[0] and "went out" in rows[0]
        assert went_out, "panel: I went out, +0"
        for seat in range(1, len(penalties)):
            name = screen.seats.name(seat)
            assert rows[seat].startswith(name), f"panel: {name}'s row"
            assert f"+{penalties[seat]}" in rows[seat], f"panel: {name}'s penalty"
            player = before["players"][seat]
            for card in (c for c in player["face_up"] if c):
                shown = rank_text(rank(card), screen.cards)  # by rank, as on the table
                assert f"{shown} {penalty(card)}" in rows[seat], f"panel: {name}'s {card}"
            assert "in hand" not in rows[seat], f"panel: {name}'s hand is turned up"
        table = panel.table.plain
        assert "Hand 1" in table and "Bot 2" in table, "panel: the score row and the totals"
        await settle(pilot)
        assert app.screen is panel, "panel: it stays until enter"
        await wait_until(pilot, lambda: screen.view["hand_no"] == 2)
        await close_results(pilot, screen)
        await settle(pilot)
        log = log_text(screen)
        assert log.count("Swoop! You swooped") == 9, "log: nine swoops"
        told = "Hand 1 over — You went out" in log and "Hand 2 · Bot 2 leads" in log
        assert told, "log: the hand's end and the next"
        notice = str(screen.query_one("#notice").render())
        noticed = "Hand 1 over — You went out" in notice and "Penalties You +0" in notice
        assert noticed, "notice: the penalties"
        history = [line.plain for line in screen.face.round_history()]
        assert history[0].startswith("Hand 1: You went out · Bot 2 +"), "the round history"
        await pilot.press("s")
        await wait_until(pilot, lambda: "Scores" in type(app.screen).__name__)
        await pilot.press("escape")
        # The notice stays until the player's own next play.
        await my_turn(pilot, screen)
        assert screen.part.notice is not None, "notice: it stays until my next play"
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.part.notice is None)


async def test_the_last_hand_ends_the_game_with_the_final_scores():
    app = swoop_app(GOING_OUT, first=0, options={"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await go_out(pilot, screen)
        await wait_until(pilot, lambda: screen.view["over"])
        # The results panel comes first and stays until enter; then the scores are on `s`.
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        assert app.screen.final and app.screen.title_text.startswith("Final scores — You won")
        await pilot.press("enter")
        assert app.screen is screen
        await pilot.press("s")
        await wait_until(pilot, lambda: "Scores" in type(app.screen).__name__)
        assert app.screen.title_text.startswith("Final scores — You won")
        await pilot.press("escape")
        # the notice line says who won, the prompt what is left to do (the words it keeps)
        assert screen.prompt.plain == "Game over · s scores · q leave"
        assert screen.notices[-1] == "Game over — You won"
        assert screen.decisions.idle_words() == screen.prompt.plain
        assert "Game over — You won" in log_text(screen)
        assert screen.decisions.key_state("confirm") is False and not screen.check_action(
            "turn", ()
        )


def place_of(cards, index: int) -> tuple[int, int]:
    """Where the card at ``index`` of the #mine cards is drawn (column, line)."""
    top = 0
    for line in cards.lines(cards.size.width):
        for place in line.places:
            if place.index == index:
                return place.x, top
        top += 1 if line.is_title else (3 if not cards.inline else 1) + cards.marks
    raise AssertionError(f"card {index} is not drawn")


class One(App[None]):
    """One widget on a screen."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self):
        yield self.widget


async def test_long_hands_wrap_inside_the_width():
    codes = [f"{r}S" for r in ("A", "2", "5", "7", "9", "J", "K", "10") for _ in range(5)]
    mine = MineFaces(titles={HAND: Text("   hand ")})
    for i, c in enumerate(codes):
        mine.add(CardFace(c, label=c[:-1], group=c[:-1], row=HAND), ("hand", i))
    cards = SwoopCards(CardStyle())
    for width, boxed in ((44, False), (66, True)):
        async with One(cards).run_test(size=(width, 40)) as pilot:
            cards.show_mine(mine, ("hand", 0), boxed=boxed)
            await pilot.pause()
            lines = cards.render().plain.split("\n")
            assert len(lines) > (4 if boxed else 2)  # wrapped
            assert all(cell_len(line) <= width for line in lines)
            placed = [p.index for line in cards.lines(width) for p in line.places]
            assert placed == list(range(len(codes)))  # every card once, in order


async def test_row_titles_keep_their_looks_and_notes_show_when_they_fit():
    """The seat line above my slots is a styled title, and the mystery places and score a
    note after the slots, left out when it does not fit."""
    faces = [
        CardFace("7S", row=SLOTS, label=" 7", group=SLOTS),
        CardFace("2H", row=HAND, label="2", group="2"),
    ]
    title = Text.assemble(("You ", "bold"))
    cards = PickableCards(CardStyle(ascii_only=True), inline=True, notes={SLOTS: "####  0"})
    cards.titles = {SLOTS: title, HAND: Text("hand", style="dim")}
    for width, shown in ((20, True), (12, False)):
        async with One(cards).run_test(size=(width, 6)) as pilot:
            cards.show(faces, cursor=1)
            await pilot.pause()
            text = cards.render()
            lines = text.plain.split("\n")
            assert lines[0] == ("You  7  ####  0" if shown else "You  7")
            assert lines[2:4] == ["hand2", "    ^"]
            two = text.plain.index("hand2") + 4
            assert not any(  # the title's dim stays on the title
                s.start <= two < s.end and "dim" in str(s.style) for s in text.spans
            )
    boxed = PickableCards(CardStyle(ascii_only=True), titles={SLOTS: title}, notes={SLOTS: "##"})
    async with One(boxed).run_test(size=(20, 8)) as pilot:
        boxed.show(faces[:1])
        await pilot.pause()
        assert boxed.render().plain.split("\n")[:2] == ["You   ##", "  +---+"]


async def quiet(pilot) -> None:
    """No toasts in snapshots (they come and go with time)."""
    pilot.app.clear_notifications()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_picking_a_group(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        await walk_to(pilot, screen, "2", where="up")
        await pilot.press("space", "right", "space")
        await quiet(pilot)

    app = swoop_app(FLIP, first=0, moves=FLIP_MOVES)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_adding_to_a_turned_card(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        await pilot.press("t")
        await wait_until(pilot, lambda: screen.part.model.asked() == "add")
        await pilot.press("1")
        await quiet(pilot)

    app = swoop_app(FLIP, first=0, moves=FLIP_MOVES)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_snapshot_chain_step(snap_compare):
    async def run_before(pilot):
        screen = await seated(pilot)
        await my_turn(pilot, screen)
        await walk_to(pilot, screen, "5")
        await pilot.press("2", "enter")
        await wait_until(pilot, lambda: screen.part.model.asked() == "chain")
        await quiet(pilot)

    app = swoop_app(CHAIN, first=1, moves=CHAIN_MOVES, ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_after_going_out(snap_compare):
    async def run_before(pilot):
        screen = await seated(pilot)
        await go_out(pilot, screen)
        await wait_until(pilot, lambda: screen.view["hand_no"] == 2)
        await close_results(pilot, screen)
        await my_turn(pilot, screen)
        await quiet(pilot)

    app = swoop_app(GOING_OUT, first=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def header_text(screen) -> str:
    from textual.widgets import Static

    return str(screen.query_one("#header", Static).render())


@pytest.mark.parametrize(("size", "bots", "everyone"), [((80, 24), 7, False), ((120, 40), 3, True)])
async def test_the_header_fits_many_players_on_a_narrow_terminal(size, bots, everyone):
    client = MemoryClient("swoop", bots + 1, seed=3)
    client.table = {**(client.table or {}), "name": "practice"}  # as play_launcher's Host
    app = client_app(client)
    async with app.run_test(size=size) as pilot:
        screen = await seated(pilot)
        text = header_text(screen)
        assert len(text.rstrip()) <= size[0] and "You: 0" in text
        assert ("Bot 4: 0" in text) is everyone
