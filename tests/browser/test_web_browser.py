"""``kotatsu web`` in a real browser: Debian's chromium, driven by Playwright.

Each test starts a server on 127.0.0.1 (an ephemeral port) whose sessions run the real app, and
opens pages on it; what the app shows is read from the page's websocket into a terminal model
(seat.py), clicks and taps land on the canvas where the words are drawn. Screenshots of a
desktop window and a phone held sideways go to screenshots/.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from seat import DESKTOP, PHONE_SIDEWAYS, BrowserSeat, cells

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
LOBBY = "play vs bots"
HAND = re.compile(r"You\s+hand\s+(\d+)")
SMALL_HAND = re.compile(r"\s+hand\s+(10|[2-9AJQK])(?=\s)")
CARD = re.compile(r"│\s?(10|[2-9AJQK])[♠♥♦♣]")


def mine(text: str) -> tuple[int, str]:
    """The player's hand size and face-up cards, as the screen shows them (not the cursor or
    what is picked: those change before a card is played)."""
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if HAND.search(line)), None)
    assert at is not None, text
    log = next((line.find("│─Log") for line in lines if "│─Log" in line), None)
    found = HAND.search(lines[at])
    assert found is not None
    face_up = lines[at][found.end() : log]  # small cards: on the same line
    for line in lines[at + 1 : at + 4]:
        if not SMALL_HAND.match(line):
            face_up += "".join(CARD.findall(line[:log]))
    return int(found.group(1)), " ".join(face_up.split())


def hand_card(seat: BrowserSeat) -> tuple[int, int, str]:
    """The cell of a card in the player's hand: the lowest row of cards on the screen (or, with
    small cards, the first card of the "hand" row)."""
    assert seat.screen is not None
    for y, line in enumerate(seat.screen.display):
        if small := SMALL_HAND.match(line):
            return small.start(1), y, small.group(1)
    for y in range(seat.screen.lines - 1, -1, -1):
        found = CARD.search(seat.screen.display[y])
        if found:
            return cells(seat.screen.display[y][: found.start(1)]), y, found.group(1)
    raise AssertionError("no card on the screen:\n" + "\n".join(seat.screen.display))


async def hand_changes(seat: BrowserSeat, before: tuple, timeout: float = 20.0) -> None:
    """Wait until the player's cards are no longer ``before`` (a card played, or the pile
    taken)."""
    deadline = time.monotonic() + timeout
    while mine(text := await seat.until("You")) == before:
        assert time.monotonic() < deadline, text
        await asyncio.sleep(0.05)


async def swoop_against_bots(seat: BrowserSeat, tap: bool = False) -> str:
    """From the lobby, by clicks (or taps): the bots form, Swoop, Play; returns the table."""
    await seat.until(LOBBY)
    await seat.click(LOBBY, last=True, tap=tap)
    await seat.until("Play against bots", "SwaPo")
    x, y = seat.find("Game ")
    await again(seat, lambda: seat.click_cell(x + 16, y, tap=tap), "Swoop", below=y)
    await seat.click("Swoop", tap=tap, below=y)
    # Swoop chosen: the form's game line says so (its own options sit below the table's
    # settings, out of sight in a small window)
    await seat.until("Swoop", "Table settings", "esc cancel")
    await again(seat, lambda: seat.click("Play", last=True, tap=tap), "Swoop · hand")
    return await seat.until("Your turn", timeout=30)


async def again(seat: BrowserSeat, click, *words: str, below: int = -1) -> None:
    """``click``, and once more if ``words`` have not come within a few seconds: on a busy
    machine a tap can land while the screen under it is still being redrawn (a player would
    tap again too)."""
    await click()
    try:
        await seat.until(*words, timeout=6, below=below)
    except AssertionError:
        await click()
        await seat.until(*words, below=below)


async def test_the_page_loads_nothing_from_outside_the_lan(web, browser):
    _server, url = await web()
    seat = await BrowserSeat.open(browser, url)
    response = await seat.page.request.get(url)
    page = await response.text()
    assert "default-src 'self'" in response.headers["content-security-policy"]
    linked = re.findall(r"""(?:src|href)=["']([^"']+)""", page)
    linked += re.findall(r"url\(([^)]+)\)", page)
    assert linked, page
    for link in linked:
        target = urlsplit(link.strip("'\""))
        assert target.scheme in ("", "data") and not target.netloc, link
    assert await seat.page.is_visible("#name")
    assert not await seat.page.is_visible("#password")
    await seat.sit("ann")
    await seat.until(LOBBY, "tables on this network")
    await seat.shot(SHOTS / "web-lobby.png")
    hosts = {urlsplit(r).hostname for r in seat.requests if not r.startswith("data:")}
    assert hosts == {"127.0.0.1"}, seat.requests
    assert any("/static/fonts/" in r for r in seat.requests)  # the font, from us
    await seat.close()


async def test_a_table_against_bots_started_and_cards_played_by_clicks_and_keys(web, browser):
    _server, url = await web()
    seat = await BrowserSeat.open(browser, url + "?name=ann", DESKTOP)
    await swoop_against_bots(seat)
    before = mine(await seat.settle())
    # by clicks: a card in the hand, then the footer's "play"
    x, y, rank = hand_card(seat)
    await seat.click_cell(x, y)
    await seat.until("picked")
    await seat.click("play", last=True)
    await hand_changes(seat, before)
    await seat.until(f"You played {rank}")
    await seat.shot(SHOTS / "web-table.png")
    # by keys: wait for the next turn, pick with space, play with enter
    await seat.until("Your turn", timeout=30)
    before = mine(await seat.settle())
    await seat.press("Space")
    await seat.until("picked")
    await seat.press("Enter")
    await hand_changes(seat, before)
    await seat.close()


async def test_a_phone_held_sideways_plays_by_touch(web, browser):
    _server, url = await web()
    seat = await BrowserSeat.open(browser, url + "?name=pat", PHONE_SIDEWAYS, touch=True)
    await swoop_against_bots(seat, tap=True)
    assert seat.screen is not None
    assert seat.screen.columns >= 70 and seat.screen.lines >= 20  # the table's least
    await seat.settle()
    before = mine(await seat.text())
    x, y, rank = hand_card(seat)
    await seat.click_cell(x, y, tap=True)
    await seat.until("picked")
    await seat.click("play", last=True, tap=True)
    await hand_changes(seat, before)
    await seat.until(f"You played {rank}")
    await seat.shot(SHOTS / "web-phone.png")
    await seat.close()


async def test_two_browsers_sit_at_one_hosted_table_and_see_each_other(web, browser):
    _server, url = await web()
    table = f"web{secrets.token_hex(3)}"
    ann = await BrowserSeat.open(browser, url + "?name=ann")
    await ann.until(LOBBY)
    await ann.click("host a table", last=True)
    await ann.until("Host a table", "Table name")
    x, y = ann.find("Table name")
    await ann.click_cell(x + 14, y)
    await ann.page.keyboard.type(table)
    x, y = ann.find("Bots")
    await ann.click_cell(x + 14, y)
    await ann.press("End")
    await ann.press("Backspace")
    await ann.page.keyboard.type("2")
    # at her table (its header names it in quotes; the form showed the name as typed): only
    # then is the table on the network for bob's lobby to find
    seated = f'table "{table}"'
    await again(ann, lambda: ann.click("Host", last=True), seated)
    bob = await BrowserSeat.open(browser, url + "?name=bob")
    await bob.until(table, timeout=20)
    await bob.click(table)
    await again(bob, lambda: bob.click("join", last=True), seated)
    await bob.until("ann", timeout=20)
    await ann.until("bob", timeout=20)
    await bob.shot(SHOTS / "web-two-seats.png")
    await bob.close()
    await ann.close()


async def test_the_session_after_max_sessions_is_told_the_server_is_full(web, browser):
    server, url = await web(max_sessions=1)
    ann = await BrowserSeat.open(browser, url + "?name=ann")
    await ann.until(LOBBY)
    bob = await BrowserSeat.open(browser, url)
    await bob.sit("bob")
    await bob.said("#message")
    assert "full" in await bob.message()
    assert len(server.sessions) == 1
    # ann leaves: her page says so, and bob's next try gets the seat
    await ann.press("q")
    await ann.page.wait_for_selector(".ended .box", state="visible")
    await ann.said("#reason")
    assert "You left the lobby" in (await ann.page.text_content("#reason") or "")
    await bob.page.click("#sit")
    await bob.until(LOBBY)
    await bob.close()
    await ann.close()


async def test_a_wrong_password_is_refused(web, browser):
    server, url = await web(password="friday")
    seat = await BrowserSeat.open(browser, url + "?name=ann")
    assert await seat.page.is_visible("#password")
    assert await seat.page.input_value("#name") == "ann"
    await seat.sit("ann", "saturday")
    await seat.said("#message")
    assert await seat.message() == "Wrong password."
    assert not server.sessions
    await seat.sit("ann", "friday")
    await seat.until(LOBBY)
    await seat.close()
