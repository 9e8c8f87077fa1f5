"""The Mi Shi deal as a person at an 80×24 table sees it: a real host paced for people
(net/table/pacing.py, a tiny tick and a one-second window), three host bots, and the app in seat 0.

The deck is stacked so that nobody but seat 0 can ever show a ten (the other tens lie in the
kitty): seat 0 either never holds one during the deal, or draws 10♠ as its 2nd card.
"""

from __future__ import annotations

import engine
from engine.mishi.bidding import DEALT
from engine.mishi.cards import full_deck
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import join_launcher
from tui.pilot import browser_of, table_screen, wait_until
from tui.settings import Settings

OPTIONS = {"hands": 1, "declare_window": 1}


def deck(seat0_ten: bool) -> list[str]:
    """Tens in the kitty only, or one 10♠ at draw 5 (seat 0's 2nd card) and 7 in the kitty."""
    cards = sorted(full_deck())
    tens = [c for c in cards if c.startswith("10")]
    others = [c for c in cards if not c.startswith("10")]
    if seat0_ten:
        tens.remove("10S")
        others.insert(4, "10S")
    out = others[: len(cards) - len(tens)] + tens
    assert len(out) == len(cards) and all(c.startswith("10") for c in out[-7:])
    return out


async def table(seat0_ten: bool, window: int = 1):
    from net.doors.host import Host
    from net.table.settings import HostLimits, TableSettings

    options = {**OPTIONS, "declare_window": window}
    host = Host(
        TableSettings.new("mishi", options=options, seed=4, bots=3, deal_tick=0.06),
        HostLimits(bot_delay=0),
    )
    host.table.rules.game = engine.new_game("mishi", 4, options, seed=4, deck=deck(seat0_ten))
    port = await host.start("127.0.0.1", 0)
    launcher = join_launcher("127.0.0.1", port, name="Eli")
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    return host, app


async def at_the_table(pilot):
    """The table screen once its first state is drawn (not settled: the deal is running)."""
    await wait_until(pilot, lambda: table_screen(pilot.app) is not None)
    screen = table_screen(pilot.app)
    await wait_until(pilot, lambda: screen.states_seen > 0)
    return screen


async def leave(pilot, host) -> None:
    """Close the table while the screen is up, so that it hears of it before the app ends."""
    await host.close()
    await pilot.pause(0.3)


def go_alone_asked(screen) -> bool:
    return screen.view.get("phase") == "bao" and screen.decisions.step == "bao"


async def test_without_a_ten_the_deal_reaches_the_go_alone_round_without_a_key():
    host, app = await table(seat0_ten=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_the_table(pilot)
            seen_counts = {sum(screen.view.get("counts") or [0])}

            def taken(state) -> None:  # every state the screen takes, not only those polled
                seen_counts.add(sum(state.view.get("counts") or [0]))

            screen.watch(screen, "state", taken, init=False)
            await wait_until(pilot, lambda: go_alone_asked(screen), timeout=20)
            assert len(seen_counts - {DEALT}) >= 3  # the cards arrived a few at a time
            assert "You cannot go alone — enter" in screen.prompt.plain
            # nobody else could show a ten either: the round is asked of everyone, in turn
            await pilot.press("enter")
            log = screen.log_pane.lines_written
            await wait_until(pilot, lambda: any("pass" in str(line) for line in log), timeout=5)
            await leave(pilot, host)
    finally:
        await host.close()


async def test_with_a_ten_one_key_declares_said_at_once_shown_with_the_table_to_the_go_alone():
    """With a ten, one key declares and the deal reaches the go-alone round. d is answered on
    the screen at once — the log and the prompt say the ten will be shown — while the table
    has not shown it yet (no trump, nothing offered again); then it is, and the deal goes on
    to the go-alone round with my declaration, the host's too. Each check is said by its
    assert's message."""
    host, app = await table(seat0_ten=True, window=3)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_the_table(pilot)
            await wait_until(pilot, lambda: screen.decisions.step == "declare", timeout=10)
            assert "d declare ♠ (10♠)" in screen.prompt.plain, "offer: d declares 10♠"
            dealing = screen.view["phase"] == "deal" and screen.view["to_deal"] > 0
            assert dealing, "offer: during the deal"
            await pilot.press("d")
            log = screen.log_pane.lines_written
            await wait_until(pilot, lambda: any("You will show 10♠" in str(x) for x in log))
            not_yet = screen.view["phase"] == "deal" and screen.view["declaration"] is None
            assert not_yet, "said at once: the table has not shown it yet"
            waiting = "Dealing… you will show 10♠ in a moment" in screen.prompt.plain
            assert waiting, "said at once: the prompt"
            assert screen.decisions.step != "declare", "said at once: not offered again"
            assert not screen.decisions.can_declare(), "said at once: nothing to declare"
            shown = any("You show 10♠" in str(x) for x in log)
            assert not shown, "said at once: not shown yet"
            await wait_until(pilot, lambda: any("You show 10♠" in str(x) for x in log), 10)
            mine = {"seat": 0, "suit": "S", "cards": ["10S"]}
            assert screen.view["declaration"] == mine, "shown with the table"
            assert "you will show" not in screen.prompt.plain, "shown: the prompt moves on"
            once = sum("You will show 10♠" in str(x) for x in log) == 1
            assert once, "shown: said once"
            await wait_until(pilot, lambda: go_alone_asked(screen), timeout=20)
            assert screen.view["declaration"] == mine, "go-alone round: my declaration"
            declared = host.table.rules.game.declaration
            assert declared is not None and declared.seat == 0, "go-alone round: the host's"
            await leave(pilot, host)
    finally:
        await host.close()


# The forced steps: asked anyway (so that nobody learns what a hand holds), said plainly -------
def test_one_who_cannot_go_alone_is_told_so_and_enter_passes():
    from tui.games.mishi.flow import MishiDecisions
    from tui.table.decisions import Send

    model = MishiDecisions(0)
    view = {"phase": "bao", "pending": [0], "hand": ["AS", "KH"], "hand_number": 1}
    model.update(view, [{"type": "pass"}])
    assert model.step == "bao" and model.forced() and model.ready()
    assert model.question().plain == "You cannot go alone — enter"
    assert model.key_label("confirm") == "pass" and model.key_state("confirm")
    assert model.confirm() == Send({"type": "pass"})
    model.update(view, [{"type": "bao", "cards": ["10S"]}, {"type": "pass"}])
    assert not model.forced() and "Go alone" in model.question().plain


def test_swoop_forced_add_and_chain_steps_say_so_and_enter_goes_on():
    from tui.games.swoop.flow import SwoopDecisions
    from tui.table.decisions import Send

    base = {"seat": 0, "pending": [0], "hand": ["7S"], "face_up": [], "mystery": []}
    model = SwoopDecisions(0)
    model.update({**base, "phase": "add"}, [{"type": "add", "cards": [], "table": []}])
    assert model.forced() == "add" and model.key_label("confirm") == "go on"
    assert model.confirm() == Send({"type": "add", "cards": [], "table": []})
    model.update({**base, "phase": "chain"}, [{"type": "stop"}])
    assert model.forced() == "chain"
    assert model.confirm() == Send({"type": "stop"})
    also = {"type": "add", "cards": ["7S"], "table": []}  # a seven to add: no formality
    model.update({**base, "phase": "add"}, [{"type": "add", "cards": [], "table": []}, also])
    assert model.forced() is None


async def test_the_offer_counts_down_and_the_log_says_when_it_went_by():
    host, app = await table(seat0_ten=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_the_table(pilot)
            await wait_until(pilot, lambda: screen.decisions.step == "declare", timeout=10)
            assert "1 second left" in screen.prompt.plain
            log = screen.log_pane.lines_written
            await wait_until(pilot, lambda: screen.decisions.step != "declare", timeout=10)
            await wait_until(
                pilot, lambda: any("Your chance to show 10♠ passed" in str(x) for x in log)
            )
            await leave(pilot, host)
    finally:
        await host.close()


def test_an_answered_offer_is_not_told_as_missed():
    from tui.games.mishi.flow import MishiDecisions

    model = MishiDecisions(0)
    offer = {"phase": "deal", "pending": [0], "hand": ["10S"], "hand_number": 1, "offer_left": 4}
    legal = [{"type": "declare", "cards": ["10S"]}, {"type": "pass"}]
    model.update(offer, legal)
    assert "4 seconds left" in model.question().plain
    model.pick()  # space: pass
    model.update({**offer, "pending": [], "offer_left": None}, [])
    assert model.missed == []
    model.update(offer, legal)
    model.update({**offer, "pending": []}, [])
    assert model.missed == ["10S"]
