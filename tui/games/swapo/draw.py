"""Drawing the SwaPo table from a view: the seat lines, the reveal, the log lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.cells import set_cell_size
from rich.style import Style
from rich.text import Text

from lang import N_, _, ngettext, pgettext
from tui.fill import fill
from tui.widgets.cards import CardStyle

from .choices import (
    POWER_CARDS,
    NameOf,
    best_groups,
    declare_points,
    group_words,
    idle_aces,
)
from .menu import Entry
from .model import Phase, RoundRecord, SwapoView
from .steps import MENU_STEPS, Step

if TYPE_CHECKING:
    from .flow import SwapoDecisions

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


VARIANT_MARKS = {"dagger": "†", "asterisk": "*"}
# TRANSLATORS: the name of the card game SwaPo (a proper name: "swap" + "poker")
GAME_NAME = N_("SwaPo")


def title(view: SwapoView) -> str:
    """ "SwaPo", "SwaPo† Ace", "SwaPo†*" …"""
    variants = view.variant
    name = _(GAME_NAME)
    for v in ("dagger", "asterisk"):
        if v in variants:
            name += VARIANT_MARKS[v]
    if "ace" in variants:
        # TRANSLATORS: SwaPo header: the game's name with the Ace variant ("SwaPo† Ace")
        name = _("{game} Ace").format(game=name)
    return name


def points_text(points: int) -> str:
    # TRANSLATORS: SwaPo, a seat's score in points; keep short
    return ngettext("{n} pt", "{n} pts", points).format(n=points)


def hand_backs(count: int, style: CardStyle) -> str:
    return style.back(1) * count if count else "—"


def dagger_row(
    view: SwapoView, seat: int, style: CardStyle, picked: set[int] | None = None, look: Look = plain
) -> Text:
    """An opponent's face-down row: moved positions shaded, locked ones marked."""
    moved = set(view.moved[seat]) if 0 <= seat < len(view.moved) else set()
    locked = set(view.locked_at(seat))
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
    hand: Sequence[str],
    declared: Sequence[str] | None,
    stabbed: Sequence[str] | None,
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
            piece = Text(style.cut_mark()).append_text(piece)
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
        cut = Text(style.cut_mark()).append_text(style.text(code))
        cut.stylize(look("struck"))
        out.append_text(cut)
    return out


def swaps_summary(view: SwapoView, name_of: NameOf, look: Look = plain) -> Text:
    """This round's public exchanges at a glance: "Bo ↔ Chen ×2 · Dana kept"."""
    if view.phase not in (Phase.SWAP, Phase.GIVE) or view.revealed:
        return Text("")
    parts = []
    swapped = set()
    for swap in view.swaps:
        seat, target = swap.seat, swap.target
        swapped.add(seat)
        parts.append(f"{name_of(seat)} ↔ {name_of(target)} ×{swap.k}")
    for seat in view.rights_done:
        if seat not in swapped:
            # TRANSLATORS: SwaPo, a seat that kept its hand this round (no swap): "Dana kept"
            parts.append(_("{name} kept").format(name=name_of(seat)))
    if not parts:
        return Text("")
    # TRANSLATORS: SwaPo, the round's exchanges so far: "This round: Bo ↔ Chen ×2 · Dana kept"
    words = _("This round: {swaps}").format(swaps=" · ".join(parts))
    return Text(words, style=look("muted"))


ACE_WORDS = {
    # TRANSLATORS: SwaPo power menu, the Stab (A♠): strike out one card of another hand
    "stab": N_("Stab a card"),
    # TRANSLATORS: SwaPo power menu, the Honey Trap (A♥): take another hand's joker
    "honey_trap": N_("Take a joker"),
    # TRANSLATORS: SwaPo power menu, the Steal (A♦): take one card of another hand
    "steal": N_("Steal a card"),
}
AIMED_WORDS = {
    # TRANSLATORS: SwaPo menu entry, the Stab power (A♠) on {name}'s {card}
    "stab": N_("Stab {name}'s {card}"),
    # TRANSLATORS: SwaPo menu entry, the Steal power (A♦) on {name}'s {card}
    "steal": N_("Steal {name}'s {card}"),
}


def menu_label(
    entry: Entry, hand: list[str], style: CardStyle, name_of: NameOf, look: Look = plain
) -> Text:
    """One entry of a SwaPo menu: a count, a rank to declare, an Ace power, or Pass."""
    kind = entry.kind
    if not kind:  # a count
        return Text(str(entry.k), style=look("strong"))
    if entry.rank is not None:  # a rank to declare, or a taken joker's new rank
        label = Text(entry.rank, style=look("strong"))
        if kind == "declare":
            counts = Counter(c[:-1] for c in hand if c not in ("JK", "?"))
            label.append(f"×{counts[entry.rank] + 1}", style=look("muted"))
        return label
    if kind == "pass":
        # TRANSLATORS: SwaPo menu entry: use no (more) Ace powers
        return Text(pgettext("menu", "Pass"))
    label = style.text(POWER_CARDS[kind])  # the Ace that gives the power
    label.append(" ")
    whose = name_of(entry.target)
    if entry.target is None and kind != "draw":  # a power's first step: which Ace
        label.append(_(ACE_WORDS[kind]))
    elif kind in ("stab", "steal"):
        words = _(AIMED_WORDS[kind])
        label.append_text(fill(words, name=whose, card=style.text(entry.card or "?")))
    elif kind == "honey_trap":
        # TRANSLATORS: SwaPo menu entry, the Honey Trap power (A♥) on {name}'s joker
        label.append(_("Take {name}'s joker").format(name=whose))
    else:
        # TRANSLATORS: SwaPo menu entry, the Draw power (A♣): nobody scores this round
        label.append(_("Draw: no game"))
    return label


def results_lines(
    record: RoundRecord, name_of: NameOf, style: CardStyle, look: Look = plain
) -> list[Text]:
    """A round's results panel: one line per hand — the name, the hand face up (the group that
    gives its strength marked, the winners' shaded, stabbed cards struck), what it makes and
    the points taken."""
    lines = []
    if record.no_game:  # the title says "no game" (and who played the Draw): why nobody scores
        # TRANSLATORS: SwaPo results panel, a round in which the Draw (Ace of clubs) was played
        words = _("Nobody scores this round: the Draw ({card}) stops the game.")
        lines.append(Text(words.format(card=style.label("AC")), style=look("muted")))
    hands, declared, stabbed = record.hands, record.declared, record.stabbed
    winners, points = record.winners, record.points
    ace = any(declared)
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        won = seat in winners
        mine = declared[seat] if seat < len(declared) else None
        cut = stabbed[seat] if seat < len(stabbed) else ()
        line = Text(f"{style.winner_mark()} " if won else "  ")
        line.stylize(look("winner" if won else "muted"))
        name = set_cell_size(name_of(seat), 10) + " "
        line.append(name, style=look("winner" if won else "strong"))
        line.append_text(revealed_hand(hand, mine, cut, style, ace=ace, winner=won, look=look))
        size, ranks = best_groups(hand, mine, ace=ace or bool(mine))
        line.append(f"  {group_words(size, ranks)}", style=look("muted"))
        got = points[seat] if seat < len(points) else 0
        if won:
            line.append(f"  +{got}", style=look("gain"))
        lines.append(line)
    return lines


def declare_grid(
    entries: list[Entry],
    hand: list[str],
    declared: Sequence[str],
    cursor: int,
    look: Look = plain,
    width: int = 0,
) -> Text:
    """A rank menu (declaring a joker, or a taken joker's new rank) as pairs of aligned rows:
    the group of that rank it makes ("K×2") and the points the hand is worth if it wins
    ("26"), as many ranks a pair as ``width`` cells hold (0: all in one), each point under
    its rank; then what the rank under the cursor makes. ``hand`` holds the joker being
    declared (a taken joker: add it), ``declared`` the ranks of the hand's jokers declared
    before."""
    cards = [c for c in hand if c != "?"]
    cells = []
    for entry in entries:
        rank = str(entry.rank)
        same = sum(1 for c in cards if c != "JK" and c[:-1] == rank) + [*declared, rank].count(rank)
        cells.append((f"{rank}×{same}", str(declare_points(cards, declared, rank)[1])))
    column = max((max(len(a), len(b)) for a, b in cells), default=3) + 1
    per_row = max(1, (width - 5) // column) if width > 5 else max(1, len(cells))
    out = Text()
    for start in range(0, len(cells), per_row):
        if start:
            out.append("\n")
        # TRANSLATORS: SwaPo Ace, the title of the row of ranks a joker may take; at most 4 cells
        rank_row = Text(set_cell_size(_("rank"), 4) + " ", look("muted"))
        # TRANSLATORS: SwaPo Ace, the title of the row of points each rank gives; at most 4 cells
        point_row = Text(set_cell_size(_("pts"), 4) + " ", look("muted"))
        for i in range(start, min(start + per_row, len(cells))):
            made, worth = cells[i]
            here = i == cursor
            rank_row.append(made.ljust(column), look("cursor") if here else look("strong"))
            point_row.append(worth.ljust(column), look("cursor") if here else look("muted"))
        rank_row.rstrip()
        point_row.rstrip()
        out.append_text(rank_row)
        out.append("\n")
        out.append_text(point_row)
    if 0 <= cursor < len(entries):
        rank = str(entries[cursor].rank)
        size, ranks = best_groups(cards, [*declared, rank], ace=True)
        points = declare_points(cards, declared, rank)[1]
        # TRANSLATORS: SwaPo Ace, the joker declared as {rank}: {group}: "a pair of Ks"
        words = ngettext(
            "as {rank}: {group}, {points} point if you win",
            "as {rank}: {group}, {points} points if you win",
            points,
        )
        said = words.format(rank=rank, group=group_words(size, ranks), points=points)
        out.append("\n" + said, look("muted"))
    return out


# TRANSLATORS: SwaPo, what the seat rows' marks mean; keep the marks "D" and "✓" as they are
LEGEND = N_("D deals · ✓ done this round")


def legend(ascii_only: bool) -> str:
    """What the seat rows' marks mean."""
    words = _(LEGEND)
    return words.replace("✓", "v") if ascii_only else words


def menu_text(
    flow: SwapoDecisions,
    labels: Callable[[], list[Text]],
    declared: Sequence[str],
    style: CardStyle,
    look: Look = plain,
    width: int = 0,
) -> Text:
    """The menu under my hand: counts, the Aces (then one target at a time), a rank grid
    (``declared``: my jokers' ranks so far; ``width``: the cells it has, 0 one line), then
    what the choice would change."""
    if flow.step not in MENU_STEPS or not flow.menu:
        return Text("")
    if flow.step == Step.DECLARE and not flow.declaring():
        return Text("")
    if flow.step == Step.DECLARE:
        return declare_grid(flow.menu, flow.hand, declared, flow.menu_cursor, look, width)
    if flow.step == Step.POWER_RANK:  # the taken joker joins my hand
        hand = [*flow.hand, "JK"]
        out = declare_grid(flow.menu, hand, declared, flow.menu_cursor, look, width)
    elif flow.step == Step.POWER_TARGET:  # one choice at a time, shown on the hands above
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
    if flow.step == Step.POWER:
        me = flow.seat if isinstance(flow.seat, int) else 0
        used = flow.state.used_aces[me] if me < len(flow.state.used_aces) else ()
        for ace, why in idle_aces(me, flow.state.revealed or (), used):
            # TRANSLATORS: SwaPo Ace: one of the player's Aces has no target; {why}: the reason
            words = _("{ace} cannot be used: {why}").format(ace=style.label(ace), why=why)
            out.append("\n" + words, look("muted"))
    effect = flow.effect()
    if effect:
        out.append(f"\n{effect}", style=look("gain"))
    return out


def received_now(view: SwapoView, me: int | None) -> list[str]:
    """The cards that came to me in my latest exchange this round (to mark them "new")."""
    if view.phase not in (Phase.SWAP, Phase.GIVE):
        return []
    for swap in reversed(view.swaps):
        if swap.sent is None or me not in (swap.seat, swap.target):
            continue
        return list((swap.received or ()) if swap.seat == me else swap.sent)
    return []


def new_tag(code: str, new: list[str]) -> str:
    """A card's tag: "new" for a card just received (each received card once)."""
    if code in new:
        new.remove(code)
        # TRANSLATORS: SwaPo, the tag on a card just received in a swap; at most 4 cells
        return _("new")
    return ""
