"""Drawing the Mi Shi table from a view: words for bids, leads and hands, the seats around
the trick, and one log line per public event.

Pure functions of the view (and the names), so the screen stays small and each piece can be
read on its own.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from engine.mishi.cards import TRUMP
from lang import N_, _, ngettext, pgettext
from tui.fill import fill, mine_or
from tui.table.parse import Event, Wired
from tui.table.results import game_over
from tui.table.teller import Teller
from tui.widgets.cards import SUIT_GLYPHS, CardStyle

from .model import Bid, Case, HandRecord, KittyBonus, MishiView, Phase, Side

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


def bid_text(style: CardStyle, bid: Bid | None) -> Text:
    """The tens shown for a declaration or a go-alone bid: ``10♣`` or ``10♣ 10♣``."""
    if bid is None:
        return Text("")
    return style.hand(list(bid.cards))


def signed(n: int) -> str:
    """``+2`` / ``−1`` / ``0`` (a real minus sign reads better than a hyphen)."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def cards_words(count: int) -> str:
    # TRANSLATORS: Mi Shi, how many cards a player holds
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def partner_text(view: MishiView, me: int | None, name_of: NameOf, look: Look = plain_look) -> Text:
    """Who partners the declarer, as far as this seat knows ("partner ?" until it is
    public), or, with no partner, how the declarer plays, in plain words."""
    sides = view.sides
    case = view.case
    if case == Case.BAO:
        # TRANSLATORS: Mi Shi header, after "Bo declares": no partner, the declarer chose to
        # play alone against the other three (包牌); say it plainly, keep it short (80 columns)
        return Text(_("alone: 1 vs 3"), style=look("mishi--declarers"))
    if case == Case.PAQI:
        # TRANSLATORS: Mi Shi header, after "Bo declares": no partner, the declarer holds
        # both trump tens and so plays alone against the other three (扒起); keep it short
        return Text(_("both tens: 1 vs 3"), style=look("mishi--declarers"))
    partner = next((s for s, side in enumerate(sides) if side == Side.PARTNER), None)
    if partner is None:
        shown = Text("?", style=look("mishi--strong"))
    else:
        words = name_of(partner)
        if partner == me and not view.partner_revealed:
            # TRANSLATORS: Mi Shi header, partner: you ({name}); the others do not know it yet
            words = _("{name} (secret)").format(name=words)
        shown = Text(words, style=look("mishi--declarers"))
    # TRANSLATORS: Mi Shi header: the declarer's partner (a name, or "?" while unknown)
    return fill(_("partner {name}"), name=shown)


def side_style(view: MishiView, seat: int, look: Look = plain_look) -> Style:
    """The look of a seat's name: its side, once this viewer knows it."""
    return look(SIDE_LOOKS.get(view.side(seat) or "", "mishi--strong"))


def role_tag(
    view: MishiView, seat: int, me: int | None, look: Look = plain_look, own: bool = False
) -> Text:
    """``declarer`` / ``partner`` after a name, when known (``own``: after "You", the local
    seat's own line: "You defend")."""
    side = view.side(seat)
    if view.phase in (Phase.DEAL, Phase.BAO):
        return Text("")  # the shown tens stand in the seat's play line
    if side == Side.DECLARER or (side is None and seat == view.declarer):
        # TRANSLATORS: Mi Shi, a tag after a name: this player declared trump (亮主)
        return Text(" " + pgettext("tag", "declarer"), look("mishi--declarer-tag"))
    if side == Side.PARTNER:
        # TRANSLATORS: Mi Shi, a tag after a name: the declarer's partner
        return Text(" " + pgettext("tag", "partner"), look("mishi--declarer-tag"))
    if side == Side.DEFENDER and seat != me and (view.partner_revealed or view.case):
        # TRANSLATORS: Mi Shi, a tag after a name: this player is on the defending side
        word = pgettext("tag", "defends")
        if own:
            # TRANSLATORS: Mi Shi, a tag after "You" on your own seat line ("You defend"):
            # you are on the defending side
            word = pgettext("own tag", "defend")
        return Text(" " + word, look("mishi--defender-tag"))
    return Text("")


def declarers_words(record: HandRecord, name_of: NameOf) -> str:
    """ "Aki + Dana (2 v 2)": the declaring side of a finished hand."""
    declarer, partner = record.declarer, record.partner
    side = name_of(declarer)
    if partner is not None and partner != declarer:
        side += f" + {name_of(partner)}"
    case = CASE_WORDS.get(record.case or "")
    return f"{side} ({_(case) if case else '?'})"


def hand_words(record: HandRecord, name_of: NameOf, look: Look = plain_look) -> Text:
    """One finished hand: "Hand 1 · Aki + Dana (2 v 2) · defenders 85 · Aki −1 · Bo +1 …"."""
    # TRANSLATORS: Mi Shi, a finished hand's line begins "Hand 1 · "
    number = _("Hand {number}").format(number="?" if record.hand is None else record.hand)
    out = Text(number + " · ", style=look("mishi--strong"))
    out.append(declarers_words(record, name_of))
    # TRANSLATORS: Mi Shi, the points the defenders took in a hand
    defenders = _("defenders {points} pts").format(points=record.defender_points)
    out.append(" · " + defenders)
    for seat, delta in enumerate(record.deltas):
        out.append(" · ")
        gain = look("mishi--gain" if delta > 0 else "mishi--loss")
        out.append(f"{name_of(seat)} {signed(int(delta))}", gain)
    return out


def first_draw(number: object, seat: object, me: int | None, name_of: NameOf) -> str:
    """ "Hand 2 · Bo draws first" / "Hand 2 · You draw first"."""
    # TRANSLATORS: Mi Shi, a new hand: who draws the first card of the deal
    mine, theirs = _("Hand {number} · You draw first"), _("Hand {number} · {name} draws first")
    return mine_or(seat, me, mine, theirs).format(number=number, name=name_of(seat))


def kitty_won(bonus: KittyBonus, me: int | None, name_of: NameOf) -> str:
    """ "Bo wins the last trick: kitty 20 × 4 = 80 for the defenders"."""
    seat = bonus.seat
    # TRANSLATORS: Mi Shi: the defenders won the last trick, so the buried kitty (扣底) counts
    # for them, multiplied
    mine, theirs = (
        _("You win the last trick: kitty {points} × {times} = {bonus} for the defenders"),
        _("{name} wins the last trick: kitty {points} × {times} = {bonus} for the defenders"),
    )
    return mine_or(seat, me, mine, theirs).format(
        name=name_of(seat), points=bonus.kitty_points, times=bonus.multiplier, bonus=bonus.bonus
    )


def results_lines(
    event: HandRecord,
    bonus: KittyBonus | None,
    name_of: NameOf,
    style: CardStyle,
    look: Look = plain_look,
    me: int | None = None,
) -> list[Text]:
    """A hand's results: the sides and trump, the points the defenders took, the kitty, and
    the hand's row of the score table (each seat's points)."""
    strong = look("mishi--strong")
    suit = suit_text(style, event.trump, look)
    # TRANSLATORS: Mi Shi results: the declaring side (亮主) and the trump suit
    sides = fill(
        _("Declarers {side} · trump {suit}"), side=declarers_words(event, name_of), suit=suit
    )
    points = event.defender_points
    # TRANSLATORS: Mi Shi results: the defenders' points, counting the kitty (扣底) and penalties
    template = _("Points taken: defenders {points} (cards, kitty and penalties)")
    taken = fill(template, points=Text(f"{points}", strong))
    if bonus is not None:
        kitty = Text(kitty_line(bonus, me, name_of))
    else:
        # TRANSLATORS: Mi Shi results: the buried kitty (扣底) stays with the declaring side
        kitty = Text(_("Kitty: stays with the declarers (they won the last trick)"))
    # TRANSLATORS: Mi Shi results: the heading of each player's score change for the hand
    row = Text(_("This hand") + " ", strong)
    for seat, delta in enumerate(event.deltas):
        if seat:
            row.append(" · ")
        gain = look("mishi--gain" if delta > 0 else "mishi--loss")
        row.append(f"{name_of(seat)} {signed(int(delta))}", gain)
    return [sides, taken, kitty, row]


def kitty_line(bonus: KittyBonus, me: int | None, name_of: NameOf) -> str:
    """The results' kitty line, when the defenders won the last trick."""
    seat = bonus.seat
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
        name=name_of(seat), points=bonus.kitty_points, times=bonus.multiplier, bonus=bonus.bonus
    )


def hand_start_line(event: Event, t: Teller) -> Text:
    words = first_draw(event.value("hand", None), event.seat_of("first_player"), t.me, t.name_of)
    return Text(words, t.look("mishi--strong"))


def declare_line(event: Event, t: Teller) -> Text:
    # TRANSLATORS: Mi Shi log: a player shows a ten to declare trump (亮主)
    template = t.said(event, _("You show {cards}"), _("{name} shows {cards}"))
    return fill(template, name=t.who(event), cards=t.cards(event))


def bao_line(event: Event, t: Teller) -> Text:
    # TRANSLATORS: Mi Shi log: a player goes alone (包牌), showing tens
    template = t.said(
        event, _("You go alone (包牌) with {cards}"), _("{name} goes alone (包牌) with {cards}")
    )
    return fill(template, name=t.who(event), cards=t.cards(event))


def pass_line(event: Event, t: Teller) -> str:
    if event.text("phase") == "bao":
        # TRANSLATORS: Mi Shi log: a player declines to go alone (包牌)
        mine, theirs = _("You pass on going alone"), _("{name} passes on going alone")
    else:
        # TRANSLATORS: Mi Shi log: a player could declare trump (亮主) with a ten but does not
        mine, theirs = _("You could show a ten but pass"), _("{name} could show a ten but passes")
    return t.said(event, mine, theirs).format(name=t.who(event))


def dealt_line(event: Event, t: Teller) -> str:
    # TRANSLATORS: Mi Shi log: every card has been drawn
    return _("The deal is complete")


def redeal_line(event: Event, t: Teller) -> Text:
    # TRANSLATORS: Mi Shi log: nobody declared trump (亮主), so the cards are dealt again
    return Text(_("Nobody showed a ten: the cards are dealt again"), t.look("mishi--strong"))


def kitty_taken_line(event: Event, t: Teller) -> Text:
    suit = suit_text(t.style, event.text("suit") or None, t.look)
    # TRANSLATORS: Mi Shi log: the declarer takes the kitty (to bury 8, 扣底); the trump suit
    mine, theirs = (
        _("You take the kitty · trump {suit}"),
        _("{name} takes the kitty · trump {suit}"),
    )
    return fill(t.said(event, mine, theirs), name=t.who(event), suit=suit)


def buried_line(event: Event, t: Teller) -> str:
    # TRANSLATORS: Mi Shi log: the declarer buried the kitty (扣底)
    mine, theirs = _("You buried 8 cards"), _("{name} buried 8 cards")
    return t.said(event, mine, theirs).format(name=t.who(event))


def play_line(event: Event, t: Teller) -> Text:
    line = Text(f"{t.who(event)}: ")
    line.append_text(t.cards(event))
    return line


def throw_failed_line(event: Event, t: Teller) -> Text:
    # TRANSLATORS: Mi Shi log: a throw (several units led at once) was beaten; the cards
    mine, theirs = _("Your throw failed ({cards})"), _("{name}'s throw failed ({cards})")
    line = fill(t.said(event, mine, theirs), name=t.who(event), cards=t.cards(event))
    line.style = t.look("mishi--alert")
    return line


def partner_revealed_line(event: Event, t: Teller) -> Text:
    if event.text("case") == Case.PAQI:
        # TRANSLATORS: Mi Shi log: the declarer holds both tens and so plays alone (扒起)
        mine, theirs = (
            _("You hold both tens: alone (扒起)"),
            _("{name} holds both tens: alone (扒起)"),
        )
    else:
        # TRANSLATORS: Mi Shi log: the declarer's partner is now known
        mine, theirs = _("You are the partner"), _("{name} is the partner")
    words = t.said(event, mine, theirs).format(name=t.who(event))
    return Text(words, style=t.look("mishi--declarers"))


def trick_won_line(event: Event, t: Teller) -> Text:
    points = event.integer("points")
    # TRANSLATORS: Mi Shi log: who won a trick, by its number
    mine, theirs = _("You win trick {number}"), _("{name} wins trick {number}")
    won = t.said(event, mine, theirs).format(name=t.who(event), number=event.value("trick", None))
    if points:
        # TRANSLATORS: Mi Shi, points (the 5s, 10s and kings won)
        won += " · " + _("{points} pts").format(points=points)
    return Text(won, t.look("mishi--dim"))


def kitty_bonus_line(event: Event, t: Teller) -> Text:
    bonus = KittyBonus.parse(event.raw)
    return Text(kitty_won(bonus, t.me, t.name_of), style=t.look("mishi--strong"))


def hand_end_line(event: Event, t: Teller) -> Text:
    return hand_words(HandRecord.parse(event.raw), t.name_of, t.look)


def game_over_line(event: Event, t: Teller) -> Text:
    return Text(game_over(event.integers("winners"), t.name_of), style=t.look("mishi--strong"))


#: One log line per public event kind (the kinds not here get no line).
LINES: dict[str, Callable[[Event, Teller], Text | str]] = {
    "hand_start": hand_start_line,
    "declare": declare_line,
    "bao": bao_line,
    "pass": pass_line,
    "dealt": dealt_line,
    "redeal": redeal_line,
    "kitty_taken": kitty_taken_line,
    "buried": buried_line,
    "play": play_line,
    "throw_failed": throw_failed_line,
    "partner_revealed": partner_revealed_line,
    "trick_won": trick_won_line,
    "kitty_bonus": kitty_bonus_line,
    "hand_end": hand_end_line,
    "game_over": game_over_line,
}


def event_line(
    event: Wired, name_of: NameOf, style: CardStyle, look: Look = plain_look, me: int | None = None
) -> Text | str | None:
    """One log line per public event (None for the ones not worth a line)."""
    told = Event.of(event)
    line = LINES.get(told.kind)
    return line(told, Teller(name_of, style, look, me)) if line is not None else None


def toast_line(
    event: Wired, name_of: NameOf, style: CardStyle, me: int | None = None
) -> str | None:
    """The big events get a toast too."""
    told = Event.of(event)
    kind, seat = told.kind, told.seat
    who = name_of(seat) if seat is not None else "?"

    def said(mine: str, theirs: str, **fields: object) -> str:
        return mine_or(seat, me, mine, theirs).format(name=who, **fields)

    if kind == "bao":
        shown = style.hand(told.cards()).plain
        # TRANSLATORS: Mi Shi toast: a player goes alone (包牌), showing tens
        mine, theirs = (
            _("You go alone (包牌) with {cards}"),
            _("{name} goes alone (包牌) with {cards}"),
        )
        return said(mine, theirs, cards=shown)
    if kind == "kitty_taken":
        suit = suit_text(style, told.text("suit") or None).plain
        # TRANSLATORS: Mi Shi toast: the declarer (亮主) and the trump suit
        mine, theirs = _("You declare · trump {suit}"), _("{name} declares · trump {suit}")
        return said(mine, theirs, suit=suit)
    if kind == "partner_revealed":
        if told.text("case") == Case.PAQI:
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
        return words.format(
            number=told.value("hand", None), points=told.value("defender_points", None)
        )
    return None
