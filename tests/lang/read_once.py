"""The code's messages, extracted once per worker (Babel parses every source file: most of a
catalogue check's time), and each shipped catalogue's problems found once, shared by the
catalogue tests and the tests that plant a fault in a copy of a catalogue. The sources and
the shipped catalogues do not change during a test run."""

from __future__ import annotations

import functools

import pytest

from lang import catalog

# The extraction itself, kept before any test patches ``catalog.used_keys`` with ``used``
# (else a worker whose first catalogue test is a patched one recursed into the patch).
_extract = catalog.used_keys


@functools.cache
def used() -> frozenset[tuple[str, str | None]]:
    """``catalog.used_keys()``, once."""
    return frozenset(_extract())


@functools.cache
def shipped_problems(code: str) -> tuple[str, ...]:
    """``catalog.problems(code)`` of the shipped catalogue, once."""
    return tuple(catalog.problems(code, set(used())))


def extract_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``catalog.used_keys`` (and so ``catalog.main``'s check) gives the messages read once."""
    monkeypatch.setattr(catalog, "used_keys", lambda: set(used()))
