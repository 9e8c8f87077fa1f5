"""Reading what people type: option values, ``KEY=VALUE`` lists and ``HOST:PORT`` addresses.

Shared by the command line (``tui/cli.py``) and the lobby's forms; a leaf module that imports
nothing from ``tui``, so neither side pulls in the other.
"""

from __future__ import annotations

import argparse
from typing import Any

from lang import _


def option_value(text: str) -> Any:
    """``--option`` values: whole numbers, true/false, none, else the text itself."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def option_pairs(pairs: list[str]) -> dict[str, Any]:
    """``["variant=ace,dagger", "rounds=3"]`` -> ``{"variant": "ace,dagger", "rounds": 3}``;
    ValueError names a pair that is not ``KEY=VALUE``."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(_("options are KEY=VALUE, not {pair}").format(pair=repr(pair)))
        out[key.strip()] = option_value(value.strip())
    return out


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """The command line's ``--option`` list as a dict; a malformed pair exits with its text."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        try:
            out.update(option_pairs([pair]))
        except ValueError:
            wants = _("--option wants KEY=VALUE, not {pair}").format(pair=repr(pair))
            raise SystemExit(f"kotatsu: {wants}") from None
    return out


def address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:7717`` for IPv6) -> (host, port)."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not host or not 0 < int(port) <= PORTS:
        raise argparse.ArgumentTypeError(
            _("expected HOST:PORT, not {text}").format(text=repr(text))
        )
    return host.strip("[]"), int(port)


PORTS = 65535  # the highest port number


def port_number(text: str) -> int:
    """A port to listen at, 0 to 65535 (``--port``; 0: any free one)."""
    if not text.strip().isdigit() or int(text) > PORTS:
        raise argparse.ArgumentTypeError(
            _("{text} is not a port (a number from 0 to 65535)").format(text=repr(text))
        )
    return int(text)


def seconds(text: str) -> float:
    """A number of seconds, 0 or more (``--results-wait``)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds (0 or more)").format(text=repr(text))
        )
    return value
