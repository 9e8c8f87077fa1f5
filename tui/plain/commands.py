"""The commands a plain player types, one a line: cards (``7h 7s``, ``seven of hearts``,
``77``), a number from the list on show, ``pass``, ``ok`` (or an empty line: enter), ``back``,
a game's own (``turn``, ``stop``, ``declare``), and the table's: ``hand``, ``table``,
``score``, ``last [N]``, ``say TEXT``, ``undo``, ``hint``, ``help``, ``rules``, ``quit``.
Each is said in English or in the player's language.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from lang import _
from tui.rules import rules_text
from tui.table.hints import hint_cards, seat_hint
from tui.widgets.cards import CardStyle

from .cards import typed_cards
from .games import NotMine
from .prompt import plain_question
from .table import PlainTable, fitting, seconds_left


def command_of(word: str, words: dict[str, str]) -> str | None:
    """The command a typed word names (English, or the player's language in ``words``)."""
    for key, said in words.items():
        if word in (key, said.lower()):
            return key
    return None


def help_lines(table: PlainTable) -> list[str]:
    """The help: the table's commands, then the game's own (in the game's words)."""
    lines = (
        # TRANSLATORS: plain table: the help, one line each; {ok}, {pass}… are the typed
        # commands' words (the "command" context), filled in
        _("Cards: type them as 7h 10s qd jk, or seven of hearts; 77 is two sevens."),
        _("A number chooses from the list on show; {ok} or an empty line confirms; {back} undoes."),
        _(
            "{pass} passes; {hand} reads your cards; {table}: the question, whose turn, the cards"
            " held, the scores."
        ),
        _("{last} repeats the last events ({last} 10: the last ten); {say} TEXT talks to all."),
        _("{hint} asks the bot what it would do; {undo} asks to take back your last action."),
        _("{log} 10 reads the last ten events; /w 2 TEXT whispers to seat 2."),
        _("{yes} or {no} answers another player's request to take back."),
        _(
            "{give} 7h 8s to Bo gives the cards asked for ({give} 2: by their count, where the"
            " rules choose them); swap 7h 8s with Bo or swap 2 with Bo swaps (SwaPo)."
        ),
        _("{rules} reads the rules; {quit} leaves the table. The English words work too."),
    )
    words = table.game.words()
    return [line.format(**words) for line in lines[:-1]] + [
        *table.game.help_lines(),
        lines[-1].format(**words),
    ]


async def run_command(table: PlainTable, line: str) -> bool:
    """Do one typed line; False once the player quits."""
    text, words = line.strip(), table.game.words()
    word, _sep, rest = text.partition(" ")
    name = "whisper" if word.lower() == "/w" else command_of(word.lower(), words) if word else "ok"
    if name == "quit":
        return False
    if name in TALK:
        await TALK[name](table, rest.strip())
        table.prompt()
        return True
    before = table.prompted
    if not await act(table, name, text):
        # TRANSLATORS: plain table: a typed line that is no command
        wrong = _("Not a command: {text} — type {help}")
        table.say(wrong.format(text=text, help=words["help"]))
        if table.game.asked() and not table.sent:
            table.say(fitting(table.game))  # what would fit
        return True
    # a command the model took without a word (nothing sent, nothing new): the question again
    table.prompt(again=not table.sent and table.prompted == before)
    return True


async def act(table: PlainTable, name: str | None, text: str) -> bool:
    """A command put to the game's decision model; False: the line is no command."""
    game = table.game
    if name == "ok":
        await table.handle(game.model.confirm())
    elif name == "back":
        await table.handle(game.model.back())
    elif name == "pass" and game.pass_command() is not None:
        command = game.pass_command()
        await table.handle(command() if command is not None else None)
    elif not isinstance(outcome := game.sentence(text), NotMine):
        await table.handle(outcome)  # give 2 to Bo, swap 7h with Bo, declare K…
    elif name is not None and name in game.commands():
        await table.handle(game.commands()[name]())
    elif text.isdigit():
        await table.handle(game.choose(int(text)))
    else:
        cards = typed_cards(text)
        if cards is None:
            return False
        await table.handle(game.put_cards(cards))
    return True


async def say_help(table: PlainTable, rest: str) -> None:
    for said in help_lines(table):
        table.say(said)


async def say_rules(table: PlainTable, rest: str) -> None:
    game_name = str(table.table_info.get("game", ""))
    table.say(strip_glyphs(rules_text(game_name)))


async def say_hand(table: PlainTable, rest: str) -> None:
    for said in table.game.hand_lines() or [hand_words(table)]:
        table.say(said)


async def say_score(table: PlainTable, rest: str) -> None:
    table.say(score_words(table))


async def say_table(table: PlainTable, rest: str) -> None:
    watching = table.people.watching_line()
    if watching:  # who watches without a seat
        table.say(watching)
    if not table.started:
        table.say(_("Waiting for the table…"))
        return
    table.say(plain_question(table.game.question(), table.game.words()))
    for said in table.game.table_lines():  # whose turn, the cards held
        table.say(said)
    left = table.clocks.left(table.me) if table.me is not None else None
    if left is not None:
        table.say(seconds_left(sum(left)))
    table.say(score_words(table))


async def say_last(table: PlainTable, rest: str) -> None:
    count = int(rest) if rest.isdigit() else 5
    for said in table.lines[-count:]:
        table.say(said)


async def chat(table: PlainTable, rest: str) -> None:
    if rest:
        await table.client.chat(rest)


async def take_back(table: PlainTable, rest: str) -> None:
    await table.client.takeback()


async def whisper(table: PlainTable, rest: str) -> None:
    """``/w N text``: a private line to seat N (its number at the table, or its name)."""
    key, _sep, text = rest.partition(" ")
    seats = range(len(table.people.players))
    key = key.lower()
    to = next((s for s in seats if key in (str(s + 1), table.seats.called(s).lower())), None)
    if not table.game.face.whispers_allowed():
        # TRANSLATORS: plain table: /w at a table whose options do not allow whispers
        table.say(_("Whispers are off at this table"))
    elif to is None or to == table.me or not text.strip():
        # TRANSLATORS: plain table: how to whisper; NUMBER and TEXT are what the player types
        table.say(
            _("Whisper with /w NUMBER TEXT, NUMBER a seat's number (1–{n})").format(
                n=len(table.people.players)
            )
        )
    else:
        await table.client.chat(text.strip(), to=to)


async def vote(table: PlainTable, yes: bool) -> None:
    """``yes`` or ``no``: this seat's answer to another player's take-back request."""
    request = table.vote_request
    if request is None:
        # TRANSLATORS: plain table: yes or no typed when no take-back request is open
        table.say(_("Nobody is asking to take back now"))
        return
    table.vote_request = None
    await table.client.takeback_vote(request, yes)


Talk = Callable[[PlainTable, str], Awaitable[None]]


def strip_glyphs(text: str) -> str:
    for glyph, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        text = text.replace(glyph, letter)
    return text


def hand_words(table: PlainTable) -> str:
    """The cards the player can name now (the row being chosen from), else the hand."""
    row = [code for code in table.game.row() if code]
    return held_words(row or (table.view["hand"] if table.view is not None else None), table.cards)


def held_words(hand: list[str] | None, style: CardStyle) -> str:
    """A seat's cards in one sentence ("Your 3 cards: …")."""
    if not hand:
        # TRANSLATORS: plain table: the player holds no cards
        return _("You hold no cards")
    cards = ", ".join(style.label(c) for c in hand)
    # TRANSLATORS: plain table: the player's cards ({n}: how many)
    return _("Your {n} cards: {cards}").format(n=len(hand), cards=cards)


def score_words(table: PlainTable) -> str:
    scores = table.view["scores"] if table.view is not None else []
    if not scores:
        # TRANSLATORS: plain table: no scores yet
        return _("No scores yet")
    each = [f"{table.seats.name(seat)} {score}" for seat, score in enumerate(scores)]
    # TRANSLATORS: plain table: the scores ("Scores: You 3, Bo 10")
    return _("Scores: {scores}").format(scores=", ".join(each))


async def give_hint(table: PlainTable) -> None:
    """The bot's advice, and the table told that it was looked at (never secret help) — so
    none for a question the others may not know of (sealed or secret), as on the screen:
    the host would refuse to tell, and its refusal is no answer to the move on its way."""
    model = table.game.model
    if model.asked_in_secret() or model.asked_sealed():
        table.say(_("No hint now"))
        return
    asked = table.me is not None and table.view is not None and bool(table.legal)
    if not table.table_info.get("hints") or table.me is None or table.view is None or not asked:
        # TRANSLATORS: plain table: no hint now (the host turned hints off, or not asked)
        table.say(_("No hint now"))
        return
    face = table.game.face
    said = seat_hint(
        table.state.game,
        table.me,
        table.view,
        table.legal,
        face.hint_cards if hasattr(face, "hint_cards") else hint_cards,
        table.cards.label,
        table.seats.name,
        glyphs=False,
    )
    table.say(said or _("No hint now"))
    if said:
        await table.client.hint()


#: The table's own commands: they tell, or talk to the table; the game's model is not asked.
TALK: dict[str | None, Talk] = {
    "help": say_help,
    "rules": say_rules,
    "hand": say_hand,
    "score": say_score,
    "table": say_table,
    "last": say_last,
    "say": chat,
    "undo": take_back,
    "log": say_last,
    "whisper": whisper,
    "yes": lambda table, rest: vote(table, True),
    "no": lambda table, rest: vote(table, False),
    "hint": lambda table, rest: give_hint(table),
}
