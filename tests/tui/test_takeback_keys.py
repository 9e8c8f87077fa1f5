"""``u`` at the table asks to take back my last action where the table allows take-backs, and
another player's request is answered in a yes/no dialog (tui/table/takeback.py)."""

from __future__ import annotations

from net.table.settings import TableSettings
from tests.tui.conftest import client_app, log_text
from tui.app import make_app
from tui.dialogs import TakebackVote
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

OPTIONS = {"first_player": 0, "target": 1000}


def swoop_app(takebacks: str) -> tuple:
    client = MemoryClient("swoop", 3, options=OPTIONS, seed=5, settings={"takebacks": takebacks})
    return client_app(client), client


def request(number: int, *, open_: bool = True, voters=(0,)) -> dict:
    return {"t": "takeback", "id": number, "seat": 1, "voters": list(voters), "open": open_,
            "seconds": 30.0}  # fmt: skip


async def test_u_asks_where_the_table_allows_and_the_others_answer_yes_or_no():
    app, client = swoop_app("ask")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        assert screen.check_action("takeback", ()) is True
        assert "u take back" in screen_lines(app)[-1]  # the footer offers it
        await pilot.press("u")
        await wait_until(pilot, lambda: client.takebacks_asked == 1)
        # another player asks: a yes/no over the table, y says yes
        screen.receive(request(3))
        await wait_until(pilot, lambda: isinstance(app.screen, TakebackVote))
        assert "Bot 2 asks to take back their last action" in str(app.screen.question)
        await pilot.press("y")
        await wait_until(pilot, lambda: client.votes == [(3, True)])
        assert app.screen is screen
        # n says no
        screen.receive(request(4))
        await wait_until(pilot, lambda: isinstance(app.screen, TakebackVote))
        await pilot.press("n")
        await wait_until(pilot, lambda: client.votes == [(3, True), (4, False)])
        # decided elsewhere (someone said no, or the time ran out): the dialog goes unanswered
        screen.receive(request(5))
        await wait_until(pilot, lambda: isinstance(app.screen, TakebackVote))
        screen.receive(request(5, open_=False))
        await wait_until(pilot, lambda: app.screen is screen)
        assert client.votes == [(3, True), (4, False)]
        # a request this seat is not asked about (its own, or a spectator's view) shows nothing
        screen.receive(request(6, voters=(2,)))
        await settle(pilot)
        assert app.screen is screen
        # the log says what was taken back, and why one was refused
        params = {"seat": 1, "name": "Bot 2", "cards": ["7H"]}
        screen.receive({"t": "notice", "code": "took_back_cards", "params": params})
        screen.receive({"t": "rejected", "version": 1, "code": "takeback_shown", "params": {}})
        await wait_until(pilot, lambda: "took back" in log_text(screen))
        assert "Bot 2 took back their last action (7♥)" in log_text(screen)
        await wait_until(pilot, lambda: "something hidden" in str(screen.prompt.render()))
        assert "too late to take back: something hidden has been shown since" in log_text(screen)


async def test_without_take_backs_u_is_not_offered():
    app, client = swoop_app("off")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        assert screen.check_action("takeback", ()) is False
        assert "take back" not in screen_lines(app)[-1]
        await pilot.press("u")
        await settle(pilot)
        assert client.takebacks_asked == 0


async def test_over_the_wire_u_puts_the_table_back_as_it_was():
    """``kotatsu play --takebacks free``: a real host on 127.0.0.1; after a play, before the
    next bot answers (a bot's move is never taken back: net/table/takebacks.py), u gives the card
    back and the screen draws the table as it was."""
    from tui.connect import play_launcher

    launcher = play_launcher(
        TableSettings.practice("swoop", bots=2, seed=3, takebacks="free", options=OPTIONS),
        name="Eli",
        bot_delay=60,
    )
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=launcher, settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        assert screen.table_info["takebacks"] == "free"
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        before, pile, version = screen.view["hand"], screen.view["pile"], screen.version
        play = next(a for a in screen.legal if a["type"] == "play")
        screen.send(play)
        await wait_until(pilot, lambda: screen.version > version)  # a bot thinks a minute
        assert screen.view["hand"] != before
        await pilot.press("u")
        await wait_until(pilot, lambda: "took back" in log_text(screen))
        await wait_until(pilot, lambda: screen.view["hand"] == before and bool(screen.legal))
        assert "Eli took back their last action" in log_text(screen)
        assert screen.view["pile"] == pile and screen.version > version


async def test_the_dialog_and_the_log_speak_the_players_language():
    client = MemoryClient("swoop", 3, options=OPTIONS, seed=5, settings={"takebacks": "ask"})
    settings = Settings(name="Aki", lang="ja", color=True, cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        screen.receive(request(7))
        await wait_until(pilot, lambda: isinstance(app.screen, TakebackVote))
        assert "直前の手の取り消しを申し出ています" in str(app.screen.question)
        await pilot.press("y")
        await wait_until(pilot, lambda: client.votes == [(7, True)])
        params = {"seat": 1, "name": "Bot 2"}
        screen.receive({"t": "notice", "code": "took_back", "params": params})
        await wait_until(pilot, lambda: "Bot 2 が直前の手を取り消しました" in log_text(screen))


async def test_the_yes_no_dialog_shows_its_whole_question_at_80_columns():
    """The detail of a yes/no (here the take-back's, longer than the box is wide) wraps
    inside the box: every word of it on screen, none cut at the border."""
    from rich.cells import cell_len
    from textual.app import App
    from textual.widgets import Label

    class Bare(App):
        def on_mount(self) -> None:
            self.push_screen(TakebackVote(1, "Bob", 30))

    app = Bare()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen.query_one("#dialog")
        for label in app.screen.query(Label):
            text = str(label.render())
            assert label.size.width <= dialog.content_region.width
            assert label.size.width * label.size.height >= cell_len(text), text


def test_u_is_not_offered_where_it_cannot_work():
    """Evening minor 10: not during 秘十's deal (its decisions are secret), not at SwaPo's
    sealed joker declarations, not while a Dagger row is being arranged (``u`` there undid
    the row and said there was nothing to take back); at a trick, it is."""
    import engine
    from tui.games.mishi.flow import MishiDecisions
    from tui.games.swapo.flow import SwapoDecisions
    from tui.games.swoop.flow import SwoopDecisions

    def shown(decisions, game) -> bool:
        seat = game.pending()[0]
        decisions.seat = seat
        decisions.update(game.view(seat), game.legal_actions(seat))
        return decisions.take_back_shown()

    mishi = engine.new_game("mishi", 4, {}, seed=1)
    assert mishi.view(0)["phase"] == "deal" and not shown(MishiDecisions(0), mishi)
    dagger = engine.new_game("swapo", 4, {"variant": "dagger"}, seed=1)
    assert dagger.view(0)["phase"] == "arrange" and not shown(SwapoDecisions(0), dagger)
    swoop = engine.new_game("swoop", 3, OPTIONS, seed=5)
    assert shown(SwoopDecisions(0), swoop)
    ace = engine.new_game("swapo", 4, {"variant": "ace"}, seed=4)
    flow = SwapoDecisions(0)
    for _ in range(400):
        if ace.phase == "declare":
            assert not shown(flow, ace)
            break
        seat = ace.pending()[0]
        legal = ace.legal_actions(seat)
        ace.apply(seat, next((a for a in legal if a["type"] == "pass"), legal[0]))
    else:
        raise AssertionError("no declaration came")
