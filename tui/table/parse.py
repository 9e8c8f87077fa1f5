"""Reading what the table sends, once, at the boundary.

A view or an event comes from the host as plain msgpack data; a hostile or broken host can
send anything. Each game's ``model.py`` parses a view into NamedTuples with these
helpers: a field of the wrong type becomes a safe default (an empty hand, no seat, zero), so
the screens, flows and drawing read typed attributes and never meet a surprise deep inside a
paint. A view that is not a mapping at all is refused with ``ViewError``.

``Event`` does the same for the events the log tells: its kind and seat read once, and typed
accessors for the rest, so each game's wording is a table ``kind -> function``.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from enum import StrEnum
from typing import Any, Generic, NamedTuple, TypeVar

E = TypeVar("E", bound=StrEnum)
V = TypeVar("V")

#: An action or an event past the edge (tui/table/messages.py): one of its game's declared
#: shapes, which that game's own code narrows it to (its ``Action`` or ``Event`` union).
Wired = Mapping[str, Any]


class ViewError(ValueError):
    """A view the table sent that cannot be read at all (not a mapping)."""


def mapping(value: object) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def view_mapping(value: object) -> Mapping[str, Any]:
    """A view as a mapping, or ``ViewError``."""
    if not isinstance(value, Mapping):
        raise ViewError(f"a view must be a mapping, not {type(value).__name__}")
    return value


def integer(value: object, default: int = 0) -> int:
    """An int (never a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def maybe_int(value: object) -> int | None:
    """An int (never a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def number(value: object) -> float | None:
    """An int or a float (never a bool), as a float; else None."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def seat(value: object, seats: int | None = None) -> int | None:
    """A seat number (0 ≤ seat < ``seats`` when given), else None."""
    n = maybe_int(value)
    if n is None or n < 0 or (seats is not None and n >= seats):
        return None
    return n


def text(value: object, default: str = "") -> str:
    """A string, else ``default``."""
    return value if isinstance(value, str) else default


def maybe_text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def closed(kind: type[E], value: object) -> E | None:
    """``value`` as a member of the closed type ``kind`` (a ``StrEnum``), else None."""
    if isinstance(value, str) and value in kind._value2member_map_:
        return kind(value)
    return None


def flag(value: object) -> bool:
    """True only for a true bool or a non-zero int (what msgpack packs a flag as)."""
    return bool(value) if isinstance(value, (bool, int)) else False


def listed(value: object) -> list[Any]:
    """``value`` if it is a list (or tuple), else an empty list."""
    return list(value) if isinstance(value, (list, tuple)) else []


def texts(value: object) -> tuple[str, ...]:
    """The strings of a list (anything else in it left out)."""
    return tuple(v for v in listed(value) if isinstance(v, str))


def maybe_texts(value: object) -> tuple[str, ...] | None:
    """The strings of a list, or None when ``value`` is not a list."""
    return texts(value) if isinstance(value, (list, tuple)) else None


def cards(value: object, deck: Container[str]) -> tuple[str, ...]:
    """The card codes of a list that belong to ``deck`` (anything else in it left out)."""
    return tuple(v for v in listed(value) if isinstance(v, str) and v in deck)


def maybe_cards(value: object, deck: Container[str]) -> tuple[str, ...] | None:
    """The cards of a list (see ``cards``), or None when ``value`` is not a list."""
    return cards(value, deck) if isinstance(value, (list, tuple)) else None


def ints(value: object) -> tuple[int, ...]:
    """The ints of a list (anything else in it left out)."""
    return tuple(v for v in listed(value) if maybe_int(v) is not None)


def numbers(value: object, length: int | None = None) -> tuple[int, ...]:
    """A list of ints kept in place (anything else becomes 0), padded/cut to ``length``."""
    out = [integer(v) for v in listed(value)]
    if length is not None:
        out = (out + [0] * length)[:length]
    return tuple(out)


def flags(value: object, length: int) -> tuple[bool, ...]:
    """A list of flags kept in place, padded/cut to ``length`` (False)."""
    out = [flag(v) for v in listed(value)]
    return tuple((out + [False] * length)[:length])


def mappings(value: object) -> tuple[Mapping[str, Any], ...]:
    """The mappings of a list (anything else in it left out)."""
    return tuple(v for v in listed(value) if isinstance(v, Mapping))


class ParsedView(Generic[V]):
    """A view parsed once: ``of(view)`` parses a view it has not seen, and answers the same
    parsed object again for the view it parsed last (the decision model parses each state
    when it comes; the screen asks for the same one while drawing)."""

    def __init__(self, parse: Callable[[Mapping[str, Any]], V]) -> None:
        self.parse = parse
        self.source: object = None
        self.empty = self.value = parse({})

    def of(self, view: Mapping[str, Any] | None) -> V:
        """``view`` parsed (None, no state yet: the empty view's parse)."""
        if view is None:
            return self.empty
        if view is not self.source:
            self.value, self.source = self.parse(view), view
        return self.value


class Event(NamedTuple):
    """One public event, its kind and seat read once; the rest through typed accessors."""

    kind: str
    seat: int | None
    raw: Mapping[str, Any]

    def __repr__(self) -> str:  # the event's kind and seat (its raw fields are not shown)
        return f"Event(kind={self.kind!r}, seat={self.seat!r})"

    @classmethod
    def of(cls, event: object) -> Event:
        raw = mapping(event)
        return cls(text(raw.get("type")), seat(raw.get("seat")), raw)

    def integer(self, key: str, default: int = 0) -> int:
        return integer(self.raw.get(key), default)

    def maybe_int(self, key: str) -> int | None:
        return maybe_int(self.raw.get(key))

    def seat_of(self, key: str) -> int | None:
        return seat(self.raw.get(key))

    def text(self, key: str, default: str = "") -> str:
        return text(self.raw.get(key), default)

    def cards(self, key: str = "cards") -> list[str]:
        return list(texts(self.raw.get(key)))

    def integers(self, key: str) -> list[int]:
        return list(ints(self.raw.get(key)))

    def flag(self, key: str) -> bool:
        return flag(self.raw.get(key))

    def has(self, key: str) -> bool:
        return key in self.raw

    def value(self, key: str, default: object = "?") -> object:
        """A field as sent, for a word only (``str.format`` shows it; never computed with)."""
        value = self.raw.get(key, default)
        return value if isinstance(value, (int, str)) and not isinstance(value, bool) else default
