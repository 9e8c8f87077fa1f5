"""A hard bot's pause tells nothing of its hand: every searching decision is answered the same
time after it was asked, a forced step (one legal action) as late as a long search — at the
host's own seats, for an away player, and in ``kotatsu bot``. Checked with an injected clock
(no timed assertions)."""

from __future__ import annotations

import asyncio

import pytest

import engine
from net.doors import hostbots
from net.doors.hostbots import SeatBots, ThinkingPool


class FakeTime:
    """A clock that moves only when told: by the search (as long as the issue measured it) and
    by the pause's sleep."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def searching_runner(fake: FakeTime, took: dict[int, float]):
    """Runs the real search in-process; the fake clock moves by what such a search took."""

    async def run(fn, bot, view, legal, limit):
        fake.now += took[len(legal)]
        return fn(bot, view, legal, limit)

    return run


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(hostbots, "THINK", 0.02)  # the real search, briefly


def table_of_hard_bots(fake: FakeTime, took: dict[int, float]) -> tuple[engine.Game, SeatBots]:
    game = engine.new_game("swapo", 3, {}, seed=5)
    bots = SeatBots(
        "swapo",
        3,
        seed=5,
        level="hard",
        run=searching_runner(fake, took),
        clock=fake.clock,
        sleep=fake.sleep,
    )
    return game, bots


def passing(legal: list[dict]) -> list[dict]:
    """The step as a bot with nothing to do sees it: only ``pass``."""
    forced = [a for a in legal if a["type"] == "pass"]
    assert len(forced) == 1
    return forced


async def released_after(bots: SeatBots, fake: FakeTime, seat: int, view, legal) -> float:
    start = fake.now
    action = await bots.decide(seat, view, legal)
    assert action in legal
    return fake.now - start


async def test_a_forced_step_waits_as_long_as_a_search(quick):
    # Swoop's add step measured 4 ms with nothing to add and 435 ms with the flipped rank
    took = {1: 0.004}
    fake = FakeTime()
    game, bots = table_of_hard_bots(fake, took)
    seat = game.pending()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    assert len(legal) > 1
    took[len(legal)] = 0.435 * hostbots.THINK / 0.6  # a search near its deadline
    forced = await released_after(bots, fake, seat, view, passing(legal))
    searched = await released_after(bots, fake, seat, view, legal)
    assert forced == pytest.approx(searched) == pytest.approx(hostbots.THINK * hostbots.PAUSE)
    assert fake.slept[0] > fake.slept[1] > 0  # the forced step was padded more
    bots.close()


async def test_a_bot_covering_an_away_player_pauses_the_same(quick):
    fake = FakeTime()
    game, bots = table_of_hard_bots(fake, {})
    seat = game.pending()[0]  # a person's seat: the table asks its bot as for any other
    view, legal = game.view(seat), game.legal_actions(seat)
    pauses = set()
    for options, took in ((passing(legal), 0.0001), (legal, 0.015), (legal, 0.0)):
        bots._run = searching_runner(fake, {len(options): took})
        pauses.add(round(await released_after(bots, fake, seat, view, options), 9))
    assert pauses == {round(hostbots.THINK * hostbots.PAUSE, 9)}
    bots.close()


async def test_no_pause_where_no_hand_is_searched(quick):
    """Where the game never searches (its phase, public), nothing is padded: e.g. a Mi Shi
    deal's questions, answered while the deal is shown."""
    fake = FakeTime()
    game, bots = table_of_hard_bots(fake, {})
    seat = game.pending()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    search = bots.bot(seat).search
    assert search.searchable(view)
    assert not search.searchable({**view, "phase": "reveal"})
    bots._run = searching_runner(fake, {len(legal): 0.0})
    assert await released_after(bots, fake, seat, {**view, "phase": "reveal"}, legal) == 0.0
    assert fake.slept == []
    bots.close()


async def test_a_search_that_overran_is_not_delayed_further(quick):
    fake = FakeTime()
    game, bots = table_of_hard_bots(fake, {})
    seat = game.pending()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    bots._run = searching_runner(fake, {len(legal): 5.0})
    assert await released_after(bots, fake, seat, view, legal) == 5.0 and fake.slept == []
    bots.close()


async def test_the_pool_belongs_to_its_table_and_is_shut_down_with_it():
    pool = ThinkingPool()
    first = pool.executor()
    assert pool.executor() is first  # made once, at the first search
    future = asyncio.wrap_future(first.submit(sum, [1, 2]))
    assert await future == 3
    pool.close()
    assert pool._pool is None
    with pytest.raises(RuntimeError):
        first.submit(sum, [1])
    bots = SeatBots("swapo", 2, seed=0, level="hard")
    bots.pool.executor()
    bots.close()
    assert bots.pool._pool is None
