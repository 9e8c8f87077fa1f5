"""Drawing the Swoop table from a view: ranks, slots, seat lines, the pile and the log lines.

Suits never matter in Swoop, so cards are shown by rank; 10s and jokers (the cards that
always swoop) stand out. Mystery cards are backs: the view never holds them.

The colours are not here: every function takes a ``Look``, which gives the style of a role
("ten", "mystery", "turn"…) — the screen reads them from its component classes
(``swoop--<role>``), styled in swoop.tcss, so themes and NO_COLOR decide the look.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text

from engine.cards import rank
from engine.swoop.rules import penalty
from engine.swoop.types import TYPED
from lang import _, ngettext, pgettext
from tui.fill import fill, mine_or
from tui.table.parse import Event, Wired
from tui.table.results import game_over
from tui.table.teller import Teller
from tui.widgets.cards import CardStyle

from . import words as sw
from .flow import rank_name
from .model import DECK, Flipped, Player, SwoopView

NameOf = Callable[[object], str]
Look = Callable[[str], Style]  # a role's style (see ROLES), from the screen's swoop.tcss

#: The roles a Look answers (component classes ``swoop--<role>`` of the screen).
ROLES = (
    "ten",  # 10s and jokers, the cards that always swoop
    "flipped",  # the mystery card just turned up, waiting for additions
    "mystery",  # a back in a slot: always an uncovered, turnable mystery card
    "turnable",  # a mystery place whose card can be turned
    "turn",  # the mark of the seat whose turn it is
    "out",  # nothing left in hand / no penalty / went out
    "top",  # the run on top of the pile
    "pickup",  # a pick-up in the log
    "swoop",  # a swoop or a chain in the log
)
BOLD = Style(bold=True)


def rank_text(r: str, style: CardStyle) -> str:
    """A rank as drawn: ``7``, ``10``, ``★`` (``JK`` with --ascii or without colour)."""
    return rank_name(r, style.letters)


def card_label(code: str, style: CardStyle, look: Look, extra: Style | None = None) -> Text:
    """One card by its rank; 10s and jokers in the swoop colour."""
    r = rank(code)
    base = look("ten") if r in ("10", "JK") else BOLD
    return Text(rank_text(r, style), style=base + extra if extra else base)


def ranks_text(codes: list[str], style: CardStyle, look: Look) -> Text:
    """Several cards by rank: ``7 7 7``."""
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append_text(card_label(code, style, look))
    return out


def slot_cells(
    player: Player, style: CardStyle, look: Look, flipped: Flipped | None = None
) -> Text:
    """A player's four slots: the face-up card, a back (``▒▒``) once uncovered, or ``·``;
    a mystery card just turned up shows in its slot until it is played."""
    out = Text()
    for slot, code in enumerate(player.face_up):
        out.append(" ")
        if flipped and flipped.slot == slot:
            label = card_label(flipped.card, style, look, look("flipped"))
            out.append(" " * (2 - cell_len(label.plain)))
            out.append_text(label)
        elif code:
            label = card_label(code, style, look)
            out.append(" " * (2 - cell_len(label.plain)))
            out.append_text(label)
        elif player.mystery[slot]:
            out.append(style.back(2), style=look("mystery"))
        else:
            out.append(" " + ("." if style.ascii_only else "·"), style="dim")
    return out


def seat_head(
    name: Text,
    digit: str,
    count: int,
    style: CardStyle,
    look: Look,
    *,
    turn: bool,
    narrow: bool = False,
) -> Text:
    """ "▶1 Bo        hand 12 " — the part of a seat line before its slots (21 columns);
    ``narrow``: "▶1 Bo      12 " (13 columns: a shorter name, the count's word only in the
    column titles)."""
    mark = (">" if style.ascii_only else "▶") if turn else " "
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{mark}{digit or ' '} ", style=look("turn") if turn else "")
    shown = name.copy()
    shown.truncate(7 if narrow else 9, pad=True)
    line.append_text(shown)
    if narrow:
        line.append(" ")
    else:
        # TRANSLATORS: Swoop seat line, before the number of cards in hand; keep to 4 cells
        line.append_text(fit_word(pgettext("seat", "hand"), 4, " ", style="dim"))
    line.append(f"{count:>2}", style="bold" if count else look("out"))
    line.append(" ")
    return line


def mystery_cells(player: Player, style: CardStyle, look: Look) -> Text:
    """The four mystery places in one glance: a back per card still there (dim while a
    face-up card covers it, bright once it can be turned), ``·`` once it is gone."""
    out = Text()
    for slot, there in enumerate(player.mystery):
        if there:
            turnable = player.uncovered[slot]
            out.append(style.back(1), style=look("turnable") if turnable else "dim")
        else:
            out.append("." if style.ascii_only else "·", style="dim")
    return out


class SeatRow(NamedTuple):
    """One other seat's line: its ``name`` and ``digit``, whether it is its ``turn``, its
    ``score`` so far (None: none shown)."""

    name: Text
    digit: str
    turn: bool = False
    score: int | None = None


def seat_line(
    row: SeatRow,
    player: Player,
    style: CardStyle,
    look: Look,
    *,
    flipped: Flipped | None = None,
    narrow: bool = False,
) -> Text:
    """ "▶1 Bo        hand 12   K  9 ▒▒  ·  ▒▒··   45" (44 columns; ``narrow``: 35)."""
    name, digit, turn, score = row.name, row.digit, row.turn, row.score
    line = seat_head(name, digit, player.hand, style, look, turn=turn, narrow=narrow)
    line.append_text(slot_cells(player, style, look, flipped))
    line.append("  ")
    line.append_text(mystery_cells(player, style, look))
    if score is not None:
        line.append_text(score_text(score, narrow=narrow))
    return line


def fit_word(word: str, width: int, around: str = "", style: str = "") -> Text:
    """A short word cut or padded to ``width`` cells (by cell width: CJK takes two), with
    ``around`` either side, all in one ``style``."""
    return Text(around + set_cell_size(word, width) + around, style=style)


def score_text(score: int, *, narrow: bool = False) -> Text:
    """A seat's penalty total so far, after its cards (the column headed "pts")."""
    return Text(f"{' ' if narrow else '  '}{score:>3}", style="dim")


def pile_lines(
    view: SwoopView, style: CardStyle, look: Look, width: int, *, cards: bool = True
) -> Text:
    """The pile (all public): its size, the run on top, the cleared count, and (``cards``)
    its top cards by rank."""
    pile = list(view.pile)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append_text(sw.pile_head(len(pile), top_text(view, style, look) if pile else None))
    # TRANSLATORS: Swoop, how many cards swoops took off the table so far
    cleared = _("cleared {count}").format(count=view.cleared)
    out.append(" · " + cleared, style="dim")
    if cards:
        out.append("\n")
        out.append_text(pile_cards(pile, view, style, look, width))
    return out


def pile_cards(pile: list[str], view: SwoopView, style: CardStyle, look: Look, width: int) -> Text:
    """The pile's cards bottom → top, as many as fit, the run on top highlighted."""
    out = Text(" ", no_wrap=True, overflow="crop")
    if not pile:
        return out
    run = view.top.count if view.top is not None else 0
    labels = [rank_text(rank(c), style) for c in pile]
    room = max(4, width - 3)
    shown: list[int] = []
    used = 0
    for i in range(len(pile) - 1, -1, -1):
        w = cell_len(labels[i]) + 1
        if used + w > room:
            break
        shown.append(i)
        used += w
    shown.reverse()
    if shown and shown[0] > 0:
        out.append("… ", style="dim")
    for n, i in enumerate(shown):
        if n:
            out.append(" ")
        on_top = i >= len(pile) - run
        out.append_text(card_label(pile[i], style, look, look("top") if on_top else None))
    return out


def top_text(view: SwoopView, style: CardStyle, look: Look) -> Text:
    """The run on top of the pile: ``Q ×2`` (the count in bold)."""
    r, n = (view.top.rank, view.top.count) if view.top is not None else ("", 0)
    out = card_label(f"{r}S" if r != "JK" else "JK", style, look)
    if n > 1:
        out.append(f" ×{n}" if not style.ascii_only else f" x{n}", style="bold")
    return out


def top_words(view: SwoopView, style: CardStyle) -> str | None:
    """ "Q ×2", or None on an empty pile."""
    top = view.top
    if not top:
        return None
    return rank_text(top.rank, style) + (f" ×{top.count}" if top.count > 1 else "")


def hand_over(number: object) -> str:
    # TRANSLATORS: Swoop, a hand has ended: "Hand 2 over"
    return _("Hand {number} over").format(number=number)


def went_out(seat: object, me: int | None, name_of: NameOf) -> str:
    """ "Bo went out" / "You went out"."""
    # TRANSLATORS: Swoop, a player got rid of every card and ended the hand
    template = mine_or(seat, me, _("You went out"), _("{name} went out"))
    return template.format(name=name_of(seat))


def penalties_text(event: Event, name_of: NameOf, look: Look, me: int | None = None) -> Text:
    """ "Hand 2 over — Bo went out · penalties Aki 45 · Bo 0 …"."""
    out = Text.assemble((hand_over(event.value("hand_no")), "bold"))
    seat = event.seat_of("out")
    if seat is not None:
        out.append(" — " + went_out(seat, me, name_of), style=look("out"))
    # TRANSLATORS: Swoop, heading of the points each player pays for the hand: "Penalties Aki +45"
    out.append("\n" + _("Penalties") + " ", style="dim")
    for s, points in enumerate(event.integers("penalties")):
        if s:
            out.append(" · ", style="dim")
        out.append(f"{name_of(s)} ")
        out.append(f"+{points}", style="bold" if points else look("out"))
    return out


def left_cards(before: SwoopView, seat: int, me: int | None) -> tuple[list[str], int, int]:
    """What a seat had left in the last view of a hand: the cards known (its face-up cards,
    and its hand when it is mine), how many hand cards are unknown, how many face down."""
    info = before.player(seat)
    known = [c for c in info.face_up if c is not None]
    hand = before.hand if seat == me else None
    unknown = 0
    if hand is not None:
        known = list(hand) + known
    else:
        unknown = info.hand
    hidden = sum(1 for m in info.mystery if m)
    return known, unknown, hidden


def turned_up(event: Event, seat: int) -> list[str] | None:
    """The cards ``seat`` had left, as the hand's end turned them up (hand, face-up, mystery);
    None from a host that does not send them."""
    ended = TYPED.event(event.raw)
    if ended["type"] != "hand_end" or not 0 <= seat < len(ended["left"]):
        return None
    return [c for group in ended["left"][seat] for c in group if c in DECK]


def results_lines(
    event: Event, before: SwoopView, me: int | None, name_of: NameOf, style: CardStyle, look: Look
) -> list[Text]:
    """A hand's results: each seat's penalty card by card ("K 10 · 3 3"), the cards the
    table could not see counted, and the hand's points."""
    flat = before.flat_numbers
    lines = []
    out = event.seat_of("out")
    for seat, points in enumerate(event.integers("penalties")):
        name = Text(name_of(seat), no_wrap=True)
        name.truncate(12)  # by cells: a wide name is never cut mid-glyph
        name.pad_right(13 - name.cell_len)
        line = name + Text(f"+{points:<4}", style="bold" if points else look("out"))
        if seat == out:
            # TRANSLATORS: Swoop results: this player had no cards left at the end of the hand
            line.append(_("went out"), style=look("out"))
            lines.append(line)
            continue
        turned = turned_up(event, seat)
        if turned is not None:  # every card left, turned up at the hand's end
            known, unknown, hidden = turned, 0, 0
        else:  # an older host: what the table saw of it
            known, unknown, hidden = left_cards(before, seat, me)
        parts: list[Text] = []
        for card in known:  # by rank, as the table draws them (suits do not matter)
            part = card_label(card, style, look)
            part.append(f" {penalty(card, flat_numbers=flat)}", style="dim")
            parts.append(part)
        if unknown:
            # TRANSLATORS: Swoop results: cards left in a player's hand that nobody saw
            words = ngettext("{count} in hand", "{count} in hand", unknown)
            parts.append(Text(words.format(count=unknown), style="dim"))
        if hidden:
            # TRANSLATORS: Swoop results: mystery cards still face down in a player's slots
            words = ngettext("{count} face down", "{count} face down", hidden)
            parts.append(Text(words.format(count=hidden), style="dim"))
        line.append_text(Text(" · ", style="dim").join(parts))
        lines.append(line)
    return lines


def history_line(number: int, penalties: list, name_of: NameOf, me: int | None = None) -> str:
    """One finished hand for the scores screen."""
    out = [s for s, p in enumerate(penalties) if p == 0]
    # TRANSLATORS: Swoop scores: no player got rid of every card in this hand
    who = went_out(out[0], me, name_of) if out else _("nobody went out")
    paid = ", ".join(f"{name_of(s)} +{p}" for s, p in enumerate(penalties) if p)
    # TRANSLATORS: Swoop scores, one finished hand: "Hand 2: Bo went out · Aki +45, Cy +12"
    return _("Hand {number}: {who} · {paid}").format(number=number, who=who, paid=paid)


def dealt_line(number: object, first: object, me: int | None, name_of: NameOf) -> str:
    """ "Hand 2 · Bo leads" / "Hand 2 · You lead"."""
    # TRANSLATORS: Swoop, a new hand: who plays first
    template = mine_or(first, me, _("Hand {number} · You lead"), _("Hand {number} · {name} leads"))
    return template.format(number=number, name=name_of(first))


def flip_line(event: Event, t: Teller) -> Text:
    card = card_label(event.text("card", "?"), t.style, t.look)
    return sw.flipped(event.seat, t.me, t.who(event), card, event.integer("slot") + 1)


def play_line(event: Event, t: Teller) -> Text:
    cards = ranks_text(event.cards(), t.style, t.look)
    return sw.played(event, event.seat == t.me, t.who(event), cards)


def pickup_line(event: Event, t: Teller) -> Text:
    return Text(picked_up(event, t.me, t.who(event)), style=t.look("pickup"))


def swoop_line(event: Event, t: Teller) -> Text:
    cards = event.cards()
    r = rank(cards[0]) if cards else "?"
    n = len(cards) if event.flag("special") else 4
    said = sw.swooped(r == "JK", n, rank_text(r, t.style), event.seat == t.me, t.who(event))
    return Text(said, style=t.look("swoop"))


def chain_line(event: Event, t: Teller) -> Text:
    cards, removed = event.cards(), event.cards("removed")
    r = rank(removed[0]) if removed else "?"
    n = len(cards)
    # TRANSLATORS: Swoop log: a chain (another swoop downward right after a swoop): the cards
    # played, and the four of a rank gone; <b>…</b> is shown in the swoop's colour
    mine = ngettext(
        "<b>You chained:</b> played {count}, four {rank}s gone",
        "<b>You chained:</b> played {count}, four {rank}s gone",
        n,
    )
    # TRANSLATORS: Swoop log: {name} chained (another swoop downward right after a swoop): the
    # cards played, and the four of a rank gone; <b>…</b> is shown in the swoop's colour
    theirs = ngettext(
        "<b>{name} chained:</b> played {count}, four {rank}s gone",
        "<b>{name} chained:</b> played {count}, four {rank}s gone",
        n,
    )
    words = t.said(event, mine, theirs)
    tags = {"b": t.look("swoop")}
    return fill(words, tags=tags, name=t.who(event), count=n, rank=rank_text(r, t.style))


def clear_line(event: Event, t: Teller) -> str:
    count = event.integer("count")
    # TRANSLATORS: Swoop log: after a swoop the same player plays again
    again = t.said_named(event, _("You play again"), _("{name} plays again"))
    if not count:
        return again
    # TRANSLATORS: Swoop log: cards cleared from the pile, then "Bo plays again"
    cleared = ngettext("{count} more card cleared", "{count} more cards cleared", count)
    return cleared.format(count=count) + " · " + again


def deal_line(event: Event, t: Teller) -> Text:
    words = dealt_line(event.value("hand_no"), event.seat_of("first"), t.me, t.name_of)
    return Text(words, "bold")


def game_end_line(event: Event, t: Teller) -> Text:
    return Text(game_over(event.integers("winners"), t.name_of), style="bold")


#: One log line per public event kind.
LINES: dict[str, Callable[[Event, Teller], Text | str]] = {
    "flip": flip_line,
    "play": play_line,
    "pickup": pickup_line,
    "swoop": swoop_line,
    "chain": chain_line,
    "clear": clear_line,
    "hand_end": lambda event, t: penalties_text(event, t.name_of, t.look, t.me),
    "deal": deal_line,
    "game_end": game_end_line,
}


def event_line(
    event: Wired, name_of: NameOf, style: CardStyle, look: Look, me: int | None
) -> Text | str | None:
    """One log line per public event (None for a kind the log does not tell)."""
    told = Event.of(event)
    line = LINES.get(told.kind)
    return line(told, Teller(name_of, style, look, me)) if line is not None else None


def picked_up(event: Event, me: int | None, who: str) -> str:
    """ "Bo picked up 12 cards" / "You picked up 12 cards"."""
    count = n = event.integer("count", 2)
    if me is not None and event.seat == me:
        # TRANSLATORS: Swoop: a play higher than the pile takes the whole pile into the hand
        template = ngettext("You picked up {count} card", "You picked up {count} cards", n)
    else:
        # TRANSLATORS: Swoop: a play higher than the pile takes the whole pile into the hand
        template = ngettext("{name} picked up {count} card", "{name} picked up {count} cards", n)
    return template.format(name=who, count=count)


def toast_line(
    event: Wired, name_of: NameOf, style: CardStyle, me: int | None = None
) -> str | None:
    """The big events get a toast too: pick-ups, swoops, chains, the end of a hand."""
    told = Event.of(event)
    kind, seat = told.kind, told.seat
    who = name_of(seat) if seat is not None else "?"
    if kind == "pickup":
        return picked_up(told, me, who)
    if kind == "swoop":
        # TRANSLATORS: Swoop toast: a swoop took the pile off the table
        mine, theirs = _("Swoop! You cleared the pile"), _("Swoop! {name} cleared the pile")
        return mine_or(seat, me, mine, theirs).format(name=who)
    if kind == "chain":
        # TRANSLATORS: Swoop toast: a chain is another swoop downward right after a swoop
        mine, theirs = _("You chained another swoop"), _("{name} chained another swoop")
        return mine_or(seat, me, mine, theirs).format(name=who)
    if kind == "hand_end":
        out = told.seat_of("out")
        # TRANSLATORS: Swoop toast: the hand ended with nobody going out
        gone = went_out(out, me, name_of) if out is not None else _("hand over")
        return hand_over(told.value("hand_no")) + " — " + gone
    return None
