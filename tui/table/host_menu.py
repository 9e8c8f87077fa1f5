"""The host's decisions at its own table (m): its screen runs the ``Host`` in this process and
calls it directly (``HostDecisions``: the menu, its confirmations, then the decision,
net/table/decisions.py). Imported when the menu first opens (``open_host_menu``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from lang import N_, _, ngettext
from net.table.decisions import (
    Cover,
    Decision,
    FillWithBots,
    HoldClock,
    Mute,
    Remove,
    SendAway,
    StartNow,
)
from net.wire.reasons import problem
from tui.dialogs import DIALOGS_CSS, Confirm
from tui.text import clean
from tui.widgets.footer import WordedFooter

from .people import seat_digit

if TYPE_CHECKING:
    from net.doors.host import Host

Choice = tuple[str, str, Decision | None]
"""(what the menu says, its confirmation (a key of ``CONFIRM``), the decision the host makes
once it is confirmed: None closes the table, which the host's screen does by leaving it)."""

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
            choices.append((seated, "start_now", StartNow()))
        if free:
            fill = ngettext(
                "Fill the empty seat with a bot", "Fill the {n} empty seats with bots", free
            ).format(n=free)
            choices.append((fill, "fill_with_bots", FillWithBots()))
    elif not rules.game.over:
        for seat in seats:
            if not seat.bot and seat.name and not seat.connected and not seat.covered:
                cover = _("Let a bot play for {name} (away)").format(name=seat.name)
                choices.append((cover, "cover", Cover(seat.index)))
    for seat in seats:
        if not seat.bot and seat.name and seat.index != me and not rules.over:
            digit = seat_digit(seat.index, me, len(seats))  # as the table numbers it
            remove = _("Remove {name} (seat {n})").format(name=seat.name, n=digit)
            choices.append((remove, "remove", Remove(seat.index)))
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
            choices.append((unmute, "unmute", Mute(number, on=False)))
        else:
            # TRANSLATORS: the host's menu; {name} watches the table without a seat
            muting = _("Mute {name}'s chat (watching)").format(name=name)
            choices.append((muting, "mute", Mute(number)))
        # TRANSLATORS: the host's menu; {name} watches the table without a seat
        leave = _("Ask {name} to leave (watching)").format(name=name)
        choices.append((leave, "send_away", SendAway(number)))
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
        text, confirm, decision = choice
        question, detail = CONFIRM[confirm]

        def confirmed(yes: bool | None) -> None:
            self.hold_clock(False)
            if yes:
                self.decide(decision)

        # TRANSLATORS: the host's choice, then what it does: "Remove Bo (seat 2). They cannot…"
        said = _("{choice}. {detail}").format(choice=text, detail=_(detail))
        self.push_screen(Confirm(_(question), said), confirmed)

    def decide(self, decision: Decision | None) -> None:
        """Do what the host decided (already confirmed); None: close the table (by leaving
        it)."""
        if decision is None:
            self.leave()
            return
        try:
            self.host.decide(decision)
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
