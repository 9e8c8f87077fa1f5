"""The SwaPo seats list: the other seats one line each (and mine while hands are shown),
with whose turn it is, the dealer, who has swapped, each hand as backs, laid out (Dagger) or
revealed with the round's winners, locks (Asterisk) and points. A function of what the
screen shows: the parsed view, the decision model and how names, cards and looks are drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rich.cells import set_cell_size
from rich.style import Style
from rich.text import Text

from lang import _
from tui.text import clean
from tui.widgets.cards import CardStyle

from . import draw
from .model import Phase, RoundRecord, SwapoView
from .steps import Step

if TYPE_CHECKING:
    from .flow import SwapoDecisions


def done_mark(ascii_only: bool) -> str:
    """The mark of a seat that has had its swap this round (the legend's ✓)."""
    return "v" if ascii_only else "✓"


class Named(Protocol):
    """Who sits where, as the table shows it (tui/table/seats.py ``Seats``)."""

    def digit(self, seat: int) -> str: ...
    def name(self, seat: object) -> str: ...


def seats_lines(
    view: SwapoView,
    flow: SwapoDecisions,
    shown: RoundRecord | None,
    order: list[int],
    *,
    targets: set[int],
    seats: Named,
    cards: CardStyle,
    look: Callable[[str], Style],
) -> Text:
    """The seats in ``order`` (numbered and named as ``seats`` says); ``targets`` the seats a
    swap may be asked of now; the seat and card the power under the cursor would hit are
    ``flow.aim()``'s."""
    aim = flow.aim()
    digit, name_of, ascii_only = seats.digit, seats.name, cards.ascii_only
    counts = view.hand_counts
    hands = shown.hands if shown is not None else ()
    winners = shown.winners if shown is not None else ()
    choosing = flow.step == Step.TARGET
    pending = set(view.pending)
    aimed, aim_card = aim
    lines = Text(no_wrap=True, overflow="ellipsis")
    for n, seat in enumerate(order):
        if n:
            lines.append("\n")
        number = digit(seat)
        name_look = "strong"
        if seat in winners:
            name_look = "winner"
        elif choosing and seat not in targets:
            name_look = "muted"
        elif flow.is_chosen_target(seat) or seat == aimed:
            name_look = "cursor"
        mark = "▶" if seat in pending and not ascii_only else (">" if seat in pending else " ")
        if hands:  # the reveal: the round's winners marked as in the results
            mark = cards.winner_mark() if seat in winners else " "
        mark_look = look("alert") if seat in pending and not hands else ""
        if hands and seat in winners:
            mark_look = look("winner")
        lines.append(f"{mark}{number or ' '} ", style=mark_look)
        name = set_cell_size(clean(name_of(seat)), 10)
        lines.append(name, style=look(name_look))
        dealer = "D" if seat == view.dealer else " "
        lines.append(dealer, style=look("dealer"))
        swapped = not hands and view.phase in (Phase.SWAP, Phase.GIVE) and seat in view.rights_done
        done = done_mark(ascii_only) if swapped else " "
        lines.append(done + " ", look("muted"))
        hand = hands[seat] if seat < len(hands) else None
        if shown is not None and hand is not None:
            declared, stabbed = shown.declared, shown.stabbed
            mine = declared[seat] if seat < len(declared) else None
            cut = stabbed[seat] if seat < len(stabbed) else ()
            lines.append_text(
                draw.revealed_hand(
                    hand,
                    mine,
                    cut,
                    cards,
                    ace=flow.ace,
                    winner=seat in winners,
                    look=look,
                    aim=aim_card if seat == aimed else None,
                )
            )
            if seat in winners and seat < len(shown.points):
                lines.append(f"  +{shown.points[seat]}", style=look("gain"))
            continue
        count = counts[seat] if seat < len(counts) else 0
        if flow.dagger and seat < len(view.laid) and view.laid[seat]:
            # the row marks each locked position: no count after it (at 70×20 a row of
            # locks and its count were wider than the column, and the line wrapped)
            picked = set(flow.taken) if seat == flow.target else None
            lines.append_text(draw.dagger_row(view, seat, cards, picked, look))
        else:
            lines.append(draw.hand_backs(count, cards).ljust(6), style=look("muted"))
            lines.append(f"{count}")
            lock_counts = view.locked_counts
            if flow.asterisk and seat < len(lock_counts) and lock_counts[seat]:
                lines.append(f" {cards.lock_mark()}{lock_counts[seat]}")
        lines.append(f"  {draw.points_text(view.score(seat))}", style=look("muted"))
    if not order:
        # TRANSLATORS: SwaPo, the seats list when nobody else sits at the table
        lines.append(_("(no other seats)"), style=look("muted"))
    return lines
