"""The people at a table: who sits where, who is away and for how long, whose results panel
the table waits for, a host that closed or vanished (``People``, a small controller the table
screen owns), and the host's decisions: its own screen runs the ``Host`` in this process and
calls it directly (``HostDecisions``, the menu and its confirmations; ``open_host_menu`` on m).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from lang import N_, _, ngettext, pgettext
from net.table.decisions import Cover, FillWithBots, HoldClock, Mute, Remove, SendAway, StartNow
from net.wire.reasons import problem
from tui.dialogs import DIALOGS_CSS, Confirm
from tui.seat import HOST_GONE_WAIT
from tui.text import clean
from tui.widgets.footer import WordedFooter

from .away import Absence

if TYPE_CHECKING:
    from net.doors.host import Host

Choice = tuple[str, str, int | None]
"""(what the menu says, the decision, the seat it acts on or the spectator's number)."""

#: The question and the detail that confirm each host decision (msgids: ``_()`` when shown).
CONFIRM: dict[str, tuple[str, str]] = {
    "start_now": (
        N_("Start now?"),
        N_("The game starts with the players seated; the table is smaller."),
    ),
    "fill_with_bots": (N_("Fill the empty seats with bots?"), N_("The game starts at once.")),
    "cover": (N_("Let a bot play this seat?"), N_("The player takes it back by joining again.")),
    "remove": (N_("Remove this player?"), N_("They cannot come back to this seat.")),
    "close": (N_("Close the table?"), N_("Everyone is told the host closed the table.")),
    "mute": (N_("Mute this spectator?"), N_("Their chat no longer reaches the table.")),
    "unmute": (N_("Let this spectator chat again?"), N_("Everyone is told.")),
    "send_away": (
        N_("Ask this spectator to leave?"),
        N_("They are told why, and cannot come back to this table."),
    ),
}


def host_choices(host: Host, me: int | None) -> list[Choice]:
    """What the host may decide now, as menu lines."""
    rules = host.table.rules
    seats = rules.seating.seats
    choices: list[Choice] = []
    if not rules.started:
        free = sum(not seat.taken for seat in seats)
        if free and rules.controls.can_start_now():
            seated = _("Start now with the {n} seated").format(n=rules.seating.taken_count)
            choices.append((seated, "start_now", None))
        if free:
            fill = ngettext(
                "Fill the empty seat with a bot", "Fill the {n} empty seats with bots", free
            ).format(n=free)
            choices.append((fill, "fill_with_bots", None))
    elif not rules.game.over:
        for seat in seats:
            if not seat.bot and seat.name and not seat.connected and not seat.covered:
                cover = _("Let a bot play for {name} (away)").format(name=seat.name)
                choices.append((cover, "cover", seat.index))
    for seat in seats:
        if not seat.bot and seat.name and seat.index != me and not rules.over:
            digit = seat_digit(seat.index, me, len(seats))  # as the table numbers it
            remove = _("Remove {name} (seat {n})").format(name=seat.name, n=digit)
            choices.append((remove, "remove", seat.index))
    choices += watcher_choices(rules.watchers.listing())
    choices.append((_("Close the table for everyone"), "close", None))
    return choices


def watcher_choices(watchers: list[dict]) -> list[Choice]:
    """Mute (or let speak again) each spectator, or ask it to leave."""
    choices: list[Choice] = []
    for watcher in watchers:
        name, number = clean(watcher["name"], limit=16), watcher["id"]
        if watcher["muted"]:
            # TRANSLATORS: the host's menu; {name} watches the table without a seat
            unmute = _("Let {name} chat again (watching)").format(name=name)
            choices.append((unmute, "unmute", number))
        else:
            # TRANSLATORS: the host's menu; {name} watches the table without a seat
            choices.append((_("Mute {name}'s chat (watching)").format(name=name), "mute", number))
        # TRANSLATORS: the host's menu; {name} watches the table without a seat
        leave = _("Ask {name} to leave (watching)").format(name=name)
        choices.append((leave, "send_away", number))
    return choices


class HostMenu(ModalScreen[Choice | None]):
    """The host's decisions at its table: pick one (then confirm it)."""

    CSS_PATH = DIALOGS_CSS
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [Binding("escape,m,q", "dismiss_menu", N_("back"))]

    def __init__(self, choices: list[Choice]) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("You host this table"), id="question")
            yield OptionList(
                *(Option(text, id=str(i)) for i, (text, *_rest) in enumerate(self.choices)),
                id="host-choices",
            )
        yield WordedFooter()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)])

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)


class People:
    """Who sits where (the ``lobby`` message's players), who is away and since when, and
    whether the host is gone; names seats as the table shows them."""

    def __init__(self, absent_bot: float | None = None) -> None:
        self.absent_bot = absent_bot
        """The table's ``absent_bot``: a bot plays an away seat after so many seconds."""
        self.players: list[dict] = []
        self.watchers: list[dict] = []
        """Who watches without a seat (``lobby`` ``watchers``: ``id``, ``name``, ``muted``)."""
        self.players_at = 0.0  # when ``players`` came (the away times count on from it)
        self.lost_at: float | None = None  # the host vanished at (None: it has not)
        self.closed_reason = ""  # the host closed the table or removed us: said so

    def update(self, players: list[dict], watchers: list[dict] | None = None) -> None:
        self.players = players
        self.players_at = time.monotonic()
        if watchers is not None:
            self.watchers = [w for w in watchers if isinstance(w.get("name"), str)]

    def watching(self) -> str:
        """Who watches, in words: "Cy, Di (muted)" ("" when nobody does)."""
        names = []
        for watcher in self.watchers:
            name = clean(watcher["name"], limit=16)
            if watcher.get("muted") is True:
                # TRANSLATORS: a spectator whose chat the host muted, in the list of watchers
                name = _("{name} (muted)").format(name=name)
            names.append(name)
        return ", ".join(names)

    def watching_line(self) -> str:
        """ "Watching: Cy, Di" for the waiting room and the header ("" when nobody does)."""
        names = self.watching()
        # TRANSLATORS: the spectators of the table (people watching without a seat)
        return _("Watching: {names}").format(names=names) if names else ""

    def entry(self, seat: int) -> dict:
        return self.players[seat] if 0 <= seat < len(self.players) else {}

    def name(self, seat: int) -> str | None:
        """The seat's player's name as they gave it (None: nobody, or no name)."""
        name = self.entry(seat).get("name")
        return name if isinstance(name, str) and name else None

    def seat_name(self, seat: object, me: int | None) -> str:
        """A seat's name as shown: "You" for ``me``, the cleaned name, or "Seat N"."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            # TRANSLATORS: who did something that no seat did (the table itself)
            return pgettext("who", "table")
        if seat == me:
            return _("You")
        name = self.name(seat)
        return clean(name, limit=16) if name else _("Seat {n}").format(n=seat + 1)

    def is_bot(self, seat: int) -> bool:
        return bool(self.entry(seat).get("bot"))

    def anyone_away(self) -> bool:
        return any(p.get("away") for p in self.players)

    def reading(self, me: int | None) -> list[int]:
        """The other seats whose results panel the table waits for (``lobby`` ``reading``)."""
        return [i for i, p in enumerate(self.players) if i != me and p.get("reading") is True]

    def taken(self) -> int:
        return sum(1 for p in self.players if p.get("name") or p.get("bot"))

    def absences(self) -> list[tuple[int, Absence]]:
        """Every seat whose player left, with how long ago and whether a bot plays or will."""
        out = []
        since = time.monotonic() - self.players_at
        for seat, entry in enumerate(self.players):
            away = entry.get("away")
            if not isinstance(away, dict):
                continue
            name = clean(entry.get("name") or _("Seat {n}").format(n=seat + 1), limit=16)
            seconds = away.get("seconds", 0)
            seconds = seconds if isinstance(seconds, (int, float)) else 0
            covered = away.get("bot") is True
            out.append((seat, Absence(name, float(seconds) + since, covered, self.absent_bot)))
        return out

    def away_marks(self) -> list[Text]:
        """ "Bo away 3 min" for every seat whose player left, "(bot plays)" if a bot plays
        for them, "(bot in 18 s)" until one will (tui/table/away.py)."""
        return [Text(absence.mark()) for _seat, absence in self.absences()]

    def away_words(self, awaited: list[int], *, hosting: bool) -> str:
        """The prompt's words for the awaited seats whose player left: "Bo is away — a bot
        plays for them in 18 s" ("": none is away)."""
        said = [a.sentence(hosting=hosting) for seat, a in self.absences() if seat in awaited]
        return " · ".join(said)

    # -- the host leaving -------------------------------------------------------------------
    def host_gone_text(self) -> str:
        left = max(0, round(HOST_GONE_WAIT - (time.monotonic() - (self.lost_at or 0.0))))
        return _("Connection lost: the host is gone — waiting {n} s for it to come back").format(
            n=left
        )

    def host_error(self, code: str) -> bool:
        """An ``error`` (its code) that ends our place at the table; True if it was one."""
        said = {
            "closed": _("The host closed the table"),
            "removed": _("The host removed you"),
            # TRANSLATORS: told to a spectator the host sent away
            "banned": _("The host asked you to leave this table: you cannot come back to it"),
        }.get(code)
        if said is not None:
            self.closed_reason = said
        return said is not None


class HostDecisions:
    """The host's menu (m) at its own table: a choice, its confirmation, then the decision
    (net/table/decisions.py) the ``Host`` makes (closing the table leaves it, through
    ``leave``)."""

    def __init__(
        self,
        host: Host,
        push_screen: Callable[..., Any],
        leave: Callable[[], None],
        warn: Callable[[str], None],
    ) -> None:
        self.host = host
        self.push_screen = push_screen
        self.leave = leave
        self.warn = warn

    def open(self, me: int | None) -> None:
        self.hold_clock(True)  # the turn clocks stop while the host decides
        self.push_screen(HostMenu(host_choices(self.host, me)), self.chosen)

    def hold_clock(self, held: bool) -> None:
        self.host.decide(HoldClock(held))

    def chosen(self, choice: Choice | None) -> None:
        if choice is None:
            self.hold_clock(False)
            return
        text, method, seat = choice
        question, detail = CONFIRM[method]

        def confirmed(yes: bool | None) -> None:
            self.hold_clock(False)
            if yes:
                self.decide(method, seat)

        # TRANSLATORS: the host's choice, then what it does: "Remove Bo (seat 2). They cannot…"
        said = _("{choice}. {detail}").format(choice=text, detail=_(detail))
        self.push_screen(Confirm(_(question), said), confirmed)

    def decide(self, method: str, seat: int | None) -> None:
        """Do what the host decided (already confirmed); ``seat``: the seat it acts on, or
        the spectator's number."""
        decide = self.host.decide
        try:
            if method == "close":
                self.leave()
            elif method == "start_now":
                decide(StartNow())
            elif method == "fill_with_bots":
                decide(FillWithBots())
            elif method == "cover" and seat is not None:
                decide(Cover(seat))
            elif method == "remove" and seat is not None:
                decide(Remove(seat))
            elif method in ("mute", "unmute") and seat is not None:
                decide(Mute(seat, method == "mute"))
            elif method == "send_away" and seat is not None:
                decide(SendAway(seat))
        except ValueError as exc:
            self.warn(problem(exc))  # a code and parameters: the player's language


def open_host_menu(
    host: Any,
    me: int | None,
    push_screen: Callable[..., Any],
    leave: Callable[[], None],
    warn: Callable[[str], None],
) -> None:
    """``m``: the host's menu at its own table (``host`` None: there is no host to decide)."""
    if host is not None:
        HostDecisions(host, push_screen, leave, warn).open(me)


def others(me: int | None, count: int) -> list[int]:
    """Other seats clockwise from ``me``; digit ``i`` picks ``others(...)[i-1]``."""
    start = me if isinstance(me, int) else -1
    return [(start + k) % count for k in range(1, count + 1) if (start + k) % count != me]


def seat_digit(seat: int, me: int | None, count: int) -> str:
    """The digit that picks ``seat`` among the others ("" for none)."""
    around = others(me, count)
    return str(around.index(seat) + 1) if seat in around else ""
