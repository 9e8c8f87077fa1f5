"""大富豪 at the plain table: its decision model and face as its screen makes them; cards
typed to play or to give, a joker's stand-in chosen from a numbered list, pass."""

from __future__ import annotations

from collections import Counter

from lang import N_, _, ngettext
from tui.fill import and_list, mine_or
from tui.games.daifugo.ask import question as daifugo_question
from tui.games.daifugo.draw import joker_choice
from tui.games.daifugo.face import DaifugoFace
from tui.games.daifugo.flow import DaifugoDecisions
from tui.games.daifugo.flow import Step as DaifugoStep
from tui.games.daifugo.model import Phase
from tui.games.daifugo.words import order_words
from tui.plain.cards import SUIT_WORDS
from tui.plain.games import Command, PlainGame
from tui.plain.prompt import Rewrite
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace
from tui.widgets.cards import JOKER_CODES


class DaifugoGame(PlainGame):
    """大富豪: cards typed to play or to give; a joker's stand-in chosen by number."""

    def make_model(self) -> Decisions:
        return DaifugoDecisions(self.table.me)

    def make_face(self) -> GameFace:
        return DaifugoFace(self.table, self.flow())

    def flow(self) -> DaifugoDecisions:
        assert isinstance(self.model, DaifugoDecisions)
        return self.model

    def whose_turn(self) -> int | None:
        return self.flow().state.turn

    def held_counts(self) -> list[int]:
        return list(self.flow().state.counts)

    def state_lines(self) -> list[str]:
        """The order in force (a revolution, an 11-back), the lock, and what is on top."""
        view, cards = self.flow().state, self.table.cards
        if view.phase != Phase.PLAY or view.over:
            return []
        said = []
        order = order_words(view.revolution, view.back)
        if order:
            # TRANSLATORS: plain table, 大富豪 (game: daifugo): the order in force; {order}:
            # "revolution: 3 high, 2 low" or "11-back: 3 high until the trick ends"
            said.append(_("In force: {order}").format(order=order))
        if view.lock:
            suits = and_list(_(SUIT_WORDS[suit]) for suit in view.lock if suit in SUIT_WORDS)
            # TRANSLATORS: plain table, 大富豪 (game: daifugo): the lock (縛り); {suits}:
            # "hearts and spades"
            said.append(_("The trick is locked to {suits}").format(suits=suits))
        top = view.top
        if top is None:
            # TRANSLATORS: plain table, 大富豪 (game: daifugo): nothing played in the trick yet
            said.append(_("The trick is empty"))
        else:
            named = iter(top.named)  # each joker with the card it stands for, in turn
            stands = [next(named, None) if code == "JK" else None for code in top.cards]
            played = and_list(
                cards.label(code, cards.label(card) if card else None)
                for code, card in zip(top.cards, stands, strict=True)
            )
            # TRANSLATORS: plain table, 大富豪 (game: daifugo): the play to beat, the player's
            mine = _("On top: {cards}, your play")
            # TRANSLATORS: plain table, 大富豪 (game: daifugo): the play to beat, and whose
            theirs = _("On top: {cards}, played by {name}")
            template = mine_or(top.seat, self.table.me, mine, theirs)
            said.append(template.format(cards=played, name=self.table.seats.called(top.seat)))
        return said

    def question(self) -> str:
        flow, table = self.flow(), self.table
        view = flow.parsed.of(table.view)
        return daifugo_question(flow, view, table.seats.name, table.cards, table.me).plain

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step() != DaifugoStep.NAME:
            return []
        return [joker_choice(play, self.table.cards).plain for play in flow.naming]

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step() == DaifugoStep.NAME and 1 <= number <= len(flow.naming):
            flow.digit(number)
            return flow.confirm()
        return flow.digit(number)

    def asked(self) -> bool:
        return self.flow().step() != DaifugoStep.WAIT

    def row(self) -> list[str | None]:
        flow = self.flow()
        return list(flow.hand) if flow.step() in (DaifugoStep.PLAY, DaifugoStep.GIVE) else []

    def picked(self) -> set[int]:
        return set(self.flow().picks)

    def pick_at(self, index: int) -> Outcome:
        return self.flow().click(index)

    def pass_command(self) -> Command | None:
        flow = self.flow()
        return flow.pass_turn if flow.step() == DaifugoStep.PLAY and flow.can_pass() else None

    def fits(self, name: str) -> bool:
        return self.flow().step() == DaifugoStep.NAME

    def give_to(self) -> int | None:
        flow, me = self.flow(), self.table.me
        if flow.step() != DaifugoStep.GIVE:
            return None
        mine = [e.receiver for e in flow.state.exchanges if e.giver == me and not e.done]
        return mine[0] if mine else None

    def give_count(self, count: int) -> Outcome:
        """``give 2``: the tribute — its strongest cards, which the rules choose (of two
        equal cards, the first); the cards given back are the player's choice (typed)."""
        flow = self.flow()
        k = flow.give_count()
        if count != k:
            # TRANSLATORS: plain table, 大富豪 (game: daifugo): give N, N not the count due
            return Refuse(ngettext("you give {k} card", "you give {k} cards", k).format(k=k))
        gifts = flow.plays()
        if gifts and len({ranks(gift["cards"]) for gift in gifts}) == 1:
            return flow.send(gifts[0])
        return super().give_count(count)


def ranks(cards: list[str]) -> frozenset[tuple[str, int]]:
    """The ranks of ``cards``, each with how many (a joker is a rank of its own)."""
    counted = Counter(code if code in JOKER_CODES else code[:-1] for code in cards)
    return frozenset(counted.items())


PLAIN = DaifugoGame
"""What the plain front plays this game with (tui/plain/seated.py)."""


#: 大富豪's key hints on its screen, said for typed commands (tui/plain/prompt.py). The
#: msgids of the hints are the screen's own (tui/games/daifugo/ask.py): plain strings here.
REWRITES = (
    Rewrite(
        "Your lead: pick cards with space, enter plays them",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): the player leads a trick
        N_("Your lead: type the cards you play"),
    ),
    Rewrite(
        "Beat {top}: pick cards, enter plays · p passes",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): beat the top, or the pass command
        N_("Beat {top}: type the cards you play, or {pass}"),
    ),
    Rewrite(
        "Nothing of yours beats {top}: p passes",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): only a pass is left
        N_("Nothing of yours beats {top}: {pass}"),
    ),
    Rewrite(
        "Play {cards}? ←→ the joker's other cards ({n}/{of}) · enter plays · esc back",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): what a joker stands for, by number
        N_("Play {cards}? Type the number of what the joker stands for, or {back}"),
    ),
    Rewrite(
        (
            "Give {name} your strongest card: pick it, enter gives",
            "Give {name} your {n} strongest cards: pick them, enter gives",
        ),
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): the exchange, the tribute
        N_("Give {name} your strongest cards: type them"),
    ),
    Rewrite(
        (
            "Give {name} {n} card back, any you like: pick it, enter gives",
            "Give {name} {n} cards back, any you like: pick them, enter gives",
        ),
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): the exchange, {n}: how many
        N_("Give {name} cards back ({n}), any you like: type them"),
    ),
    Rewrite(
        "Pick cards with space, then enter plays them · p passes",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): a refusal, nothing typed
        N_("Type the cards you play, or {pass}"),
    ),
    Rewrite(
        "Pick cards with space, then enter plays them",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): a refusal, nothing typed
        N_("Type the cards you play"),
    ),
    Rewrite(
        "Pick the cards to give with space, then enter",
        # TRANSLATORS: plain table, 大富豪 (game: daifugo): a refusal, nothing typed to give
        N_("Type the cards to give"),
    ),
)
