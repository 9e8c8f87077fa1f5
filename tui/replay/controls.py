"""The replay's controls: a widget the game's real table screen composes (``extras``), that
holds the replay's keys and drives the screen through its public hooks.

``ReplayControls`` is also the pane of every hand, face up (a finished game's full record,
``o``), in the side column in the log's place (under the title, beside the table, at any
size); it keeps the focus, so that its keys are the ones that work
(the table screen, ``read_only``, offers only its scores and rules). The header's part of the
replay (where it is, from whose chair, playing on) is the screen's ``header.aside``.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from lang import N_, _

from ..fill import fill
from ..table.game_words import words_for
from ..table.news import with_glyphs

if TYPE_CHECKING:
    from ..table.screen import TableScreen
    from .screen import Replayer
    from .track import Track

PACES = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Positions per second when playing on; the reader picks one with + and -."""
FILL_EVERY = 0.05
"""Seconds between slices of keeping memories ahead (tui/replay/track.py)."""
FILL_AFTER = 0.3
"""Seconds after the last move before memories ahead are kept (the reader's steps first),
and between looks while something covers the table (a results panel)."""

REPLAY_BINDINGS: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    # TRANSLATORS: footer key description (a replay: one action back or forward); ≤ 8 cells
    Binding("left", "replay_step(-1)", N_("step"), key_display="←→", id="replay-back"),
    Binding("right", "replay_step(1)", N_("step"), show=False, id="replay-on"),
    # TRANSLATORS: footer key description (a replay: the previous/next round or hand); ≤ 8 cells
    Binding("pageup,left_square_bracket", "replay_round(-1)", N_("round"), key_display="[]"),
    Binding("pagedown,right_square_bracket", "replay_round(1)", N_("round"), show=False),
    # TRANSLATORS: footer key description (a replay: to the first position, the deal; shown
    # after the key "home"); ≤ 8 cells
    Binding("home", "replay_end(0)", N_("first")),
    # TRANSLATORS: footer key description (a replay: to the last action; shown after the key
    # "end", so not "end" again); ≤ 8 cells
    Binding("end", "replay_end(1)", N_("last")),
    # TRANSLATORS: footer key description (a replay: play on by itself); ≤ 8 cells
    Binding("space", "replay_play", N_("play on")),
    # TRANSLATORS: footer key description (a replay playing on by itself: stop where it is);
    # ≤ 8 cells
    Binding("space", "replay_play('pause')", N_("pause")),
    # TRANSLATORS: footer key description (a replay: faster or slower); ≤ 8 cells
    Binding("plus,equals_sign", "replay_pace(1)", N_("pace"), key_display="+-"),
    Binding("minus", "replay_pace(-1)", N_("pace"), show=False),
    # TRANSLATORS: footer key description (a replay: show another seat's view); ≤ 8 cells
    Binding("tab", "replay_seat", N_("seat")),
    # TRANSLATORS: footer key description (a replay: every hand face up); ≤ 8 cells
    Binding("o", "replay_open", N_("open")),
    # TRANSLATORS: footer key description (a replay showing every hand: back to one seat's
    # view); ≤ 8 cells
    Binding("o", "replay_open('hide')", N_("hide")),
    Binding("q", "replay_leave", N_("leave")),  # the table's own word (tui/table/bindings.py)
]


def wake_first(screen: TableScreen) -> None:
    """Before drawing a step from a key: let ``screen`` take its turn first, so that it paints
    the whole step in one frame.

    A widget that changed tells its screen at its own next turn of the loop, and the screen
    paints once it has nothing more to read. A state from the network is drawn in the
    screen's own turn, so every widget tells it after that turn, together. A replay's step
    is drawn in this widget's turn: if the screen's turn came in the middle of the widgets'
    (it is woken by whatever the step asks of it first), it painted the first few at once and
    the rest at its next frame, which Textual times one to two frames later. Waking it first
    (it finds nothing to paint yet) puts its next turn after every widget's.
    """
    screen.check_idle()


def hidden_word(game: str, kind: str) -> str:
    """What a kind of cards no hand shows is called (engine ``HiddenCards.kind``), as the
    game declares it (tui/games/<game>/declared.py)."""
    return words_for(game).hidden_word(kind)


class ReplayControls(Static, can_focus=True):
    """The replay's keys and the open hands; see the module docstring."""

    BINDINGS = REPLAY_BINDINGS

    def __init__(self, replayer: Replayer, track: Track) -> None:
        super().__init__("", id="open-hands", markup=False)
        self.replayer = replayer
        self.track = track
        self.player: Timer | None = None
        self.filler: Timer | None = None  # the next slice of keeping memories ahead

    @property
    def table(self) -> TableScreen:
        """The table screen this widget is part of."""
        return self.track.screen

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._keep_focus)
        self.call_after_refresh(self.start)

    def _keep_focus(self, focused: Widget | None) -> None:
        """The replay's keys stay the ones that work (nothing else here takes keys)."""
        if focused is not self:
            self.focus()

    def start(self) -> None:
        """The seating, then the replayer's position."""
        self.table.people.update(self.track.source.players())
        self.focus()
        self.show_position()

    def fill_later(self, delay: float = FILL_AFTER) -> None:
        """Keep memories ahead in ``delay`` seconds, unless the reader moves before (each move
        sets the time again)."""
        if self.filler is not None:
            self.filler.stop()
        self.filler = self.set_timer(delay, self.fill_ahead)

    def fill_ahead(self) -> None:
        """Between the reader's moves, keep memories ahead, a slice of time at a go, until
        they are kept (tui/replay/track.py); then nothing runs until the reader moves again.
        Not while playing on (stopping sets the time again), nor while another seat's screen
        shows (its own controls fill for it; this one's start again when it shows)."""
        self.filler = None
        shown = self.replayer.tracks.get(self.replayer.seat) is self.track
        if self.player is not None or not shown:
            return
        if not self.screen.is_current:  # a results panel over the table: look again later
            self.fill_later()
            return
        # the app closing takes the table's widgets away under a memory being taken
        with contextlib.suppress(NoMatches):
            if self.track.fill_ahead():
                self.fill_later(FILL_EVERY)

    # -- drawing -----------------------------------------------------------------------------
    def show_position(self) -> None:
        """Draw the replayer's position on the table screen (and the hands, if open), in one
        frame (``wake_first``)."""
        wake_first(self.table)
        self.fill_later()
        self.show_hands()
        if self.track.at != self.replayer.position:
            self.track.go(self.replayer.position)  # the header is drawn with the state
        else:
            self.table.draw_header()

    def header_parts(self) -> list[Text | str]:
        replayer, replay = self.replayer, self.replayer.replay
        seat = self.track.seat
        whose = (
            _("every hand open")
            if replayer.open_hands
            else _("as seen by {name}").format(name=self.table.seats.name(seat, you=False))
            if seat is not None
            else _("as a spectator saw it")
        )
        # TRANSLATORS: the replay's place in the header: "replay 12/279"
        where = _("replay {n}/{total}").format(n=replayer.position, total=replay.positions - 1)
        # the place first, and what goes with it (the pace it moves at, the end of an
        # unfinished game): a header too wide for the window leaves out its last parts first
        parts: list[Text | str] = [where]
        if self.player is not None:
            parts.append(_("▶ {pace}/s").format(pace=f"{PACES[replayer.pace_index]:g}"))
        if replay.stopped and replayer.position == replay.positions - 1:
            parts.append(_("the game stopped here, unfinished"))
        parts.append(whose)
        return parts

    def show_hands(self) -> None:
        """Each seat's hand, then the cards no hand shows: a seat's own beside its hand
        (Swoop's face-down cards, 秘十's buried ones), nobody's on a line of their own (the
        kitty before it is taken up)."""
        shown = self.replayer.hands()
        self.set_class(shown is None, "-closed")
        self.table.set_class(shown is not None, "-open-hands")  # the log gives way
        if shown is None:
            return
        cards = self.table.settings.cards
        text = Text()
        for seat, hand in enumerate(shown.hands):
            if seat:
                text.append("\n")
            text.append(f"{self.table.seats.name(seat, you=False)}: ", "bold")
            text.append(with_glyphs(" ".join(hand), cards) if hand else "–")
            for hidden in (h for h in shown.hidden if h.seat == seat):
                text.append(f" · {hidden_word(self.table.game, hidden.kind)} ", "dim")
                text.append(with_glyphs(" ".join(hidden.cards), cards))
        for hidden in (h for h in shown.hidden if h.seat is None):
            # TRANSLATORS: a review's open hands: cards no hand holds, on a line of their own
            # ("kitty: 7♠ 8♥"); {what} is what they are called; <b>…</b> is shown bold
            line = _("<b>{what}:</b> {cards}")
            what = hidden_word(self.table.game, hidden.kind)
            shown_cards = with_glyphs(" ".join(hidden.cards), cards)
            text.append("\n")
            text.append_text(fill(line, tags={"b": "bold"}, what=what, cards=shown_cards))
        self.update(text)

    # -- the keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys work, and which word a toggle shows: "play" or "pause" (space), "open"
        or "hide" (o), each a binding of its own with the word as its argument."""
        replay = self.replayer.replay
        if action == "replay_play":
            return bool(parameters) == (self.player is not None)
        if action == "replay_open":
            return replay.can_open and bool(parameters) == self.replayer.open_hands
        if action == "replay_seat":
            return len(replay.seats) > 1
        return True

    def action_replay_step(self, step: int) -> None:
        if not self.replayer.move(self.replayer.position + step):
            self.stop_playing()

    def action_replay_round(self, step: int) -> None:
        position, marks = self.replayer.position, self.replayer.replay.marks
        if step > 0:
            later = [m for m in marks if m > position]
            self.replayer.move(later[0] if later else self.replayer.replay.positions - 1)
        else:
            earlier = [m for m in marks if m < position]
            self.replayer.move(earlier[-1] if earlier else 0)

    def action_replay_end(self, end: int) -> None:
        self.replayer.move(self.replayer.replay.positions - 1 if end else 0)

    def action_replay_play(self, word: str | None = None) -> None:
        if self.player is not None:
            self.stop_playing()
            return
        self.player = self.set_interval(1 / PACES[self.replayer.pace_index], self.play_on)
        self.table.draw_header()
        self.refresh_bindings()  # space says "pause" now

    def play_on(self) -> None:
        # a results panel over the table (or about to open) holds the replay, as the table
        held = self.replayer.panel is not None or self.table.rounds.opening
        if self.screen.is_current and not held:
            self.action_replay_step(1)
            self.table.draw_header()

    def stop_playing(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None
            self.table.draw_header()
            self.refresh_bindings()  # space says "play" again
            self.fill_later()

    def action_replay_pace(self, step: int) -> None:
        replayer = self.replayer
        replayer.pace_index = max(0, min(len(PACES) - 1, replayer.pace_index + step))
        if self.player is not None:
            self.stop_playing()
            self.action_replay_play()
        self.table.draw_header()

    def action_replay_seat(self) -> None:
        self.stop_playing()
        self.replayer.next_seat()

    def action_replay_open(self, word: str | None = None) -> None:
        if self.replayer.replay.can_open:
            self.replayer.open_hands = not self.replayer.open_hands
            self.show_hands()
            self.table.draw_header()
            self.refresh_bindings()  # o says "hide" or "open"

    def action_replay_leave(self) -> None:
        """Back to where the replay was opened from (the table's final panel), or out."""
        self.stop_playing()
        self.replayer.leave()
