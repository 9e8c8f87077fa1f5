"""Drawing the Mi Shi table from a view: words for bids, leads and hands, the seats around
the trick, and one log line per public event.

Pure functions of the view (and the names), so the screen stays small and each piece can be
read on its own.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from engine.mishi.cards import TRUMP

from ..widgets.cards import SUIT_GLYPHS, CardStyle

NameOf = Callable[[object], str]
#: A component class name (``mishi--dim``…) → its Rich style. The screen reads them from
#: ``mishi.tcss`` (``get_component_rich_style``); plain unit tests use ``plain_look``.
Look = Callable[[str], Style]

#: The component classes the Mi Shi drawing uses (styled in mishi.tcss).
COMPONENTS = frozenset(
    {
        "mishi--dim",  # quiet details: counts, points, hints
        "mishi--strong",  # a name or a headline
        "mishi--count",  # how many cards are picked, in the prompt
        "mishi--caption",  # the last trick's caption
        "mishi--won",  # the cards winning the trick on the table
        "mishi--suit",  # a suit glyph
        "mishi--suit-red",  # a red suit's glyph (♥ ♦)
        "mishi--declarers",  # the declarer's side: names, the partner
        "mishi--defenders",  # the defenders' side
        "mishi--declarer-tag",  # "declarer" / "partner" after a name
        "mishi--defender-tag",  # "defends" after a name
        "mishi--gain",  # a score going up
        "mishi--loss",  # a score going down
        "mishi--alert",  # a failed throw
        "mishi--picked",  # how many cards are picked, by the hand
    }
)

CASE_WORDS = {"2v2": "2 v 2", "paqi": "扒起 1 v 3", "bao": "包牌 1 v 3"}
SIDE_LOOKS = {
    "declarer": "mishi--declarers",
    "partner": "mishi--declarers",
    "defender": "mishi--defenders",
}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def plain_look(name: str) -> Style:
    """No styles at all (for plain unit tests and plain-text answers)."""
    return Style.null()


def default_name(me: int | None) -> NameOf:
    """Names when nobody gave any: "You" for ``me``, "Seat N" for the others."""

    def name_of(seat: object) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "table"
        return "You" if seat == me else f"Seat {seat + 1}"

    return name_of


def suit_text(style: CardStyle, suit: str | None, look: Look = plain_look) -> Text:
    """A suit as shown: ``♠`` (``S`` with --ascii or NO_COLOR), hearts and diamonds red."""
    if not suit:
        return Text("?")
    if suit == "trump":
        return Text("trumps")
    glyph = suit if style.letters else SUIT_GLYPHS.get(suit, suit)
    return Text(glyph, style=look("mishi--suit-red" if suit in ("H", "D") else "mishi--suit"))


def suit_headings(style: CardStyle) -> dict[object, str]:
    """The hand's suit headings: ``♠`` (``S:`` with letters, so "C: A K Q" reads as a suit
    and not a card); trumps (the trump suit among them) are headed "trump", so a suit never
    looks missing from the hand."""
    headings: dict[object, str] = {
        suit: f"{suit}:" if style.letters else glyph for suit, glyph in SUIT_GLYPHS.items()
    }
    headings[TRUMP] = "trump:" if style.letters else "trump"
    return headings


def bid_text(style: CardStyle, bid: dict | None) -> Text:
    """The tens shown for a declaration or a go-alone bid: ``10♣`` or ``10♣ 10♣``."""
    if not isinstance(bid, dict):
        return Text("")
    return style.hand(list(bid.get("cards") or []))


def signed(n: int) -> str:
    """``+2`` / ``−1`` / ``0`` (a real minus sign reads better than a hyphen)."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def says(who: str, verb: str) -> str:
    """ "Bo passes" but "You pass": ``verb`` is given in the third person."""
    if who != "You":
        return f"{who} {verb}"
    plain = {"is": "are", "has": "have", "goes": "go"}.get(verb)
    if plain is None:
        plain = verb[:-2] if verb.endswith(("shes", "sses")) else verb.removesuffix("s")
    return f"{who} {plain}"


def whose(who: str) -> str:
    """ "Bo's" but "Your"."""
    return "Your" if who == "You" else f"{who}'s"


def cards_words(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def lead_words(
    lead: dict | None, style: CardStyle, look: Look = plain_look, *, article: bool = True
) -> Text:
    """What a lead asks for: "a pair of ♥", "a 2-pair tractor of trumps", "a throw (…) of ♠"."""
    if not isinstance(lead, dict):
        return Text("")
    units: list[str] = []
    for pairs in lead.get("tractors") or []:
        units.append(f"a {pairs}-pair tractor")
    pairs = int(lead.get("pairs") or 0)
    singles = int(lead.get("singles") or 0)
    if pairs:
        units.append("a pair" if pairs == 1 else f"{NUMBER_WORDS.get(pairs, pairs)} pairs")
    if singles:
        units.append(
            "a single" if singles == 1 else f"{NUMBER_WORDS.get(singles, singles)} singles"
        )
    out = Text("a " if article else "")
    if len(units) > 1:
        out.append("throw (" + " + ".join(u.removeprefix("a ") for u in units) + ")")
    else:
        out.append(units[0].removeprefix("a ") if units else "play")
    out.append(" of ")
    out.append_text(suit_text(style, lead.get("suit"), look))
    return out


def lead_size(lead: dict | None) -> int:
    """How many cards each follower plays."""
    if not isinstance(lead, dict):
        return 0
    return (
        2 * sum(lead.get("tractors") or [])
        + 2 * int(lead.get("pairs") or 0)
        + int(lead.get("singles") or 0)
    )


def fit(text: Text, width: int) -> Text:
    """``text`` cut (with an ellipsis) or padded to exactly ``width`` cells."""
    out = text.copy()
    out.no_wrap = True
    out.truncate(max(0, width), overflow="ellipsis", pad=True)
    return out


def centred(text: Text, width: int) -> Text:
    """``text`` centred in ``width`` cells (cut when too long)."""
    used = min(cell_len(text.plain), width)
    left = max(0, (width - used) // 2)
    return fit(Text(" " * left) + text, width)


def partner_text(view: dict, me: int | None, name_of: NameOf, look: Look = plain_look) -> Text:
    """Who partners the declarer, as far as this seat knows: ``?`` until it is public."""
    sides = view.get("sides") or []
    case = view.get("case")
    if case == "bao":
        return Text("alone (包牌)", style=look("mishi--declarers"))
    if case == "paqi":
        return Text("alone (扒起)", style=look("mishi--declarers"))
    partner = next((s for s, side in enumerate(sides) if side == "partner"), None)
    if partner is None:
        return Text("?", style=look("mishi--strong"))
    words = name_of(partner)
    if partner == me and not view.get("partner_revealed"):
        words += " (secret)"
    return Text(words, style=look("mishi--declarers"))


def side_style(view: dict, seat: int, look: Look = plain_look) -> Style:
    """The look of a seat's name: its side, once this viewer knows it."""
    sides = view.get("sides") or []
    side = sides[seat] if seat < len(sides) else None
    return look(SIDE_LOOKS.get(side or "", "mishi--strong"))


def role_tag(view: dict, seat: int, me: int | None, look: Look = plain_look) -> Text:
    """``declarer`` / ``partner`` after a name, when known."""
    sides = view.get("sides") or []
    side = sides[seat] if seat < len(sides) else None
    if view.get("phase") in ("deal", "bao"):
        return Text("")  # the shown tens stand in the seat's play line
    if side == "declarer" or (side is None and seat == view.get("declarer")):
        return Text(" declarer", look("mishi--declarer-tag"))
    if side == "partner":
        return Text(" partner", look("mishi--declarer-tag"))
    if side == "defender" and seat != me and (view.get("partner_revealed") or view.get("case")):
        return Text(" defends", look("mishi--defender-tag"))
    return Text("")


def declarers_words(record: dict, name_of: NameOf) -> str:
    """ "Aki + Dana (2 v 2)": the declaring side of a finished hand."""
    declarer, partner = record.get("declarer"), record.get("partner")
    side = name_of(declarer)
    if isinstance(partner, int) and partner != declarer:
        side += f" + {name_of(partner)}"
    return f"{side} ({CASE_WORDS.get(str(record.get('case')), '?')})"


def hand_words(record: dict, name_of: NameOf, look: Look = plain_look) -> Text:
    """One finished hand: "Hand 1 · Aki + Dana (2 v 2) · defenders 85 · Aki −1 · Bo +1 …"."""
    out = Text(f"Hand {record.get('hand', '?')} · ", style=look("mishi--strong"))
    out.append(declarers_words(record, name_of))
    out.append(f" · defenders {record.get('defender_points', 0)} pts")
    deltas = record.get("deltas") or []
    for seat, delta in enumerate(deltas):
        out.append(" · ")
        gain = look("mishi--gain" if delta > 0 else "mishi--loss")
        out.append(f"{name_of(seat)} {signed(int(delta))}", gain)
    return out


def results_lines(
    event: dict, bonus: dict | None, name_of: NameOf, style: CardStyle, look: Look = plain_look
) -> list[Text]:
    """A hand's results: the sides and trump, the points the defenders took, the kitty, and
    the hand's row of the score table (each seat's points)."""
    strong = look("mishi--strong")
    sides = Text(f"Declarers {declarers_words(event, name_of)} · trump ")
    sides.append_text(suit_text(style, event.get("trump"), look))
    points = int(event.get("defender_points") or 0)
    taken = Text("Points taken: defenders ")
    taken.append(f"{points}", strong)
    taken.append(" (cards, kitty and penalties)")
    if isinstance(bonus, dict):
        kitty = Text(
            f"Kitty: {says(name_of(bonus.get('seat')), 'wins')} the last trick · "
            f"{bonus.get('kitty_points')} × {bonus.get('multiplier')} = {bonus.get('bonus')}"
            " for the defenders (counted above)"
        )
    else:
        kitty = Text("Kitty: stays with the declarers (they won the last trick)")
    row = Text("This hand ", strong)
    for seat, delta in enumerate(event.get("deltas") or []):
        if seat:
            row.append(" · ")
        gain = look("mishi--gain" if delta > 0 else "mishi--loss")
        row.append(f"{name_of(seat)} {signed(int(delta))}", gain)
    return [sides, taken, kitty, row]


def event_line(
    event: dict, name_of: NameOf, style: CardStyle, look: Look = plain_look
) -> Text | str | None:
    """One log line per public event (None for the ones not worth a line)."""
    strong = look("mishi--strong")
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat) if isinstance(seat, int) else "?"
    if kind == "hand_start":
        return Text(
            f"Hand {event.get('hand')} · {says(name_of(event.get('first_player')), 'draws')} first",
            style=strong,
        )
    if kind in ("declare", "bao"):
        verb = "shows" if kind == "declare" else "goes alone (包牌) with"
        line = Text(says(who, verb.split(" ")[0]) + verb[len(verb.split(" ")[0]) :] + " ")
        line.append_text(style.hand(list(event.get("cards") or [])))
        return line
    if kind == "pass":
        if event.get("phase") == "bao":
            return says(who, "passes") + " on going alone"
        return says(who, "could show a ten but passes")
    if kind == "dealt":
        return "The deal is complete"
    if kind == "redeal":
        return Text("Nobody showed a ten: the cards are dealt again", style=strong)
    if kind == "kitty_taken":
        line = Text(says(who, "takes") + " the kitty · trump ")
        line.append_text(suit_text(style, event.get("suit"), look))
        return line
    if kind == "buried":
        return f"{who} buried 8 cards"
    if kind == "play":
        line = Text(f"{who}: ")
        line.append_text(style.hand(list(event.get("cards") or [])))
        return line
    if kind == "throw_failed":
        line = Text(f"{whose(who)} throw failed (", style=look("mishi--alert"))
        line.append_text(style.hand(list(event.get("cards") or [])))
        line.append(")", style=look("mishi--alert"))
        return line
    if kind == "partner_revealed":
        if event.get("case") == "paqi":
            return Text(
                says(who, "holds") + " both tens: alone (扒起)", style=look("mishi--declarers")
            )
        return Text(says(who, "is") + " the partner", style=look("mishi--declarers"))
    if kind == "trick_won":
        points = event.get("points") or 0
        won = says(who, "wins") + f" trick {event.get('trick')}"
        return Text(won + (f" · {points} pts" if points else ""), look("mishi--dim"))
    if kind == "kitty_bonus":
        return Text(
            f"{says(who, 'wins')} the last trick: kitty {event.get('kitty_points')} × "
            f"{event.get('multiplier')} = {event.get('bonus')} for the defenders",
            style=strong,
        )
    if kind == "hand_end":
        return hand_words(event, name_of, look)
    if kind == "game_over":
        winners = ", ".join(name_of(s) for s in event.get("winners") or [])
        return Text(f"Game over — {winners or 'nobody'} won", style=strong)
    return None


def toast_line(event: dict, name_of: NameOf, style: CardStyle) -> str | None:
    """The big events get a toast too."""
    kind = event.get("type")
    who = name_of(event.get("seat")) if isinstance(event.get("seat"), int) else "?"
    if kind == "bao":
        shown = style.hand(list(event.get("cards") or [])).plain
        return f"{says(who, 'goes')} alone (包牌) with {shown}"
    if kind == "kitty_taken":
        return f"{says(who, 'declares')} · trump {suit_text(style, event.get('suit')).plain}"
    if kind == "partner_revealed":
        if event.get("case") == "paqi":
            return f"{says(who, 'plays')} alone (扒起)"
        return f"{says(who, 'is')} the partner"
    if kind == "throw_failed":
        return f"{whose(who)} throw failed"
    if kind == "redeal":
        return "Nobody declared — dealing again"
    if kind == "hand_end":
        return f"Hand {event.get('hand')}: defenders {event.get('defender_points')} pts"
    return None
