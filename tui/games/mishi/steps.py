"""The steps of a Mi Shi decision (a StrEnum, one row per step: the phase that asks it,
enter's word, bid or picked cards), shared by the decision model (flow.py) and its prompt's
words (ask.py)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .model import Phase

BURY = 8


class Step(StrEnum):
    """What the local seat is deciding: a declaration during the deal, going alone after
    it, the cards to bury, the cards to play; or nothing (``wait``)."""

    DECLARE = "declare"
    BAO = "bao"
    BURY = "bury"
    PLAY = "play"
    WAIT = "wait"


class StepRow(NamedTuple):
    """What one step means: the view's phase that asks it, enter's word in the footer, and
    whether it is a bid (chosen among ``legal`` with ←→ or a digit, space passes, d bids)
    rather than cards picked from the hand (space picks, esc clears, enter sends)."""

    phase: Phase
    confirm: str
    bid: bool


#: One row per step the local seat can be asked.
STEPS: dict[Step, StepRow] = {
    Step.DECLARE: StepRow(Phase.DEAL, "declare", bid=True),
    Step.BAO: StepRow(Phase.BAO, "go alone", bid=True),
    Step.BURY: StepRow(Phase.BURY, "bury", bid=False),
    Step.PLAY: StepRow(Phase.PLAY, "play", bid=False),
}
BIDDING = tuple(step for step, row in STEPS.items() if row.bid)
PICKING = tuple(step for step, row in STEPS.items() if not row.bid)
