"""The SwaPo log's words: one line per public event, my own exchanges (only the two seats
involved see the cards), and the toasts of the big events. Whole translated sentences."""

from __future__ import annotations

from rich.text import Text

from lang import N_, _, ngettext
from tui.fill import fill
from tui.widgets.cards import CardStyle

from .choices import POWER_CARDS, NameOf, round_words
from .draw import Look, plain


def event_line(
    event: dict, name_of: NameOf, style: CardStyle, asterisk: bool, look: Look = plain
) -> Text | str | None:
    """One log line per public event."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat) if isinstance(seat, int) else "?"
    target = event.get("target")
    whom = name_of(target) if isinstance(target, int) else "?"
    if kind == "deal":
        return deal_line(event, name_of)
    if kind in ("swap_asked", "swapped"):
        return swap_line(event, who, whom)
    if kind in ("stab", "steal"):
        card = style.text(str(event.get("card")))
        if kind == "stab":
            # TRANSLATORS: SwaPo log, the Stab power (A♠): {card} of {other}'s hand struck out
            words = _("{name} stabbed {other}'s {card}")
        else:
            # TRANSLATORS: SwaPo log, the Steal power (A♦): {card} taken from {other}'s hand
            words = _("{name} stole {other}'s {card}")
        line = fill(words, name=who, other=whom, card=card)
        line.append(f" ({style.label(POWER_CARDS[kind])})", style=look("muted"))
        return line
    if kind == "honey_trap":
        # TRANSLATORS: SwaPo log, the Honey Trap power; {rank}: the joker's new rank; {ace}: A♥
        words = _("{name} took {other}'s joker as {rank} ({ace})")
        return words.format(name=who, other=whom, rank=event.get("rank"), ace=style.label("AH"))
    if kind == "draw":
        # TRANSLATORS: SwaPo log, the Draw power; {ace}: the Ace of clubs (A♣)
        words = _("{name} played the Draw ({ace}): no game this round")
        return words.format(name=who, ace=style.label("AC"))
    if kind == "round_over":
        return Text(round_words(event, name_of), style=look("gain"))
    if kind == "reveal":
        # TRANSLATORS: SwaPo log: every hand is turned face up
        return Text(_("Hands revealed"), style=look("strong"))
    if kind in ("sudden_death", "game_over"):
        return ending_line(event, name_of, look)
    return plain_line(kind, event, who, asterisk)


def deal_line(event: dict, name_of: NameOf) -> str:
    """ "Round 2 · Bo deals · sudden death · pile 31"."""
    # TRANSLATORS: SwaPo log, a new round: its number and who deals
    parts = [_("Round {number} · {name} deals")]
    if event.get("sudden_death"):
        # TRANSLATORS: SwaPo log, after "Round 4 · Bo deals": the round is a sudden death
        parts.append(_("sudden death"))
    if event.get("reshuffled"):
        # TRANSLATORS: SwaPo log, after "Round 4 · Bo deals": the pile was shuffled again
        parts.append(_("reshuffled"))
    # TRANSLATORS: SwaPo log, after "Round 4 · Bo deals": the cards left in the pile
    parts.append(_("pile {count}"))
    words = " · ".join(parts)
    return words.format(
        number=event.get("round"), name=name_of(event.get("dealer")), count=event.get("pile")
    )


def swap_line(event: dict, who: str, whom: str) -> str:
    """An exchange asked for or made (Dagger: by position, 1–5)."""
    k = event.get("k")
    n = k if isinstance(k, int) else 2
    if event.get("type") == "swap_asked":
        # TRANSLATORS: SwaPo log: {name} asks {other} to swap {k} cards
        words = ngettext("{name} asks {other} for {k} card", "{name} asks {other} for {k} cards", n)
        return words.format(name=who, other=whom, k=k)
    if "take" in event and "give" in event:
        # TRANSLATORS: SwaPo Dagger log; {took}, {gave}: row positions ("1 3", "2 5")
        words = ngettext(
            "{name} swapped {k} card with {other} (took {took}, gave {gave})",
            "{name} swapped {k} cards with {other} (took {took}, gave {gave})",
            n,
        )
        took = " ".join(str(p + 1) for p in event.get("take") or [])
        gave = " ".join(str(p + 1) for p in event.get("give") or [])
        return words.format(name=who, other=whom, k=k, took=took, gave=gave)
    # TRANSLATORS: SwaPo log: an exchange of {k} cards between two seats
    words = ngettext(
        "{name} swapped {k} card with {other}", "{name} swapped {k} cards with {other}", n
    )
    return words.format(name=who, other=whom, k=k)


def plain_line(kind: object, event: dict, who: str, asterisk: bool) -> str | None:
    """The events told in one plain sentence about one seat."""
    if kind == "arranged":
        # TRANSLATORS: SwaPo Dagger log: the seat laid its ordered row face down
        words = _("{name} laid the row down")
    elif kind == "pass" and event.get("phase") == "power":
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


def ending_line(event: dict, name_of: NameOf, look: Look) -> Text:
    """A sudden death between tied seats, or the game's end."""
    # TRANSLATORS: the separator between names in a list of seats ("Bo, Chen")
    comma = _(", ")
    if event.get("type") == "sudden_death":
        seats = comma.join(name_of(s) for s in event.get("seats") or [])
        # TRANSLATORS: SwaPo log: an extra round among the seats tied for the win
        return Text(_("Sudden death between {names}").format(names=seats), style=look("alert"))
    winners = comma.join(name_of(s) for s in event.get("winners") or [])
    if winners:
        # TRANSLATORS: SwaPo log, the end of the game; {names}: the winners ("Bo, Chen")
        words = _("Game over — {names} won").format(names=winners)
    else:
        # TRANSLATORS: SwaPo log, the end of the game when nobody won
        words = _("Game over — nobody won")
    return Text(words, style=look("strong"))


def toast_line(event: dict, name_of: NameOf) -> str | None:
    """The big events get a toast too."""
    kind = event.get("type")
    who = name_of(event.get("seat")) if isinstance(event.get("seat"), int) else "?"
    whom = name_of(event.get("target")) if isinstance(event.get("target"), int) else "?"
    card = event.get("card")
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
    view: dict,
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
    for swap in reversed(view.get("swaps") or []):
        if swap.get("sent") is None or me not in (swap.get("seat"), swap.get("target")):
            continue
        sent, received = swap.get("sent") or [], swap.get("received") or []
        if swap.get("target") == me:
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


def final_title(title: str, result: dict) -> str:
    """The scores title once the game is over, with how a tie was broken."""
    tiebreak = result.get("tiebreak")
    if isinstance(tiebreak, dict) and tiebreak.get("reading"):
        reading = str(tiebreak["reading"])
        how = _(TIEBREAK_WORDS[reading]) if reading in TIEBREAK_WORDS else reading
        # TRANSLATORS: SwaPo scores title: how a tie on points was decided
        title = _("{title} (tie broken: {how})").format(title=title, how=how)
    if result.get("sudden_death"):
        # TRANSLATORS: SwaPo scores title: the game was decided by sudden-death rounds
        title = _("{title} after sudden death").format(title=title)
    return title
