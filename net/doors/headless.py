"""What ``kotatsu host --headless`` tells the person who started it: whom the table waits
for and how to join it, who came and went, and the result as a small table (``--json``: one
JSON object for scripts). Plain text on stderr (the news) and stdout (the result)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from lang import _, ngettext

from .host import Host

Say = Callable[[str], None]

REVIEW_WAIT = 600.0
"""Seconds a headless host stays up at most after the game for the people still at it: each
may ask to review the whole game (``r``), which only the host can answer."""
REVIEW_POLL = 0.5
"""Seconds between looks at whether everyone has left (a spectator's leaving changes no
seat, so no listener hears it)."""


class SeatNews:
    """A host listener: says who sat down or left, and whom the table still waits for."""

    def __init__(self, host: Host, address: str, say: Say) -> None:
        self.address = address
        self.say = say
        self.names: list[str | None] = self.seated(host)
        self.started = False
        self.tell_waiting(host)

    @staticmethod
    def seated(host: Host) -> list[str | None]:
        return [seat.name for seat in host.table.rules.seating.seats]

    def __call__(self, host: Host) -> None:
        names = self.seated(host)
        for index, (was, now) in enumerate(zip(self.names, names, strict=True)):
            if now and now != was:
                self.say(_("{name} sat down in seat {number}").format(name=now, number=index + 1))
            elif was and not now:
                self.say(_("{name} left seat {number}").format(name=was, number=index + 1))
        self.names = names
        if names and all(names) and not self.started:
            self.started = True
            self.say(_("every seat is taken: the game begins"))
        elif not all(names):
            self.tell_waiting(host)

    def tell_waiting(self, host: Host) -> None:
        free = sum(1 for name in self.names if not name)
        if not free or host.table.rules.started:
            return
        waiting = ngettext(
            "waiting for {count} more player: kotatsu join {address}",
            "waiting for {count} more players: kotatsu join {address}",
            free,
        )
        self.say(waiting.format(count=free, address=self.address))


def result_text(result: dict[str, Any], names: list[str | None]) -> str:
    """The result for people: one line per seat, its score, the winners marked."""
    scores = result.get("scores") or []
    winners = set(result.get("winners") or [])
    shown = [name or _("seat {number}").format(number=i + 1) for i, name in enumerate(names)]
    width = max([len(_("player")), *(len(n) for n in shown)])
    head = f"  {_('player'):<{width}}  {_('score'):>6}"
    lines = [head]
    for seat, name in enumerate(shown):
        score = scores[seat] if seat < len(scores) else ""
        mark = "  " + _("winner") if seat in winners else ""
        lines.append(f"  {name:<{width}}  {score!s:>6}{mark}")
    return "\n".join(lines)


def result_json(result: dict[str, Any], host: Host, record: str | None) -> dict[str, Any]:
    """``--json``: the game's ``result()`` as it was (``scores``, ``winners`` as seat indices
    from 0, as in the record), and what a script needs beside it: the ``game``, the ``table``,
    the ``record`` kept (its id, for kotatsu replay/export) and the ``players``, each with the
    seat number people see (from 1, as ``kotatsu replay --seat N``), name, kind, score and
    whether they won."""
    scores = result.get("scores") or []
    winners = set(result.get("winners") or [])
    rules = host.table.rules
    players = [
        {
            "seat": seat.index + 1,
            "name": seat.name or "",
            "kind": "bot" if seat.bot else "person",
            "score": scores[seat.index] if seat.index < len(scores) else None,
            "winner": seat.index in winners,
        }
        for seat in rules.seating.seats
    ]
    about = {"game": rules.game_name, "table": rules.name, "record": record, "players": players}
    return {**result, **about}


def print_result(
    result: dict[str, Any], host: Host, *, as_json: bool, record: str | None = None
) -> None:
    """The result on stdout: a small table, or (``as_json``) one JSON object (result_json)."""
    if as_json:
        print(json.dumps(result_json(result, host, record), ensure_ascii=False), flush=True)
    else:
        print(result_text(result, SeatNews.seated(host)), flush=True)


async def stay_for_reviews(host: Host, say: Say, stop: asyncio.Event) -> None:
    """After the game: keep the table up while anyone is still connected to it (they may ask
    for the whole game to review), until they have all left, ``stop`` is set (a signal) or
    ``REVIEW_WAIT`` is over. A table of bots alone ends at once."""
    if not host.connections:
        return
    # TRANSLATORS: kotatsu host --headless after the game; r is the players' key
    said = _("the table stays open for reviews (r) until the players leave, {minutes} min at most")
    say(said.format(minutes=round(REVIEW_WAIT / 60)))

    async def everyone_left() -> None:
        while host.connections and not stop.is_set():
            await asyncio.sleep(REVIEW_POLL)

    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(everyone_left(), REVIEW_WAIT)
