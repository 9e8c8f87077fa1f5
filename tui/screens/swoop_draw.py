"""Drawing the Swoop table from a view: ranks, slots, seat lines, the pile and the log lines.

Suits never matter in Swoop, so cards are shown by rank; 10s and jokers (the cards that
always swoop) stand out. Mystery cards are backs: the view never holds them.

The colours are not here: every function takes a ``Look``, which gives the style of a role
("ten", "mystery", "turn"…) — the screen reads them from its component classes
(``swoop--<role>``), styled in swoop.tcss, so themes and NO_COLOR decide the look.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from engine.cards import rank
from engine.swoop.rules import penalty

from ..widgets.cards import CardStyle
from .swoop_flow import rank_name

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


def plural(r: str, n: int) -> str:
    """ "a 7", "three 7s", "two jokers"."""
    word = "joker" if r == "JK" else r
    if n == 1:
        return f"{'an' if r in ('A', '8') else 'a'} {word}"
    counts = {2: "two", 3: "three", 4: "four"}
    return f"{counts.get(n, str(n))} {word}s"


def slot_cells(player: dict, style: CardStyle, look: Look, flipped: dict | None = None) -> Text:
    """A player's four slots: the face-up card, a back (``▒▒``) once uncovered, or ``·``;
    a mystery card just turned up shows in its slot until it is played."""
    face_up = player.get("face_up") or [None] * 4
    mystery = player.get("mystery") or [False] * 4
    out = Text()
    for slot in range(4):
        out.append(" ")
        code = face_up[slot] if slot < len(face_up) else None
        if flipped and flipped.get("slot") == slot:
            label = card_label(str(flipped.get("card")), style, look, look("flipped"))
            out.append(" " * (2 - len(label.plain)))
            out.append_text(label)
        elif code:
            label = card_label(code, style, look)
            out.append(" " * (2 - len(label.plain)))
            out.append_text(label)
        elif slot < len(mystery) and mystery[slot]:
            out.append(style.back(2), style=look("mystery"))
        else:
            out.append(" " + ("." if style.ascii_only else "·"), style="dim")
    return out


def seat_head(
    name: Text, digit: str, count: int, style: CardStyle, look: Look, *, turn: bool
) -> Text:
    """ "▶1 Bo        hand 12 " — the part of a seat line before its slots (21 columns)."""
    mark = (">" if style.ascii_only else "▶") if turn else " "
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{mark}{digit or ' '} ", style=look("turn") if turn else "")
    shown = name.copy()
    shown.truncate(9, pad=True)
    line.append_text(shown)
    line.append(" hand ", style="dim")
    line.append(f"{count:>2}", style="bold" if count else look("out"))
    line.append(" ")
    return line


def mystery_cells(player: dict, style: CardStyle, look: Look) -> Text:
    """The four mystery places in one glance: a back per card still there (dim while a
    face-up card covers it, bright once it can be turned), ``·`` once it is gone."""
    mystery = player.get("mystery") or [False] * 4
    uncovered = player.get("uncovered") or [False] * 4
    out = Text()
    for slot in range(4):
        if slot < len(mystery) and mystery[slot]:
            turnable = slot < len(uncovered) and uncovered[slot]
            out.append(style.back(1), style=look("turnable") if turnable else "dim")
        else:
            out.append("." if style.ascii_only else "·", style="dim")
    return out


def seat_line(
    name: Text,
    digit: str,
    player: dict,
    style: CardStyle,
    look: Look,
    *,
    turn: bool,
    score: int | None,
    flipped: dict | None = None,
) -> Text:
    """ "▶1 Bo        hand 12   K  9 ▒▒  ·  ▒▒··   45"."""
    line = seat_head(name, digit, int(player.get("hand", 0) or 0), style, look, turn=turn)
    line.append_text(slot_cells(player, style, look, flipped))
    line.append("  ")
    line.append_text(mystery_cells(player, style, look))
    if score is not None:
        line.append_text(score_text(score))
    return line


def score_text(score: int) -> Text:
    """A seat's penalty total so far, after its cards (the column headed "pts")."""
    return Text(f"  {score:>3}", style="dim")


def pile_lines(view: dict, style: CardStyle, look: Look, width: int, *, cards: bool = True) -> Text:
    """The pile (all public): its size, the run on top, the cleared count, and (``cards``)
    its top cards by rank."""
    pile = [c for c in view.get("pile") or [] if isinstance(c, str)]
    top = view.get("top") or {}
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("Pile ", style="bold")
    if not pile:
        out.append("empty", style="bold")
        out.append(" — the next group leads", style="dim")
    else:
        out.append(f"{len(pile)}", style="bold")
        out.append(" · top ", style="dim")
        r, n = str(top.get("rank", "")), int(top.get("count", 0) or 0)
        out.append_text(card_label(f"{r}S" if r != "JK" else "JK", style, look))
        if n > 1:
            out.append(f" ×{n}" if not style.ascii_only else f" x{n}", style="bold")
    out.append(f" · cleared {view.get('cleared', 0)}", style="dim")
    if cards:
        out.append("\n")
        out.append_text(pile_cards(pile, view, style, look, width))
    return out


def pile_cards(pile: list[str], view: dict, style: CardStyle, look: Look, width: int) -> Text:
    """The pile's cards bottom → top, as many as fit, the run on top highlighted."""
    out = Text(" ", no_wrap=True, overflow="crop")
    if not pile:
        return out
    run = int((view.get("top") or {}).get("count", 0) or 0)
    labels = [rank_text(rank(c), style) for c in pile]
    room = max(4, width - 3)
    shown: list[int] = []
    used = 0
    for i in range(len(pile) - 1, -1, -1):
        w = len(labels[i]) + 1
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


def top_words(view: dict, style: CardStyle) -> str:
    """ "Q ×2" or "an empty pile"."""
    top = view.get("top")
    if not top:
        return "an empty pile"
    r, n = str(top.get("rank")), int(top.get("count", 1) or 1)
    return rank_text(r, style) + (f" ×{n}" if n > 1 else "")


def penalties_text(event: dict, name_of: NameOf, look: Look) -> Text:
    """ "Hand 2 over — Bo went out · penalties Aki 45 · Bo 0 …"."""
    out = Text.assemble((f"Hand {event.get('hand_no', '?')} over", "bold"))
    seat = event.get("out")
    if isinstance(seat, int):
        out.append(f" — {name_of(seat)} went out", style=look("out"))
    out.append("\nPenalties ", style="dim")
    for s, points in enumerate(event.get("penalties") or []):
        if s:
            out.append(" · ", style="dim")
        out.append(f"{name_of(s)} ")
        out.append(f"+{points}", style="bold" if points else look("out"))
    return out


def left_cards(before: dict, seat: int, me: int | None) -> tuple[list[str], int, int]:
    """What a seat had left in the last view of a hand: the cards known (its face-up cards,
    and its hand when it is mine), how many hand cards are unknown, how many face down."""
    players = before.get("players") or []
    info = players[seat] if seat < len(players) and isinstance(players[seat], dict) else {}
    known = [c for c in info.get("face_up") or [] if isinstance(c, str)]
    hand = before.get("hand") if seat == me else None
    unknown = 0
    if isinstance(hand, list):
        known = [c for c in hand if isinstance(c, str)] + known
    else:
        unknown = int(info.get("hand") or 0)
    hidden = sum(1 for m in info.get("mystery") or [] if m)
    return known, unknown, hidden


def results_lines(
    event: dict, before: dict, me: int | None, name_of: NameOf, style: CardStyle, look: Look
) -> list[Text]:
    """A hand's results: each seat's penalty card by card ("K♦ 10 · 3♣ 3"), the cards the
    table could not see counted, and the hand's points."""
    flat = bool((before.get("options") or {}).get("flat_numbers"))
    lines = []
    for seat, points in enumerate(event.get("penalties") or []):
        line = Text(f"{name_of(seat)[:12]:<13}")
        line.append(f"+{points:<4}", style="bold" if points else look("out"))
        if seat == event.get("out"):
            line.append("went out", style=look("out"))
            lines.append(line)
            continue
        known, unknown, hidden = left_cards(before, seat, me)
        parts: list[Text] = []
        for card in known:
            part = style.text(card)
            part.append(f" {penalty(card, flat_numbers=flat)}", style="dim")
            parts.append(part)
        if unknown:
            parts.append(Text(f"{unknown} in hand", style="dim"))
        if hidden:
            parts.append(Text(f"{hidden} face down", style="dim"))
        line.append_text(Text(" · ", style="dim").join(parts))
        lines.append(line)
    return lines


def history_line(number: int, penalties: list, name_of: NameOf) -> str:
    """One finished hand for the scores screen."""
    out = [s for s, p in enumerate(penalties) if p == 0]
    who = f"{name_of(out[0])} went out" if out else "nobody went out"
    paid = ", ".join(f"{name_of(s)} +{p}" for s, p in enumerate(penalties) if p)
    return f"Hand {number}: {who} · {paid}"


def from_where(event: dict) -> str:
    """Where a played group came from, when not only the hand: " (face-up)",
    " (hand + face-up)", " (turned up)", " (turned up + hand)"…"""
    hand, table = event.get("hand") or [], event.get("table") or []
    parts = ["turned up"] if event.get("mystery") else []
    if hand and parts + table:
        parts.append("hand")
    if table:
        parts.append("face-up")
    return f" ({' + '.join(parts)})" if parts else ""


def verb(seat: object, me: object, word: str) -> str:
    """ "plays" for another seat, "play" for the local one (shown as "You")."""
    return word[:-1] if seat == me and me is not None else word


def event_line(
    event: dict, name_of: NameOf, style: CardStyle, look: Look, me: int | None
) -> Text | str | None:
    """One log line per public event."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat) if isinstance(seat, int) else "?"
    cards = [c for c in event.get("cards") or [] if isinstance(c, str)]
    if kind == "flip":
        line = Text(f"{who} turned up ")
        line.append_text(card_label(str(event.get("card", "?")), style, look))
        line.append(f" (slot {int(event.get('slot', 0)) + 1})", style="dim")
        return line
    if kind == "play":
        line = Text(f"{who} played ")
        line.append_text(ranks_text(cards, style, look))
        line.append(from_where(event), style="dim")
        if event.get("outcome") == "pickup":
            line.append(" — higher", style="dim")
        return line
    if kind == "pickup":
        return Text(f"{who} picked up {event.get('count', '?')} cards", style=look("pickup"))
    if kind == "swoop":
        r = rank(cards[0]) if cards else "?"
        what = plural(r, len(cards)) if event.get("special") else f"four {rank_text(r, style)}s"
        return Text(f"Swoop! {who} swooped with {what}", style=look("swoop"))
    if kind == "chain":
        removed = [c for c in event.get("removed") or [] if isinstance(c, str)]
        r = rank(removed[0]) if removed else "?"
        line = Text.assemble((f"{who} chained: ", look("swoop")))
        line.append(f"played {len(cards)}, four {rank_text(r, style)}s gone")
        return line
    if kind == "clear":
        count = event.get("count", 0)
        if not count:
            return f"{who} {verb(seat, me, 'plays')} again"
        return (
            f"{count} more card{'s' * (count != 1)} cleared · {who} {verb(seat, me, 'plays')} again"
        )
    if kind == "hand_end":
        return penalties_text(event, name_of, look)
    if kind == "deal":
        first = event.get("first")
        lead = verb(first, me, "leads")
        return Text(f"Hand {event.get('hand_no', '?')} · {name_of(first)} {lead}", style="bold")
    if kind == "game_end":
        winners = ", ".join(name_of(s) for s in event.get("winners") or []) or "nobody"
        return Text(f"Game over — {winners} won", style="bold")
    return None


def toast_line(event: dict, name_of: NameOf, style: CardStyle) -> str | None:
    """The big events get a toast too: pick-ups, swoops, chains, the end of a hand."""
    kind = event.get("type")
    who = name_of(event.get("seat")) if isinstance(event.get("seat"), int) else "?"
    if kind == "pickup":
        return f"{who} picked up {event.get('count', '?')} cards"
    if kind == "swoop":
        return f"Swoop! {who} cleared the pile"
    if kind == "chain":
        return f"{who} chained another swoop"
    if kind == "hand_end":
        out = event.get("out")
        gone = f"{name_of(out)} went out" if isinstance(out, int) else "hand over"
        return f"Hand {event.get('hand_no', '?')} over — {gone}"
    return None
