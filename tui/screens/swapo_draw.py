"""Drawing the SwaPo table from a view: the seat lines, the reveal, the log lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text

from ..widgets.cards import CardStyle
from .swapo_powers import MENU_STEPS
from .swapo_rules import (
    POWER_CARDS,
    NameOf,
    best_groups,
    declare_points,
    group_words,
    idle_aces,
    round_words,
)

if TYPE_CHECKING:
    from .swapo_flow import SwapoDecisions

#: A look by name -> its Rich style. The screen reads them from its component classes
#: (``swapo--<name>`` in swapo.tcss); without a screen (tests) everything is drawn plain.
Look = Callable[[str], Style]
LOOKS = (
    "strong",  # bold
    "muted",  # dim
    "alert",  # pending seats, sudden death
    "gain",  # points won, a round's result
    "winner",  # a round winner's name
    "cursor",  # the choice under the cursor, the chosen opponent, positions taken
    "dealer",  # the dealer's mark
    "hint",  # Dagger: positions that changed hands; the word "dealer"
    "aside",  # a remark in italics
    "struck",  # stabbed cards
    "group",  # the group that gives a revealed hand its strength
    "win-group",  # … in a winner's hand
)


def plain(name: str) -> Style:
    return Style()


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


def dagger_row(
    view: dict, seat: int, style: CardStyle, picked: set[int] | None = None, look: Look = plain
) -> Text:
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
        if picked and pos in picked:
            out.append(glyph, style=look("cursor"))
        else:
            out.append(glyph, style=look("hint") if pos in moved else "")
    return out


def revealed_hand(
    hand: list[str],
    declared: list[str] | None,
    stabbed: list[str] | None,
    style: CardStyle,
    *,
    ace: bool,
    winner: bool,
    look: Look = plain,
    aim: str | None = None,
) -> Text:
    """A face-up hand, the group that gives its strength underlined, stabbed cards struck;
    ``aim``: the card a power under the cursor would hit, drawn as the cursor."""
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
            piece.stylize(look("struck"))
        elif size >= 2 and ((code == "JK" and not ace) or (rank_as or code[:-1]) in ranks):
            piece.stylize(look("group"))
            if winner:
                piece.stylize(look("win-group"))
        if code == aim:
            piece.stylize(look("cursor"))
            aim = None
        out.append_text(piece)
    for code in struck:  # stabbed cards no longer in the hand: shown struck out
        out.append(" ")
        out.append_text(style.text(code))
        out.stylize(look("struck"), len(out) - len(style.label(code)))
    return out


def swaps_summary(view: dict, name_of: NameOf, look: Look = plain) -> Text:
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
    out = Text("This round: ", style=look("muted"))
    out.append(" · ".join(parts), style=look("muted"))
    return out


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
        dealt = f"Round {event.get('round')} · {name_of(event.get('dealer'))} deals"
        if event.get("sudden_death"):
            dealt += " · sudden death"
        if event.get("reshuffled"):
            dealt += " · reshuffled"
        return dealt + f" · pile {event.get('pile')}"
    if kind == "arranged":
        return f"{who} laid the row down"
    if kind == "swap_asked":
        k = event.get("k")
        return f"{who} asks {whom} for {k} card{'s' if k != 1 else ''}"
    if kind == "swapped":
        k = event.get("k")
        said = f"{who} swapped {k} card{'s' if k != 1 else ''} with {whom}"
        if "take" in event and "give" in event:
            take = " ".join(str(p + 1) for p in event.get("take") or [])
            give = " ".join(str(p + 1) for p in event.get("give") or [])
            said += f" (took {take}, gave {give})"
        return said
    if kind == "pass":
        if event.get("phase") == "power":
            return f"{who} is done with powers"
        return f"{who} {'is done swapping' if asterisk else 'kept the hand'}"
    if kind == "declared":
        return f"{who} declared the joker"
    if kind == "reveal":
        return Text("Hands revealed", style=look("strong"))
    if kind in ("stab", "steal"):
        verb = "stabbed" if kind == "stab" else "stole"
        line = Text(f"{who} {verb} {whom}'s ")
        line.append_text(style.text(str(event.get("card"))))
        line.append(f" ({style.label(POWER_CARDS[kind])})", style=look("muted"))
        return line
    if kind == "honey_trap":
        return f"{who} took {whom}'s joker as {event.get('rank')} ({style.label('AH')})"
    if kind == "draw":
        return f"{who} played the Draw ({style.label('AC')}): no game this round"
    if kind == "round_over":
        return Text(round_words(event, name_of), style=look("gain"))
    if kind == "sudden_death":
        seats = ", ".join(name_of(s) for s in event.get("seats") or [])
        return Text(f"Sudden death between {seats}", style=look("alert"))
    if kind == "game_over":
        winners = ", ".join(name_of(s) for s in event.get("winners") or [])
        return Text(f"Game over — {winners or 'nobody'} won", style=look("strong"))
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


ACE_WORDS = {"stab": "Stab a card", "honey_trap": "Take a joker", "steal": "Steal a card"}


def menu_label(
    entry: dict, hand: list[str], style: CardStyle, name_of: NameOf, look: Look = plain
) -> Text:
    """One entry of a SwaPo menu: a count, a rank to declare, an Ace power, or Pass."""
    kind = entry.get("type")
    if kind is None:  # a count
        return Text(str(entry.get("k")), style=look("strong"))
    if kind == "declare" or (kind == "honey_trap" and "rank" in entry):
        label = Text(str(entry["rank"]), style=look("strong"))
        if kind == "declare":
            counts = Counter(c[:-1] for c in hand if c not in ("JK", "?"))
            label.append(f"×{counts[entry['rank']] + 1}", style=look("muted"))
        return label
    if kind == "pass":
        return Text("Pass")
    label = style.text(POWER_CARDS[str(kind)])  # the Ace that gives the power
    label.append(" ")
    whose = name_of(entry.get("target"))
    if "target" not in entry and kind != "draw":  # a power's first step: which Ace
        label.append(ACE_WORDS[str(kind)])
    elif kind in ("stab", "steal"):
        label.append(f"{'Stab' if kind == 'stab' else 'Steal'} {whose}'s ")
        label.append_text(style.text(entry["card"]))
    elif kind == "honey_trap":
        label.append(f"Take {whose}'s joker")
    else:
        label.append("Draw: no game")
    return label


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
        line = Text("  you gave ", style=look("muted"))
        line.append_text(style.hand(sent))
        line.append(" and got ", style=look("muted"))
        line.append_text(style.hand(received))
        return line
    if not last_sent:
        return None
    line = Text("  you gave ", style=look("muted"))
    line.append_text(style.hand(last_sent))
    if got:
        line.append(" and got ", style=look("muted"))
        line.append_text(style.hand(got))
    return line


def results_lines(
    record: dict, name_of: NameOf, style: CardStyle, look: Look = plain
) -> list[Text]:
    """A round's results panel: one line per hand — the name, the hand face up (the group that
    gives its strength marked, the winners' shaded, stabbed cards struck), what it makes and
    the points taken."""
    if record.get("no_game"):
        lines = [Text("No game: the Draw (A♣) was played, nobody scores.", style=look("muted"))]
    else:
        lines = []
    hands = record.get("hands") or []
    declared = record.get("declared") or []
    stabbed = record.get("stabbed") or []
    winners = record.get("winners") or []
    points = record.get("points") or []
    ace = any(declared)
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        won = seat in winners
        mine = declared[seat] if seat < len(declared) else None
        cut = stabbed[seat] if seat < len(stabbed) else []
        line = Text("★ " if won and not style.ascii_only else ("* " if won else "  "))
        line.stylize(look("winner" if won else "muted"))
        line.append(name_of(seat)[:10].ljust(11), style=look("winner" if won else "strong"))
        line.append_text(revealed_hand(hand, mine, cut, style, ace=ace, winner=won, look=look))
        size, ranks = best_groups(hand, mine, ace=ace or bool(mine))
        line.append(f"  {group_words(size, ranks)}", style=look("muted"))
        got = points[seat] if seat < len(points) else 0
        if won:
            line.append(f"  +{got}", style=look("gain"))
        lines.append(line)
    return lines


def declare_grid(
    entries: list[dict], hand: list[str], declared: list[str], cursor: int, look: Look = plain
) -> Text:
    """A rank menu (declaring a joker, or a taken joker's new rank) as two aligned rows: the
    group of that rank it makes ("K×2") and the points the hand is worth if it wins ("26");
    then what the rank under the cursor makes. ``hand`` holds the joker being declared (a
    taken joker: add it), ``declared`` the ranks of the hand's jokers declared before."""
    cards = [c for c in hand if c != "?"]
    out = Text("rank ", look("muted"))
    worth = Text("pts  ", look("muted"))
    for i, entry in enumerate(entries):
        rank = str(entry.get("rank"))
        same = sum(1 for c in cards if c != "JK" and c[:-1] == rank) + [*declared, rank].count(rank)
        points = declare_points(cards, declared, rank)[1]
        here = i == cursor
        out.append(f"{rank}×{same}".ljust(5), look("cursor") if here else look("strong"))
        worth.append(str(points).ljust(5), look("cursor") if here else look("muted"))
    out.append("\n")
    out.append_text(worth)
    if 0 <= cursor < len(entries):
        rank = str(entries[cursor].get("rank"))
        size, ranks = best_groups(cards, [*declared, rank], ace=True)
        points = declare_points(cards, declared, rank)[1]
        out.append(
            f"\nas {rank}: {group_words(size, ranks)}, {points} points if you win", look("muted")
        )
    return out


LEGEND = "D deals · ✓ done this round"


def legend(ascii_only: bool) -> str:
    """What the seat rows' marks mean."""
    return LEGEND.replace("✓", "v") if ascii_only else LEGEND


def menu_text(
    flow: SwapoDecisions,
    labels: Callable[[], list[Text]],
    declared: list[str],
    style: CardStyle,
    look: Look = plain,
) -> Text:
    """The menu under my hand: counts, the Aces (then one target at a time), a rank grid
    (``declared``: my jokers' ranks so far), then what the choice would change."""
    if flow.step not in MENU_STEPS or not flow.menu:
        return Text("")
    if flow.step == "declare" and not flow.declaring():
        return Text("")
    if flow.step == "declare":
        return declare_grid(flow.menu, flow.hand, declared, flow.menu_cursor, look)
    if flow.step == "power_rank":  # the taken joker joins my hand
        out = declare_grid(flow.menu, [*flow.hand, "JK"], declared, flow.menu_cursor, look)
    elif flow.step == "power_target":  # one choice at a time, shown on the hands above
        left, right = ("<", ">") if style.ascii_only else ("◀", "▶")
        out = Text(f"{left} {flow.menu_cursor + 1}/{len(flow.menu)} {right} ", style=look("muted"))
        out.append_text(labels()[flow.menu_cursor])
    else:
        out = Text()
        for i, label in enumerate(labels()):
            if i:
                out.append("  ")
            if i == flow.menu_cursor:
                label.stylize(look("cursor"))
            out.append_text(label)
    if flow.step == "power":
        me = flow.seat if isinstance(flow.seat, int) else 0
        for ace, why in idle_aces(me, flow.view.get("revealed") or []):
            out.append(f"\n{style.label(ace)} cannot be used: {why}", look("muted"))
    effect = flow.effect()
    if effect:
        out.append(f"\n{effect}", style=look("gain"))
    return out
