"""A person at every seat (issue 41 §2): the sampled slice of the matrix, and the person's own
eye for a silent wait.

The slice (tests/person/matrix.py ``sample``) is a few tables, drawn with a seed so that
together they meet every axis: each game, each door (``play``, ``host`` with a screen and a
second person over 127.0.0.1, ``join`` to a headless host in another process), SwaPo variants
with 2–4 decks, the smallest and largest table, the clock, each take-back mode, NO_COLOR,
``--ascii`` and a second language. The whole matrix: ``bench/bench_person.py`` (or
``pytest -m person``, tests/person/test_matrix.py).
"""

from __future__ import annotations

import pytest

import engine
from tests.person.matrix import KNOWN, sample
from tests.person.person import Person, SilentWait
from tests.person.tables import SHORT, Case, play_app, run_case

SLICE = sample()


def marked(case: Case):
    known = KNOWN.get(case.id)
    marks = [pytest.mark.xfail(reason=known, strict=False)] if known else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [marked(c) for c in SLICE])
async def test_a_person_plays_the_slice_to_the_end(case, tmp_path):
    tally = await run_case(case, tmp_path)
    assert tally.games >= 1 and tally.waits_checked > 0 and not tally.silent
    assert tally.reviews == 1  # every door here offers the review at the end


def test_the_slice_meets_every_axis():
    assert {c.game for c in SLICE} == set(engine.GAMES)
    assert set(SHORT) == set(engine.GAMES), "each game's short length (tests/person/tables.py)"
    assert {c.door for c in SLICE} == {"play", "host", "join"}
    assert {c.takebacks for c in SLICE} == {"off", "ask", "free"}
    assert any(c.clock for c in SLICE) and not all(c.clock for c in SLICE)
    assert any(c.no_color for c in SLICE) and any(c.ascii for c in SLICE)
    assert any(c.language in ("ja", "hi") for c in SLICE)
    swapo = [dict(c.options) for c in SLICE if c.game == "swapo"]
    assert any(o.get("variant") for o in swapo) and any(o.get("decks", 1) > 1 for o in swapo)
    smallest = {c.game for c in SLICE if c.seat_count == engine.GAMES[c.game].MIN_SEATS}
    largest = {c.game for c in SLICE if c.seat_count == engine.GAMES[c.game].MAX_SEATS}
    assert smallest and largest


async def test_a_table_that_waits_with_no_key_on_the_screen_is_a_silent_wait(tmp_path):
    """The evening's blocker, as the person meets it: the table waits for this seat, the
    screen still shows its prompt, and the footer offers only chat, scores, rules, leave."""
    table = play_app(Case("swapo", seats=2, seed=3))
    async with table.app.run_test(size=(80, 24)) as pilot:
        await table.sit(pilot)
        screen = pilot.app.screen
        screen.check_action = lambda action, parameters: action in ("chat", "scores", "rules")
        screen.refresh_bindings()
        person = Person(pilot, table.oracle_for, seed=1, label="no keys")
        with pytest.raises(SilentWait, match="silent wait") as caught:
            await person.play_game()
    assert "--- screen ---" in str(caught.value)  # the screen's text comes with it
