"""The SwaPo log's words: one line per public event, my own exchanges (only the two seats
involved see the cards), and the toasts of the big events. Whole translated sentences."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.text import Text

from lang import N_, _, ngettext
from tui.fill import and_list, fill
from tui.table.parse import Event, Wired
from tui.widgets.cards import CardStyle

from .choices import POWER_CARDS, NameOf, round_words
from .draw import Look, plain
from .model import SwapoView


class Teller(NamedTuple):
    """Who tells the log: the names, the card style and looks, and the variant's words."""

    name_of: NameOf
    style: CardStyle
    asterisk: bool
    look: Look

    def who(self, event: Event, key: str = "seat") -> str:
        seat = event.seat_of(key)
        return self.name_of(seat) if seat is not None else "?"


def power_line(event: Event, t: Teller) -> Text:
    """The Stab or the Steal, the card it hit and the Ace that did it."""
    card = t.style.text(str(event.value("card", None)))
    if event.kind == "stab":
        # TRANSLATORS: SwaPo log, the Stab power (A♠): {card} of {other}'s hand struck out
        words = _("{name} stabbed {other}'s {card}")
    else:
        # TRANSLATORS: SwaPo log, the Steal power (A♦): {card} taken from {other}'s hand
        words = _("{name} stole {other}'s {card}")
    line = fill(words, name=t.who(event), other=t.who(event, "target"), card=card)
    line.append(f" ({t.style.label(POWER_CARDS[event.kind])})", style=t.look("muted"))
    return line


def honey_trap_line(event: Event, t: Teller) -> str:
    # TRANSLATORS: SwaPo log, the Honey Trap power; {rank}: the joker's new rank; {ace}: A♥
    words = _("{name} took {other}'s joker as {rank} ({ace})")
    rank, ace = event.value("rank", None), t.style.label("AH")
    return words.format(name=t.who(event), other=t.who(event, "target"), rank=rank, ace=ace)


def draw_line(event: Event, t: Teller) -> str:
    # TRANSLATORS: SwaPo log, the Draw power; {ace}: the Ace of clubs (A♣)
    words = _("{name} played the Draw ({ace}): no game this round")
    return words.format(name=t.who(event), ace=t.style.label("AC"))


def reveal_line(event: Event, t: Teller) -> Text:
    # TRANSLATORS: SwaPo log: every hand is turned face up
    return Text(_("Hands revealed"), style=t.look("strong"))


def round_over_line(event: Event, t: Teller) -> Text:
    return Text(round_words(event.raw, t.name_of), style=t.look("gain"))


#: One log line per public event kind (the kinds not here get none).
LINES: dict[str, Callable[[Event, Teller], Text | str | None]] = {
    "deal": lambda event, t: deal_line(event, t.name_of),
    "swap_asked": lambda event, t: swap_line(event, t.who(event), t.who(event, "target")),
    "swapped": lambda event, t: swap_line(event, t.who(event), t.who(event, "target")),
    "stab": power_line,
    "steal": power_line,
    "honey_trap": honey_trap_line,
    "draw": draw_line,
    "round_over": round_over_line,
    "reveal": reveal_line,
    "sudden_death": lambda event, t: ending_line(event, t.name_of, t.look),
    "game_over": lambda event, t: ending_line(event, t.name_of, t.look),
    "arranged": lambda event, t: plain_line(event, t.who(event), t.asterisk),
    "pass": lambda event, t: plain_line(event, t.who(event), t.asterisk),
    "declared": lambda event, t: plain_line(event, t.who(event), t.asterisk),
}


def event_line(
    event: Wired, name_of: NameOf, style: CardStyle, asterisk: bool, look: Look = plain
) -> Text | str | None:
    """One log line per public event (None for a kind the log does not tell)."""
    told = Event.of(event)
    line = LINES.get(told.kind)
    return line(told, Teller(name_of, style, asterisk, look)) if line is not None else None


def deal_line(event: Event, name_of: NameOf) -> str:
    """ "Round 2 · Bo deals · sudden death · pile 31"."""
    # TRANSLATORS: SwaPo log, a new round: its number and who deals
    parts = [_("Round {number} · {name} deals")]
    if event.flag("sudden_death"):
        # TRANSLATORS: SwaPo log, after "Round 4 · Bo deals": the round is a sudden death
        parts.append(_("sudden death"))
    if event.flag("reshuffled"):
        # TRANSLATORS: SwaPo log, after "Round 4 · Bo deals": the pile was shuffled again
        parts.append(_("reshuffled"))
    # TRANSLATORS: SwaPo log, after "Round 4 · Bo deals": the cards left in the pile
    parts.append(_("pile {count}"))
    words = " · ".join(parts)
    return words.format(
        number=event.value("round", None),
        name=name_of(event.seat_of("dealer")),
        count=event.value("pile", None),
    )


def swap_line(event: Event, who: str, whom: str) -> str:
    """An exchange asked for or made (Dagger: by position, 1–5)."""
    k = n = event.integer("k", 2)
    if event.kind == "swap_asked":
        # TRANSLATORS: SwaPo log: {name} asks {other} to swap {k} cards
        words = ngettext("{name} asks {other} for {k} card", "{name} asks {other} for {k} cards", n)
        return words.format(name=who, other=whom, k=k)
    if event.has("take") and event.has("give"):
        # TRANSLATORS: SwaPo Dagger log; {took}, {gave}: row positions ("1 3", "2 5")
        words = ngettext(
            "{name} swapped {k} card with {other} (took {took}, gave {gave})",
            "{name} swapped {k} cards with {other} (took {took}, gave {gave})",
            n,
        )
        took = " ".join(str(p + 1) for p in event.integers("take"))
        gave = " ".join(str(p + 1) for p in event.integers("give"))
        return words.format(name=who, other=whom, k=k, took=took, gave=gave)
    # TRANSLATORS: SwaPo log: an exchange of {k} cards between two seats
    words = ngettext(
        "{name} swapped {k} card with {other}", "{name} swapped {k} cards with {other}", n
    )
    return words.format(name=who, other=whom, k=k)


def plain_line(event: Event, who: str, asterisk: bool) -> str | None:
    """The events told in one plain sentence about one seat."""
    kind = event.kind
    if kind == "arranged":
        # TRANSLATORS: SwaPo Dagger log: the seat laid its ordered row face down
        words = _("{name} laid the row down")
    elif kind == "pass" and event.text("phase") == "power":
        # TRANSLATORS: SwaPo Ace log: the seat uses no more Ace powers
        words = _("{name} is done with powers")
    elif kind == "pass" and asterisk:
        # TRANSLATORS: SwaPo Asterisk log: the seat makes no more exchanges this round
        words = _("{name} is done swapping")
    elif kind == "pass":
        # TRANSLATORS: SwaPo log: the seat passed its turn to swap
        words = _("{name} kept the hand")
    elif kind == "declared":
        # TRANSLATORS: SwaPo Ace log: the seat declared its joker's rank (face down)
        words = _("{name} declared the joker")
    else:
        return None
    return words.format(name=who)


def ending_line(event: Event, name_of: NameOf, look: Look) -> Text:
    """A sudden death between tied seats, or the game's end."""
    if event.kind == "sudden_death":
        seats = and_list(name_of(s) for s in event.integers("seats"))
        # TRANSLATORS: SwaPo log: an extra round among the seats tied for the win
        return Text(_("Sudden death between {names}").format(names=seats), style=look("alert"))
    winners = and_list(name_of(s) for s in event.integers("winners"))
    if winners:
        # TRANSLATORS: SwaPo log, the end of the game; {names}: the winners ("Bo, Chen")
        words = _("Game over — {names} won").format(names=winners)
    else:
        # TRANSLATORS: SwaPo log, the end of the game when nobody won
        words = _("Game over — nobody won")
    return Text(words, style=look("strong"))


def toast_line(event: Wired, name_of: NameOf) -> str | None:
    """The big events get a toast too."""
    told = Event.of(event)
    kind = told.kind
    who = name_of(told.seat) if told.seat is not None else "?"
    target = told.seat_of("target")
    whom = name_of(target) if target is not None else "?"
    card = told.value("card", None)
    if kind == "round_over":
        return round_words(event, name_of)
    if kind == "stab":
        return _("{name} stabbed {other}'s {card}").format(name=who, other=whom, card=card)
    if kind == "steal":
        return _("{name} stole {other}'s {card}").format(name=who, other=whom, card=card)
    if kind == "honey_trap":
        # TRANSLATORS: SwaPo toast, the Honey Trap power (A♥): a joker taken from {other}
        return _("{name} took {other}'s joker").format(name=who, other=whom)
    if kind == "draw":
        # TRANSLATORS: SwaPo toast, the Draw power (A♣): nobody scores this round
        return _("{name} played the Draw — no game").format(name=who)
    if kind == "sudden_death":
        # TRANSLATORS: SwaPo toast: an extra round among the seats tied for the win
        return _("Sudden death!")
    return None


def my_swap_line(
    view: SwapoView,
    me: int | None,
    last_sent: list[str],
    style: CardStyle,
    look: Look = plain,
    got: list[str] | None = None,
) -> Text | None:
    """Only the two seats involved learn which cards moved: my latest exchange, for my log.

    When the exchange ended the round, the view has moved on to the next round; then what I
    gave is ``last_sent`` and what I got (``got``) is read from the reveal.
    """
    for swap in reversed(view.swaps):
        if swap.sent is None or me not in (swap.seat, swap.target):
            continue
        sent, received = list(swap.sent), list(swap.received or ())
        if swap.target == me:
            sent, received = received, sent
        return exchange_words(style.hand(sent), style.hand(received), look)
    if not last_sent:
        return None
    return exchange_words(style.hand(last_sent), style.hand(got) if got else None, look)


def exchange_words(gave: Text, got: Text | None, look: Look = plain) -> Text:
    """ "  you gave 7♠ K♦ and got 2♣ 2♥", the cards in their colours, the words muted."""
    if got is None:
        # TRANSLATORS: SwaPo log, only the local player sees it: the cards they gave
        line = fill("  " + _("you gave {gave}"), look("muted"), gave=gave)
    else:
        # TRANSLATORS: SwaPo log, only the local player sees it: the cards given and received
        words = _("you gave {gave} and got {got}")
        line = fill("  " + words, look("muted"), gave=gave, got=got)
    line.style = look("muted")
    return line


#: How a tie on points was broken (the game's ``tiebreak`` option), for the scores title.
TIEBREAK_WORDS = {
    # TRANSLATORS: SwaPo, how a tie on points was broken: who scored first wins
    "first_point_earliest": N_("first point earliest"),
    # TRANSLATORS: SwaPo, how a tie on points was broken: who scored last wins
    "last_point_latest": N_("last point latest"),
    # TRANSLATORS: SwaPo, how a tie on points was broken: who scored first the latest wins
    "first_point_latest": N_("first point latest"),
}


def final_title(title: str, view: SwapoView) -> str:
    """The scores title once the game is over, with how a tie was broken."""
    reading = view.tiebreak
    if reading:
        how = _(TIEBREAK_WORDS[reading]) if reading in TIEBREAK_WORDS else reading
        # TRANSLATORS: SwaPo scores title: how a tie on points was decided
        title = _("{title} (tie broken: {how})").format(title=title, how=how)
    if view.decided_by_sudden_death:
        # TRANSLATORS: SwaPo scores title: the game was decided by sudden-death rounds
        title = _("{title} after sudden death").format(title=title)
    return title
