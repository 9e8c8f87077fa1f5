"""Drawing the SwaPo table from a view: the seat lines, the reveal, the log lines."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ..widgets.cards import CardStyle
from .swapo_flow import POWER_CARDS, best_groups, group_words

NameOf = Callable[[object], str]  # a seat number -> the name shown

VARIANT_MARKS = {"dagger": "†", "asterisk": "*", "ace": " Ace"}


def title(view: dict) -> str:
    """ "SwaPo", "SwaPo† Ace", "SwaPo†*" …"""
    variants = view.get("variant") or []
    name = "SwaPo"
    for v in ("dagger", "asterisk"):
        if v in variants:
            name += VARIANT_MARKS[v]
    if "ace" in variants:
        name += VARIANT_MARKS["ace"]
    return name


def points_text(points: int) -> str:
    return f"{points} pt" if points == 1 else f"{points} pts"


def hand_backs(count: int, style: CardStyle) -> str:
    return style.back(1) * count if count else "—"


def dagger_row(view: dict, seat: int, style: CardStyle, picked: set[int] | None = None) -> Text:
    """An opponent's face-down row: moved positions shaded, locked ones marked."""
    moved = set((view.get("moved") or [[]] * (seat + 1))[seat] or [])
    locked_lists = view.get("locked_positions") or []
    locked = set(locked_lists[seat]) if seat < len(locked_lists) else set()
    out = Text()
    for pos in range(5):
        if pos:
            out.append(" ")
        glyph = style.back(2)
        if pos in moved and not style.ascii_only:
            glyph = "░░"
        if pos in locked:
            glyph = style.lock_mark() if style.lock_mark() == "🔒" else "**"
        cell_style = "bold yellow reverse" if picked and pos in picked else ""
        if pos in moved and not cell_style and style.color:
            cell_style = "cyan"
        out.append(glyph, style=cell_style)
    return out


def revealed_hand(
    hand: list[str],
    declared: list[str] | None,
    stabbed: list[str] | None,
    style: CardStyle,
    *,
    ace: bool,
    winner: bool,
) -> Text:
    """A face-up hand, the group that gives its strength underlined, stabbed cards struck."""
    size, ranks = best_groups([c for c in hand if c not in (stabbed or [])], declared, ace=ace)
    jokers = iter(declared or [])
    out = Text()
    struck = list(stabbed or [])
    for i, code in enumerate(hand):
        if i:
            out.append(" ")
        rank_as = next(jokers, None) if code == "JK" and ace else None
        piece = style.text(code, rank_as)
        if code in struck:
            struck.remove(code)
            piece.stylize("strike dim")
        elif size >= 2 and ((code == "JK" and not ace) or (rank_as or code[:-1]) in ranks):
            piece.stylize("underline" if style.color else "")
            if winner and style.color:
                piece.stylize("on dark_green")
        out.append_text(piece)
    for code in struck:  # stabbed cards no longer in the hand: shown struck out
        out.append(" ")
        out.append_text(style.text(code))
        out.stylize("strike dim", len(out) - len(style.label(code)))
    return out


def swaps_summary(view: dict, name_of: NameOf) -> Text:
    """This round's public exchanges at a glance: "Bo ↔ Chen ×2 · Dana kept"."""
    if view.get("phase") not in ("swap", "give") or view.get("revealed"):
        return Text("")
    parts = []
    swapped = set()
    for swap in view.get("swaps") or []:
        seat, target = swap.get("seat"), swap.get("target")
        swapped.add(seat)
        parts.append(f"{name_of(seat)} ↔ {name_of(target)} ×{swap.get('k')}")
    for seat in view.get("rights_done") or []:
        if seat not in swapped:
            parts.append(f"{name_of(seat)} kept")
    if not parts:
        return Text("")
    out = Text("This round: ", style="dim")
    out.append(" · ".join(parts), style="dim")
    return out


def round_words(record: dict, name_of: NameOf) -> str:
    """ "Round 2: Bo won with three 7s (+21)" or "Round 2: no game (Draw)"."""
    number = record.get("round", "?")
    if record.get("no_game"):
        return f"Round {number}: no game (Draw)"
    winners = record.get("winners") or []
    points = record.get("points") or []
    hands = record.get("hands") or []
    ace = bool(record.get("declared")) and any(record.get("declared") or [])
    parts = []
    for seat in winners:
        hand = hands[seat] if seat < len(hands) and hands[seat] else []
        declared = (record.get("declared") or [None] * (seat + 1))[seat]
        size, ranks = best_groups(hand, declared, ace=ace or bool(declared))
        got = points[seat] if seat < len(points) else 0
        parts.append(f"{name_of(seat)} ({group_words(size, ranks)}, +{got})")
    verb = "won" if len(winners) == 1 else "share the win"
    extra = " · sudden death" if record.get("sudden_death") else ""
    return f"Round {number}: {', '.join(parts) or 'nobody'} {verb}{extra}"


def event_line(event: dict, name_of: NameOf, style: CardStyle, asterisk: bool) -> Text | str | None:
    """One log line per public event."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat) if isinstance(seat, int) else "?"
    target = event.get("target")
    whom = name_of(target) if isinstance(target, int) else "?"
    if kind == "deal":
        line = f"Round {event.get('round')} · {name_of(event.get('dealer'))} deals"
        if event.get("sudden_death"):
            line += " · sudden death"
        if event.get("reshuffled"):
            line += " · reshuffled"
        return line + f" · pile {event.get('pile')}"
    if kind == "arranged":
        return f"{who} laid the row down"
    if kind == "swap_asked":
        k = event.get("k")
        return f"{who} asks {whom} for {k} card{'s' if k != 1 else ''}"
    if kind == "swapped":
        k = event.get("k")
        line = f"{who} swapped {k} card{'s' if k != 1 else ''} with {whom}"
        if "take" in event and "give" in event:
            take = " ".join(str(p + 1) for p in event.get("take") or [])
            give = " ".join(str(p + 1) for p in event.get("give") or [])
            line += f" (took {take}, gave {give})"
        return line
    if kind == "pass":
        if event.get("phase") == "power":
            return f"{who} is done with powers"
        return f"{who} {'is done swapping' if asterisk else 'kept the hand'}"
    if kind == "declared":
        return f"{who} declared the joker"
    if kind == "reveal":
        return Text("Hands revealed", style="bold")
    if kind in ("stab", "steal"):
        verb = "stabbed" if kind == "stab" else "stole"
        line = Text(f"{who} {verb} {whom}'s ")
        line.append_text(style.text(str(event.get("card"))))
        line.append(f" ({style.label(POWER_CARDS[kind])})", style="dim")
        return line
    if kind == "honey_trap":
        return f"{who} took {whom}'s joker as {event.get('rank')} ({style.label('AH')})"
    if kind == "draw":
        return f"{who} played the Draw ({style.label('AC')}): no game this round"
    if kind == "round_over":
        return Text(round_words(event, name_of), style="bold green")
    if kind == "sudden_death":
        seats = ", ".join(name_of(s) for s in event.get("seats") or [])
        return Text(f"Sudden death between {seats}", style="bold yellow")
    if kind == "game_over":
        winners = ", ".join(name_of(s) for s in event.get("winners") or [])
        return Text(f"Game over — {winners or 'nobody'} won", style="bold")
    return None


def toast_line(event: dict, name_of: NameOf) -> str | None:
    """The big events get a toast too."""
    kind = event.get("type")
    who = name_of(event.get("seat")) if isinstance(event.get("seat"), int) else "?"
    whom = name_of(event.get("target")) if isinstance(event.get("target"), int) else "?"
    if kind == "round_over":
        return round_words(event, name_of)
    if kind == "stab":
        return f"{who} stabbed {whom}'s {event.get('card')}"
    if kind == "steal":
        return f"{who} stole {whom}'s {event.get('card')}"
    if kind == "honey_trap":
        return f"{who} took {whom}'s joker"
    if kind == "draw":
        return f"{who} played the Draw — no game"
    if kind == "sudden_death":
        return "Sudden death!"
    return None
