"""大富豪's words at the table: titles, the order in force, the lock, the forbidden finishes,
the decision model's refusals and the log's lines. Whole translated sentences (``lang``); no
Textual here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from lang import N_, _, ngettext
from tui.fill import and_list, fill, mine_or
from tui.table.parse import Event
from tui.widgets.cards import CardStyle

SeatName = Callable[[int], str]

#: A seat's title after a deal (rules §9): the word shown beside its name.
TITLES: dict[str, str] = {
    # TRANSLATORS: 大富豪's title for the first to go out (大富豪); short (≤ 12 cells)
    "daifugo": N_("Tycoon"),
    # TRANSLATORS: 大富豪's title for the second (富豪); short (≤ 12 cells)
    "fugo": N_("Rich"),
    # TRANSLATORS: 大富豪's title for the places in the middle (平民); short (≤ 12 cells)
    "heimin": N_("Commoner"),
    # TRANSLATORS: 大富豪's title for the second to last (貧民); short (≤ 12 cells)
    "hinmin": N_("Poor"),
    # TRANSLATORS: 大富豪's title for the last (大貧民); short (≤ 12 cells)
    "daihinmin": N_("Beggar"),
}

#: The forbidden finishes (rules §8.2), as the table options and the log name them.
FOULS: dict[str, str] = {
    # TRANSLATORS: 大富豪: a forbidden finish: going out with a joker
    "joker": N_("a joker"),
    # TRANSLATORS: 大富豪: a forbidden finish: going out with the strongest rank (a 2, or a 3
    # while the order is reversed)
    "top": N_("the top rank"),
    # TRANSLATORS: 大富豪: a forbidden finish: going out with an 8
    "eight": N_("an 8"),
    # TRANSLATORS: 大富豪: a forbidden finish: going out with the 3 of spades
    "spade3": N_("the 3♠"),
}

SUIT_ORDER = "SHDC"


def title(code: str | None) -> str:
    return _(TITLES[code]) if code in TITLES else ""


def foul_words(kinds: Sequence[str]) -> str:
    return and_list(_(FOULS[k]) for k in kinds if k in FOULS)


def order_words(revolution: bool, back: bool) -> str:
    """The order in force, in a few words ("" for the normal order)."""
    if revolution and back:
        # TRANSLATORS: 大富豪: a revolution and an 11-back are both in force (normal order)
        return _("revolution + 11-back: normal order")
    if revolution:
        # TRANSLATORS: 大富豪: a revolution (革命) is in force: the order is reversed, 3 high
        return _("revolution: 3 high, 2 low")
    if back:
        # TRANSLATORS: 大富豪: an 11-back is in force until the trick ends: 3 high
        return _("11-back: 3 high until the trick ends")
    return ""


def lock_words(suits: Sequence[str], cards: CardStyle) -> Text:
    """ "locked ♥♠" (the lock, 縛り)."""
    known = [s for s in suits if s in SUIT_ORDER]
    glyphs = Text("").join(suit_glyph(s, cards) for s in sorted(known, key=SUIT_ORDER.index))
    # TRANSLATORS: 大富豪: the trick is locked (縛り) to these suits
    return fill(_("locked {suits}"), suits=glyphs)


def suit_glyph(suit: str, cards: CardStyle) -> Text:
    """A suit alone, in its card's colour."""
    face = cards.text("A" + suit)
    return Text(face.plain[1:], style=face.style)


def play_text(cards_: Sequence[str], named: Sequence[str], style: CardStyle) -> Text:
    """A play's cards, each joker with the card it stands for: ``★=5♠ 5♥``."""
    left = list(named)
    out = Text()
    for i, code in enumerate(cards_):
        if i:
            out.append(" ")
        stands = left.pop(0) if code == "JK" and left else None
        declared = style.label(stands) if stands else None
        out.append(style.label(code, declared), style=style.card_style(code))
    return out


# -- the decision model's refusals ---------------------------------------------------------
def not_with_picks(giving: bool, picked: bool) -> str:
    if giving:
        # TRANSLATORS: 大富豪's exchange: a card that cannot be given (a tribute is the
        # strongest cards) or one too many
        return _("That card cannot be given with the others picked")
    if picked:
        # TRANSLATORS: 大富豪: the card does not make a legal play with the cards picked
        return _("That card makes no play with the cards picked")
    # TRANSLATORS: 大富豪: the card is in no play that beats the top now
    return _("That card is in no play you can make now")


def nothing_picked(giving: bool, can_pass: bool) -> str:
    if giving:
        # TRANSLATORS: 大富豪's exchange: nothing picked yet
        return _("Pick the cards to give with space, then enter")
    if can_pass:
        # TRANSLATORS: 大富豪: nothing picked yet; p passes
        return _("Pick cards with space, then enter plays them · p passes")
    # TRANSLATORS: 大富豪: the leader has picked nothing yet (a leader may not pass)
    return _("Pick cards with space, then enter plays them")


def give_more(count: int, picked: int) -> str:
    # TRANSLATORS: 大富豪's exchange: how many cards to give ({picked}: picked so far)
    return ngettext(
        "Give exactly {n} card ({picked} picked)", "Give exactly {n} cards ({picked} picked)", count
    ).format(n=count, picked=picked)


def no_such_play() -> str:
    # TRANSLATORS: 大富豪: the picked cards are no play that beats the top under the lock
    return _("Those cards are no play you can make now")


# -- the log -------------------------------------------------------------------------------
class Lines:
    """The log's line for each public event (``line``), worded for the local seat ``me``."""

    def __init__(self, name: SeatName, me: int | None, cards: CardStyle) -> None:
        self.name, self.me, self.cards = name, me, cards

    def who(self, event: Event, key: str = "seat") -> str:
        seat = event.seat_of(key)
        return self.name(seat) if seat is not None else "?"

    def mine(self, event: Event, key: str, mine: str, theirs: str) -> str:
        return mine_or(event.seat_of(key), self.me, mine, theirs)

    def line(self, event: Event) -> Text | str | None:
        kind = event.kind
        if kind == "deal":
            # TRANSLATORS: 大富豪 log: a new deal, and who dealt it
            said = _("Deal {n} · {name} deals").format(
                n=event.value("deal"), name=self.who(event, "dealer")
            )
            leader = event.seat_of("leader")
            if leader is not None:
                # TRANSLATORS: 大富豪 log, after "Deal 1 · Ann deals": who leads (the 3♦)
                lead = self.mine(event, "leader", _("you lead"), _("{name} leads"))
                said += " · " + lead.format(name=self.name(leader))
            return Text(said, style="bold")
        if kind == "give":
            n = event.integer("count")
            # TRANSLATORS: 大富豪 log: the exchange; the cards are not told
            template = ngettext(
                "{giver} gives {receiver} {n} card", "{giver} gives {receiver} {n} cards", n
            )
            return template.format(
                giver=self.who(event, "from"), receiver=self.who(event, "to"), n=n
            )
        if kind == "lead":
            # TRANSLATORS: 大富豪 log: the exchange is over and this player leads
            lead = self.mine(event, "seat", _("You lead"), _("{name} leads"))
            return lead.format(name=self.who(event))
        if kind == "play":
            played = play_text(event.cards(), event.cards("as"), self.cards)
            # TRANSLATORS: 大富豪 log: a play
            template = self.mine(event, "seat", _("You play {cards}"), _("{name} plays {cards}"))
            return fill(template, name=self.who(event), cards=played)
        if kind == "pass":
            # TRANSLATORS: 大富豪 log: a pass (out of the trick until it ends)
            return self.mine(event, "seat", _("You pass"), _("{name} passes")).format(
                name=self.who(event)
            )
        if kind == "revolution":
            if event.flag("on"):
                # TRANSLATORS: 大富豪 log: a revolution (革命): the order is reversed
                return Text(_("Revolution! 3 is high, 2 is low"), style="bold")
            # TRANSLATORS: 大富豪 log: a counter-revolution (革命返し): normal order again
            return Text(_("Counter-revolution: the order is normal again"), style="bold")
        if kind == "back":
            if event.flag("on"):
                # TRANSLATORS: 大富豪 log: an 11-back: the order is reversed for the trick
                return _("11-back: 3 is high until the trick ends")
            # TRANSLATORS: 大富豪 log: a second 11-back undoes the first
            return _("11-back again: the order is normal again")
        if kind == "lock":
            return lock_words(event.cards("suits"), self.cards)
        if kind == "out":
            fouls = event.cards("foul")
            if fouls:
                # TRANSLATORS: 大富豪 log: a forbidden finish (反則上がり) takes the last place
                template = self.mine(
                    event,
                    "seat",
                    _("You go out on {cards}: forbidden, last place"),
                    _("{name} goes out on {cards}: forbidden, last place"),
                )
                return template.format(name=self.who(event), cards=foul_words(fouls))
            # TRANSLATORS: 大富豪 log: a player has no cards left
            return self.mine(event, "seat", _("You are out"), _("{name} is out")).format(
                name=self.who(event)
            )
        if kind == "fall":
            # TRANSLATORS: 大富豪 log: the capital fall (都落ち): last deal's first is out
            return self.mine(
                event,
                "seat",
                _("You fall from the top (capital fall)"),
                _("{name} falls from the top (capital fall)"),
            ).format(name=self.who(event))
        if kind == "trick_end":
            return self.trick_end(event)
        if kind == "deal_end":
            # TRANSLATORS: 大富豪 log: a deal is over (its results follow in a panel)
            return Text(_("Deal over"), style="bold")
        return None

    def trick_end(self, event: Event) -> str:
        cut = event.text("cut")
        if cut == "eight":
            # TRANSLATORS: 大富豪 log: an 8 ended the trick (8切り); who leads next
            template = self.mine(
                event,
                "leader",
                _("8-cut: the trick ends · you lead"),
                _("8-cut: the trick ends · {name} leads"),
            )
        elif cut == "spade3":
            # TRANSLATORS: 大富豪 log: the 3♠ beat the Joker and ended the trick (スペ3返し)
            template = self.mine(
                event,
                "leader",
                _("3♠ return: the trick ends · you lead"),
                _("3♠ return: the trick ends · {name} leads"),
            )
        else:
            # TRANSLATORS: 大富豪 log: everyone passed: the trick ends; who leads next
            template = self.mine(
                event, "leader", _("All passed · you lead"), _("All passed · {name} leads")
            )
        return template.format(name=self.who(event, "leader"))
