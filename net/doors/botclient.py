"""A seat played by the game's bot over the network, as ``kotatsu bot --join`` does.

The bot sees exactly what a human client sees (its view and legal actions), so a remote bot is
as honest as one in the host's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import engine
from engine.search import SearchBot

from ..table.resultswait import ends_round
from ..wire.client import Client
from ..wire.messages import Refused
from ..wire.reasons import sentence
from .hostbots import think_steadily

log = logging.getLogger("kotatsu.net.doors.botclient")


async def play_seat(
    client: Client,
    *,
    kind: str = "smart",
    seed: int | None = None,
    delay: float = 0.0,
) -> dict[str, Any] | None:
    """Play ``client``'s seat (already connected) until the game ends; the result, or None if
    the connection closed first."""
    if client.seat is None or client.table is None:
        raise ValueError("a bot needs a seat, not a spectator's chair")
    bot = engine.make_bot(client.table["game"], client.seat, seed, kind=kind)
    latest: dict[str, Any] | None = None
    fallback_version = -1
    async for message in client.messages():
        kind_of = message["t"]
        if kind_of == "state":
            latest = message
            view = message["view"]
            if view.get("over"):
                return view.get("result")
            if ends_round(message["events"]):  # a bot reads no results panel: seen at once
                with contextlib.suppress(ConnectionError):
                    await client.results_seen(message["version"])
            if message["version"] != client.version or not message["legal"]:
                continue  # a newer state is already queued, or nothing to do
            if client.seat not in view.get("pending", []):
                continue
            bot = await _decide(client, bot, message, delay)
        elif kind_of == "takeback":  # a take-back asked of the table (net/table/takebacks.py)
            if message["open"] and client.seat in message["voters"]:
                with contextlib.suppress(ConnectionError):
                    await client.takeback_vote(message["id"], True)  # bots agree
            elif not message["open"] and _still_ours(client, latest):
                # refused: the table held our act meanwhile (takeback_waiting); act again
                assert latest is not None
                fallback_version = -1
                bot = await _decide(client, bot, latest, delay)
        elif (
            kind_of == "rejected"
            and latest is not None
            and latest["legal"]
            and message["code"] != "stale"
            and message["version"] == latest["version"] == client.version != fallback_version
        ):
            fallback_version = latest["version"]
            log.warning(
                "bot action rejected (%s: %s); playing the first legal action",
                message["code"],
                sentence(message["code"], message["params"]),
            )
            await _send(client, latest["legal"][0], latest["version"])
    return None


def _still_ours(client: Client, state: dict[str, Any] | None) -> bool:
    """Whether ``state`` is the latest and asks our seat for a decision."""
    if state is None or not state["legal"] or state["version"] != client.version:
        return False
    return client.seat in state["view"].get("pending", [])


async def _decide(client: Client, bot: Any, state: dict[str, Any], delay: float) -> Any:
    """Choose and send the seat's action on ``state``; the bot (a searching one changes)."""
    view = state["view"]
    if delay:
        await asyncio.sleep(delay)
    if isinstance(bot, SearchBot):  # a thread keeps the link alive; a steady pause
        action, bot = await think_steadily(bot, view, state["legal"], _in_thread)
    else:
        action = bot.act(view, state["legal"])
    await _send(client, action, state["version"])
    return bot


async def _in_thread(fn: Any, *args: Any) -> Any:
    return await asyncio.to_thread(fn, *args)


async def _send(client: Client, action: dict[str, Any], version: int) -> None:
    # When the link is down the client reconnects and a fresh state brings the decision back.
    with contextlib.suppress(ConnectionError):
        await client.act(action, version)


async def run_bot_client(
    host: str,
    port: int,
    name: str = "",
    password: str | None = None,
    *,
    kind: str = "smart",
    seed: int | None = None,
    delay: float = 0.0,
    **client_options: Any,
) -> dict[str, Any] | None:
    """Connect (``client_options``: ``Client``'s — the ``seat`` wished for, a ``token``…),
    take a seat and play it to the end; the game's result."""
    client = Client(host, port, name=name, password=password, **client_options)
    await client.connect()
    try:
        result = await play_seat(client, kind=kind, seed=seed, delay=delay)
    finally:
        await client.close()
    if result is None and client.last_error is not None:  # e.g. the host closed the table
        error = client.last_error
        raise Refused.of(error)
    return result
