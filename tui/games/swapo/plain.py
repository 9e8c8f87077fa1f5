"""SwaPo at the plain table (tui/plain/): its questions answered by typed commands,
through the decision model its screen uses."""

from __future__ import annotations

from engine.base import SeatView
from lang import N_, NP_, _, ngettext
from tui.fill import and_list, mine_or
from tui.games.swapo.choices import card_sets, gifts
from tui.games.swapo.face import SwapoFace
from tui.games.swapo.flow import SwapoDecisions
from tui.games.swapo.menu import Entry
from tui.games.swapo.model import RoundRecord
from tui.games.swapo.steps import CARD_STEPS, MENU_STEPS, Step
from tui.plain.cards import Wanted, typed_cards
from tui.plain.games import (
    NOT_MINE,
    SWAP,
    TO,
    Command,
    NotMine,
    PlainGame,
    after_word,
    typed,
)
from tui.plain.prompt import Rewrite
from tui.table import hints
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace
from tui.table.parse import Event, Wired


class SwapoGame(PlainGame):
    def make_model(self) -> Decisions:
        return SwapoDecisions(self.table.me, self.table.seats.asked_name)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, SwapoDecisions)
        self.swapo = SwapoFace(self.table, self.model, self.log_name)
        return self.swapo

    def log_name(self, seat: object) -> str:
        return self.table.seats.name(seat, you=seat == self.table.me)

    def noted(self, events: list[Wired], view_before: SeatView | None) -> None:
        for raw in events:
            if Event.of(raw).kind == "round_over":
                self.swapo.round_ended(RoundRecord.parse(raw), self.table.view)

    def whose_turn(self) -> int | None:
        return self.flow().state.turn

    def held_counts(self) -> list[int]:
        return list(self.flow().state.hand_counts)

    def state_lines(self) -> list[str]:
        """What is face up: after the reveal, each hand as it stands (its jokers as they
        were declared); before it, nothing (the draw pile's size)."""
        view, table = self.flow().state, self.table
        said = []
        if view.pile:
            # TRANSLATORS: plain table, SwaPo (game: swapo): cards left in the draw pile
            pile = ngettext("The draw pile: {n} card", "The draw pile: {n} cards", view.pile)
            said.append(pile.format(n=view.pile))
        if view.revealed is None:
            # TRANSLATORS: plain table, SwaPo (game: swapo): what table says before the reveal
            return [*said, _("Every hand is face down until the reveal")]
        for seat, hand in enumerate(view.revealed):
            if hand is None:
                continue
            ranks = iter((view.declared[seat] if seat < len(view.declared) else None) or ())
            cards = and_list(
                table.cards.label(code, next(ranks, None) if code == "JK" else None)
                for code in hand
            )
            # TRANSLATORS: plain table, SwaPo (game: swapo): the player's hand after the reveal
            mine = _("Your hand, face up: {cards}")
            # TRANSLATORS: plain table, SwaPo (game: swapo): a hand after the reveal
            theirs = _("{name}'s hand, face up: {cards}")
            template = mine_or(seat, table.me, mine, theirs)
            said.append(template.format(name=table.seats.called(seat), cards=cards))
        return said

    def help_lines(self) -> list[str]:
        # TRANSLATORS: plain table help (game: swapo): SwaPo Ace's joker declared as a rank
        said = _("{declare} K declares your joker as a king (SwaPo Ace).")
        return [said.format(**self.words())]

    def question(self) -> str:
        assert isinstance(self.model, SwapoDecisions)
        return self.model.idle_words() or self.model.question().plain

    def flow(self) -> SwapoDecisions:
        assert isinstance(self.model, SwapoDecisions)
        return self.model

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step == Step.TARGET:
            return [flow.name_of(s) for s in flow.others()]
        if flow.step in MENU_STEPS:
            return [self.entry_words(e) for e in flow.menu]
        return []

    def entry_words(self, entry: Entry) -> str:
        if not entry.kind:  # a count
            return str(entry.k)
        table, said = self.table, entry.words_source()
        cards = hints.hint_cards(said)
        return hints.action_words(said, cards, table.cards.label, table.seats.name, "swapo")

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step in MENU_STEPS and flow.step != Step.COUNT and 1 <= number <= len(flow.menu):
            flow.menu_cursor = number - 1
            return flow.confirm()
        return flow.digit(number)

    def asked(self) -> bool:
        return self.flow().step != Step.WAIT

    def row(self) -> list[str | None]:
        flow = self.flow()
        return list(flow.row()) if flow.step in CARD_STEPS | {Step.ARRANGE} else []

    def sentence(self, text: str) -> Outcome | NotMine:
        """This seat's swap in one line — ``swap CARDS with NAME`` or ``give CARDS to NAME``,
        the cards or their count (``swap 2 with Bo``: the cards are asked next), NAME the
        opponent's name or number — each step put to the model as its keys would be; ``declare
        K`` a joker's rank; else what every game reads (``give 7h 8s``: the cards asked for)."""
        flow = self.flow()
        words = self.words()  # SwaPo's own declare (宣言), not 秘十's (亮主)
        declared = after_word(text, "declare", words) if flow.step == Step.DECLARE else None
        if declared:
            return self.declare(declared)
        said = self.swap_said(text) if flow.step == Step.TARGET else None
        return super().sentence(text) if said is None else self.swap(*said)

    def swap_said(self, text: str) -> tuple[str, str] | None:
        """What is swapped with whom, in ``swap … with NAME`` or ``give … to NAME``."""
        said = SWAP.match(text.strip())
        if said is not None:
            return said.group(1), said.group(2)
        rest = after_word(text, "give", self.words())
        given = TO.match(rest) if rest else None
        return (given.group(1), given.group(2)) if given and given.group(2) else None

    def swap(self, what: str, name: str) -> Outcome | NotMine:
        count = int(what) if what.strip().isdigit() else None
        cards = typed_cards(what) if count is None else None
        if count is None and cards is None:
            return NOT_MINE
        flow = self.flow()
        others = flow.others()
        called = name.strip().lower()
        digit = next(
            (
                n
                for n, seat in enumerate(others, 1)
                if called in (str(n), self.table.seats.called(seat).lower())
            ),
            None,
        )
        if digit is None:
            # TRANSLATORS: plain table, SwaPo (game: swapo): "swap 7h with Zed", nobody's name
            return Refuse(_("nobody called {name} can be swapped with").format(name=name))
        k = count if count is not None else len(cards or [])
        for step in (lambda: flow.digit(digit), lambda: flow.digit(k)):
            outcome = step() if flow.step in (Step.TARGET, Step.COUNT) else None
            if outcome is not None:
                flow.start()
                return outcome
        if flow.k != k:  # one count only with this opponent, and not this one
            target = flow.target
            flow.start()
            words = ngettext(
                "you cannot swap {count} card with {name}",
                "you cannot swap {count} cards with {name}",
                k,
            )
            return Refuse(words.format(count=k, name=flow.name_of(target)))
        if cards is None:
            return None  # the cards (Dagger: the positions) are asked next
        return self.put_cards(cards) if flow.step in CARD_STEPS else None

    def declare(self, said: str) -> Outcome:
        """``declare K`` (or ``declare king``, ``declare 7``): the joker's rank; a number
        that is no rank chooses from the list."""
        flow = self.flow()
        ranks = [entry.rank for entry in flow.menu]
        cards = typed_cards(said) if not said.isdigit() else None
        rank = said if said.isdigit() else cards[0].rank if cards and len(cards) == 1 else None
        if rank in ranks:
            flow.menu_cursor = ranks.index(rank)
            return flow.confirm()
        if said.isdigit():
            return self.choose(int(said))
        # TRANSLATORS: plain table, SwaPo (game: swapo): declare followed by no rank
        return Refuse(_("{said} is no rank a joker can stand for").format(said=said))

    def give_to(self) -> int | None:
        given = self.flow().state.give
        return given.holder if self.flow().step == Step.GIVE and given is not None else None

    def give_count(self, count: int) -> Outcome:
        """``give 2``: the cards asked for, when only one choice of them is left (else they
        are typed: which cards to give is the player's choice)."""
        flow, given = self.flow(), self.flow().state.give
        k = given.k or 0 if given is not None else 0
        if count != k:
            # TRANSLATORS: plain table, SwaPo (game: swapo): give N, N not the count asked for
            words = ngettext("{name} asks for {k} card", "{name} asks for {k} cards", k)
            asker = given.holder if given is not None else None  # the swap's holder asks
            return Refuse(words.format(name=flow.name_of(asker), k=k))
        choices = card_sets(gifts(flow.actions))
        if len(choices) == 1:
            return flow.send({"type": "give", "cards": list(next(iter(choices)))})
        return super().give_count(count)

    def commands(self) -> dict[str, Command]:
        return {"declare": self.declare_alone}

    def declare_alone(self) -> Outcome:
        # TRANSLATORS: plain table, SwaPo (game: swapo): declare typed without a rank
        return Refuse(_("say the rank too: declare K, or the rank's number"))

    def fits(self, name: str) -> bool:
        flow = self.flow()
        if name == "declare":
            return flow.step == Step.DECLARE and flow.declaring()
        return True

    def put_cards(self, wanted: list[Wanted]) -> Outcome:
        flow = self.flow()
        if flow.step != Step.ARRANGE:
            return super().put_cards(wanted)
        # Dagger: the cards typed go first, in the order typed; the rest follow as they lie
        rest, first = list(flow.order), []
        for card in wanted:
            index = next((i for i, code in enumerate(rest) if card.fits(code)), None)
            if index is None:
                return Refuse(_("you have no {card} to pick").format(card=typed(card)))
            first.append(rest.pop(index))
        flow.order = first + rest
        flow.picked = []
        return flow.confirm()

    def picked(self) -> set[int]:
        return set(self.flow().picked)

    def pick_at(self, index: int) -> Outcome:
        return self.flow().pick_at("hand", index)

    def cards_done(self) -> bool:
        return self.flow().step in (Step.CARDS, Step.GIVE)

    def pass_command(self) -> Command | None:
        flow = self.flow()
        if flow.step == Step.DECLARE and not flow.declaring():
            return flow.confirm  # no joker: the sealed step's pass, as enter sends it
        if flow.step == Step.ARRANGE:
            return None  # a row is laid down, never passed
        return flow.pass_turn

    def rejected(self) -> None:
        self.flow().start()

    def after_update(self) -> Outcome:
        return self.flow().owed_pass()


#: SwaPo's own sense of a command's word: a joker's rank is declared (ja 宣言), no ten shown
#: (秘十's 亮主): tui/plain/words.py reads it in the game's context.
# TRANSLATORS: plain table command (game: swapo): declare a joker's rank; typed, one word
OWN_WORDS = (NP_("swapo", "declare"),)

PLAIN = SwapoGame
"""What the plain front plays this game with (tui/plain/seated.py)."""


#: SwaPo's key hints on its screen, said for typed commands (tui/plain/prompt.py). The
#: msgids of the hints are the screen's own (tui/games/swapo/ask.py): plain strings here.
REWRITES = (
    Rewrite("{result} · enter to continue", N_("{result} · {ok} to continue")),
    Rewrite(
        "Order your row before it goes face down: space grab/drop, enter lay down",
        # TRANSLATORS: plain table, SwaPo's Dagger (game: swapo): the row's order
        N_(
            "Order your row before it goes face down: type its cards in the order you want,"
            " or {ok} to lay it down as it is"
        ),
    ),
    Rewrite(
        "No joker to declare — enter to continue (nobody sees who has one)",
        # TRANSLATORS: plain table, SwaPo (game: swapo): no joker to declare
        N_("No joker to declare — {ok} to continue (nobody sees who has one)"),
    ),
    Rewrite(
        "Declare your joker ({left} to declare): ←→ rank, enter declare",
        # TRANSLATORS: plain table, SwaPo (game: swapo): a joker's rank, by its number
        N_("Declare your joker ({left} to declare): the number of its rank"),
    ),
    Rewrite(
        "Declare your joker: ←→ rank, enter declare",
        # TRANSLATORS: plain table, SwaPo (game: swapo): a joker's rank, by its number
        N_("Declare your joker: the number of its rank"),
    ),
    Rewrite(
        "No exchange is possible any more — p to finish your turn",
        # TRANSLATORS: plain table, SwaPo (game: swapo): nothing left to swap
        N_("No exchange is possible any more — {pass} to finish your turn"),
    ),
    Rewrite(
        "Choose an opponent to swap with — {choices} · p done",
        # TRANSLATORS: plain table, SwaPo (game: swapo): an opponent by number, or done
        N_("Choose an opponent to swap with by their number, or {pass} when done"),
    ),
    Rewrite(
        "Choose an opponent to swap with — {choices} · p pass",
        # TRANSLATORS: plain table, SwaPo (game: swapo): an opponent by number
        N_("Choose an opponent to swap with by their number, or {pass}"),
    ),
    Rewrite(
        "Swap with {name}: how many cards? {span} · esc back",
        # TRANSLATORS: plain table, SwaPo (game: swapo): how many cards, {span} "1–3"
        N_("Swap with {name}: how many cards? {span} · {back} goes back"),
    ),
    Rewrite(
        "Ace powers: which Ace? ←→ choose, enter · p pass",
        # TRANSLATORS: plain table, SwaPo (game: swapo): which Ace's power, by number
        N_("Ace powers: which Ace? Its number, or {pass}"),
    ),
    Rewrite(
        "{power}: whose joker? ←→ choose (digit: opponent), enter · esc back",
        # TRANSLATORS: plain table, SwaPo (game: swapo): {power} a power's name
        N_("{power}: whose joker? Their number, or {back}"),
    ),
    Rewrite(
        "{power}: which card? ←→ choose (digit: opponent), enter · esc back",
        # TRANSLATORS: plain table, SwaPo (game: swapo): {power} a power's name
        N_("{power}: which card? Its number, or {back}"),
    ),
    Rewrite(
        "Honey trap on {name}: the joker's new rank — ←→, enter",
        # TRANSLATORS: plain table, SwaPo (game: swapo): the honey trap's new rank
        N_("Honey trap on {name}: the number of the joker's new rank"),
    ),
    Rewrite(
        "Order your row before it goes face down: space grab/drop (holding a card: ←→ to move"
        " it), enter lay down",
        N_(
            "Order your row before it goes face down: type its cards in the order you want,"
            " or {ok} to lay it down as it is"
        ),
    ),
    Rewrite(
        (
            "{name} asks you for {n} card — pick the {n} you give (space) {picked}/{n},"
            " enter to give",
            "{name} asks you for {n} cards — pick the {n} you give (space) {picked}/{n},"
            " enter to give",
        ),
        # TRANSLATORS: plain table, SwaPo (game: swapo): {name} asked for {n} cards
        N_("{name} asks you for cards: type the {n} you give ({picked}/{n} picked)"),
    ),
    Rewrite(
        (
            "Your swap: {name} · {k} card — pick the {k} you give (space) {picked}/{k},"
            " enter to swap",
            "Your swap: {name} · {k} cards — pick the {k} you give (space) {picked}/{k},"
            " enter to swap",
        ),
        # TRANSLATORS: plain table, SwaPo (game: swapo): the cards given in a swap
        N_("Your swap with {name}: type the {k} you give ({picked}/{k} picked)"),
    ),
    Rewrite(
        (
            "Now {k} of your positions to give (1–5 or space) {picked}/{k}, enter to swap",
            "Now {k} of your positions to give (1–5 or space) {picked}/{k}, enter to swap",
        ),
        # TRANSLATORS: plain table, SwaPo's Dagger (game: swapo): positions 1–5 of the row
        N_("Now {k} of your positions to give: their cards or numbers 1–5 ({picked}/{k})"),
    ),
    Rewrite(
        (
            "Pick {k} of {name}'s positions to take (1–5 or space) {taken}/{k}, enter next",
            "Pick {k} of {name}'s positions to take (1–5 or space) {taken}/{k}, enter next",
        ),
        # TRANSLATORS: plain table, SwaPo's Dagger (game: swapo): positions 1–5 of a row
        N_("{k} of {name}'s positions to take: their numbers 1–5 ({taken}/{k})"),
    ),
)
