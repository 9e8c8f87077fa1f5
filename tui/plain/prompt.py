"""The screens' questions said for typed commands: the key hints of a game's prompt (``space
pick, enter play``, ``p pass``, ``←→ 3 choices``, ``s scores · q leave``) are taken out, or
said again with the commands' words; the rest is the screen's own sentence, in the player's
language (each hint is found by its translation, its ``{fields}`` as they were filled).

``plain_question`` is the question a plain player hears; ``fitting`` (tui/plain/table.py)
names the commands that fit now.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from lang import N_, _, ngettext

from .words import command_words


@dataclass(frozen=True)
class Rewrite:
    """A key hint of the screens (``keys``: their msgid, a template, or its singular and
    plural) and what the plain table says instead (``plain``: a msgid, its fields the hint's
    and the commands' words; None: nothing, the separator before the hint goes too)."""

    keys: str | tuple[str, str]
    plain: str | None = None

    def said(self) -> set[str]:
        """The hint in the player's language (each plural form)."""
        if isinstance(self.keys, str):
            return {_(self.keys)}
        return {ngettext(*self.keys, n) for n in (1, 2, 5)}

    def patterns(self) -> list[re.Pattern[str]]:
        lead = "(?: — | · |\\s)?" if self.plain is None else ""
        return [
            re.compile(lead + template_pattern(said) + END)
            for said in sorted(self.said(), key=len, reverse=True)
        ]

    def apply(self, question: str, words: Mapping[str, str]) -> str:
        def said(match: re.Match[str]) -> str:
            if self.plain is None:
                return ""
            return _(self.plain).format(**match.groupdict(), **words)

        for pattern in self.patterns():
            question = pattern.sub(said, question)
        return question


def template_pattern(template: str) -> str:
    """A filled ``template`` found again: each ``{field}`` a group (a repeated one the same)."""
    out, seen = [], set()
    for n, part in enumerate(re.split(r"\{(\w+)\}", template)):
        if n % 2 == 0:
            out.append(re.escape(part))
        else:
            out.append(f"(?P={part})" if part in seen else f"(?P<{part}>.+?)")
            seen.add(part)
    return "".join(out)


END = r"(?= · | — |$)"  # a hint ends the question, or the part of it before a separator


# The msgids of the screens' hints are theirs (tui/games/*/ask.py, tui/table/decisions.py):
# plain strings here, not marked again.
REWRITES = (
    # Swoop
    Rewrite("space pick, enter play, t turns a mystery card"),
    Rewrite("space pick, enter play"),
    Rewrite("enter to play"),
    Rewrite(
        "You turned up {card} — nothing to add — enter",
        # TRANSLATORS: plain table, Swoop (game: swoop): the turned-up card, nothing to add
        N_("You turned up {card} — nothing to add: {ok}"),
    ),
    Rewrite(
        "You turned up {card}: add more {rank}s (space) or none",
        # TRANSLATORS: plain table, Swoop (game: swoop): add cards of the turned-up rank;
        # {ok}: the command that adds none
        N_("You turned up {card}: type more {rank}s to add, or {ok} for none"),
    ),
    # TRANSLATORS: plain table, Swoop (game: swoop): a chain is not possible
    Rewrite("no chain — enter", N_("no chain: {ok}")),
    Rewrite(
        "enter chain, x stop (the rest of the pile is cleared)",
        # TRANSLATORS: plain table, Swoop (game: swoop): {ok} and {stop} are typed commands
        N_("{ok} chains, {stop} stops (the rest of the pile is cleared)"),
    ),
    # 秘十 Mi Shi
    Rewrite(
        "Bury 8 cards face down: space pick {count}",
        # TRANSLATORS: plain table, Mi Shi (game: mishi): burying the kitty (扣底)
        N_("Bury 8 cards face down: type them ({count} picked)"),
    ),
    Rewrite("enter bury"),
    Rewrite("enter when 8 are picked"),
    # TRANSLATORS: plain table, Mi Shi (game: mishi): nothing to go alone (包牌) with
    Rewrite("You cannot go alone — enter", N_("You cannot go alone: {ok}")),
    # TRANSLATORS: plain table, Mi Shi (game: mishi): no ten to declare (亮主) with
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
    # TRANSLATORS: plain table, Mi Shi (game: mishi): the cards picked to lead
    Rewrite("Your lead: {cards} · enter play · esc clear", N_("Your lead: {cards}")),
    Rewrite("enter play"),
    # SwaPo
    # TRANSLATORS: plain table, SwaPo (game: swapo): a result shown, {ok} goes on
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
    Rewrite(
        "a chain takes exactly {count} {rank} — or x to stop",
        # TRANSLATORS: plain table, Swoop (game: swoop): a refusal; {stop} is the command
        N_("a chain takes exactly {count} {rank} — or {stop}"),
    ),
    Rewrite(
        "8 cards are picked already (space on a picked card puts it back)",
        # TRANSLATORS: plain table, Mi Shi (game: mishi): a refusal while burying
        N_("8 cards are picked already"),
    ),
    # 大富豪
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
    # every game
    Rewrite(
        "Game over · r review the game · s scores · q leave",
        # TRANSLATORS: plain table: the game is over; {score} and {quit} are commands
        N_("Game over · {score} reads the scores · {quit} leaves"),
    ),
    Rewrite(
        "Game over · s scores · q leave",
        # TRANSLATORS: plain table: the game is over; {score} and {quit} are commands
        N_("Game over · {score} reads the scores · {quit} leaves"),
    ),
)
KEY_IN_BRACKETS = re.compile(r"\s*[(（](?:space|enter|esc)[)）]")


def plain_question(question: str, words: Mapping[str, str] | None = None) -> str:
    """The screen's question with its key hints said as commands (``words``: the commands'
    words at the game's table), or taken out (the longest first: a short hint's words may be
    inside a longer one's)."""
    said = command_words() if words is None else words
    for rewrite in sorted(REWRITES, key=lambda r: -max(len(said) for said in r.said())):
        question = rewrite.apply(question, said)
    return KEY_IN_BRACKETS.sub("", question).strip()


def plain_refusal(reason: str, words: Mapping[str, str] | None = None) -> str:
    """A refusal without the keys a screen would press ("… (space)", "or x to stop")."""
    return plain_question(reason, words)
