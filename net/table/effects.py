"""What a step of the table does besides sending messages (net/table/rules.py ``take_effects``)."""

from __future__ import annotations

from typing import Any

Message = dict[str, Any]


class Effects:
    """What the I/O around the table must do besides sending: ``records`` for the journal, in
    order, made durable before any message of the same step goes out; ``seating_changed`` for
    whoever watches the seats (the LAN advertisement); ``round_ended`` for the host, which
    starts the wait for the results panels (``Table.await_results``). (A plain class: a
    dataclass compiled its methods from text at every table's start, issue 37.)"""

    def __init__(self) -> None:
        self.records: list[Message] = []
        self.seating_changed = False
        #: A round/hand ended (not the game): the host waits for the people's results panels.
        self.round_ended = False
