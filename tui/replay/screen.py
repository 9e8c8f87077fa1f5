"""The replay screen: the game's own table screen (the one tui/games registers for the
game, as at a live table), its link to the network replaced by the record
(tui/replay/source.py), driven by the replay's controls (tui/replay/controls.py) through its
public hooks: ``receive_state``, ``quiet``, ``read_only``, ``extras``, ``header.aside``,
``over_table`` (its results panels, tui/replay/panels.py).

``Replayer`` is one reader's replay of one record: the position, the seat it is seen from,
the hands open or not, the pace; and one table screen per seat seen so far (``Track``,
tui/replay/track.py), kept while the replay is open, so that switching seats back and forth
builds no screen twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.screen import Screen

from engine.record import OpenHands, Replay

from ..games import table_screen_for
from ..seat import Seat
from ..settings import Settings
from ..table.panel import PanelWords, ResultsPanel
from .controls import ReplayControls
from .panels import Panels
from .source import RecordSource
from .track import Track, Walk

if TYPE_CHECKING:
    from ..table.screen import TableScreen


class Replayer:
    """See the module docstring. ``app`` is set when the first screen is shown."""

    def __init__(
        self,
        replay: Replay,
        seat: int | None,
        position: int = 0,
        *,
        open_hands: bool = False,
        settings: Settings | None = None,
    ) -> None:
        self.replay = replay
        self.seat = seat
        self.position = max(0, min(position, replay.positions - 1))
        self.open_hands = open_hands and replay.can_open
        self.pace_index = 2
        self.settings = settings or Settings()
        self.tracks: dict[int | None, Track] = {}
        # every hand at each position, walked through once: asked at every move while open
        # (``Replay.open_hands`` plays the record from the deal at each call)
        self.every_hand = Walk(replay, OpenHands.of)
        self.app: App | None = None
        self.names: list[str] = []  # the screens installed in the app

    @property
    def track(self) -> Track:
        """The track of the seat shown now (its screen made on first use)."""
        track = self.tracks.get(self.seat)
        if track is None:
            track = self.tracks[self.seat] = self._make(self.seat)
        return track

    @property
    def screen(self) -> TableScreen:
        return self.track.screen

    @property
    def panel(self) -> PanelWords | None:
        """What the results panel over the table says, while one shows (else None)."""
        stack = self.app.screen_stack if self.app is not None else []
        if len(stack) > 1 and stack[-2] is self.screen and isinstance(stack[-1], ResultsPanel):
            return stack[-1].words
        return None

    @property
    def controls(self) -> ReplayControls:
        return self.screen.query_one(ReplayControls)

    def _make(self, seat: int | None) -> Track:
        cls: Any = table_screen_for(str(self.replay.record["game"]))
        source = RecordSource(self.replay, seat)
        screen: TableScreen = cls(Seat(source, [], "replay"), self.settings)
        track = Track(self.replay, seat, screen, source)
        screen.read_only = True
        # no line keeps a height it grew to (it would depend on the way the position was
        # reached): the prompt has its two lines throughout (replay.tcss)
        screen.kept_heights = ()
        controls = ReplayControls(self, track)
        screen.side_extras.append(controls)  # every hand open: in the log's place
        screen.header.aside = controls.header_parts
        screen.over_table = Panels(self.the_app, self.install).show
        screen.add_class("-replay")
        return track

    async def show(self, app: App) -> None:
        """Push the replay over what ``app`` shows."""
        self.app = app
        await app.push_screen(self.install(self.screen))

    def the_app(self) -> App:
        """The app the replay is shown in (once shown)."""
        assert self.app is not None
        return self.app

    def install(self, screen: Screen[Any]) -> str:
        """Install ``screen`` in the app under a new name (uninstalled when the replay
        closes) and give the name."""
        assert self.app is not None
        name = f"replay-{id(self)}-{len(self.names)}"
        self.app.install_screen(screen, name)
        self.names.append(name)
        return name

    def hands(self) -> OpenHands | None:
        """Every hand now, and the cards no hand shows, when shown open."""
        return self.every_hand[self.position] if self.open_hands else None

    def move(self, position: int) -> bool:
        """Show ``position`` (False: outside the record, or a results panel is about to open
        over the table, which holds the replay as it holds the table: nothing moved)."""
        if not 0 <= position < self.replay.positions or self.screen.rounds.opening:
            return False
        if position != self.position:
            self.position = position
            self.controls.show_position()
        return True

    def next_seat(self) -> None:
        """Show the next seat's view (a spectator's after the last seat)."""
        seats = self.replay.seats
        at = seats.index(self.seat) if self.seat in seats else -1
        self.seat = seats[(at + 1) % len(seats)]
        assert self.app is not None
        new = self.seat not in self.tracks
        screen = self.screen
        if new:
            self.app.switch_screen(self.install(screen))
        else:
            self.app.switch_screen(screen)
            self.controls.show_position()

    def leave(self) -> None:
        """Close the replay: back to where it was opened from, or out of the app."""
        app = self.app
        assert app is not None
        for track in self.tracks.values():
            track.screen.stop_listening()
        if len(app.screen_stack) <= 2:
            app.exit()
            return
        app.pop_screen()
        for name in self.names:  # none of them is on the stack any more
            app.call_later(app.uninstall_screen, name)
        self.names = []
