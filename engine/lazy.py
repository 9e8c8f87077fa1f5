"""What a game's package exports, imported when first asked for.

``import engine`` registers every game (``engine.GAMES``), but a table of one game needs that
game's rules and heuristic bot only, and only the hard level needs a game's search
(engine/search.py and the game's determinize module). Each game's package names its ``GAME``,
``BOT`` and ``SEARCH`` with ``export`` (its module ``__getattr__``, PEP 562), and
``engine.GAMES``, ``engine.BOTS`` and ``engine.SEARCHES`` are ``Registry`` mappings that read
them from the package on first use: ``kotatsu play`` starts sooner (bench/bench_start.py).
A game's names (``list(GAMES)``, ``name in GAMES``) load nothing; its values load it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, MutableMapping
from importlib import import_module
from types import ModuleType
from typing import Any, TypeVar

V = TypeVar("V")


def export(package: str, name: str, **where: str) -> Any:
    """The package's ``name`` among ``where`` (name: "module:attribute", the module relative
    to the package), imported now and kept on the package (the next lookup is a plain one)."""
    place = where.get(name)
    if place is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    module, _, attribute = place.partition(":")
    value = getattr(import_module(module, package), attribute)
    setattr(sys.modules[package], name, value)
    return value


class Registry(MutableMapping[str, V]):
    """Each game's ``attribute`` (its BOT, its SEARCH) by game name, read from the game's
    package when first asked for; set and removed like a dict's entries (tests add toys)."""

    def __init__(self, packages: Mapping[str, ModuleType], attribute: str) -> None:
        self._attribute = attribute
        self._items: dict[str, Any] = dict(packages)  # a package: not read yet

    def __getitem__(self, name: str) -> V:
        value = self._items[name]
        if isinstance(value, ModuleType):
            value = self._items[name] = getattr(value, self._attribute)
        return value

    def __setitem__(self, name: str, value: V) -> None:
        self._items[name] = value

    def __delitem__(self, name: str) -> None:
        del self._items[name]

    def __contains__(self, name: object) -> bool:
        return name in self._items  # (Mapping's own would import the game to answer)

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Registry({self._attribute}: {', '.join(self._items)})"
