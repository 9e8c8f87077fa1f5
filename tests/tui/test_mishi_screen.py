"""Playing 秘十 Mi Shi through the screen's own keys: against the game's bots in-process
(``tui.pilot.MemoryClient``, no host), and snapshots of the practice table ``kotatsu play``
opens at 80×24 and 120×40 (in-process too; update with ``--snapshot-update``)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from net.table.settings import TableSettings
from tests.tui.conftest import SIZE
from tui.app import KotatsuApp, make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated, settle, wait_until
from tui.settings import Settings

DECLARER_SEED = 6  # seat 0 is asked to declare, shows a ten and ends up burying
FOLLOWER_SEED = 1  # another seat declares; seat 0 follows in the first trick


def mishi_app(seed: int, *, options: dict | None = None, ascii_only: bool = False) -> KotatsuApp:
    """The app seated at the practice Mi Shi table ``kotatsu play`` opens (its settings, its
    name in the header), against three bots that play at once, in this process (MemoryClient:
    the host's own table without its sockets, the same pictures), and a deal that is not
    paced: the paced deal is tested in test_mishi_deal.py."""
    practice = TableSettings.practice(
        "mishi", bots=3, seed=seed, options=options, deal_tick=0, hints=False
    )  # no hints: the pictures show the keys every table has
    settings = {**practice.told(), "results_wait": practice.results_wait}
    client = MemoryClient("mishi", 4, seat=0, seed=seed, options=options, settings=settings)
    client.table = {**(client.table or {}), "name": practice.name}  # as play_launcher's Host
    return make_app(
        launcher=local_launcher(client),
        settings=Settings(ascii_only=ascii_only, color=True, name="Eli", cursor_blink=False),
        browser=browser_of(),
    )


def local_app(
    seed: int, *, options: dict | None = None, ascii_only: bool = False, seat: int | None = 0
) -> KotatsuApp:
    """The app at an in-process Mi Shi table (MemoryClient): three bots, no host, no socket."""
    client = MemoryClient("mishi", 4, seat=seat, seed=seed, options=options)
    settings = Settings(ascii_only=ascii_only, color=True, name="Eli", cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


async def pick_index(pilot, screen, index: int) -> None:
    """Bring the cursor to card ``index`` and pick it with space. The cursor is put on the
    lit card before it and takes the last step with → over the dimmed ones (every step of a
    longer walk is that same move)."""
    decisions = screen.decisions
    if decisions.cursor != index:
        enabled, n = decisions.pickable(), len(decisions.hand)
        before = (index - k for k in range(1, n + 1))
        decisions.cursor = next(i % n for i in before if enabled[i % n] or not any(enabled))
        if decisions.cursor != index:
            await pilot.press("right")
    assert decisions.cursor == index
    await pilot.press("space")


async def play_one_turn(pilot, screen, *, english: bool = True) -> list[str]:
    """My play by keys: the first cards that light up, as many as needed; returns them.
    ``english``: the prompts are checked for their English words too."""
    need = screen.decisions.follow_size() or 1
    for _ in range(need):
        enabled = screen.decisions.pickable()
        index = next(i for i, ok in enumerate(enabled) if ok and i not in screen.decisions.picked)
        await pick_index(pilot, screen, index)
    cards = screen.decisions.picked_cards()
    assert not english or "enter play" in screen.prompt.plain
    await pilot.press("enter")
    return cards


async def play_by_keys(pilot, screen, *, declare: bool, stop, english: bool = True) -> None:
    """Answer every question of mine by keys until ``stop()`` holds (``english``: check the
    prompts' English words on the way; off for a table in another language)."""
    for _ in range(400):
        await settle(pilot, 0.03)
        if stop():
            return
        step = screen.decisions.step
        if step == "declare":
            assert not english or "You drew" in screen.prompt.plain
            assert not english or "space pass" in screen.prompt.plain
            await pilot.press("d" if declare else "space")
        elif step == "bao":
            assert not english or "Go alone (包牌)" in screen.prompt.plain
            assert not english or "space pass" in screen.prompt.plain
            await pilot.press("space")
        elif step == "bury":
            for _ in range(8):
                await pilot.press("space", "right")
            await pilot.press("enter")
        elif step == "play":
            await play_one_turn(pilot, screen, english=english)
        else:
            await wait_until(pilot, lambda: screen.decisions.step != "wait" or stop(), timeout=10)
    raise AssertionError("never reached the expected point")


async def play_on(pilot, screen, *, stop) -> None:
    """Play my turns until ``stop()`` holds: the cards ``play_one_turn``'s keys would pick,
    put to the decision model the keys drive and sent with its enter (``confirm``), drawn once
    a turn. The road to a later point of a hand, not its keys: they are pressed on the way
    there (and the defender's whole hand is played by them), where the pilot's wait for
    every widget after each key is no use."""
    for _ in range(400):
        await settle(pilot, 0.03)
        if stop():
            return
        decisions = screen.decisions
        if decisions.step == "play":
            for _ in range(decisions.follow_size() or 1):
                enabled = decisions.pickable()
                decisions.cursor = next(
                    i for i, ok in enumerate(enabled) if ok and i not in decisions.picked
                )
                decisions.pick()
            screen.handle(decisions.confirm())
        else:
            await wait_until(pilot, lambda: screen.decisions.step != "wait" or stop(), timeout=10)
    raise AssertionError("never reached the expected point")


def legal_picks(screen) -> set[str]:
    return {a["card"] for a in screen.legal if a.get("type") == "pick"}


async def test_a_declarers_hand_by_keys_to_its_first_lead_then_on_to_its_results_panel():
    """One table, seat 0 declaring, by keys from the deal to the first trick, then played on
    (``play_on``: the same cards, not by keys) to the end of the first hand (of two), each
    check said by its assert's message:

    - a rejected action shows the engine's reason, and the question stands (at the
      declaration);
    - declare, then the burying at 80×24: the kitty pointed out in the hand, every group of
      the hand headed (the trumps' too); escape clears the pick and enter waits for enough
      cards; a ninth card is refused and nothing is lost; the buried cards leave the hand;
    - the declarer leads the first trick, and a seat line cut between its parts keeps apart
      from the next seat's;
    - the hand's results panel shows the points taken, the kitty's row and the totals, and
      stays until enter;
    - my own acts in whole words: the log's "Your throw failed" (not "You's"), then the
      header's "You show 10♠" and "You go alone 10♠" (not "You shows", "You goes")."""
    from tui.games.mishi import draw
    from tui.table.panel import ResultsPanel

    app = local_app(DECLARER_SEED, options={"hands": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        # A rejected action: the engine's reason, the question standing.
        await wait_until(pilot, lambda: screen.decisions.step == "declare")
        screen.send({"type": "bury", "cards": ["BJ"]})  # not the time to bury
        await wait_until(pilot, lambda: screen.prompt.reason is not None)
        assert screen.prompt.plain.startswith("✗ "), "refusal: the reason is shown"
        assert "d declare" in screen.prompt.plain, "refusal: the question stands"
        assert screen.decisions.step == "declare", "refusal: still the declaration"
        # Declare, on to the burying.
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: screen.decisions.step == "bury"
        )
        assert screen.view["declarer"] == screen.me, "bury: I declare"
        assert len(screen.decisions.hand) == 29, "bury: the kitty is in my hand"
        assert "0/8" in screen.prompt.plain, "bury: nothing picked yet"
        info = str(screen.query_one("#info").render())
        assert "Kitty, now in your hand" in info, "bury: the info line says where the kitty is"
        marks = screen.decisions.kitty_marks()  # the kitty's cards are pointed out in the hand
        kitty = sorted(screen.decisions.hand[i] for i in marks)
        assert kitty == sorted(screen.view["kitty"]), "bury: the kitty's cards are marked"
        # The burying at 80×24: every group of the hand has its heading, the trumps' too.
        await pilot.pause(0.1)
        assert screen.view["trump"] == "C", "headings: the clubs stand among the trumps"
        hand, area = screen.query_one("#hand"), screen.query_one("#table-area")
        assert hand.region.bottom <= area.region.bottom, "headings: the hand is not cut off"
        shown = "\n".join(
            "".join(s.text for s in hand.render_line(y)) for y in range(hand.region.height)
        )
        assert shown.startswith("trump 10♣ 10♣"), "headings: the trumps' heading"
        for heading in ("♠", "♥", "♦"):
            assert f"{heading} " in shown, f"headings: the {heading} heading"
        # Escape clears the pick; enter waits for enough cards.
        await pilot.press("space", "right", "space")
        assert "2/8" in screen.prompt.plain, "escape: two picked"
        await pilot.press("enter")  # dimmed in the footer: nothing is sent yet
        await settle(pilot)
        assert (
            "enter when 8 are picked" in screen.prompt.plain and len(screen.decisions.picked) == 2
        ), "enter waits for 8 cards"
        await pilot.press("escape")
        assert screen.decisions.picked == [] and "0/8" in screen.prompt.plain, "escape clears"
        assert screen.view["phase"] == "bury", "escape: nothing was sent"
        # Eight cards picked by keys; a ninth is refused, nothing is lost.
        for _ in range(8):
            await pilot.press("space", "right")
        assert "8/8" in screen.prompt.plain and "enter bury" in screen.prompt.plain, "8 picked"
        screen.decisions.cursor = next(
            i for i in range(len(screen.decisions.hand)) if i not in screen.decisions.picked
        )
        await pilot.press("space")  # a ninth card is refused, nothing is lost
        assert "8 cards are picked already" in screen.prompt.plain, "a ninth card is refused"
        assert len(screen.decisions.picked) == 8, "the eight picks are kept"
        chosen = screen.decisions.picked_cards()
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.view.get("phase") == "play")
        assert sorted(screen.view["buried"]) == sorted(chosen), "the picked cards are buried"
        assert len(screen.decisions.hand) == 21, "the buried cards leave the hand"
        logged = any("You buried 8 cards" in line for line in screen.log_pane.lines_written)
        assert logged, "the log says I buried"
        # The declarer leads the first trick.
        await wait_until(pilot, lambda: screen.decisions.step == "play")
        assert screen.prompt.plain.startswith("Your lead"), "the declarer leads"
        assert "You declare" in str(screen.query_one("#header").render()), "header: I declare"
        # In the play, a seat line cut between its parts keeps apart from the next seat's.
        face = screen.part.mishi_face
        left, voids = (screen.me + 1) % 4, face.voids
        face.voids = {left: {"T", "S", "H", "C", "D"}}
        for width in (40, 48, 56):
            half = width // 2
            rows = screen.part.paint_table(width).plain.splitlines()
            side = [row for row in rows if "void" in row[:half]]
            assert side, "the left seat's counts are shown, wrapped between their parts"
            for row in side:
                assert row[half - 1] == " " and "…2" not in row and "…1" not in row, (
                    f"a cut seat line keeps apart at width {width}"
                )
        face.voids = voids
        played = await play_one_turn(pilot, screen)
        await wait_until(pilot, lambda: screen.view.get("trick_number", 0) >= 2)
        log = screen.log_pane.lines_written
        label = " ".join(screen.cards.label(c) for c in played)
        assert f"You: {label}" in log, "the log tells my lead"
        assert any("trick 1" in line for line in log), "the log tells the first trick"
        # The hand's results panel: points, the kitty's row and the totals, until enter.
        await play_on(pilot, screen, stop=lambda: isinstance(pilot.app.screen, ResultsPanel))
        panel = pilot.app.screen
        record = screen.view["history"][0]
        assert panel.title_text.startswith("Hand 1"), "panel: its title"
        rows = [row.plain for row in panel.rows]
        assert rows[0].startswith("Declarers "), "panel: the declarers' row"
        points = f"Points taken: defenders {record['defender_points']}"
        assert points in rows[1], "panel: the points taken"
        assert rows[2].startswith("Kitty: "), "panel: the kitty's row"
        deltas = " · ".join(
            f"{screen.seats.name(s)} {draw.signed(d)}" for s, d in enumerate(record["deltas"])
        )
        assert rows[3] == f"This hand {deltas}", "panel: this hand's deltas"
        table = panel.table.plain
        assert "Hand 1" in table and "Bot 2" in table, "panel: the score table's rows"
        await settle(pilot)
        assert pilot.app.screen is panel, "panel: it stays until enter"
        await pilot.press("enter")
        await wait_until(pilot, lambda: pilot.app.screen is screen)
        # My own acts in whole words (told and shown as if they happened now).
        screen.tell({"type": "throw_failed", "seat": screen.me, "cards": ["AH", "KH"]})
        logged = [str(line) for line in screen.log_pane.lines_written]
        assert any("Your throw failed (" in line for line in logged), "words: my throw, logged"
        assert screen.notices[-1] == "Your throw failed", "words: my throw, on the notice line"
        said = [*logged, *screen.notices]
        assert not any("You's" in line for line in said), "words: not You's"
        mine = {"seat": screen.me, "cards": ["10S"]}
        screen.view = dict(screen.view, phase="bao", declaration=mine, bao=None)
        header = " ".join(getattr(p, "plain", p) for p in screen.header_parts())
        assert "You show 10♠" in header and "You shows" not in header, "words: You show"
        screen.view = dict(screen.view, phase="bao", bao=mine)
        header = " ".join(getattr(p, "plain", p) for p in screen.header_parts())
        assert "You go alone 10♠" in header and "You goes" not in header, "words: You go alone"


async def test_a_defenders_whole_hand_by_keys_ends_with_its_score_in_the_log_and_history():
    """One table, seat 0 passing during the deal and defending, by keys to the end of a
    one-hand game, each check said by its assert's message:

    - a pass during the deal is a secret (nobody's log tells of it, not even ours); the
      header keeps "kotatsu" from the deal into the play at 80 columns;
    - following a lead, only the legal cards light up and a dimmed card cannot be picked;
      the finished trick can be looked at again (t);
    - t shows the last trick over the current one, and hides it again;
    - the hand ends with its score in the log, the part's record and the history."""
    app = local_app(FOLLOWER_SEED, options={"hands": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(
            pilot,
            screen,
            declare=False,
            stop=lambda: screen.decisions.step == "play" and bool(screen.view.get("trick")),
        )
        header = str(screen.query_one("#header").render())  # a defender's view
        # the title keeps "kotatsu" from the deal into the play: "partner ?" (no seat line
        # tagged partner yet) gives way to it at 80 columns
        title = " kotatsu · 秘十 · hand 1/1 · trump"
        assert header.startswith(title) and "declares" in header, "header: the title"
        assert "partner ?" not in header and cell_len(header) <= 80, "header: fits 80 columns"
        # Following a lead.
        assert screen.view["declarer"] != screen.me, "follow: another seat declares"
        assert screen.prompt.plain.startswith("Follow "), "follow: asked to follow"
        # A pass during the deal is a secret (rules §3): nobody's log tells of it, not even ours.
        told = any("show a ten" in line for line in screen.log_pane.lines_written)
        assert not told, "follow: my pass during the deal is not told"
        # Only the cards the engine offers light up; a dimmed card cannot be picked.
        enabled = screen.decisions.pickable()
        lit = {code for code, ok in zip(screen.decisions.hand, enabled, strict=True) if ok}
        assert lit == legal_picks(screen), "follow: the legal cards light up"
        if not all(enabled):
            screen.decisions.cursor = enabled.index(False)
            await pilot.press("space")
            said = "cannot be part of a legal play" in screen.prompt.plain
            assert said, "follow: a dimmed card is refused"
            assert not screen.decisions.picked, "follow: a dimmed card is not picked"
        trick = screen.view["trick_number"]
        played = await play_one_turn(pilot, screen)
        await wait_until(pilot, lambda: screen.view.get("trick_number", 0) > trick)
        label = " ".join(screen.cards.label(c) for c in played)
        assert f"You: {label}" in screen.log_pane.lines_written, "follow: the log tells my play"
        # The finished trick can be looked at again.
        table = screen.query_one("#trick-table")
        await pilot.press("t")
        assert "last trick:" in str(table.render()), "follow: t shows the finished trick"
        await pilot.press("t")
        assert "last trick:" not in str(table.render()), "follow: t hides it again"
        # t shows the last trick over the current one and hides it again.
        await play_by_keys(
            pilot,
            screen,
            declare=False,
            stop=lambda: (
                screen.decisions.step == "play"
                and screen.view.get("trick_number", 0) >= 3
                and bool(screen.view.get("trick"))
            ),
        )
        shown = str(table.render())
        assert f"trick {screen.view['trick_number']}:" in shown, "t: the current trick"
        await pilot.press("t")
        last = screen.view["last_trick"]
        shown = str(table.render())
        assert "last trick:" in shown and "t hide" in shown, "t: the last trick over it"
        for play in last["plays"]:
            cards = " ".join(screen.cards.label(c) for c in play["cards"])
            assert cards in shown, f"t: the last trick's {cards}"
        await pilot.press("t")
        assert "last trick:" not in str(table.render()), "t: hidden again"
        # The whole hand ends with its score in the log and the history.
        await play_by_keys(pilot, screen, declare=False, stop=lambda: bool(screen.view.get("over")))
        if screen.view["history"][0]["case"] == "paqi":  # the declarer held both tens
            header = str(screen.query_one("#header").render())
            paqi = "both tens: 1 vs 3" in header and "partner" not in header
            assert paqi, "end: the header says both tens"
        await settle(pilot)
        record = screen.view["history"][0]
        finished = screen.part.finished
        assert finished is not None and finished["deltas"] == record["deltas"], "end: the record"
        summary = [line for line in screen.log_pane.lines_written if line.startswith("Hand 1 · ")]
        scored = summary and f"defenders {record['defender_points']} pts" in summary[-1]
        assert scored, "end: the log's summary line"
        rounds = [t.plain for t in screen.face.round_history()]
        assert rounds == summary[-1:], "end: the round history"
        assert "Game over" in screen.prompt.plain, "end: game over"
        assert sum(screen.view["scores"]) == sum(record["deltas"]), "end: the scores"


# -- snapshots ---------------------------------------------------------------------------------
SIZES = [(80, 24), (120, 40)]


async def quiet(pilot) -> None:
    """No toasts in snapshots (they come and go with time)."""
    pilot.app.clear_notifications()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_following_a_trick(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await play_by_keys(
            pilot,
            screen,
            declare=False,
            stop=lambda: (
                screen.decisions.step == "play" and len(screen.view.get("trick") or []) >= 1
            ),
        )
        await quiet(pilot)

    assert snap_compare(mishi_app(FOLLOWER_SEED), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_burying(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: screen.decisions.step == "bury"
        )
        await pilot.press("space", "right", "space", "right", "space")
        await quiet(pilot)

    assert snap_compare(mishi_app(DECLARER_SEED), terminal_size=size, run_before=run_before)


async def test_going_alone_by_keys_makes_a_one_against_three_hand():
    app = local_app(FOLLOWER_SEED)
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(
            pilot, screen, declare=False, stop=lambda: screen.decisions.step == "bao"
        )
        assert "d go alone with" in screen.prompt.plain
        await pilot.press("d")
        await wait_until(pilot, lambda: screen.decisions.step == "bury")
        assert screen.view["case"] == "bao" and screen.view["declarer"] == screen.me
        header = str(screen.query_one("#header").render())
        assert "You declare · alone: 1 vs 3" in header  # plain words
        assert header.rstrip().endswith('table "local"') and cell_len(header) <= 80  # in sight
        assert any("You go alone (包牌) with" in line for line in screen.log_pane.lines_written)


def test_a_seat_that_shows_out_of_the_led_suit_is_marked_void():
    from types import SimpleNamespace

    from tui.games.mishi.face import MishiFace
    from tui.games.mishi.flow import MishiDecisions
    from tui.table.messages import TableState

    shown = SimpleNamespace(state=TableState(view={"trump": "S"}))  # type: ignore[typeddict-item]
    table = SimpleNamespace(table=shown, flow=MishiDecisions(0), voids={}, trick_suit=None)
    for event in (
        {"type": "kitty_taken", "seat": 0, "suit": "S", "case": None},
        {"type": "play", "seat": 0, "cards": ["AH", "AH"]},
        {"type": "play", "seat": 1, "cards": ["KH", "QH"]},
        {"type": "play", "seat": 2, "cards": ["5H", "9D"]},  # the last heart, then a diamond
        {"type": "play", "seat": 3, "cards": ["2C", "2C"]},  # twos are trumps: no hearts left
        {"type": "trick_won", "seat": 3, "points": 5, "trick": 1},
        {"type": "play", "seat": 3, "cards": ["6D"]},
        {"type": "play", "seat": 0, "cards": ["10S"]},  # a trump on a diamond lead
    ):
        MishiFace.note_voids(table, event)
    assert table.voids == {2: {"H"}, 3: {"H"}, 0: {"D"}}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_later_in_the_hand(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await play_by_keys(
            pilot,
            screen,
            declare=False,
            stop=lambda: (
                screen.decisions.step == "play" and screen.view.get("trick_number", 0) >= 5
            ),
        )
        await quiet(pilot)

    assert snap_compare(mishi_app(FOLLOWER_SEED), terminal_size=size, run_before=run_before)


def test_the_seat_winning_the_trick_so_far_follows_the_engines_order():
    from tui.games.mishi.flow import winning_seat

    lead = {"suit": "H", "tractors": [], "pairs": 1, "singles": 0}
    plays = [
        {"seat": 1, "cards": ["9H", "9H"]},
        {"seat": 2, "cards": ["KH", "KH"]},  # a higher pair of hearts
        {"seat": 3, "cards": ["AH", "QH"]},  # no pair: cannot win
    ]
    assert winning_seat({"trump": "S", "trick": plays, "lead": lead}) == 2
    view = {"trump": "S", "trick": [*plays, {"seat": 0, "cards": ["5S", "5S"]}], "lead": lead}
    assert winning_seat(view) == 0  # a trump pair beats a side-suit pair


async def test_ascii_cards_and_a_mouse_click_picks_a_card_to_bury():
    from tui.widgets.pickable import PickableCards

    app = local_app(DECLARER_SEED, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: screen.decisions.step == "bury"
        )
        hand = screen.query_one("#hand", PickableCards)
        drawn = hand.render().plain
        assert "10C" in drawn and not any(glyph in drawn for glyph in "♠♥♣♦★")
        assert "^" in drawn  # the cursor under the first card
        first = next(p for p in hand.lines(hand.size.width)[0].places if p.index is not None)
        await pilot.click("#hand", offset=(first.x, 0))
        assert screen.decisions.picked == [first.index] and "1/8" in screen.prompt.plain
        await pilot.click("#hand", offset=(first.x, 0))  # a second click puts it back
        assert screen.decisions.picked == []


def test_the_follow_prompt_says_what_the_rules_demand():
    from tui.games.mishi.flow import follow_duty
    from tui.widgets.cards import CardStyle

    cards = CardStyle(ascii_only=True)
    tractor = {"suit": "H", "tractors": [2], "pairs": 0, "singles": 0}
    view = {
        "trump": "S",
        "trick": [{"seat": 1, "cards": ["9H", "9H", "JH", "JH"]}],
        "lead": tractor,
    }
    hand = ["AH", "AH", "KH", "KH", "7H", "5C"]
    assert follow_duty(hand, view, cards) == "must include a 2-pair tractor"
    hand = ["AH", "AH", "QH", "7H", "6H", "5C"]  # no tractor: the pair it has
    assert follow_duty(hand, view, cards) == "must include a pair"
    hand = ["AH", "7H", "5C", "6C"]
    assert follow_duty(hand, view, cards) == "all your H, then any cards"
    hand = ["5C", "6C", "7C", "8C"]
    assert follow_duty(hand, view, cards) == "no H: any cards"


async def test_a_spectator_sees_every_seat_and_no_hand():
    # A real host: a MemoryClient has no spectator seat (its bots would play the whole game
    # before the screen opens).
    from net.doors.host import Host
    from net.table.settings import HostLimits, TableSettings
    from tui.connect import join_launcher

    host = Host(
        TableSettings.new("mishi", seats=4, options={}, seed=FOLLOWER_SEED, bots=4, name="show"),
        HostLimits(bot_delay=1.0),
    )
    port = await host.start("127.0.0.1", 0)
    try:
        launcher = join_launcher("127.0.0.1", port, name="Eli", spectate=True)
        settings = Settings(name="Eli", cursor_blink=False)
        app = make_app(launcher=launcher, settings=settings, browser=browser_of())
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated(pilot)
            assert screen.me is None and screen.view["hand"] is None
            assert "Watching" in str(screen.query_one("#me-label").render())
            assert not screen.query_one("#hand").display
            table = str(screen.query_one("#trick-table").render())
            assert all(f"Bot {n}" in table for n in (1, 2, 3, 4))
            assert screen.decisions.step == "wait" and not screen.decisions.key_state("pick")
    finally:
        await host.close()


async def test_choosing_between_two_tens_by_arrows_and_digits():
    app = local_app(3)  # seed 3: after a few passes seat 0 may show 10♠ or 10♣
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        for _ in range(40):
            await settle(pilot, 0.03)
            if screen.decisions.step == "declare" and len(screen.decisions.bid_options()) > 1:
                break
            await pilot.press("space")
        assert [b["cards"] for b in screen.decisions.bid_options()] == [["10S"], ["10C"]]
        assert "d declare ♠ (10♠)" in screen.prompt.plain and "2 choices" in screen.prompt.plain
        await pilot.press("2")
        assert "d declare ♣ (10♣)" in screen.prompt.plain
        await pilot.press("right")
        assert "d declare ♠ (10♠)" in screen.prompt.plain
        await pilot.press("left", "d")
        await wait_until(pilot, lambda: "You show 10♣" in screen.log_pane.lines_written)


async def test_a_pickable_cards_stamps_cards_to_look_at_without_marks_or_clicks():
    from rich.style import Style

    from tests.tui.test_widgets import CardsApp, styles_of
    from tui.widgets.cards import CardFace, CardStyle
    from tui.widgets.pickable import PickableCards

    stamp = PickableCards(CardStyle(), marks=False)
    async with CardsApp(stamp).run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        lines = stamp.stamp([CardFace("10H", highlight=True), CardFace("2S")])
        assert [line.plain for line in lines] == ["╭───╮╭───╮", "│10♥││ 2♠│", "╰───╯╰───╯"]
        clicks = [s for s in lines[1].spans if isinstance(s.style, Style) and s.style.meta]
        assert not clicks  # nothing to click
        assert any("underline" in style for style in styles_of(lines[1], "10♥"))  # the winner
        assert stamp.stamp([])[0].plain == "(no cards)"
        stamp.inline = True
        assert [line.plain for line in stamp.stamp([CardFace("10H"), CardFace("2S")])] == ["10♥ 2♠"]


def test_your_own_line_says_you_defend():
    from tui.games.mishi.draw import role_tag
    from tui.games.mishi.model import MishiView, Phase, Side

    sides = (Side.DEFENDER, Side.DECLARER, Side.DEFENDER, Side.PARTNER)
    view = MishiView(phase=Phase.PLAY, sides=sides, declarer=1, partner_revealed=True)
    assert role_tag(view, 0, None, own=True).plain == " defend"  # "You defend"
    assert role_tag(view, 2, 0).plain == " defends"  # "Bo defends"
    assert role_tag(view, 1, 0).plain == " declarer"
