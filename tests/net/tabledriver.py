"""The host's part around a sans-I/O ``Table``, without sockets, tasks or a real clock.

``Driver`` feeds the table what the host would — peers' checked messages, leavings, the timers
it asked for once the clock (turned by hand) reaches them, its bots' answers to the questions
it asks (``Output.ask``, when a ``BOT`` timer fires) — and keeps what each ``Output`` said:
messages per peer (with the time they went), journal records, the timers set, the records
to keep.
"""

from __future__ import annotations

from typing import Any

import engine
from net.table.botturns import BotAsk
from net.table.settings import HostLimits, TableSettings
from net.table.table import BOT, Output, Table
from net.wire.messages import check_client, check_host

NONCE = b"n" * 16


def join(name, seat=None, spectator=False, token=None) -> dict:
    message = {"t": "join", "name": name, "seat": seat, "spectator": spectator}
    return check_client({**message, "auth": None, "token": token})


class Driver:
    """One table and what the host would do around it, under the host's ``limits``. ``bots``:
    seat -> a bot for the host's bots (default: the game's own, seeded by seat);
    ``moving=False`` keeps them still until ``bots_move`` is called."""

    def __init__(
        self,
        settings: TableSettings,
        limits: HostLimits | None = None,
        *,
        bots: dict[int, Any] | None = None,
        moving: bool = True,
    ) -> None:
        self.now = 0.0
        self.timers: dict[str, float] = {}
        self.table: Table[str] = Table(settings, limits, clock=lambda: self.now)
        self.bots = dict(bots or {})
        self.moving = moving
        self._busy = False
        self.sent: list[tuple[float, str, dict]] = []
        self.records: list[dict] = []
        self.frames: dict[str, list[tuple[float, dict]]] = {}
        self.asks: list[BotAsk] = []  # the table's questions to its bots, not answered yet
        self.kept: list[dict] = []  # the game records the table said to keep

    # -- inputs -------------------------------------------------------------------------------
    def seat(self, peer: str, seat: int | None = None, **kwargs: Any) -> Output:
        """Open ``peer`` and join it (a seat wish, ``spectator=True`` or a ``token``)."""
        self.deliver(self.table.open(peer, NONCE))
        return self.receive(peer, join(peer, seat, **kwargs))

    def receive(self, peer: str, message: dict) -> Output:
        out = self.table.receive(peer, check_client(message))
        self.deliver(out)
        return out

    def act(self, peer: str, action: dict | None = None, version: int | None = None) -> Output:
        """``peer`` acts (default: its first legal action) at the version it saw last."""
        last = self.last(peer)
        action = last["legal"][0] if action is None else action
        seen = last["version"] if version is None else version
        return self.receive(peer, {"t": "act", "version": seen, "action": action})

    def leave(self, peer: str) -> Output:
        out = self.table.leave(peer)
        self.deliver(out)
        return out

    def advance(self, seconds: float) -> None:
        """Turn the clock ``seconds`` on, firing each timer when it is due."""
        self.run_until(lambda: False, until_time=self.now + seconds)

    def run_until(self, done: Any, until_time: float | None = None, step: float = 0.05) -> None:
        """Turn the clock (to the next timer, ``step`` s at most at a time) until ``done()``
        (or the clock reads ``until_time``)."""
        for _ in range(100_000):
            if done() or (until_time is not None and self.now >= until_time - 1e-12):
                return
            ahead = [self.now + step, *self.timers.values()]
            if until_time is not None:
                ahead.append(until_time)
            self.now = max(self.now, min(ahead))
            for key, at in sorted(self.timers.items(), key=lambda kv: kv[1]):
                if at <= self.now and self.timers.get(key) == at:
                    del self.timers[key]
                    self.deliver(self.table.fire(key))
        raise AssertionError("the table never got there")

    # -- what the host does with an output ----------------------------------------------------
    def deliver(self, out: Output) -> None:
        self.records += out.records
        if out.keep is not None:
            self.kept.append(out.keep)
        for peer, message in out.messages:
            check_host(message)
            self.sent.append((self.now, peer, message))
            if message["t"] == "state":
                self.frames.setdefault(peer, []).append((round(self.now, 6), message))
        for timer in out.timers:
            if timer.at is None:
                self.timers.pop(timer.key, None)
            else:
                self.timers[timer.key] = timer.at
        if out.ask is not None:
            self.asks.append(out.ask)
        if self.moving:
            self.bots_move()

    def bots_move(self) -> None:
        """The host's bots move while the table asks them: a ``BOT`` timer due is fired, and
        the bot answers the question it brings, until none is due."""
        if self._busy:
            return
        self._busy = True
        try:
            while True:
                if self.asks:
                    ask = self.asks.pop(0)
                    self.deliver(self.table.bot_answer(ask, self.decide(ask)))
                    continue
                at = self.timers.get(BOT)
                if at is None or at > self.now + 1e-12:
                    return
                del self.timers[BOT]
                self.deliver(self.table.fire(BOT))
        finally:
            self._busy = False

    def decide(self, ask: BotAsk) -> Any:
        bot = self.bots.get(ask.seat)
        if bot is None:
            game = self.table.rules.game_name
            bot = self.bots[ask.seat] = engine.make_bot(game, ask.seat, ask.seat)
        return bot.act(ask.view, ask.legal)

    # -- what was sent ------------------------------------------------------------------------
    def to(self, peer: str, kind: str | None = None) -> list[dict]:
        """Every message ``peer`` was sent (of type ``kind``)."""
        return [m for _, p, m in self.sent if p == peer and (kind is None or m["t"] == kind)]

    def last(self, peer: str, kind: str = "state") -> dict:
        return self.to(peer, kind)[-1]
