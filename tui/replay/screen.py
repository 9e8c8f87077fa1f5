"""The replay screen: the game's own table screen (tui/games: the one registered for the game),
read from a ``ReplayClient`` instead of a connection, with the replay's keys.

``replay_screen(client, settings)`` makes the screen: the game's registered screen class with
``ReplayControls`` in front of it (its keys, its header part, the open hands). Stepping
forward hands the screen one more state, as the table did. Anything else (a step back, a
jump, another seat, the hands open) opens a fresh screen of the same class that takes in every
state up to the target without drawing and draws the last: the log, the scores, the results
panels and the game screen's own memory are exactly what they were at the table then.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Static

from lang import N_, _

from ..connect import Seat
from ..games import table_screen_for
from ..settings import Settings
from ..table.bindings import TABLE_BINDINGS
from ..table.messages import TableState
from ..table.news import with_glyphs
from .client import ReplayClient

PACES = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Positions per second when playing on; the reader picks one with + and -."""
REPLAY_CSS = Path(__file__).with_name("replay.tcss")

REPLAY_BINDINGS = [
    # TRANSLATORS: footer key description (a replay: one action back or forward); ≤ 8 cells
    Binding("left", "replay_step(-1)", N_("step"), key_display="←→", id="replay-back"),
    Binding("right", "replay_step(1)", N_("step"), show=False, id="replay-on"),
    # TRANSLATORS: footer key description (a replay: the previous/next round or hand); ≤ 8 cells
    Binding("pageup,left_square_bracket", "replay_round(-1)", N_("round"), key_display="[]"),
    Binding("pagedown,right_square_bracket", "replay_round(1)", N_("round"), show=False),
    # TRANSLATORS: footer key description (a replay: to the deal); ≤ 8 cells
    Binding("home", "replay_end(0)", N_("start")),
    # TRANSLATORS: footer key description (a replay: to the last action); ≤ 8 cells
    Binding("end", "replay_end(1)", N_("end")),
    # TRANSLATORS: footer key description (a replay: play on by itself, or stop); ≤ 8 cells
    Binding("space", "replay_play", N_("play")),
    # TRANSLATORS: footer key description (a replay: faster or slower); ≤ 8 cells
    Binding("plus,equals_sign", "replay_pace(1)", N_("pace"), key_display="+-"),
    Binding("minus", "replay_pace(-1)", N_("pace"), show=False),
    # TRANSLATORS: footer key description (a replay: show another seat's view); ≤ 8 cells
    Binding("tab", "replay_seat", N_("seat")),
    # TRANSLATORS: footer key description (a replay: every hand face up); ≤ 8 cells
    Binding("o", "replay_open", N_("open")),
    # and the table's own keys that mean something here: scores, rules, leave
    *(b for b in TABLE_BINDINGS if b.action in ("scores", "rules", "leave")),
]
NOT_IN_A_REPLAY = ("chat", "host_menu", "move", "pick", "confirm", "back", "digit")


class OpenHands(Static):
    """Every seat's hand, face up (a finished game's full record, ``o``)."""


class ReplayControls:
    """The replay's part of the screen (mixed in front of the game's table screen)."""

    if TYPE_CHECKING:
        from textual.app import App

        app: App
        client: Any
        settings: Settings
        is_current: bool

        def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...
        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def seat_name(self, seat: object, *, you: bool = True) -> str: ...
        def set_interval(self, interval: float, callback: Any) -> Timer: ...
        def refresh_bindings(self) -> None: ...

    muted = False
    """Taking in a state before the one to show: nothing is drawn."""
    player: Timer | None = None

    @property
    def replay_client(self) -> ReplayClient:
        assert isinstance(self.client, ReplayClient)
        return self.client

    # -- taking in states ------------------------------------------------------------------
    def receive_state(self, state: TableState, events: list[dict]) -> None:
        """A state before the one to show (a fresh screen catching up) is taken in without
        drawing; the one to show, and each step forward, as at the table."""
        quiet = state.version < self.replay_client.position
        self.muted = quiet
        try:
            super().receive_state(state, events)  # type: ignore[misc]
        finally:
            self.muted = False
        if not quiet:
            self.show_open_hands()

    def draw(self) -> None:
        if not self.muted:
            super().draw()  # type: ignore[misc]

    def draw_header(self) -> None:
        if not self.muted:
            super().draw_header()  # type: ignore[misc]

    def update_keys(self) -> None:
        if not self.muted:
            super().update_keys()  # type: ignore[misc]

    def push_over_table(self, screen: Any, answered: Any) -> None:
        """A results panel of a state taken in quietly is closed at once, as the player closed
        it then; the one of the state shown opens as at the table."""
        if self.muted:
            answered(None)
        else:
            super().push_over_table(screen, answered)  # type: ignore[misc]

    def header_parts(self) -> list[Text | str]:
        client = self.replay_client
        replay = client.replay
        whose = (
            _("every hand open")
            if client.open_hands
            else _("as seen by {name}").format(name=self.seat_name(client.seat, you=False))
            if client.seat is not None
            else _("as a spectator saw it")
        )
        # TRANSLATORS: the replay's place in the header: "replay 12/279"
        where = _("replay {n}/{total}").format(n=client.position, total=replay.positions - 1)
        parts: list[Text | str] = [*super().header_parts(), where, whose]  # type: ignore[misc]
        if self.player is not None:
            parts.append(_("▶ {pace}/s").format(pace=f"{PACES[self.pace_index]:g}"))
        if replay.stopped and client.position == replay.positions - 1:
            parts.append(_("the game stopped here, unfinished"))
        return parts

    def show_open_hands(self) -> None:
        hands = self.replay_client.hands()
        pane = self.query_one(OpenHands)
        pane.display = hands is not None
        if hands is None:
            return
        text = Text()
        for seat, hand in enumerate(hands):
            if seat:
                text.append("\n")
            text.append(f"{self.seat_name(seat, you=False)}: ", "bold")
            text.append(with_glyphs(" ".join(hand), self.settings.cards) if hand else "–")
        pane.update(text)

    def compose(self) -> ComposeResult:
        yield from super().compose()  # type: ignore[misc]
        yield OpenHands(id="open-hands", markup=False)

    # -- the replay's keys -----------------------------------------------------------------
    pace_index = 2

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NOT_IN_A_REPLAY:
            return False
        if action == "replay_open":
            return self.replay_client.replay.can_open
        if action == "replay_seat":
            return len(self.replay_client.replay.seats) > 1 or self.replay_client.open_hands
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_replay_step(self, step: int) -> None:
        client = self.replay_client
        if step > 0:
            if client.step():
                return
            self.stop_playing()
            return
        self.go(client.position - 1)

    def action_replay_round(self, step: int) -> None:
        client = self.replay_client
        marks = client.replay.marks
        if step > 0:
            later = [m for m in marks if m > client.position]
            self.go(later[0] if later else client.replay.positions - 1)
        else:
            earlier = [m for m in marks if m < client.position]
            self.go(earlier[-1] if earlier else 0)

    def action_replay_end(self, end: int) -> None:
        self.go(self.replay_client.replay.positions - 1 if end else 0)

    def action_replay_play(self) -> None:
        if self.player is not None:
            self.stop_playing()
        else:
            self.player = self.set_interval(1 / PACES[self.pace_index], self.play_on)
        self.draw_header()

    def play_on(self) -> None:
        if self.is_current:  # a results panel on top holds the replay, as it held the table
            self.action_replay_step(1)
            self.draw_header()

    def stop_playing(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None
            self.draw_header()

    def action_replay_pace(self, step: int) -> None:
        self.pace_index = max(0, min(len(PACES) - 1, self.pace_index + step))
        if self.player is not None:
            self.stop_playing()
            self.action_replay_play()
        self.draw_header()

    def action_replay_seat(self) -> None:
        client = self.replay_client
        seats = client.replay.seats
        if client.open_hands:  # from the open view back to the first seat's
            self.go(client.position, seat=seats[0], open_hands=False)
            return
        at = seats.index(client.seat) if client.seat in seats else -1
        self.go(client.position, seat=seats[(at + 1) % len(seats)])

    def action_replay_open(self) -> None:
        client = self.replay_client
        if client.replay.can_open:
            self.go(client.position, open_hands=not client.open_hands)

    def go(self, position: int, *, seat: Any = ..., open_hands: bool | None = None) -> None:
        """Show ``position`` (from ``seat``'s chair, hands open or not) on a fresh screen."""
        client = self.replay_client
        position = max(0, min(position, client.replay.positions - 1))
        seat = client.seat if seat is ... else seat
        open_hands = client.open_hands if open_hands is None else open_hands
        if (position, seat, open_hands) == (client.position, client.seat, client.open_hands):
            return
        self.stop_playing()
        fresh = ReplayClient(client.replay, seat, position, open_hands=open_hands)
        self.app.run_worker(self._switch(fresh), group="replay", exclusive=True)

    async def _switch(self, client: ReplayClient) -> None:
        await client.connect()
        screen = replay_screen(client, self.settings)
        screen.pace_index = self.pace_index
        await self.app.switch_screen(screen)

    def action_leave(self) -> None:
        """Back to where the replay was opened from (the table's final panel), or out."""
        self.stop_playing()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


_CLASSES: dict[str, type] = {}


def replay_screen(client: ReplayClient, settings: Settings) -> Any:
    """The replay screen of ``client``'s game: its registered table screen class with the
    replay's controls in front, at ``client``'s position."""
    game = str((client.table or {}).get("game", ""))
    cls = _CLASSES.get(game)
    if cls is None:
        table_cls: Any = table_screen_for(game)
        base = Path(inspect.getfile(table_cls)).parent
        paths = table_cls.CSS_PATH if isinstance(table_cls.CSS_PATH, list) else [table_cls.CSS_PATH]
        cls = _CLASSES[game] = type(
            f"Replay{table_cls.__name__}",
            (ReplayControls, table_cls),
            {
                "CSS_PATH": [base / p for p in paths] + [REPLAY_CSS],
                # the replay's keys only, in this order (Textual reads BINDINGS from its own
                # classes, not from a mixin): none of the game's, no chat
                "BINDINGS": REPLAY_BINDINGS,
                "DEFAULT_CLASSES": "-replay",
                "__module__": __name__,
            },
            inherit_bindings=False,
        )
    return cls(Seat(client, [], "replay"), settings)
