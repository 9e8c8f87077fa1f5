"""The 大富豪 prompt's words: what the decision model asks now (lead, beat the top, name a
joker, give in the exchange) and whom the table waits for. Whole translated sentences.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from lang import _, ngettext
from tui.fill import and_list, fill
from tui.table.decisions import game_over_prompt
from tui.widgets.cards import CardStyle

from . import words
from .draw import joker_choice
from .flow import DaifugoDecisions, Step
from .model import DaifugoView, Phase


def question(
    model: DaifugoDecisions,
    view: DaifugoView,
    name: Callable[[int], str],
    cards: CardStyle,
    you: int | None,
) -> Text:
    """The prompt's question for the step asked now."""
    if model.sent:
        # TRANSLATORS: the prompt after a choice was sent, until the table answers
        return Text(_("Sent — waiting for the table…"))
    if view.over:
        return Text(game_over_prompt(model.reviewable))
    step = model.step()
    if step == Step.GIVE:
        return give_words(model, view, name)
    if step == Step.NAME:
        chosen = model.named()
        if chosen is not None:
            # TRANSLATORS: 大富豪: choosing the card a joker stands for ({n}/{of}: which choice)
            template = _(
                "Play {cards}? ←→ the joker's other cards ({n}/{of}) · enter plays · esc back"
            )
            return fill(
                template,
                cards=joker_choice(chosen, cards),
                n=model.choice + 1,
                of=len(model.naming),
            )
    if step == Step.PLAY:
        if not view.trick:
            # TRANSLATORS: 大富豪: the local player leads a trick (any play, no pass)
            return Text(_("Your lead: pick cards with space, enter plays them"))
        top = view.top
        shown = words.play_text(top.cards, top.named, cards) if top else Text("")
        if model.only_pass():
            # TRANSLATORS: 大富豪: nothing the local player holds beats the top (only pass)
            return fill(_("Nothing of yours beats {top}: p passes"), top=shown)
        # TRANSLATORS: 大富豪: the local player's turn to beat the top, or pass
        return fill(_("Beat {top}: pick cards, enter plays · p passes"), top=shown)
    return waiting_words(model, view, name)


def give_words(model: DaifugoDecisions, view: DaifugoView, name: Callable[[int], str]) -> Text:
    n = model.give_count()
    mine = [x for x in view.exchanges if x.giver == model.seat and not x.done]
    receiver = name(mine[0].receiver) if mine else "?"
    tribute = bool(mine) and view.titles[model.seat or 0] in ("hinmin", "daihinmin")
    if tribute:
        # TRANSLATORS: 大富豪's exchange: the poorer player gives its strongest cards
        template = ngettext(
            "Give {name} your strongest card: pick it, enter gives",
            "Give {name} your {n} strongest cards: pick them, enter gives",
            n,
        )
    else:
        # TRANSLATORS: 大富豪's exchange: the richer player gives back any cards
        template = ngettext(
            "Give {name} {n} card back, any you like: pick it, enter gives",
            "Give {name} {n} cards back, any you like: pick them, enter gives",
            n,
        )
    return Text(template.format(name=receiver, n=n))


def waiting_words(model: DaifugoDecisions, view: DaifugoView, name: Callable[[int], str]) -> Text:
    awaited = model.others_awaited()
    if view.phase == Phase.EXCHANGE:
        names = and_list(name(s) for s in awaited)
        if not names:
            return Text(_("Waiting for the table…"))
        # TRANSLATORS: 大富豪: the exchange: who has still to give cards
        return Text(_("Exchange: waiting for {names}").format(names=names))
    turn = view.turn
    if turn is None:
        return Text(_("Waiting for the table…"))
    # TRANSLATORS: 大富豪 prompt: whose turn it is
    line = Text(_("{name}'s turn").format(name=name(turn)))
    if model.seat is None:
        # TRANSLATORS: prompt addition for a spectator
        line.append(" · " + _("you are watching"), style="dim")
    return line
