"""秘十 Mi Shi at the plain table (tui/plain/): its questions answered by typed commands,
through the decision model its screen uses."""

from __future__ import annotations

from engine.base import SeatView
from lang import N_, _
from tui.fill import and_list, comma_list, mine_or
from tui.games.mishi.face import MishiFace
from tui.games.mishi.flow import MishiDecisions
from tui.games.mishi.model import Phase
from tui.games.mishi.steps import BIDDING
from tui.games.mishi.steps import Step as MishiStep
from tui.games.mishi.words import info_line
from tui.plain.cards import SUIT_WORDS, typed_cards
from tui.plain.games import Command, NotMine, PlainGame, after_word
from tui.plain.prompt import Rewrite
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace
from tui.table.parse import Event, Wired


class MishiGame(PlainGame):
    def make_model(self) -> Decisions:
        table = self.table
        return MishiDecisions(table.me, table.cards, table.seats.asked_name, table.look)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, MishiDecisions)
        return MishiFace(self.table, self.model)

    def flow(self) -> MishiDecisions:
        assert isinstance(self.model, MishiDecisions)
        return self.model

    def noted(self, events: list[Wired], view_before: SeatView | None) -> None:
        for raw in events:
            if Event.of(raw).kind == "trick_won":
                self.flow().trick_won()

    def held_counts(self) -> list[int]:
        return list(self.flow().state.counts)

    def state_lines(self) -> list[str]:
        """The tens shown or the trumps and who declared, the kitty or the points, and the
        trick: who leads it and what each has played."""
        view, table = self.flow().state, self.table
        said = []
        if view.phase in (Phase.DEAL, Phase.BAO):
            standing = view.bao or view.declaration
            if standing is None:
                # TRANSLATORS: plain table, Mi Shi (game: mishi): nobody has declared (亮主)
                said.append(_("No trump is declared yet"))
            else:
                if view.bao:  # the screen's header's words
                    mine, theirs = _("You go alone {cards}"), _("{name} goes alone {cards}")
                else:
                    mine, theirs = _("You show {cards}"), _("{name} shows {cards}")
                template = mine_or(standing.seat, table.me, mine, theirs)
                cards = and_list(table.cards.label(c) for c in standing.cards)
                said.append(template.format(name=table.seats.called(standing.seat), cards=cards))
        elif view.phase in (Phase.BURY, Phase.PLAY):
            trump = _(SUIT_WORDS[view.trump]) if view.trump in SUIT_WORDS else "?"
            # TRANSLATORS: plain table, Mi Shi (game: mishi): the trump suit ("hearts") and
            # who declared it (亮主)
            mine = _("Trumps: {suit}, declared by you")
            # TRANSLATORS: plain table, Mi Shi (game: mishi): the trump suit, and who declared
            theirs = _("Trumps: {suit}, declared by {name}")
            template = mine_or(view.declarer, table.me, mine, theirs)
            said.append(template.format(suit=trump, name=table.seats.called(view.declarer)))
            info = info_line(view, table.cards, table.look, table.seats.called).plain
            if info:
                said.append(info)
        if view.phase == Phase.PLAY:
            said.append(self.trick_words())
        return said

    def trick_words(self) -> str:
        """The trick on the table: who leads it, and each play so far."""
        view, table = self.flow().state, self.table
        number, leader = view.trick_number, table.seats.called(view.leader)
        if not view.trick:
            # TRANSLATORS: plain table, Mi Shi (game: mishi): a trick nobody has played to yet
            return _("Trick {number}: {name} leads").format(number=number, name=leader)
        plays = comma_list(
            # TRANSLATORS: plain table, Mi Shi (game: mishi): one seat's cards in the trick
            _("{name}: {cards}").format(
                name=table.seats.called(play.seat),
                cards=and_list(table.cards.label(c) for c in play.cards),
            )
            for play in view.trick
        )
        # TRANSLATORS: plain table, Mi Shi (game: mishi): the trick; {plays}: "Ann: 7 of
        # hearts, Bo: queen of hearts"
        said = _("Trick {number}, led by {name}: {plays}")
        return said.format(number=number, name=leader, plays=plays)

    def help_lines(self) -> list[str]:
        # TRANSLATORS: plain table help (game: mishi): 亮主 by the ten's card or choice's number
        said = _("{declare} 10h shows that ten (亮主), as {declare} 2 shows choice 2 (Mi Shi).")
        return [said.format(**self.words())]

    def question(self) -> str:
        flow = self.flow()
        return flow.idle_words() or flow.question().plain

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step not in BIDDING:
            return []
        label = self.table.cards.label
        return [" ".join(label(c) for c in bid["cards"]) for bid in flow.bid_options()]

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step in BIDDING and 1 <= number <= len(flow.bid_options()):
            flow.digit(number)
            return flow.declare()
        return flow.digit(number)

    def sentence(self, text: str) -> Outcome | NotMine:
        """``declare 2`` (a number from the list) or ``declare 10h`` (the tens shown): a
        declaration (亮主), or going alone (包牌), in one line."""
        flow = self.flow()
        said = after_word(text, "declare", self.words()) if flow.step in BIDDING else None
        if not said:
            return super().sentence(text)
        if said.isdigit():
            return self.choose(int(said))
        wanted = typed_cards(said)
        for number, bid in enumerate(flow.bid_options(), 1):
            cards = list(bid["cards"])
            if (
                wanted
                and len(wanted) == len(cards)
                and all(any(w.fits(c) for c in cards) for w in wanted)
            ):
                return self.choose(number)
        # TRANSLATORS: plain table, Mi Shi (game: mishi): declare with tens not on offer
        said_back = _("{said} cannot be shown now: type the number of a choice")
        return Refuse(said_back.format(said=said))

    def asked(self) -> bool:
        return self.flow().asked() != "wait"

    def row(self) -> list[str | None]:
        return list(self.flow().hand) if self.flow().step not in BIDDING else []

    def picked(self) -> set[int]:
        return set(self.flow().picked)

    def pick_at(self, index: int) -> Outcome:
        flow = self.flow()
        flow.cursor = index
        return flow.pick()

    def pass_command(self) -> Command | None:
        flow = self.flow()
        return flow.pick if flow.step in BIDDING else None

    def commands(self) -> dict[str, Command]:
        return {"declare": self.flow().declare}

    def fits(self, name: str) -> bool:
        flow = self.flow()
        if name == "declare":
            return flow.step in BIDDING and bool(flow.bid_options()) and not flow.forced()
        return flow.forced() or flow.ready() or flow.step not in (MishiStep.BURY, MishiStep.PLAY)


PLAIN = MishiGame
"""What the plain front plays this game with (tui/plain/seated.py)."""


#: 秘十 (Mi Shi)'s key hints on its screen, said for typed commands (tui/plain/prompt.py). The
#: msgids of the hints are the screen's own (tui/games/mishi/ask.py): plain strings here.
REWRITES = (
    Rewrite(
        "Bury 8 cards face down: space pick {count}",
        # TRANSLATORS: plain table, Mi Shi (game: mishi): burying the kitty (扣底)
        N_("Bury 8 cards face down: type them ({count} picked)"),
    ),
    Rewrite("enter bury"),
    Rewrite("enter when 8 are picked"),
    Rewrite("You cannot go alone — enter", N_("You cannot go alone: {ok}")),
    Rewrite("You cannot show a ten — enter", N_("You cannot show a ten: {ok}")),
    Rewrite(
        "d declare {bid}",
        # TRANSLATORS: plain table, Mi Shi (game: mishi): declare (亮主) with a ten's number
        N_("declare a trump (亮主) by the number of its ten, or {pass}"),
    ),
    Rewrite(
        "Go alone (包牌), one against three? d go alone with {bid}",
        # TRANSLATORS: plain table, Mi Shi (game: mishi): offer to go alone (包牌)
        N_("Go alone (包牌), one against three? Type the number of a choice, or {pass}"),
    ),
    Rewrite("←→ {count} choices"),
    Rewrite("space pass"),
    Rewrite("Your lead: {cards} · enter play · esc clear", N_("Your lead: {cards}")),
    Rewrite("enter play"),
    Rewrite(
        "8 cards are picked already (space on a picked card puts it back)",
        # TRANSLATORS: plain table, Mi Shi (game: mishi): a refusal while burying
        N_("8 cards are picked already"),
    ),
)
