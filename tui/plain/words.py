"""The words of the plain table's commands, as a player types them (tui/plain/commands.py
reads them, tui/plain/table.py names the ones that fit in the prompt).

A game may say a command in its own sense: its entry in the game's message context wins
there (``NP_("swapo", "declare")``: SwaPo declares a joker's rank, ja 宣言, where 秘十's
``declare`` shows a ten, 亮主), as the table's footer reads its keys (``lang.in_context``).
Such an entry is one word too: the player types it.
"""

from __future__ import annotations

from lang import NP_, pgettext, translation
from lang import current as language

#: Each command by its English word (msgids in the context "command").
COMMANDS = (
    # TRANSLATORS: plain table commands, typed by the player (one word each, no spaces)
    NP_("command", "ok"),
    NP_("command", "back"),
    NP_("command", "hand"),
    NP_("command", "table"),
    NP_("command", "score"),
    NP_("command", "last"),
    NP_("command", "say"),
    NP_("command", "undo"),
    NP_("command", "hint"),
    NP_("command", "help"),
    NP_("command", "rules"),
    NP_("command", "quit"),
    NP_("command", "pass"),
    NP_("command", "log"),
    # TRANSLATORS: plain table command: give the cards another player asked for
    NP_("command", "give"),
    # TRANSLATORS: plain table commands: the answers to another player's take-back request
    NP_("command", "yes"),
    NP_("command", "no"),
    # TRANSLATORS: plain table command (game: swoop): turn a mystery card face up
    NP_("command", "turn"),
    # TRANSLATORS: plain table command (game: swoop): stop a chain of swoops
    NP_("command", "stop"),
    # TRANSLATORS: plain table command (game: mishi): declare, show the chosen ten (亮主)
    NP_("command", "declare"),
    # TRANSLATORS: plain lobby commands: hear the tables found again; watch a table
    NP_("command", "list"),
    NP_("command", "watch"),
    # TRANSLATORS: plain replay commands: the next move; the end of the game
    NP_("command", "next"),
    NP_("command", "end"),
    # TRANSLATORS: plain replay command: to the start of the next round (or hand)
    NP_("command", "round"),
)


def command_words(game: str = "") -> dict[str, str]:
    """Each command's word in the player's language (English works in every language too);
    at ``game``'s table, the game's own word where it has one."""
    words = {key: pgettext("command", key) for key in COMMANDS}
    if game:
        found = translation(language())
        for key in COMMANDS:
            own = found.pgettext(game, key)
            if own != key:
                words[key] = own
    return words
