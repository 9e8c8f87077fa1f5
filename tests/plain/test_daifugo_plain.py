"""大富豪 at the plain table (issue 39): the tribute given by its count and to its name, and
what is on top said to a seat whose turn it is not."""

from __future__ import annotations

import re

import pytest

from tests.plain.test_plain_commands import NAMES, asked, seen_by_another, typed

pytestmark = pytest.mark.unit


def test_the_tribute_is_given_by_its_count_and_to_its_name() -> None:
    # 大富豪's second deal: the poorer gives its strongest cards, the rules' choice
    exchange = lambda game, seat: game.view(seat)["phase"] == "exchange"  # noqa: E731
    table, lines, game = asked("daifugo", {"deals": 2}, 0, exchange)
    seat = table.me
    to = next(e["to"] for e in game.view(seat)["exchanges"] if e["from"] == seat)
    said = typed(table, lines, "give 3")
    assert said == "Not possible: you give 2 cards"
    wrong = NAMES[(to + 1) % 4] if (to + 1) % 4 != seat else NAMES[(to + 2) % 4]
    said = typed(table, lines, f"give 2 to {wrong}")
    assert said == f"Not possible: your cards go to {NAMES[to]}"
    typed(table, lines, f"give 2 to {NAMES[to].lower()}")
    assert table.client.acts == [game.legal_actions(seat)[0]]


def test_table_says_what_is_on_top_when_it_is_not_your_turn() -> None:
    _t, said = seen_by_another("daifugo", {}, 0, lambda g: bool(g.view(0)["trick"]))
    assert any(re.match(r"On top: .+, (your play|played by \w+)$", s) for s in said), said
