"""Drawing the 大富豪 table: Rich ``Text`` from the parsed view, looks by component class
(``daifugo--<role>``, styled in daifugo.tcss). No Textual widgets here.

At 80×24 the table area is about 46 cells wide: a seat line is its marker, name, cards left,
title and state (passed, out, fallen) in that width; the status line says the order in force
and the lock; the trick says what is on top, who played it and who led.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from lang import _
from tui.cells import cut, ljust
from tui.fill import fill, mine_or
from tui.text import literal
from tui.widgets.cards import CardStyle

from . import words
from .flow import DaifugoDecisions, Laid, Step
from .model import DaifugoView, Phase

ROLES = ("turn", "passed", "out", "title", "top", "order", "lock", "dim")
Look = Callable[[str], Style]
SeatName = Callable[[int], str]


def first_line(view: DaifugoView, name: SeatName) -> Text:
    """How the deal on show began, for the log of a table joined midway."""
    # TRANSLATORS: 大富豪 log, the first line at a table joined midway: the deal on show
    return Text(_("Deal {n}").format(n=view.deal), style="bold")


def scores_line(view: DaifugoView, name: SeatName) -> Text:
    """ "Ann: 3 · Bo: -1 · …" for the header."""
    line = Text()
    for seat, score in enumerate(view.scores):
        if seat:
            line.append(" · ", style="dim")
        line.append_text(literal(name(seat), limit=8))
        line.append(f": {score}", style="bold")
    return line


def place_of(view: DaifugoView, seat: int) -> int | None:
    """A finished seat's place so far in this deal (fouls and the fallen are placed later)."""
    return view.finished.index(seat) + 1 if seat in view.finished else None


def state_words(view: DaifugoView, seat: int) -> tuple[str, str]:
    """What a seat's line says of it now, and its look."""
    place = place_of(view, seat)
    if place is not None:
        # TRANSLATORS: 大富豪, a seat's line: it went out in this place ("out 1st" → "out #1")
        return _("out #{place}").format(place=place), "out"
    if seat in view.fouls:
        # TRANSLATORS: 大富豪, a seat's line: it went out on a forbidden card (last places)
        return _("forbidden finish"), "out"
    if seat == view.fallen:
        # TRANSLATORS: 大富豪, a seat's line: it fell from the top (都落ち)
        return _("fell"), "out"
    if view.phase == Phase.PLAY and seat < len(view.passed) and view.passed[seat]:
        # TRANSLATORS: 大富豪, a seat's line: it passed and is out of this trick
        return _("passed"), "passed"
    return "", "dim"


def seats_text(
    view: DaifugoView,
    seat_text: Callable[[int], Text],
    me: int | None,
    look: Look,
    width: int,
) -> Text:
    """Every seat on a line, in turn order: ▶ whose turn, its name, cards left, title, state."""
    out = Text(no_wrap=True, overflow="ellipsis")
    name_cells = 10 if width < 60 else 14
    for seat in range(view.seats):
        if seat:
            out.append("\n")
        turn = seat == view.turn or (view.phase == Phase.EXCHANGE and seat in view.pending)
        out.append("▶ " if turn else "  ", style=look("turn"))
        name = seat_text(seat)
        name.truncate(name_cells, overflow="ellipsis")
        out.append_text(name)
        out.append(" " * (name_cells - name.cell_len + 1))
        count = view.counts[seat] if seat < len(view.counts) else 0
        out.append(f"{count:>2} ", style=look("dim"))
        title = words.title(view.titles[seat]) if seat < len(view.titles) else ""
        out.append(ljust(cut(title, 12), 12), style=look("title"))
        said, role = state_words(view, seat)
        if said:
            out.append(" " + said, style=look(role))
    return out


def status_line(view: DaifugoView, cards: CardStyle, look: Look) -> Text:
    """The order in force and the lock, in one line."""
    if view.phase == Phase.EXCHANGE:
        # TRANSLATORS: 大富豪 status line during the exchange before the play
        return Text(_("Exchange: the poorer give first"), style=look("dim"))
    order = words.order_words(view.revolution, view.back)
    # TRANSLATORS: 大富豪 status line: the normal order of the cards
    line = Text(order or _("order: 3 low … 2 high"), style=look("order" if order else "dim"))
    if view.lock:
        line.append(" · ", style=look("dim"))
        locked = words.lock_words(view.lock, cards)
        locked.stylize(look("lock"))
        line.append_text(locked)
    return line


def trick_text(
    view: DaifugoView,
    name: SeatName,
    cards: CardStyle,
    look: Look,
    *,
    boxed: bool,
    you: int | None = None,
) -> Text:
    """The trick: what is on top and who played it, who led (or the exchange)."""
    if view.phase == Phase.EXCHANGE:
        return exchange_text(view, name, cards, look, you)
    if view.over:
        return Text("")
    top = view.top
    if top is None:
        turn = view.turn
        if turn is None:
            return Text("")
        # TRANSLATORS: 大富豪: nothing on the table: this seat leads a new trick
        said = mine_or(turn, you, _("New trick: you lead"), _("New trick: {name} leads"))
        return Text(said.format(name=name(turn)), style=look("dim"))
    played = Text("") if boxed else words.play_text(top.cards, top.named, cards)
    played.stylize(look("top"))
    # TRANSLATORS: 大富豪: the play on top of the trick, who played it and who led
    line = fill(_("On top: {cards} by {name}"), cards=played, name=name(top.seat))
    leader = view.leader
    if leader is not None and leader != top.seat:
        line.append(" · ", style=look("dim"))
        # TRANSLATORS: 大富豪: who led the trick on show
        line.append(_("led by {name}").format(name=name(leader)), style=look("dim"))
    return line


def exchange_text(
    view: DaifugoView, name: SeatName, cards: CardStyle, look: Look, you: int | None = None
) -> Text:
    """Every exchange of the deal (who gives how many to whom, done or not), then mine."""
    out = Text()
    for n, swap in enumerate(view.exchanges):
        if n:
            out.append("\n")
        mark = "✓" if swap.done else "…"
        # TRANSLATORS: 大富豪's exchange: {giver} gives {receiver} this many cards
        words_ = _("{giver} → {receiver}: {n}").format(
            giver=name(swap.giver), receiver=name(swap.receiver), n=swap.count
        )
        out.append(f"{mark} {words_}", style=look("dim" if swap.done else "turn"))
    if view.gave or view.got:
        out.append("\n")
        # TRANSLATORS: 大富豪's exchange: the cards the local player (or, in a review, the
        # seat whose view it is) gave and got
        template = mine_or(
            view.seat, you, _("You gave {gave} · got {got}"), _("{name} gave {gave} · got {got}")
        )
        seat = view.seat if view.seat is not None else 0
        out.append_text(
            fill(template, name=name(seat), gave=cards.hand(view.gave), got=cards.hand(view.got))
        )
    return out


def me_line(
    view: DaifugoView,
    me: int,
    you: int | None,
    name: SeatName,
    cards: CardStyle,
    model: DaifugoDecisions,
) -> Text:
    """Above my hand: who I am, my title, and what I have picked."""
    # TRANSLATORS: the local player's own seat line ("You · Millionaire")
    said = _("You") if you is not None else name(me)  # a replay: named
    line = Text(said, style="bold")
    title = words.title(view.titles[me]) if me < len(view.titles) else ""
    if title:
        line.append(f" · {title}")
    picked = model.picked()
    if picked and model.step() in (Step.PLAY, Step.GIVE):
        line.append(" · ")
        # TRANSLATORS: 大富豪: the cards picked so far, above the hand
        line.append_text(fill(_("picked {cards}"), cards=cards.hand(picked)))
    return line


def joker_choice(play: Laid, cards: CardStyle) -> Text:
    """A play on the name step: its cards with what each joker stands for."""
    named = play.get("as", []) if play["type"] == "play" else []
    return words.play_text(play["cards"], named, cards)
