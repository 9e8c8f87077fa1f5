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
from lang import N_, _, ngettext, pgettext
from tui.fill import fill, mine_or
from tui.table.results import game_over
from tui.widgets.cards import SUIT_GLYPHS, CardStyle

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

CASE_WORDS = {
    # TRANSLATORS: Mi Shi, the sides of a hand: declarer and partner against two
    "2v2": N_("2 v 2"),
    # TRANSLATORS: Mi Shi: 扒起 (one player holds both tens and plays alone), one against three
    "paqi": N_("扒起 1 v 3"),
    # TRANSLATORS: Mi Shi: 包牌 (going alone by choice), one against three
    "bao": N_("包牌 1 v 3"),
}
SIDE_LOOKS = {
    "declarer": "mishi--declarers",
    "partner": "mishi--declarers",
    "defender": "mishi--defenders",
}


def plain_look(name: str) -> Style:
    """No styles at all (for plain unit tests and plain-text answers)."""
    return Style.null()


def default_name(me: int | None) -> NameOf:
    """Names when nobody gave any: "You" for ``me``, "Seat N" for the others."""

    def name_of(seat: object) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool):
            # TRANSLATORS: Mi Shi, the name for "nobody in particular" ("waiting for the table")
            return pgettext("seat", "table")
        if seat == me:
            # TRANSLATORS: the local player, as a name
            return _("You")
        # TRANSLATORS: a seat with no name given
        return _("Seat {number}").format(number=seat + 1)

    return name_of


def suit_text(style: CardStyle, suit: str | None, look: Look = plain_look) -> Text:
    """A suit as shown: ``♠`` (``S`` with --ascii or NO_COLOR), hearts and diamonds red."""
    if not suit:
        return Text("?")
    if suit == "trump":
        # TRANSLATORS: Mi Shi, the trump suit as a whole ("a pair of trumps")
        return Text(_("trumps"))
    glyph = suit if style.letters else SUIT_GLYPHS.get(suit, suit)
    if style.four_colour and style.color:
        return Text(glyph, style=style.card_style("A" + suit))
    return Text(glyph, style=look("mishi--suit-red" if suit in ("H", "D") else "mishi--suit"))


def suit_headings(style: CardStyle) -> dict[object, str]:
    """The hand's suit headings: ``♠`` (``S:`` with letters, so "C: A K Q" reads as a suit
    and not a card); trumps (the trump suit among them) are headed "trump", so a suit never
    looks missing from the hand."""
    headings: dict[object, str] = {
        suit: f"{suit}:" if style.letters else glyph for suit, glyph in SUIT_GLYPHS.items()
    }
    # TRANSLATORS: Mi Shi, the heading of the trumps in the hand; keep short
    trump = pgettext("heading", "trump")
    headings[TRUMP] = trump + ":" if style.letters else trump
    return headings


def bid_text(style: CardStyle, bid: dict | None) -> Text:
    """The tens shown for a declaration or a go-alone bid: ``10♣`` or ``10♣ 10♣``."""
    if not isinstance(bid, dict):
        return Text("")
    return style.hand(list(bid.get("cards") or []))


def signed(n: int) -> str:
    """``+2`` / ``−1`` / ``0`` (a real minus sign reads better than a hyphen)."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def cards_words(count: int) -> str:
    # TRANSLATORS: Mi Shi, how many cards a player holds
    return ngettext("{count} card", "{count} cards", count).format(count=count)


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
        # TRANSLATORS: Mi Shi header, partner: none, the declarer goes alone (包牌)
        return Text(pgettext("partner", "alone (包牌)"), style=look("mishi--declarers"))
    if case == "paqi":
        # TRANSLATORS: Mi Shi header, partner: none, the declarer holds both tens (扒起)
        return Text(pgettext("partner", "alone (扒起)"), style=look("mishi--declarers"))
    partner = next((s for s, side in enumerate(sides) if side == "partner"), None)
    if partner is None:
        return Text("?", style=look("mishi--strong"))
    words = name_of(partner)
    if partner == me and not view.get("partner_revealed"):
        # TRANSLATORS: Mi Shi header, partner: you ({name}), and the others do not know it yet
        words = _("{name} (secret)").format(name=words)
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
        # TRANSLATORS: Mi Shi, a tag after a name: this player declared trump (亮主)
        return Text(" " + pgettext("tag", "declarer"), look("mishi--declarer-tag"))
    if side == "partner":
        # TRANSLATORS: Mi Shi, a tag after a name: the declarer's partner
        return Text(" " + pgettext("tag", "partner"), look("mishi--declarer-tag"))
    if side == "defender" and seat != me and (view.get("partner_revealed") or view.get("case")):
        # TRANSLATORS: Mi Shi, a tag after a name: this player is on the defending side
        return Text(" " + pgettext("tag", "defends"), look("mishi--defender-tag"))
    return Text("")


def declarers_words(record: dict, name_of: NameOf) -> str:
    """ "Aki + Dana (2 v 2)": the declaring side of a finished hand."""
    declarer, partner = record.get("declarer"), record.get("partner")
    side = name_of(declarer)
    if isinstance(partner, int) and partner != declarer:
        side += f" + {name_of(partner)}"
    case = CASE_WORDS.get(str(record.get("case")))
    return f"{side} ({_(case) if case else '?'})"


def hand_words(record: dict, name_of: NameOf, look: Look = plain_look) -> Text:
    """One finished hand: "Hand 1 · Aki + Dana (2 v 2) · defenders 85 · Aki −1 · Bo +1 …"."""
    # TRANSLATORS: Mi Shi, a finished hand's line begins "Hand 1 · "
    number = _("Hand {number}").format(number=record.get("hand", "?"))
    out = Text(number + " · ", style=look("mishi--strong"))
    out.append(declarers_words(record, name_of))
    # TRANSLATORS: Mi Shi, the points the defenders took in a hand
    defenders = _("defenders {points} pts").format(points=record.get("defender_points", 0))
    out.append(" · " + defenders)
    deltas = record.get("deltas") or []
    for seat, delta in enumerate(deltas):
        out.append(" · ")
        gain = look("mishi--gain" if delta > 0 else "mishi--loss")
        out.append(f"{name_of(seat)} {signed(int(delta))}", gain)
    return out


def first_draw(number: object, seat: object, me: int | None, name_of: NameOf) -> str:
    """ "Hand 2 · Bo draws first" / "Hand 2 · You draw first"."""
    # TRANSLATORS: Mi Shi, a new hand: who draws the first card of the deal
    mine, theirs = _("Hand {number} · You draw first"), _("Hand {number} · {name} draws first")
    return mine_or(seat, me, mine, theirs).format(number=number, name=name_of(seat))


def kitty_won(bonus: dict, me: int | None, name_of: NameOf) -> str:
    """ "Bo wins the last trick: kitty 20 × 4 = 80 for the defenders"."""
    seat = bonus.get("seat")
    # TRANSLATORS: Mi Shi: the defenders won the last trick, so the buried kitty (扣底) counts
    # for them, multiplied
    mine, theirs = (
        _("You win the last trick: kitty {points} × {times} = {bonus} for the defenders"),
        _("{name} wins the last trick: kitty {points} × {times} = {bonus} for the defenders"),
    )
    return mine_or(seat, me, mine, theirs).format(
        name=name_of(seat),
        points=bonus.get("kitty_points"),
        times=bonus.get("multiplier"),
        bonus=bonus.get("bonus"),
    )


def results_lines(
    event: dict,
    bonus: dict | None,
    name_of: NameOf,
    style: CardStyle,
    look: Look = plain_look,
    me: int | None = None,
) -> list[Text]:
    """A hand's results: the sides and trump, the points the defenders took, the kitty, and
    the hand's row of the score table (each seat's points)."""
    strong = look("mishi--strong")
    suit = suit_text(style, event.get("trump"), look)
    # TRANSLATORS: Mi Shi results: the declaring side (亮主) and the trump suit
    sides = fill(
        _("Declarers {side} · trump {suit}"), side=declarers_words(event, name_of), suit=suit
    )
    points = int(event.get("defender_points") or 0)
    # TRANSLATORS: Mi Shi results: the defenders' points, counting the kitty (扣底) and penalties
    template = _("Points taken: defenders {points} (cards, kitty and penalties)")
    taken = fill(template, points=Text(f"{points}", strong))
    if isinstance(bonus, dict):
        kitty = Text(kitty_line(bonus, me, name_of))
    else:
        # TRANSLATORS: Mi Shi results: the buried kitty (扣底) stays with the declaring side
        kitty = Text(_("Kitty: stays with the declarers (they won the last trick)"))
    # TRANSLATORS: Mi Shi results: the heading of each player's score change for the hand
    row = Text(_("This hand") + " ", strong)
    for seat, delta in enumerate(event.get("deltas") or []):
        if seat:
            row.append(" · ")
        gain = look("mishi--gain" if delta > 0 else "mishi--loss")
        row.append(f"{name_of(seat)} {signed(int(delta))}", gain)
    return [sides, taken, kitty, row]


def kitty_line(bonus: dict, me: int | None, name_of: NameOf) -> str:
    """The results' kitty line, when the defenders won the last trick."""
    seat = bonus.get("seat")
    # TRANSLATORS: Mi Shi results: the buried kitty (扣底) goes to the defenders, multiplied;
    # "(counted above)": already in the defenders' points
    mine, theirs = (
        _(
            "Kitty: You win the last trick · {points} × {times} = {bonus} for the defenders"
            " (counted above)"
        ),
        _(
            "Kitty: {name} wins the last trick · {points} × {times} = {bonus} for the defenders"
            " (counted above)"
        ),
    )
    return mine_or(seat, me, mine, theirs).format(
        name=name_of(seat),
        points=bonus.get("kitty_points"),
        times=bonus.get("multiplier"),
        bonus=bonus.get("bonus"),
    )


def event_line(
    event: dict, name_of: NameOf, style: CardStyle, look: Look = plain_look, me: int | None = None
) -> Text | str | None:
    """One log line per public event (None for the ones not worth a line)."""
    strong = look("mishi--strong")
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat) if isinstance(seat, int) else "?"

    def said(mine: str, theirs: str) -> str:
        return mine_or(seat, me, mine, theirs)

    if kind == "hand_start":
        return Text(first_draw(event.get("hand"), event.get("first_player"), me, name_of), strong)
    if kind in ("declare", "bao"):
        cards = style.hand(list(event.get("cards") or []))
        if kind == "declare":
            # TRANSLATORS: Mi Shi log: a player shows a ten to declare trump (亮主)
            template = said(_("You show {cards}"), _("{name} shows {cards}"))
        else:
            # TRANSLATORS: Mi Shi log: a player goes alone (包牌), showing tens
            template = said(
                _("You go alone (包牌) with {cards}"), _("{name} goes alone (包牌) with {cards}")
            )
        return fill(template, name=who, cards=cards)
    if kind == "pass":
        if event.get("phase") == "bao":
            # TRANSLATORS: Mi Shi log: a player declines to go alone (包牌)
            return said(_("You pass on going alone"), _("{name} passes on going alone")).format(
                name=who
            )
        # TRANSLATORS: Mi Shi log: a player could declare trump (亮主) with a ten but does not
        mine, theirs = _("You could show a ten but pass"), _("{name} could show a ten but passes")
        return said(mine, theirs).format(name=who)
    if kind == "dealt":
        # TRANSLATORS: Mi Shi log: every card has been drawn
        return _("The deal is complete")
    if kind == "redeal":
        # TRANSLATORS: Mi Shi log: nobody declared trump (亮主), so the cards are dealt again
        return Text(_("Nobody showed a ten: the cards are dealt again"), style=strong)
    if kind == "kitty_taken":
        suit = suit_text(style, event.get("suit"), look)
        # TRANSLATORS: Mi Shi log: the declarer takes the kitty (to bury 8, 扣底); the trump suit
        mine, theirs = (
            _("You take the kitty · trump {suit}"),
            _("{name} takes the kitty · trump {suit}"),
        )
        return fill(said(mine, theirs), name=who, suit=suit)
    if kind == "buried":
        # TRANSLATORS: Mi Shi log: the declarer buried the kitty (扣底)
        return said(_("You buried 8 cards"), _("{name} buried 8 cards")).format(name=who)
    if kind == "play":
        line = Text(f"{who}: ")
        line.append_text(style.hand(list(event.get("cards") or [])))
        return line
    if kind == "throw_failed":
        alert = look("mishi--alert")
        cards = style.hand(list(event.get("cards") or []))
        # TRANSLATORS: Mi Shi log: a throw (several units led at once) was beaten; the cards
        mine, theirs = _("Your throw failed ({cards})"), _("{name}'s throw failed ({cards})")
        line = fill(said(mine, theirs), name=who, cards=cards)
        line.style = alert
        return line
    if kind == "partner_revealed":
        if event.get("case") == "paqi":
            # TRANSLATORS: Mi Shi log: the declarer holds both tens and so plays alone (扒起)
            mine, theirs = (
                _("You hold both tens: alone (扒起)"),
                _("{name} holds both tens: alone (扒起)"),
            )
            return Text(said(mine, theirs).format(name=who), style=look("mishi--declarers"))
        # TRANSLATORS: Mi Shi log: the declarer's partner is now known
        mine, theirs = _("You are the partner"), _("{name} is the partner")
        return Text(said(mine, theirs).format(name=who), style=look("mishi--declarers"))
    if kind == "trick_won":
        points = event.get("points") or 0
        # TRANSLATORS: Mi Shi log: who won a trick, by its number
        mine, theirs = _("You win trick {number}"), _("{name} wins trick {number}")
        won = said(mine, theirs).format(name=who, number=event.get("trick"))
        if points:
            # TRANSLATORS: Mi Shi, points (the 5s, 10s and kings won)
            won += " · " + _("{points} pts").format(points=points)
        return Text(won, look("mishi--dim"))
    if kind == "kitty_bonus":
        return Text(kitty_won(event, me, name_of), style=strong)
    if kind == "hand_end":
        return hand_words(event, name_of, look)
    if kind == "game_over":
        return Text(game_over(event.get("winners") or [], name_of), style=strong)
    return None


def toast_line(event: dict, name_of: NameOf, style: CardStyle, me: int | None = None) -> str | None:
    """The big events get a toast too."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat) if isinstance(seat, int) else "?"

    def said(mine: str, theirs: str, **fields: object) -> str:
        return mine_or(seat, me, mine, theirs).format(name=who, **fields)

    if kind == "bao":
        shown = style.hand(list(event.get("cards") or [])).plain
        # TRANSLATORS: Mi Shi toast: a player goes alone (包牌), showing tens
        mine, theirs = (
            _("You go alone (包牌) with {cards}"),
            _("{name} goes alone (包牌) with {cards}"),
        )
        return said(mine, theirs, cards=shown)
    if kind == "kitty_taken":
        suit = suit_text(style, event.get("suit")).plain
        # TRANSLATORS: Mi Shi toast: the declarer (亮主) and the trump suit
        mine, theirs = _("You declare · trump {suit}"), _("{name} declares · trump {suit}")
        return said(mine, theirs, suit=suit)
    if kind == "partner_revealed":
        if event.get("case") == "paqi":
            # TRANSLATORS: Mi Shi toast: the declarer holds both tens and plays alone (扒起)
            return said(_("You play alone (扒起)"), _("{name} plays alone (扒起)"))
        # TRANSLATORS: Mi Shi toast: the declarer's partner is now known
        return said(_("You are the partner"), _("{name} is the partner"))
    if kind == "throw_failed":
        # TRANSLATORS: Mi Shi toast: a throw (several units led at once) was beaten
        return said(_("Your throw failed"), _("{name}'s throw failed"))
    if kind == "redeal":
        # TRANSLATORS: Mi Shi toast: nobody declared trump (亮主), so the cards are dealt again
        return _("Nobody declared — dealing again")
    if kind == "hand_end":
        # TRANSLATORS: Mi Shi toast: a hand ended; the defenders' points
        words = _("Hand {number}: defenders {points} pts")
        return words.format(number=event.get("hand"), points=event.get("defender_points"))
    return None
