"""SwaPo's rounds on screen: the reveal and a results panel after every round, what my give got
me, the game's length, the Ace power turn in two steps, the joker's points, the wording.

Each scenario is exact: a stacked deck (``MemoryClient(deck=...)``, dealer first, one card at a
time) and scripted bots.
"""

from __future__ import annotations

from engine.cards import standard_deck
from tests.tui.conftest import SIZE
from tui.app import KotatsuApp, make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated, settle, wait_until
from tui.settings import Settings
from tui.table.panel import ResultsPanel


def stacked(hands: list[list[str]]) -> list[str]:
    """A deck that deals ``hands`` (seat 0 deals, one card at a time), the rest in order."""
    dealt = [hand[i] for i in range(5) for hand in hands]
    return dealt + [c for c in standard_deck(1, jokers=("JK",)) if c not in dealt]


class Scripted:
    """A bot that passes, or swaps ``swap`` (its cards) with ``target`` once."""

    def __init__(self, target: int | None = None, swap: list[str] | None = None) -> None:
        self.target, self.swap = target, swap

    def act(self, view: dict, legal: list[dict]) -> dict:
        wanted = {"type": "swap", "target": self.target, "cards": sorted(self.swap or [])}
        for action in legal:
            if self.swap and {**action, "cards": sorted(action.get("cards", []))} == wanted:
                self.swap = None
                return action
        kinds = {a["type"] for a in legal}
        if "pass" in kinds:
            return {"type": "pass"}
        return next(a for a in legal if a["type"] in ("give", "declare", "arrange"))


def app_at(hands: list[list[str]], bots: dict, *, options: dict | None = None) -> KotatsuApp:
    opts = {"first_dealer": 0, **(options or {})}
    client = MemoryClient("swapo", len(hands), options=opts, deck=stacked(hands))
    client.bots = bots
    settings = Settings(ascii_only=False, color=True, name="Eli", cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


def panel_text(app) -> str:
    panel = app.screen
    assert isinstance(panel, ResultsPanel), type(panel)
    return "\n".join(
        [panel.title_text, *(r.plain for r in panel.rows), panel.table.plain, panel.hint()]
    )


NORMAL = [
    ["2C", "5D", "9H", "JD", "KS"],  # me
    ["QS", "QH", "3D", "4C", "8S"],  # Bot 2: a pair of Qs
    ["7S", "7H", "7D", "6C", "10S"],  # Bot 3: three 7s
]


async def test_my_give_that_ends_the_swapping_says_what_i_got_and_the_panel_shows_every_hand():
    app = app_at(NORMAL, {1: Scripted(), 2: Scripted(0, ["6C", "10S"])})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        assert "round 1 of 3" in str(screen.query_one("#header").render())  # item 5
        await pilot.press("p")  # I keep my hand; Bot 2 passes; Bot 3 asks me for 2 cards
        await wait_until(pilot, lambda: screen.decisions.step == "give")
        await pilot.press("1", "2", "enter")  # I give 2♣ 5♦: the last exchange of the round
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        log = "\n".join(screen.log_pane.lines_written)
        assert "you gave 2♣ 5♦ and got 10♠ 6♣" in log  # item 3
        # The results panel (item 3, results): every hand, the winner marked, the points, the
        # running totals; the round and the game's length in the title (item 5).
        text = panel_text(app)
        assert text.startswith("Round 1 of 3 — Bot 3 (three 7s, +1) won")
        assert "♛ Bot 3      7♠ 7♥ 7♦ 2♣ 5♦  three 7s  +1" in text
        assert "Bot 2      Q♠ Q♥ 3♦ 4♣ 8♠  a pair of Qs" in text  # item 8: "Qs"
        assert "  You        9♥ J♦ K♠ 10♠ 6♣  no pair" in text
        assert "Round 1" in panel_text(app).split("\n", 1)[1]  # the score table's row
        assert "enter next round" in text
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.decisions.reveal is None
        assert "round 2 of 3" in str(screen.query_one("#header").render())


async def test_the_seat_marks_are_explained_and_the_cursor_stops_at_the_ends():
    app = app_at(NORMAL, {1: Scripted(), 2: Scripted()})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        assert "D deals · ✓ done this round" in str(screen.query_one("#round-info").render())
        await pilot.press("1", "1")
        assert screen.decisions.step == "cards"
        await pilot.press("left")  # the first card: ← stays
        assert screen.decisions.cursor == 0
        for _ in range(6):
            await pilot.press("right")
        assert screen.decisions.cursor == 4  # the last card: → stays (no wrapping to the first)


ACE = [
    ["AS", "AH", "KS", "KH", "5D"],  # me: a pair of Ks; A♥ has no joker to take
    ["QS", "QH", "QD", "2C", "3C"],  # Bot 2: three Qs (36)
    ["7S", "7H", "8C", "9C", "10C"],  # Bot 3: a pair of 7s (14)
]


async def test_ace_powers_in_two_steps_each_showing_who_would_win():
    app = app_at(ACE, {1: Scripted(), 2: Scripted()}, options={"variant": "ace"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.decisions.step == "declare")
        # Sealed declarations: no joker, a pass like anyone's; nobody is named as declaring.
        assert screen.prompt.plain.startswith("No joker to declare — enter to continue")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.decisions.step == "power")
        assert "declared" not in "\n".join(screen.log_pane.lines_written)
        menu = str(screen.query_one("#menu").render())
        # Which Ace first; the one that cannot be used says why; what stands now.
        assert "A♠ Stab a card" in menu and "Pass" in menu and "Stab Bot" not in menu
        assert "A♥ cannot be used: no one else holds a joker" in menu
        assert "→ Bot 2 wins +36" in menu
        log = "\n".join(screen.log_pane.lines_written)
        assert "your A♥ cannot be used: no one else holds a joker" in log
        await pilot.press("enter")  # A♠: now which card, on the revealed hands
        assert screen.decisions.step == "power_target"
        assert "which card?" in screen.prompt.plain
        menu = str(screen.query_one("#menu").render())
        assert "1/10" in menu and "A♠ Stab Bot 2's Q♠" in menu
        # Stabbing a Q leaves three pairs: each pair wins its worth.
        assert "→ You +26, Bot 2 +24 and Bot 3 +14 share the win (now Bot 2 wins +36)" in menu
        assert screen.decisions.aim() == (1, "QS")  # the card is marked on Bot 2's revealed hand
        await pilot.press("2")  # digit 2: Bot 3's first card
        assert screen.decisions.aim() == (2, "7S")
        assert "→ no change: Bot 2 wins +36" in str(screen.query_one("#menu").render())
        await pilot.press("escape")
        assert screen.decisions.step == "power" and screen.decisions.menu_cursor == 0
        await pilot.press("enter", "1", "enter")  # stab Bot 2's Q♠
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        assert screen.client.acts[-1] == {"type": "stab", "target": 1, "card": "QS"}
        assert panel_text(app).startswith(
            "Round 1 of 3 — You (a pair of Ks, +26), Bot 2 (a pair of Qs, +24) and Bot 3 "
            "(a pair of 7s, +14) share the win"
        )


async def test_joker_declaration_shows_each_ranks_points():
    hands = [
        ["JK", "KS", "KH", "5D", "2C"],  # me: the joker
        ["QS", "QH", "3D", "4C", "8S"],
        ["7S", "7H", "6D", "6C", "10S"],
    ]
    app = app_at(hands, {1: Scripted(), 2: Scripted()}, options={"variant": "ace"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.decisions.step == "declare")
        menu = str(screen.query_one("#menu").render())
        assert "rank A×1  2×2  3×1" in menu
        assert "pts  26   26   26" in menu  # as A, 2 or 3: the pair of Ks still counts
        assert "as A: a pair of Ks, 26 points if you win" in menu
        for _ in range(14):
            await pilot.press("right")
        menu = str(screen.query_one("#menu").render())
        pts = [line for line in menu.split("\n") if line.startswith("pts")]
        assert pts[-1].rstrip().endswith("39")  # as K: three Ks
        assert "as K: three Ks, 39 points if you win" in menu
        await pilot.press("enter")
        assert screen.client.acts[-1] == {"type": "declare", "rank": "K"}


async def test_a_tie_without_pairs_is_not_a_shared_win():
    hands = [
        ["2C", "4D", "6H", "8S", "10C"],
        ["3C", "5D", "7H", "9S", "JC"],
        ["AC", "QD", "KH", "2S", "4C"],
    ]
    app = app_at(hands, {1: Scripted(), 2: Scripted()}, options={"variant": "ace"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.decisions.step == "declare")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        text = panel_text(app)
        assert "share the win" not in text and "(no pair, +0)" not in text
        assert "nobody has a pair — You, Bot 2 and Bot 3 tie (no points)" in text
        assert "nobody has a pair" in "\n".join(screen.log_pane.lines_written)
