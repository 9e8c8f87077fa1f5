"""``kotatsu rules GAME``: the player's rules of a game, printed in the terminal."""

from __future__ import annotations

from importlib import resources

import lang


def rules_text(game: str, code: str | None = None) -> str:
    """The Markdown rules of ``game`` in language ``code`` (default: the current one) as shipped
    with the package: ``tui/help/LANG/GAME.md``, English ``tui/help/GAME.md`` where there is no
    translation."""
    code = lang.normalize(code) or lang.current()
    folder = resources.files("tui.help")
    translated = folder.joinpath(code, f"{game}.md")
    if code != lang.DEFAULT and translated.is_file():
        return translated.read_text(encoding="utf-8")
    return folder.joinpath(f"{game}.md").read_text(encoding="utf-8")


def options_text(game: str) -> str:
    """The table options of ``game``, each with its values, help and default (Markdown)."""
    from lang import _

    from .option_words import listing

    # TRANSLATORS: a heading at the end of `kotatsu rules GAME`; keep --option KEY=VALUE
    head = _("Table options (kotatsu play|host GAME --option KEY=VALUE)")
    return f"\n\n## {head}\n\n```text\n" + "\n".join(listing(game, "")) + "\n```\n"


def settings_text() -> str:
    """The host's table settings of every game (hints, the turn clock…), each with its flag,
    the commands that take it, its help and its default (Markdown)."""
    from lang import _

    from .table_settings import listing

    # TRANSLATORS: a heading at the end of `kotatsu rules GAME`: the settings of any table
    head = _("Table settings (kotatsu host|play GAME --FLAG)")
    return f"\n\n## {head}\n\n```text\n" + "\n".join(listing()) + "\n```\n"


def print_rules(game: str, *, ascii_only: bool = False) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    text = rules_text(game) + options_text(game) + settings_text()
    if ascii_only:
        for glyph, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
            text = text.replace(glyph, letter)
    console = Console()
    if console.is_terminal:
        with console.pager(styles=True):
            console.print(Markdown(text))
    else:
        console.print(Markdown(text))
    return 0
