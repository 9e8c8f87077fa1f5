"""The words of the plain table's commands, as a player types them (tui/plain/commands.py
reads them, tui/plain/table.py names the ones that fit in the prompt)."""

from __future__ import annotations

from lang import pgettext


def command_words() -> dict[str, str]:
    """Each command's word in the player's language (English works in every language too)."""
    return {
        # TRANSLATORS: plain table commands, typed by the player (one word each, no spaces)
        "ok": pgettext("command", "ok"),
        "back": pgettext("command", "back"),
        "hand": pgettext("command", "hand"),
        "table": pgettext("command", "table"),
        "score": pgettext("command", "score"),
        "last": pgettext("command", "last"),
        "say": pgettext("command", "say"),
        "undo": pgettext("command", "undo"),
        "hint": pgettext("command", "hint"),
        "help": pgettext("command", "help"),
        "rules": pgettext("command", "rules"),
        "quit": pgettext("command", "quit"),
        "pass": pgettext("command", "pass"),
        "log": pgettext("command", "log"),
        # TRANSLATORS: plain table command: give the cards another player asked for
        "give": pgettext("command", "give"),
        # TRANSLATORS: plain table commands: the answers to another player's take-back request
        "yes": pgettext("command", "yes"),
        "no": pgettext("command", "no"),
        # TRANSLATORS: plain table command (game: swoop): turn a mystery card face up
        "turn": pgettext("command", "turn"),
        # TRANSLATORS: plain table command (game: swoop): stop a chain of swoops
        "stop": pgettext("command", "stop"),
        # TRANSLATORS: plain table command (game: mishi): declare, show the chosen ten (亮主)
        "declare": pgettext("command", "declare"),
        # TRANSLATORS: plain lobby commands: hear the tables found again; watch a table
        "list": pgettext("command", "list"),
        "watch": pgettext("command", "watch"),
        # TRANSLATORS: plain replay commands: the next move; the end of the game
        "next": pgettext("command", "next"),
        "end": pgettext("command", "end"),
        # TRANSLATORS: plain replay command: to the start of the next round (or hand)
        "round": pgettext("command", "round"),
    }
