"""Seating and the throttle, without sockets (the bots' turns and covers: test_bot_turns.py)."""

from __future__ import annotations

import pytest

from net.table.seating import Seating
from net.wire.connection import Throttle
from net.wire.messages import Refused

pytestmark = pytest.mark.unit


def test_seats_are_given_by_wish_or_first_free():
    seating = Seating(4, bot_seats=[3])
    assert seating[3].name == "Bot 4" and seating.taken_count == 1
    assert seating.choose(None).index == 0
    seating[0].name = "Ann"
    assert seating.choose(2).index == 2
    seating[2].name = "Cy"
    for wish, code in ((0, "seat_taken"), (3, "seat_taken"), (4, "no_seat"), (-1, "no_seat")):
        with pytest.raises(Refused) as refused:
            seating.choose(wish)
        assert refused.value.code == code
    seating[1].name = "Bo"
    assert seating.full
    with pytest.raises(Refused, match="every seat"):
        seating.choose(None)
    assert seating.lobby()[3] == {"name": "Bot 4", "bot": True, "connected": True}
    assert seating.lobby()[0] == {"name": "Ann", "bot": False, "connected": False}


def test_tokens_are_128_bit_and_resume_only_human_seats():
    seating = Seating(3, bot_seats=[2])
    tokens = seating.tokens
    assert len(set(tokens)) == 3 and all(len(t) == 32 and int(t, 16) >= 0 for t in tokens)
    assert seating.by_token(tokens[1]).index == 1
    for wrong in (tokens[2], "f" * 32):
        with pytest.raises(Refused) as refused:
            seating.by_token(wrong)
        assert refused.value.code == "token"


def test_throttle_allows_bursts_then_slows_then_cuts():
    now = [0.0]
    throttle = Throttle(rate=10, burst=5, cut_after=1.0, clock=lambda: now[0])
    assert [throttle.charge() for _ in range(6)] == [0.0] * 5 + [pytest.approx(0.1)]
    now[0] += 0.35  # 3.5 tokens back, 1 owed
    assert [throttle.charge() == 0.0 for _ in range(3)] == [True, True, False]
    now[0] += 100
    assert sum(throttle.charge() == 0.0 for _ in range(10)) == 5
    for _ in range(20):  # over the rate without a break: slowed, then cut
        now[0] += 0.06
        wait = throttle.charge()
        if wait is None:
            break
        assert wait > 0
    assert wait is None
