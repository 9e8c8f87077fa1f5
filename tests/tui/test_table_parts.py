"""The table screen's small parts without a screen (tui/table/seats.py, keys.py, layout.py):
each given what it reads (no screen: attributes down), and asked what the table shows —
names and digits, which keys work, which look a name is."""

from __future__ import annotations

import pytest
from rich.style import Style

import engine
from tui.table.decisions import Decisions
from tui.table.keys import KeyLine, KeysNow
from tui.table.layout import look_class
from tui.table.messages import TableState
from tui.table.people import People
from tui.table.seats import Seats, most_seats

pytestmark = pytest.mark.unit


def seated(players: list[dict], me: int | None = 0) -> Seats:
    """The seats of a table with ``players``, as the table screen sets them up."""
    people = People()
    people.update(players)
    seats = Seats(people, {}, me)  # no state yet: no view
    seats.look = lambda name: Style(bold=name == "name")
    return seats


PLAYERS = [{"name": "Ann"}, {"name": "Bo\x1b[31m"}, {}, {"name": "Cy", "bot": True}]


def test_seats_name_each_seat_as_the_table_shows_it():
    seats = seated(PLAYERS, me=0)
    assert [seats.name(s) for s in range(4)] == ["You", "Bo", "Seat 3", "Cy"]  # escapes cleaned
    assert seats.name(0, you=False) == seats.called(0) == "Ann"  # the others' word for me
    assert seats.name(None) == seats.name(True) == "table"  # no seat did it: the table
    text = seats.text(1)
    assert text.plain == "Bo" and text.style == Style(bold=True)  # the name's look
    seats.watched = True  # a replay, read by anyone: the seat by its name
    assert [seats.name(s) for s in range(4)] == ["Ann", "Bo", "Seat 3", "Cy"]


def test_seats_count_the_view_then_the_table_then_the_seating_and_a_hostile_count_is_held():
    seats = seated(PLAYERS)
    assert seats.count == 4  # the seating, before anything says more
    seats.table_info = {"seats": 3}
    assert seats.count == 3
    seats.view = {"seats": 2}
    assert seats.count == 2
    for hostile, held in ((10**9, most_seats(None)), (-5, 0)):  # no int refused where it arrived
        seats.view = {"seats": hostile}
        assert seats.count == held, hostile
    seats.table_info, seats.view = {"game": "swoop"}, {"seats": 10**9}
    assert seats.count == engine.GAMES["swoop"].MAX_SEATS < most_seats(None)


def test_seats_number_the_others_clockwise_from_mine_and_follow_my_seat_when_it_moves():
    seats = seated(PLAYERS, me=2)
    assert seats.others() == [3, 0, 1]
    assert [seats.digit(s) for s in (3, 0, 1, 2)] == ["1", "2", "3", ""]
    assert seats.whisper_aims() == {"1": 3, "2": 0, "3": 1}
    seats.me = 0  # the host started with fewer seats: ours moved
    assert seats.others() == [1, 2, 3] and seats.name(0) == "You"
    seats.me = None  # a spectator: every seat is another's, digit 1 the first
    assert seats.others() == [0, 1, 2, 3] and seats.digit(0) == "1"


class Model(Decisions):
    """A decision model whose keys say what the test sets."""

    def __init__(self) -> None:
        super().__init__(0)
        self.states: dict[str, bool | None] = {}
        self.labels: dict[str, str] = {}

    def key_state(self, key: str) -> bool | None:
        return self.states.get(key, False)

    def key_label(self, key: str) -> str | None:
        return self.labels.get(key)


class Desk:
    def __init__(self) -> None:
        self.on = False

    def offered(self, me: int | None, state: TableState, decisions: Decisions) -> bool:
        return self.on


class Part:
    """The game's part as its keys read it: its decision model, no keys of its own."""

    DYNAMIC_ACTIONS: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.decisions = Model()

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        return True


class Keyed:
    """The screen as its keys are asked: what it has now (``KeysNow``), the footer told."""

    def __init__(self) -> None:
        part = Part()
        self.decisions = part.decisions
        self.hints, self.takebacks = Desk(), Desk()
        self.keys = KeyLine(part, self.hints, self.takebacks)
        self.now = KeysNow(TableState(), 0)
        self.refreshed = 0

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.keys.allows(action, parameters, self.now)

    def update(self) -> None:
        if self.keys.changed(self.now):
            self.refreshed += 1


def test_the_keys_work_as_the_decision_model_says_and_its_word_picks_the_binding_shown():
    table = Keyed()
    allows = table.allows
    model = table.decisions
    model.states = {"confirm": True, "pick": None}
    assert allows("confirm", ()) is True and allows("pick", ()) is None  # None: greyed
    assert allows("back", ()) is False
    model.labels = {"confirm": "swap"}  # "enter swap": the worded binding is the one shown
    assert allows("confirm", ("swap",)) is True and allows("confirm", ()) is False
    assert allows("confirm", ("give",)) is False
    assert table.keys.word_args("confirm") == ("swap",)
    model.labels = {"confirm": "not a footer word"}  # shown under the key's usual word
    assert allows("confirm", ()) is True and table.keys.word_args("confirm") == ()


def test_the_tables_own_keys_follow_the_host_the_desks_the_chat_and_a_replay():
    table = Keyed()
    allows = table.allows
    assert allows("host_menu", ()) is False and allows("scores", ()) is True
    table.now.hosting = True
    assert allows("host_menu", ()) is True
    assert allows("hint", ()) is False and allows("takeback", ()) is False
    table.hints.on = table.takebacks.on = True
    assert allows("hint", ()) is True and allows("takeback", ()) is True
    table.decisions.states = {"pick": True}
    table.now.chatting = True  # the keys type into the chat
    assert not allows("hint", ()) and not allows("takeback", ()) and not allows("pick", ())
    assert allows("leave", ()) is True
    table.decisions.watching = True  # only watched: scores and rules, nothing else
    assert [a for a in ("scores", "rules", "leave", "chat", "host_menu") if allows(a, ())] == [
        "scores",
        "rules",
    ]


def test_the_footer_is_told_only_when_the_keys_or_their_words_change():
    table = Keyed()
    table.update()
    assert table.refreshed == 1
    table.update()
    assert table.refreshed == 1  # nothing changed: no refresh (no layout)
    table.decisions.labels = {"confirm": "swap"}
    table.update()
    assert table.refreshed == 2
    table.hints.on = True
    table.update()
    assert table.refreshed == 3


def test_a_look_is_the_games_own_where_it_has_one_else_the_tables():
    classes = {"table--name", "swoop--name", "mishi--dim"}
    assert look_class("swoop", "name", classes) == "swoop--name"
    assert look_class("swapo", "name", classes) == "table--name"
    assert look_class("swoop", "muted", classes) == "table--muted"
    assert look_class("swoop", "mishi--dim", classes) == "mishi--dim"  # a full name as it is
