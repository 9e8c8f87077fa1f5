"""``--plain`` on the command line (tui/cli.py): a leaf module, read at every start."""

from __future__ import annotations

import argparse

from lang import _


def add_plain_flag(parser: argparse.ArgumentParser, default: object) -> None:
    """``--plain`` before the subcommand (``default`` None) or after it (SUPPRESS)."""
    parser.add_argument(
        "--plain",
        action="store_true",
        default=default or False,
        help=_("lines for a screen reader: no redraw, no colour, typed commands"),
    )
