"""The Swoop prompt's words: what the decision model asks now (play on the pile, add to a
turned-up card, chain a swoop) and whom the table waits for. Whole translated sentences
(``lang``); no Textual here.

``SwoopAsk`` is made by the screen for each question from what it shows: the decision model,
the parsed view, the legal actions and how names, cards and looks are drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rich.style import Style
from rich.text import Text

from engine.cards import rank
from engine.swoop.rules import outcome
from engine.swoop.types import Action
from lang import _, ngettext
from tui.fill import fill
from tui.table.decisions import game_over_prompt
from tui.text import literal
from tui.widgets.cards import CardStyle

from . import draw, flow
from . import words as swoop_words
from .model import Phase, SwoopView


class SwoopAsk(NamedTuple):
    """The question for the prompt bar; see the module docstring."""

    model: flow.SwoopDecisions
    view: SwoopView
    legal: Sequence[Action]
    me: int | None
    seat_name: Callable[..., str]
    cards: CardStyle
    look: Callable[[str], Style]

    def question(self) -> Text:
        """The prompt's question for the step asked now."""
        kind = self.model.asked()
        if self.model.sent:
            # TRANSLATORS: the prompt after a choice was sent, until the table answers
            return Text(_("Sent — waiting for the table…"))
        if self.view.over:  # who won is on the notice line, as at every game's end
            return Text(game_over_prompt(self.model.reviewable))
        if kind == "wait":
            return self.waiting_words()
        if kind == "play":
            return self.play_words()
        if kind == "add":
            return self.add_words()
        return self.chain_words()

    def waiting_words(self) -> Text:
        turn = self.view.turn
        who = literal(self.seat_name(turn, you=False), "bold", limit=16)
        phase = self.view.phase
        if phase == Phase.ADD:
            card = draw.card_label(self.model.flipped_card(), self.cards, self.look)
            # TRANSLATORS: Swoop prompt while another player adds cards to a mystery card
            template = _("{name} turned up {card} and may add more of that rank")
            line = fill(template, name=who, card=card)
        elif phase == Phase.CHAIN:
            # TRANSLATORS: Swoop prompt: another player may chain (swoop again, one rank lower)
            line = fill(_("{name} swooped and may chain another swoop"), name=who)
        else:
            top = draw.top_words(self.view, self.cards)
            if top is None:
                # TRANSLATORS: Swoop prompt: whose turn, on a pile with no cards
                line = fill(_("{name}'s turn — on an empty pile"), name=who)
            else:
                # TRANSLATORS: Swoop prompt: whose turn, and what lies on the pile ("Q ×2")
                line = fill(_("{name}'s turn — on {top}"), name=who, top=top)
        if self.me is None:
            # TRANSLATORS: prompt addition for a spectator
            line.append(" · " + _("you are watching"), style="dim")
        return line

    def picked_words(self, extra: int = 0) -> Text:
        """ "picked 7 7 → goes on the pile" for the current picks."""
        codes = self.model.picked_codes()
        if not codes and not extra:
            return Text()
        flipped = self.view.flipped.card if extra and self.view.flipped is not None else None
        shown = ([flipped] if flipped else []) + codes
        r = rank(shown[0])
        pile = list(self.view.pile)
        cards = draw.ranks_text(shown, self.cards, self.look)
        kind = outcome(r, len(shown), pile)
        return swoop_words.picked(kind, not codes, len(pile) + len(shown), cards)

    def play_words(self) -> Text:
        top = self.view.top
        if top:
            r = draw.rank_text(top.rank, self.cards)
            joker = draw.rank_text("JK", self.cards)
            # TRANSLATORS: Swoop prompt; {rank}: the pile's top rank, {joker}: the joker's rank
            template = _(
                "Your turn: play {rank} or lower (10 or {joker} swoops) · higher takes the pile"
            )
            line = Text(template.format(rank=r, joker=joker))
        else:
            # TRANSLATORS: Swoop prompt when nothing lies on the pile
            line = Text(_("Your turn: lead any group on the empty pile"))
        picked = self.picked_words()
        if picked.plain:
            line.append(" · ")
            line.append_text(picked)
            # TRANSLATORS: Swoop prompt end; "enter" is the key
            line.append(" — " + _("enter to play"))
        else:
            if flow.flip_slots(self.legal):
                # TRANSLATORS: Swoop prompt end; space, enter and t are keys
                keys = _("space pick, enter play, t turns a mystery card")
            else:
                # TRANSLATORS: Swoop prompt end; space and enter are keys
                keys = _("space pick, enter play")
            line.append(" — " + keys)
        return line

    def add_words(self) -> Text:
        card = self.model.flipped_card()
        r = draw.rank_text(rank(card), self.cards)
        label = draw.card_label(card, self.cards, self.look)
        if self.model.forced() == "add":  # asked anyway, so that nobody learns what you hold
            # TRANSLATORS: Swoop prompt: your turned-up card, nothing to add; enter is the key
            return fill(_("You turned up {card} — nothing to add — enter"), card=label)
        # TRANSLATORS: Swoop prompt: add cards of the turned-up rank ({rank}); space is the key
        line = fill(_("You turned up {card}: add more {rank}s (space) or none"), card=label, rank=r)
        line.append(" · ")
        line.append_text(self.picked_words(extra=1))
        # TRANSLATORS: Swoop prompt end; "enter" is the key
        line.append(" — " + _("enter to play"))
        return line

    def chain_words(self) -> Text:
        chain = self.view.chain
        want = chain.rank if chain is not None else None
        r = draw.rank_text(want if want is not None else "?", self.cards)
        need: int | str = chain.need if chain is not None and chain.need is not None else "?"
        bold = {"b": "bold"}
        if self.model.forced() == "chain":  # asked anyway, so that nobody learns what you hold
            # TRANSLATORS: Swoop prompt after a swoop (a chain goes one rank down), when no
            # chain is possible; enter is the key; <b>…</b> is shown bold
            return fill(_("<b>Swoop! Chain downward:</b> no chain — enter"), tags=bold)
        # TRANSLATORS: Swoop prompt after a swoop (a chain goes one rank down): how many more
        # cards of {rank} make the chain's swoop; <b>…</b> is shown bold
        words = ngettext(
            "<b>Swoop! Chain downward:</b> {count} more {rank} swoop again",
            "<b>Swoop! Chain downward:</b> {count} more {rank}s swoop again",
            need if isinstance(need, int) else 2,
        )
        line = fill(words, tags=bold, count=need, rank=r)
        # TRANSLATORS: Swoop prompt end; enter and x are keys
        line.append(" — " + _("enter chain, x stop (the rest of the pile is cleared)"))
        return line
