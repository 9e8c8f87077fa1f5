"""Playing SwaPo through the screen's own keys: against the host's bots on 127.0.0.1 (whole
rounds), and on an in-process ``MemoryClient`` (the engine and its bots, no host) for the rest.
"""

from __future__ import annotations

from tests.tui.conftest import SIZE, table_app
from tui.app import KotatsuApp, make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated, settle, wait_until
from tui.settings import Settings


def local_app(*, seed: int = 2, options: dict | None = None, seats: int = 4) -> KotatsuApp:
    """The app seated at an in-process SwaPo table (seat 0) against bots that play at once."""
    client = MemoryClient("swapo", seats, options=options, seed=seed)
    settings = Settings(ascii_only=False, color=True, name="Eli", cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


async def play_my_turns(pilot, screen, *, until_round: int) -> dict:
    """Play every decision of mine with keys until round ``until_round`` starts."""
    done = {"swap": 0, "give": 0}
    while screen.view.get("round", 1) < until_round and not screen.view.get("over"):
        await settle(pilot)
        if screen.decisions.reveal is not None:
            await pilot.press("enter")
            continue
        if screen.decisions.step == "target":
            await pilot.press("1")
            if screen.decisions.step == "count":
                await pilot.press("2")
            assert screen.decisions.step == "cards"
            k = screen.decisions.k
            for _ in range(k):
                faces, _ = screen.part.hand_faces()
                index = next(i for i, f in enumerate(faces) if f.enabled and not f.picked)
                while screen.decisions.cursor != index:  # the cursor stops at the ends
                    await pilot.press("right" if screen.decisions.cursor < index else "left")
                await pilot.press("space")
            await pilot.press("enter")
            done["swap"] += 1
        elif screen.decisions.step == "give":
            k = screen.view["give"]["k"]
            for _ in range(k):
                faces, _ = screen.part.hand_faces()
                index = next(i for i, f in enumerate(faces) if f.enabled and not f.picked)
                while screen.decisions.cursor != index:  # the cursor stops at the ends
                    await pilot.press("l" if screen.decisions.cursor < index else "left")
                await pilot.press("space")
            assert f"{k}/{k}" in screen.prompt.plain
            await pilot.press("enter")
            done["give"] += 1
        elif screen.decisions.step in ("arrange", "declare"):
            await pilot.press("enter")
        elif screen.decisions.step == "power":
            await pilot.press("p")
        elif screen.decisions.step == "wait":
            await wait_until(
                pilot,
                lambda: screen.decisions.step != "wait" or screen.decisions.reveal is not None,
            )
    return done


async def test_whole_rounds_with_a_swap_and_a_give_told_from_memory():
    app = table_app(seed=2, bots=2)  # three players: three rounds from one deck
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        assert screen.view["round"] == 1
        assert len(screen.decisions.hand) == 5
        done = await play_my_turns(pilot, screen, until_round=2)
        assert done["swap"] == 1 and done["give"] >= 1
        await settle(pilot)
        # The round was revealed and scored; the log told the story.
        log = "\n".join(screen.log_pane.lines_written)
        assert "swapped 2 cards with" in log
        assert "you gave" in log and "and got" in log
        assert "Round 1:" in log and ("won" in log or "share the win" in log)
        assert screen.view["round"] == 2
        assert sum(screen.view["scores"]) >= 1
        # Played from memory (the default): once round 3 is dealt, round 1 leaves the log,
        # and the last round's outcome stays until this one ends.
        await play_my_turns(pilot, screen, until_round=3)
        await settle(pilot)
        log = "\n".join(screen.log_pane.lines_written)
        assert "Round 1 ·" not in log and "Round 2 ·" in log and "Round 3 ·" in log
        assert "Round 2:" in log


async def test_a_rejected_action_shows_its_reason_and_the_swap_steps_back_lighting_legal_cards():
    """One Asterisk table, each check said by its assert's message: an action the engine
    rejects shows its reason and the question stands; the swap's steps go back with esc and
    only the legal cards light up; the card received is then locked and dimmed."""
    app = local_app(seed=2, options={"variant": "asterisk"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        # A rejected action shows the engine's reason; the question stands.
        screen.send({"type": "give", "cards": ["2S"]})  # not a give phase
        await wait_until(pilot, lambda: screen.prompt.reason is not None)
        assert screen.prompt.plain.startswith("✗ "), "rejected: the reason"
        standing = "Choose an opponent" in screen.prompt.plain  # the question stands
        assert standing and screen.decisions.step == "target", "rejected: the question stands"
        # The swap's steps.
        await pilot.press("9")  # no such opponent
        assert "not an opponent" in screen.prompt.plain, "9: not an opponent"
        await pilot.press("2")
        second = screen.decisions.target == screen.seats.others()[1]
        assert screen.decisions.step == "count" and second, "2: the second opponent"
        await pilot.press("escape")
        back = screen.decisions.step == "target" and screen.decisions.target is None
        assert back, "esc: back to the opponent"
        await pilot.press("1", "1")
        assert screen.decisions.step == "cards" and screen.decisions.k == 1, "1, 1: one card"
        await pilot.press("space", "right", "space")  # the second pick is refused: k is 1
        assert len(screen.decisions.picked) == 1, "a second pick is refused"
        assert "cannot be picked" in screen.prompt.plain, "the refusal says why"
        faces, _ = screen.part.hand_faces()
        dimmed = [f.enabled for f in faces].count(False)
        assert dimmed == 4, "the other cards are dimmed"
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.view.get("locked_cards"))
        # Asterisk: the same holder goes on; the card received is now locked and dimmed.
        await settle(pilot)
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        assert "p done" in screen.prompt.plain, "asterisk: p done"
        locked = [f for f in screen.part.hand_faces()[0] if f.locked]
        assert len(locked) == 1, "asterisk: the card received is locked"
        await pilot.press("1", "1")
        faces, _ = screen.part.hand_faces()
        assert not any(f.enabled for f in faces if f.locked), "asterisk: and dimmed"


async def test_dagger_rows_show_positions_and_unknown_arrivals():
    app = local_app(seed=2, options={"variant": "dagger"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: screen.decisions.step == "arrange")
        first = screen.decisions.order[0]
        await pilot.press("space", "right", "space")  # carry the first card one place right
        assert screen.decisions.order[1] == first
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await pilot.press("1", "2")
        assert screen.decisions.step == "take"
        await pilot.press("1", "3", "enter")
        assert screen.decisions.step == "give_pos"
        await pilot.press("2", "5", "enter")
        model = screen.decisions
        await wait_until(pilot, lambda: "?" in model.hand or screen.view.get("round", 1) > 1)
        if screen.view.get("round") == 1:
            assert screen.decisions.hand.count("?") == 2
            faces, _ = screen.part.hand_faces()
            assert [f.tag for f in faces] == ["1", "2", "3", "4", "5"]


async def play_until_power(pilot, screen) -> None:
    """Play (swaps of one card, gives, declarations) until my Ace power turn comes."""
    while screen.decisions.step != "power":
        await settle(pilot, 0.05)
        assert not screen.view.get("over"), "the game ended without a power turn"
        if screen.decisions.reveal is not None:
            await pilot.press("enter")
        elif screen.decisions.step == "target":
            await pilot.press("1")
            if screen.decisions.step == "count":
                await pilot.press("1")
            await pilot.press("space", "enter")
        elif screen.decisions.step == "give":
            for _ in range(screen.view["give"]["k"]):
                faces, _ = screen.part.hand_faces()
                screen.decisions.cursor = next(
                    i for i, f in enumerate(faces) if f.enabled and not f.picked
                )
                await pilot.press("space")
            await pilot.press("enter")
        elif screen.decisions.step == "declare":
            assert "Declare your joker" in screen.prompt.plain or "No joker" in screen.prompt.plain
            await pilot.press("enter")


async def test_ace_power_turn_offers_the_usable_aces_and_the_draw_voids_the_round():
    app = local_app(seed=2, options={"variant": "ace"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_until_power(pilot, screen)
        assert screen.view["phase"] == "power" and screen.view["revealed"]
        labels = [label.plain for label in screen.part.menu_labels()]
        assert labels[-1] == "Pass" and "A♣ Draw: no game" in labels
        assert "Ace powers" in screen.prompt.plain
        # The revealed hands are on the table during the power turn.
        seats = str(screen.query_one("#seats").render())
        assert all(seat_name in seats for seat_name in ("Bot 2", "Bot 3", "Bot 4", "You"))
        while screen.part.menu_labels()[screen.decisions.menu_cursor].plain != "A♣ Draw: no game":
            await pilot.press("right")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.decisions.reveal is not None)
        assert screen.decisions.reveal.get("no_game") is True
        assert "no game" in screen.prompt.plain
        assert any("played the Draw" in line for line in screen.log_pane.lines_written)


async def take_any_turn(pilot, screen) -> None:
    """One decision of mine, by keys: the first legal choice at every step."""
    from tui.games.swapo import choices

    step = screen.decisions.step
    if screen.decisions.reveal is not None or step in ("arrange", "declare", "power"):
        await pilot.press("enter")
    elif step == "target":
        done_swapping = any(sw.get("seat") == screen.me for sw in screen.view.get("swaps") or [])
        await pilot.press(
            "p" if done_swapping or not choices.swap_targets(screen.legal) else "enter"
        )
    elif step == "count":
        await pilot.press("enter")
    elif step in ("cards", "give"):
        k = screen.decisions.k if step == "cards" else screen.view["give"]["k"]
        for _ in range(k):
            faces, _ = screen.part.hand_faces()
            await pilot.press(
                str(next(i for i, f in enumerate(faces) if f.enabled and not f.picked) + 1)
            )
        await pilot.press("enter")
    elif step in ("take", "give_pos"):
        key = "take" if step == "take" else "give"
        for pos in sorted(
            choices.position_sets(screen.legal, screen.decisions.target, screen.decisions.k, key)
        )[0]:
            await pilot.press(str(pos + 1))
        await pilot.press("enter")
    elif step == "power_rank":
        await pilot.press("enter")


async def test_dagger_asterisk_and_ace_together_play_to_the_end():
    app = local_app(seed=11, options={"variant": "dagger,asterisk,ace", "rounds": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        for _ in range(200):
            if screen.view.get("over"):
                break
            await settle(pilot, 0.05)
            assert screen.prompt.reason is None, screen.prompt.reason
            await take_any_turn(pilot, screen)
        assert screen.view["over"] and screen.view["result"]["winners"]
