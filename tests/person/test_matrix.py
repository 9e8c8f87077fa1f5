"""The whole matrix of a person at every seat, as a marked lane (``pytest -m person``, not in
the default run): each case of tests/person/matrix.py ``whole``. ``bench/bench_person.py`` runs
the same cases and prints what they covered."""

from __future__ import annotations

import pytest

from tests.person.matrix import whole
from tests.person.tables import run_case
from tests.person.test_person import marked

pytestmark = pytest.mark.person


@pytest.mark.parametrize("case", [marked(c) for c in whole()])
async def test_a_person_at_every_seat(case, tmp_path):
    from tests.person.web import Unavailable

    try:
        tally = await run_case(case, tmp_path)
    except Unavailable as exc:
        pytest.skip(str(exc))
    assert tally.games >= 1 and tally.waits_checked > 0 and not tally.silent
