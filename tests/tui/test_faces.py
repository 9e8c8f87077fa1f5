"""A game's face (tui/table/face.py, tui/games/<game>/face.py) without a screen: what the table
screen asks a game besides drawing — the log's words, the results panels, the scores screen's
history, a hint's cards — from real games the engine's bots play, read through a plain stand-in
for the screen."""

from __future__ import annotations

import inspect
from importlib import import_module
from typing import Any

import pytest
from rich.style import Style
from rich.text import Text

import engine
from tui.games.mishi.face import MishiFace
from tui.games.mishi.flow import MishiDecisions
from tui.games.swapo.face import SwapoFace
from tui.games.swapo.flow import SwapoDecisions
from tui.games.swapo.model import RoundRecord
from tui.games.swoop.face import SwoopFace
from tui.games.swoop.flow import SwoopDecisions
from tui.table.face import GameFace, PlainFace
from tui.table.messages import TableState
from tui.table.parse import Event
from tui.table.results import END_EVENTS
from tui.widgets.cards import CardStyle

pytestmark = pytest.mark.unit

PROTOCOL = sorted(n for n, v in vars(GameFace).items() if callable(v) and not n.startswith("_"))


class Table:
    """The screen as a face reads it (``tui.table.face.Table``): seat 0 is "You"."""

    def __init__(self, seats: int, view: dict | None = None) -> None:
        self.me: int | None = 0
        self.cards = CardStyle(ascii_only=True)
        self.table_info: dict = {"options": {}}
        self.view: dict = view or {}
        self.seats = Seats(self, seats)

    @property
    def state(self) -> TableState:
        """The state as the table reads it where it arrives (tui/table/messages.py)."""
        view, result = self.view, self.view.get("result") or {}
        winners = tuple(result.get("winners") or ())
        game, phase = view.get("game", ""), view.get("phase", "")
        return TableState(0, view or None, [], game, phase, winners)  # type: ignore[arg-type]

    @property
    def you(self) -> int | None:
        return self.me

    def look(self, name: str) -> Style:
        return Style()


class Seats:
    """The seats as a face reads them (``tui.table.seats.Seats``)."""

    def __init__(self, table: Table, count: int) -> None:
        self.table = table
        self.count = count

    def name(self, seat: object, *, you: bool = True) -> str:
        return "You" if you and seat == self.table.me else f"P{seat}"

    def text(self, seat: int, style: str | Style | None = None) -> Text:
        return Text(self.name(seat))


def test_every_game_face_has_the_whole_protocol():
    """A fourth game's face.py must answer everything the table asks (mypy checks where the
    screen sets it; this says which member is missing)."""
    assert {"event_line", "results_rows", "round_history", "hint_cards"} <= set(PROTOCOL)
    for game in engine.GAMES:
        module = import_module(f"tui.games.{game}.face")
        faces = [
            cls
            for name, cls in inspect.getmembers(module, inspect.isclass)
            if name.endswith("Face") and cls.__module__ == module.__name__
        ]
        assert len(faces) == 1, f"{game}: one face class"
        missing = [n for n in PROTOCOL if not callable(getattr(faces[0], n, None))]
        assert not missing, f"{game}'s face lacks {missing}"


def test_the_plain_face_words_an_event_by_its_kind_and_a_round_as_its_game_declares():
    table = Table(2, {"game": "swapo", "over": True, "result": {"winners": [1]}, "scores": [3, 7]})
    face = PlainFace(table)
    assert face.event_line({"type": "play", "seat": 1}) == "P1: play"
    assert face.event_line({"type": "shuffle"}) == "shuffle"
    assert face.toast({"type": "play"}) is None and face.log_tag({"type": "play"}) is None
    assert face.whispers_allowed() is False
    ended = {
        "type": "round_over",
        **dict.fromkeys(("sudden_death", "no_game"), False),
        **{key: [] for key in ("players", "winners", "strengths", "hands", "declared", "stabbed")},
        **{"round": 2, "dealer": 0, "points": [3, 0]},
    }
    assert face.results_title(ended) == "Round 2"
    assert [line.plain for line in face.results_rows(ended)] == ["You +3 · P1 0"]
    assert face.results_title(None) == face.scores_title() == "Final scores — P1 won"
    assert face.results_rows(None) == [] and face.round_history() == []
    assert face.hint_card("10H") == "10H"
    assert face.hint_cards({"type": "play", "cards": ["QS", "QH"]}) == ["QS", "QH"]
    assert face.large_cards(200, 60) and not face.large_cards(70, 20)


def faces(game: str, table: Table) -> tuple[Any, Any]:
    """The game's decision model and face, as its screen builds them."""
    if game == "swapo":
        flow = SwapoDecisions(table.me, table.seats.name)
        return flow, SwapoFace(table, flow, lambda seat: table.seats.name(seat, you=False))
    if game == "swoop":
        model = SwoopDecisions(table.me, letters=True)
        return model, SwoopFace(table, model)
    flow = MishiDecisions(table.me, table.cards, table.seats.name, table.look)
    return flow, MishiFace(table, flow)


@pytest.mark.parametrize(("game", "seats", "options"), [
    ("swapo", 3, {"rounds": 2}),
    ("swoop", 3, {"target": 40}),
    ("mishi", 4, {"hands": 2}),
])  # fmt: skip
def test_a_game_face_words_a_whole_game_the_bots_play(game, seats, options):
    """Every public event of a real game gets through its face; every round/hand's end fills
    a results panel with its lines under a title naming it; at the end the scores screen has
    the game's history and the final result."""
    real = engine.new_game(game, seats, options, seed=5)
    bots = {s: engine.make_bot(game, s, 5 + s) for s in range(seats)}
    table = Table(seats, real.view(0))
    decisions, face = faces(game, table)
    told: set[str] = set()
    last = ""  # the kind of the game's last event (its end)
    panels = 0
    for _step in range(3000):
        if real.over:
            break
        before = table.view
        seat = real.pending()[0]
        events = real.apply(seat, bots[seat].act(real.view(seat), real.legal_actions(seat)))
        table.view = real.view(0)
        decisions.update(table.view, real.legal_actions(0) if 0 in real.pending() else [])
        for event in events:
            kind = event["type"]
            if kind == "round_over" and game == "swapo":  # as SwapoTable.taking
                face.round_ended(RoundRecord.parse(event), table.view)
            if kind == "hand_end" and game == "swoop":  # as SwoopTable.taking
                face.hand_ended(Event.of(event), before)
            line = face.event_line(event)
            assert line is None or isinstance(line, Text | str)
            if line is not None and (line.plain if isinstance(line, Text) else line):
                told.add(kind)
            face.toast(event)
            last = kind
            face.log_tag(event)
            if kind in END_EVENTS:
                panels += 1
                title, rows = face.results_title(event), face.results_rows(event)
                assert title and any(ch.isdigit() for ch in title), title
                assert rows and all(isinstance(row, Text) for row in rows)
    assert real.over, "the bots finish the game"
    assert panels >= 1 and last in told and any(kind in told for kind in END_EVENTS)
    history = face.round_history()
    assert len(history) >= 1 and all(line.plain for line in history)
    assert face.scores_title().startswith("Final scores")
    assert face.results_title(None).startswith("Final scores")
