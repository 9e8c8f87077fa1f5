"""What one input to the sans-I/O table asks of the host (net/table/table.py): one ``Output`` —
journal records, messages, timers, a question for a bot, a game record to keep — and the
timers' keys. Timers are data: a ``Timer(key, at)`` asks the host to call ``Table.fire(key)``
once the clock reads ``at``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple

from .seating import P

if TYPE_CHECKING:
    from .botturns import BotAsk

Message = dict[str, Any]

PACE = "pace"
"""The timer of a paced deal: the next card shows, windows end (every ``deal_tick`` s)."""
RESULTS = "results"
"""The timer of the wait for the results panels: nobody is waited for any more."""
CLOCK = "clock"
"""The turn clock's timer: a person's decision time and bank are gone."""
TAKEBACK = "takeback"
"""The timer of a take-back asked of the table: whoever has not answered, it is refused."""
AWAY = "away"
"""The timer of a seat left empty: the table is told once the grace is over (net/table/away.py)."""
BOT = "bot"
"""The timer of a host bot's turn, with its seat: its question is due (net/table/botturns.py)."""
COVER = "cover"
"""The timer of a seat left empty during play: the bot covers it (``--absent-bot``)."""


class Timer(NamedTuple):
    """Call ``Table.fire(key)`` when the table's clock reads ``at`` (None: cancel it);
    ``seat``: whose turn a ``BOT`` timer is."""

    key: str
    at: float | None
    seat: int | None = None


@dataclass
class Output(Generic[P]):
    """What one input to the table asks of the host, in this order: ``records`` for the
    journal (durable before any message goes out), ``messages`` to send (an ``error`` closes
    its connection), ``timers`` to set or cancel, ``ask``: a question for the host's bot
    (answered with ``Table.bot_answer``), ``keep``: the game's record to keep in the user's
    records (the game is over). ``seating_changed``: whoever watches the seats (the LAN
    advertisement) should look again. ``rewrite``: the table's settings changed before its
    start (a host's ``StartNow``, ``FillWithBots``): before these records, the journal is
    written anew from ``Table.settings`` and ``Table.sitters``. For a message from a peer:
    ``asked`` whether it answered what the table asked that peer for (an act it was offered
    or asked, at the version it saw), ``refused`` whether the table rejected it, ``cost``
    what it counts against the peer's rate (nothing for what the table asked for; a chat line
    or a review ``HostLimits.chat_cost``; anything else 1)."""

    messages: list[tuple[P, Message]] = field(default_factory=list)
    records: list[Message] = field(default_factory=list)
    timers: list[Timer] = field(default_factory=list)
    seating_changed: bool = False
    asked: bool = False
    refused: bool = False
    cost: float = 1.0
    ask: BotAsk | None = None
    keep: Message | None = None
    rewrite: bool = False

    def then(self, later: Output[P]) -> Output[P]:
        """This output, then ``later``'s (two inputs' outputs as one)."""
        return Output(
            self.messages + later.messages,
            self.records + later.records,
            self.timers + later.timers,
            self.seating_changed or later.seating_changed,
            ask=later.ask or self.ask,
            keep=later.keep or self.keep,
            rewrite=self.rewrite or later.rewrite,
        )
