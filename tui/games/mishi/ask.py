"""The Mi Shi prompt's words: what the decision model asks at each step (declaring, going
alone, burying, leading and following), and whom the table waits for. Whole translated
sentences (``lang``); no Textual here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from lang import _, ngettext
from tui.fill import and_list, fill

from . import draw
from .model import Phase
from .steps import BIDDING, BURY, Step
from .words import lead_words

if TYPE_CHECKING:
    from .flow import MishiDecisions


def question(flow: MishiDecisions) -> Text:
    """The prompt's question for the flow's step."""
    step = flow.step
    if step in BIDDING:
        return bid_question(flow)
    if step == Step.BURY:
        count = Text(f"{len(flow.picked)}/{BURY}", style=flow.look("mishi--count"))
        # TRANSLATORS: Mi Shi prompt, burying the kitty (扣底); space is the key
        line = fill(_("Bury 8 cards face down: space pick {count}"), count=count)
        if flow.ready():
            # TRANSLATORS: Mi Shi prompt end; enter is the key
            line.append(" · " + _("enter bury"))
        else:
            # TRANSLATORS: Mi Shi prompt end; enter is the key
            line.append(" · " + _("enter when 8 are picked"))
        return line
    if step == Step.PLAY:
        return play_question(flow)
    return waiting_words(flow)


def bid_question(flow: MishiDecisions) -> Text:
    """Declaring a trump (亮主) or offering to go alone (包牌)."""
    bid = flow.chosen_bid()
    if flow.forced():
        if flow.step == Step.BAO:
            # TRANSLATORS: Mi Shi prompt: nothing to go alone (包牌) with; enter is the key
            return Text(_("You cannot go alone — enter"))
        # TRANSLATORS: Mi Shi prompt: no ten to declare (亮主) with; enter is the key
        return Text(_("You cannot show a ten — enter"))
    shown = Text()
    if bid is not None:
        cards = list(bid["cards"])
        if flow.step == Step.DECLARE:
            shown = draw.suit_text(flow.cards, cards[0][-1], flow.look)
            shown.append(" (")
            shown.append_text(flow.cards.hand(cards))
            shown.append(")")
        else:
            shown = flow.cards.hand(cards)
    if flow.step == Step.DECLARE:
        line = drawn_words(flow)
        # TRANSLATORS: Mi Shi prompt: d declares trump (亮主) with the suit shown after it
        line.append_text(fill(" — " + _("d declare {bid}"), bid=shown))
    else:
        # TRANSLATORS: Mi Shi prompt: offer to go alone (包牌); d is the key
        template = _("Go alone (包牌), one against three? d go alone with {bid}")
        line = fill(template, bid=shown)
    options = len(flow.bid_options())
    if options > 1:
        # TRANSLATORS: Mi Shi prompt: ←→ are the keys to choose among the bids
        line.append(" · " + _("←→ {count} choices").format(count=options))
    # TRANSLATORS: Mi Shi prompt: space is the key that passes
    line.append(" · " + _("space pass"))
    if flow.step == Step.DECLARE:
        line.append_text(flow.offer.words(flow.look("mishi--count")))
    return line


def drawn_words(flow: MishiDecisions) -> Text:
    """ "You drew 10♠" / "You drew 3 cards", during the deal."""
    drawn = flow.drawn
    if 0 < len(drawn) <= 2:
        # TRANSLATORS: Mi Shi prompt during the deal: the cards just drawn
        return fill(_("You drew {cards}"), cards=flow.cards.hand(drawn))
    if not drawn:
        # TRANSLATORS: Mi Shi prompt during the deal
        return Text(_("You drew a card"))
    # TRANSLATORS: Mi Shi prompt during the deal
    words = ngettext("You drew {count} card", "You drew {count} cards", len(drawn))
    return Text(words.format(count=len(drawn)))


def play_question(flow: MishiDecisions) -> Text:
    """Leading a trick, or following one."""
    size = flow.follow_size()
    if not size:
        if not flow.picked:
            # TRANSLATORS: Mi Shi prompt: leading a trick
            return Text(_("Your lead: pick cards of one suit (a single, pair, tractor or throw)"))
        # TRANSLATORS: Mi Shi prompt: the picked lead; enter and esc are keys
        template = _("Your lead: {cards} · enter play · esc clear")
        return fill(template, cards=flow.cards.hand(flow.picked_cards()))
    leader = flow.state.leader
    lead = lead_words(flow.state.lead, flow.cards, flow.look)
    count = Text(f"{len(flow.picked)}/{size}", style=flow.look("mishi--count"))
    # TRANSLATORS: Mi Shi prompt: following a lead ("Follow Bo's pair of ♥: pick 1/2")
    template = _("Follow {name}'s {lead}: pick {count}")
    if leader == flow.seat and flow.seat is not None:
        # TRANSLATORS: Mi Shi prompt: following your own lead (not normally asked)
        template = _("Follow your {lead}: pick {count}")
    line = fill(template, name=flow.name_of(leader), lead=lead, count=count)
    duty = flow.follow_duty()
    if duty:
        line.append(f" ({duty})")
    # TRANSLATORS: Mi Shi prompt end; enter is the key
    line.append(" · " + _("enter play") if flow.ready() else "")
    return line


def waiting_words(flow: MishiDecisions) -> Text:
    """Whom the table waits for, or why nothing is asked."""
    name = flow.name_of
    idle = flow.idle_words()
    if idle is not None:
        return Text(idle)
    pending = flow.others_awaited()
    who = and_list(name(s) for s in pending)
    n = len(pending)
    phase = flow.state.phase
    if phase == Phase.DEAL:
        chosen = list(flow.state.chosen)
        if chosen:
            # TRANSLATORS: Mi Shi prompt during the deal: the player pressed d to show a ten
            # (亮主); the table is shown it a few seconds later, when the deal gets there
            words = _("Dealing… you will show {cards} in a moment")
            return fill(words, cards=flow.cards.hand(chosen))
        if not pending:
            # TRANSLATORS: Mi Shi prompt during the deal
            return Text(_("Dealing…"))
    if not pending:
        # TRANSLATORS: Mi Shi prompt when the view names nobody the table waits for
        return Text(_("Waiting for the table…"))
    if phase == Phase.DEAL:
        # TRANSLATORS: Mi Shi prompt: players who may declare (亮主) with a ten
        words = ngettext("Dealing… {names} may show a ten", "Dealing… {names} may show a ten", n)
    elif phase == Phase.BAO:
        # TRANSLATORS: Mi Shi prompt: players deciding whether to go alone (包牌)
        words = ngettext(
            "{names} is deciding whether to go alone…",
            "{names} are deciding whether to go alone…",
            n,
        )
    elif phase == Phase.BURY:
        # TRANSLATORS: Mi Shi prompt: the declarer buries the kitty (扣底)
        words = ngettext("{names} is burying 8 cards…", "{names} are burying 8 cards…", n)
    elif phase == Phase.PLAY:
        # TRANSLATORS: Mi Shi prompt: whose turn to play
        words = ngettext("{names} to play…", "{names} to play…", n)
    else:
        # TRANSLATORS: Mi Shi prompt
        words = _("Waiting for {names}…")
    return Text(words.format(names=who))
