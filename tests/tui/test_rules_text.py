"""The rules help's text (tui/widgets/rules_text.py) is laid out as Textual's Markdown laid it
out: two blank lines above a heading and one below, one after a paragraph, a list or a table;
a list item's lines hang after its bullet or number (nested lists with the next bullet, no
blank lines inside a list), a line break within a paragraph is a space, a table has a line
between its rows. No app: the text drawn by Rich at a width."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style

from tui.widgets.rules_text import drawn, parsed

HELP = """# Title

A paragraph that goes on
over two lines.

## Section

1. **First** step, long enough to wrap.
2. Second `key`.

- Outer item
  - inner item

| card | points |
|---|---|
| A | 1 |
| 10 | 50 |

Last words.
"""


def lines(markdown: str, width: int, *, ascii_only: bool = False) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    renderable = drawn(parsed(markdown), lambda _name: Style.null(), ascii_only=ascii_only)
    with console.capture() as captured:
        console.print(renderable)
    return [line.rstrip() for line in captured.get().splitlines()]


def test_the_help_is_spaced_and_indented_as_textuals_markdown():
    assert lines(HELP, 30) == [
        "",
        "",
        "            Title",
        "",
        "A paragraph that goes on over",
        "two lines.",
        "",
        "",
        "Section",
        "",
        " 1. First step, long enough to",
        "    wrap.",
        " 2. Second key.",
        "",
        "• Outer item",
        "  ▪ inner item",
        "",
        "┌────────────┬───────────────┐",
        "│ card       │ points        │",
        "├────────────┼───────────────┤",
        "│ A          │ 1             │",
        "├────────────┼───────────────┤",
        "│ 10         │ 50            │",
        "└────────────┴───────────────┘",
        "",
        "Last words.",
        "",
    ]


def test_an_ascii_help_draws_its_tables_in_ascii_and_a_text_is_parsed_once():
    table = lines("| a | b |\n|---|---|\n| 1 | 2 |\n", 12, ascii_only=True)
    assert table == [  # ASCII rows and crossings, as the terminal could show them
        "+-----+----+",
        "| a   | b  |",
        "+-----+----+",
        "| 1   | 2  |",
        "+-----+----+",
        "",
    ]
    assert parsed(HELP) is parsed(HELP), "a help is parsed once a process"
