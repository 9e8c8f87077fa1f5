"""Whole Mi Shi sentences chosen by case: what a lead asks for ("pair of ♥", "throw (2-pair
tractor + 3 singles) of ♠"), what the rules make a follower include ("must include a
pair") and the line under the trick (the deal, the kitty, the points so far), so
translators get each as one msgid with numbers as fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from engine.mishi.cards import TRUMP
from engine.mishi.tricks import Shape, requirement
from lang import _, ngettext, pgettext
from tui.fill import and_list, fill, listed
from tui.widgets.cards import CardStyle

from . import draw
from .model import Lead, MishiView, Phase, parsed


def lead_shape(view: MishiView | Mapping[str, Any]) -> tuple[str, Shape]:
    """The view's lead as the engine's (effective suit, shape)."""
    return (parsed(view).lead or Lead("?")).shape()


def lead_units(lead: Lead) -> list[str]:
    """A throw's units: "2-pair tractor", "pair", "3 singles"."""
    units: list[str] = []
    for pairs in lead.tractors:
        # TRANSLATORS: Mi Shi, a unit of a throw: a tractor (consecutive pairs) of {pairs} pairs
        units.append(_("{pairs}-pair tractor").format(pairs=pairs))
    pairs = lead.pairs
    singles = lead.singles
    if pairs:
        # TRANSLATORS: Mi Shi, a unit of a throw: pairs; {count} (a number) may be used in
        # every form, though English leaves it out of "pair"
        units.append(ngettext("pair", "{count} pairs", pairs).format(count=pairs))
    if singles:
        # TRANSLATORS: Mi Shi, a unit of a throw: single cards; {count} (a number) may be used
        # in every form, though English leaves it out of "single"
        units.append(ngettext("single", "{count} singles", singles).format(count=singles))
    return units


def lead_words(lead: Lead | None, style: CardStyle, look: draw.Look = draw.plain_look) -> Text:
    """What a lead asks for: "pair of ♥", "2-pair tractor of trumps", "throw (…) of ♠"."""
    if lead is None:
        return Text("")
    suit = draw.suit_text(style, lead.suit, look)
    tractors = list(lead.tractors)
    pairs = lead.pairs
    singles = lead.singles
    units = lead_units(lead)
    if len(units) > 1:
        # TRANSLATORS: Mi Shi, joins the units of a throw: "2-pair tractor + pair"
        shown = listed(units, _("{a} + {b}"))
        # TRANSLATORS: Mi Shi, a throw (several units led at once) of {suit}: "throw (pair +
        # single) of ♠"
        return fill(_("throw ({units}) of {suit}"), units=shown, suit=suit)
    if tractors:
        # TRANSLATORS: Mi Shi, a lead: a tractor (consecutive pairs) of {pairs} pairs
        template = _("{pairs}-pair tractor of {suit}")
    elif pairs:
        # TRANSLATORS: Mi Shi, a lead of pairs of {suit}; {count} (a number) may be used in
        # every form, though English leaves it out of "pair of ♥"
        template = ngettext("pair of {suit}", "{count} pairs of {suit}", pairs)
    elif singles:
        # TRANSLATORS: Mi Shi, a lead of single cards of {suit}; {count} (a number) may be
        # used in every form, though English leaves it out of "single of ♥"
        template = ngettext("single of {suit}", "{count} singles of {suit}", singles)
    else:
        # TRANSLATORS: Mi Shi, a lead of no known shape, of {suit}
        template = _("play of {suit}")
    count = pairs or singles
    return fill(template, pairs=tractors[0] if tractors else 0, count=count, suit=suit)


def must_include(tractors: list[int], pairs: int) -> str:
    """ "must include a 2-pair tractor and a pair" ("" when nothing is required)."""
    if not tractors:
        if not pairs:
            return ""
        # TRANSLATORS: Mi Shi, how to follow: pairs that must be played; {count} (a number)
        # may be used in every form, though English leaves it out of "a pair"
        template = ngettext("must include a pair", "must include {count} pairs", pairs)
        return template.format(count=pairs)
    # TRANSLATORS: Mi Shi, how to follow: one tractor (consecutive pairs) of {pairs} pairs
    each = [_("a {pairs}-pair tractor").format(pairs=k) for k in tractors]
    shown = and_list(each)
    if not pairs:
        # TRANSLATORS: Mi Shi, how to follow: {tractors} ("a 2-pair tractor") must be played
        return _("must include {tractors}").format(tractors=shown)
    # TRANSLATORS: Mi Shi, how to follow: {tractors} ("a 2-pair tractor") and pairs must be
    # played; {count} (a number) may be used in every form, though English leaves it out of
    # "a pair"
    template = ngettext(
        "must include {tractors} and a pair", "must include {tractors} and {count} pairs", pairs
    )
    return template.format(tractors=shown, count=pairs)


def follow_duty(hand: list[str], view: MishiView | Mapping[str, Any], cards: CardStyle) -> str:
    """What the rules make ``hand`` play on the view's lead, in words ("must include a pair")."""
    state = parsed(view)
    suit, shape = lead_shape(state)
    order = state.order
    mine = [c for c in hand if order.suit(c) == suit]
    glyph = draw.suit_text(cards, "trump" if suit == TRUMP else suit).plain
    if not mine:
        # TRANSLATORS: Mi Shi, how to follow: none of the led suit ({suit}), so any cards
        return _("no {suit}: any cards").format(suit=glyph)
    if len(mine) < shape.size:
        # TRANSLATORS: Mi Shi, how to follow: too few of the led suit ({suit})
        return _("all your {suit}, then any cards").format(suit=glyph)
    if len(mine) == shape.size:
        # TRANSLATORS: Mi Shi, how to follow: exactly enough of the led suit ({suit})
        return _("all your {suit}").format(suit=glyph)
    tractors, pairs = requirement(mine, shape, order)
    duty = must_include(list(tractors), pairs)
    if duty:
        return duty
    # TRANSLATORS: Mi Shi, how to follow: any cards of the led suit ({suit})
    return _("any {suit}").format(suit=glyph) if shape.size > 1 else ""


def info_line(view: MishiView, cards: CardStyle, look: draw.Look, name_of: draw.NameOf) -> Text:
    """The line under the trick: the deal's progress, the kitty, or the points so far."""
    dim = look("mishi--dim")
    phase = view.phase
    if phase == Phase.DEAL:
        count = view.to_deal
        # TRANSLATORS: Mi Shi, during the deal: cards left to draw; 8 go to the kitty (底牌)
        words = ngettext(
            "Dealing · {count} card to draw · 8 to the kitty",
            "Dealing · {count} cards to draw · 8 to the kitty",
            count,
        )
        return Text(words.format(count=count), dim)
    if phase == Phase.BAO:
        # TRANSLATORS: Mi Shi: after the deal each player may go alone (包牌)
        return Text(_("The deal is done · going alone (包牌) is offered in turn"), style=dim)
    if phase == Phase.BURY:
        kitty = list(view.kitty or ())
        if kitty:
            # TRANSLATORS: Mi Shi, burying (扣底): the kitty's cards, marked · in the hand
            kept = fill(_("Kitty, now in your hand (·): {cards}"), cards=cards.hand(kitty))
            return Text(style=dim).append_text(kept)
        # TRANSLATORS: Mi Shi: the declarer takes the kitty and buries 8 cards (扣底)
        words = _("{name} takes the kitty and buries 8")
        return Text(words.format(name=name_of(view.declarer)), dim)
    if phase == Phase.PLAY:
        return points_line(view, cards, look)
    return Text("")


def points_line(view: MishiView, cards: CardStyle, look: draw.Look) -> Text:
    """Defenders' points so far, when this seat knows who the defenders are."""
    dim = look("mishi--dim")
    sides, captured = view.sides, view.captured
    line = Text("")
    if sides and all(s is not None for s in sides):
        total = sum(p for s, p in zip(sides, captured, strict=False) if s == "defender")
        # TRANSLATORS: Mi Shi: the defenders' points so far
        words = _("Defenders {points} pts").format(points=total)
        line.append(words, style=look("mishi--defenders"))
    else:
        # TRANSLATORS: Mi Shi: points taken so far out of the deck's 200
        words = _("Points taken {points} of 200").format(points=sum(captured))
        line.append(words, style=dim)
    buried = list(view.buried or ())
    if buried:
        # TRANSLATORS: Mi Shi: the cards the declarer buried (扣底), shown to the declarer
        line.append(" · " + pgettext("kitty", "buried") + " ", style=dim)
        line.append_text(cards.hand(buried))
    return line
